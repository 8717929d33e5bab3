import { openConsole } from '../support/console.ts';
import { expect, expectNoA11yViolations, shoot, test } from '../support/fixtures.ts';

/**
 * Content and brand settings in the console (issue 21, decision 082): an operator uploads a new home
 * banner and the home page shows it; changes the username rule of the register form and the form
 * follows at once; reads both changes, with what changed, in the audit viewer.
 */
test.describe.configure({ timeout: 240_000 });

/** A small orange-to-red png: a real image by its bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAICAIAAABsw6g0AAABVUlEQVR4nA3MIa6tUAxA0T8QBAJRgSANAlGBICcIRAWCNAhEBYKcIBBv4tv/uwaw/vEnfMIrPMItpHAJp3AIu+DCJqzCIsyCCZMwCoPQCyJ0Qis08o8/5VNe5VFuJZVLOZVD2RVXNmVVFmVWTJmUURmUXhGlU1ql0V9kfMZrPMZtpHEZp3EYu+HGZqzGYsyGGZMxGoPRG2J0Rms09osKX+EtPIW7kIWrcBaOwl7wwlZYC0thLlhhKoyFodAXpNAV2kJTfpHzOa/zOLeTzuWczuHsjjubszqLMzvmTM7oDE7viNM5rdP4Lwq+4A2e4A4yuIIzOII98GAL1mAJ5sCCKRiDIegDCbqgDZr4RcmXvMmT3EkmV3ImR7InnmzJmizJnFgyJWMyJH0iSZe0SZO/qPJV3spTuStZuSpn5ajsFa9slbWyVOaKVabKWBkqfUUqXaWtNPU/F+AnkFY+VdYAAAAASUVORK5CYII=',
  'base64',
);

interface RegisterField {
  field: string;
  enabled: boolean;
  required: boolean;
  rule: { patternId: string; minLength: number; maxLength: number };
}
interface Brand {
  register: {
    mobileRegistration: boolean;
    usernameRegistration: boolean;
    smsVerification: boolean;
    captcha: boolean;
    smsExpiredMinutes: number;
    fields: RegisterField[];
  };
}
const registerBody = (r: Brand['register']) => ({
  ...r,
  fields: r.fields.map((f) => ({
    field: f.field,
    enabled: f.enabled,
    required: f.required,
    patternId: f.rule.patternId,
    minLength: f.rule.minLength,
    maxLength: f.rule.maxLength,
  })),
});

test('an operator edits a banner and a register rule; players see both; the audit shows them', async ({
  browser,
  baseURL,
  page,
  operator,
}) => {
  const before = await operator.get<Brand>('/wps/operator/brand');
  const title = `Roleta relâmpago ${Date.now() % 100000}: prêmios em dobro`;
  const console = await openConsole(browser, baseURL);
  try {
    // 1. A new home banner: image uploaded, title in PT and EN, first in the order.
    await console.getByRole('tab', { name: 'Conteúdo' }).click();
    await expect(console.getByTestId('banners-table')).toBeVisible();
    await expect(console.getByTestId('banner-row').first()).toBeVisible();
    await console.getByTestId('banner-new').click();
    const form = console.getByTestId('banner-form');
    await form
      .getByTestId('banner-image-file')
      .setInputFiles({ name: 'roleta.png', mimeType: 'image/png', buffer: PNG });
    await expect(form.getByTestId('banner-image-url')).toHaveValue(/^\/wps\/site-images\/[0-9a-f-]{36}$/);
    await form.getByTestId('banner-title').fill(title);
    await form.getByRole('tab', { name: 'EN' }).click();
    await form.getByTestId('banner-title').fill('Lightning roulette: double prizes');
    await form.getByRole('tab', { name: /^PT/ }).click();
    await form.getByTestId('banner-link-kind').selectOption('ROUTE');
    await form.getByTestId('banner-link').fill('/live');
    await form.getByTestId('banner-sort').fill('-1');
    await expect(console.getByTestId('banner-preview')).toContainText(title);
    await expectNoA11yViolations(console, 'content desk, banner form');
    await shoot(console, 'content-banner-form');
    await form.getByTestId('banner-save').click();
    await expect(console.getByTestId('banners-done')).toBeVisible();
    await expect(console.getByTestId('banners-table')).toContainText(title);

    // The announcements editor lists the demo's notices in their languages.
    await console.getByRole('tab', { name: 'Avisos' }).click();
    await expect(console.getByTestId('announcement-row').first()).toBeVisible();
    await console.getByTestId('announcement-edit').first().click();
    await expect(console.getByTestId('announcement-preview')).not.toBeEmpty();
    await shoot(console, 'content-announcements');

    // The home page shows the new banner first.
    await page.goto('/');
    await expect(page.getByTestId('banner').first()).toContainText(title, { timeout: 30_000 });

    // 2. The register rule: usernames of 9 to 14 characters.
    await console.getByRole('tab', { name: 'Marca' }).click();
    const register = console.getByTestId('brand-register');
    await expect(register).toBeVisible();
    await register.getByTestId('register-username-min').fill('9');
    await register.getByTestId('register-username-max').fill('14');
    await expect(console.getByTestId('register-preview')).toContainText('9–14');
    await register.getByTestId('register-setting-save').click();
    await expect(register.getByTestId('register-setting-saved')).toBeVisible();
    await expectNoA11yViolations(console, 'brand desk');
    await shoot(console, 'brand-desk');

    // The register form follows: 8 characters are now too short, with the new bounds in the message.
    await page.goto('/register');
    await expect(page.getByTestId('register-modal')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('tab', { name: 'Usuário' }).click();
    const reg = page.getByTestId('register-form-username');
    await reg.getByTestId('register-username').fill('lotus123');
    await reg.getByTestId('register-password').fill('abc12345');
    await reg.getByTestId('register-confirmPassword').fill('abc12345');
    await reg.getByTestId('register-birthday').fill('1990-01-15');
    await reg.getByTestId('register-submit').click();
    await expect(reg.getByText('Digite de 9 a 14 letras ou números, começando com uma letra')).toBeVisible();

    // 3. The audit viewer: both changes, by whom, with before and after.
    await console.getByRole('tab', { name: 'Auditoria' }).click();
    await console.getByTestId('audit-filter-action').fill('content.banner');
    await console.getByTestId('audit-filter-go').click();
    const audit = console.getByTestId('console-audit');
    const created = audit.locator('[data-action="content.banner.create"]').first();
    await expect(created).toContainText(title);
    await expect(created).toContainText('admin');
    await console.getByTestId('audit-filter-action').fill('brand.');
    await console.getByTestId('audit-filter-go').click();
    const brand = audit.locator('[data-action="brand.settings"]').first();
    await expect(brand).toContainText('"minLength":9');
    await shoot(console, 'content-audit');
  } finally {
    await operator.put('/wps/operator/brand', { register: registerBody(before.register) });
    await console.context().close();
  }
});
