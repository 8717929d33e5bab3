import type { APIRequestContext, Page } from '@playwright/test';
import { loginWithPassword, uniqueSuffix } from '../support/accounts.ts';
import { expect, expectNoA11yViolations, shoot, test } from '../support/fixtures.ts';

/**
 * Player protection (issue 24, decisions 061 and 062): a deposit limit refuses a deposit over it
 * with which limit, what is left and when it resets; a raise waits 24 hours (the demo-only clock
 * moves it forward) and is then confirmed; the reality check interrupts play with the session's
 * figures (the browser's clock is moved forward); a time-out logs out and refuses the next login;
 * a self-exclusion refuses the login and a new registration with the same e-mail and birthday.
 */
const PASSWORD = 'abc12345';

const register = (request: APIRequestContext, username: string, email: string) =>
  request.post('/wps/member/register', {
    data: {
      username,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      email,
      birthday: '1991-07-14',
      agreeTerms: true,
      ageConfirmed: true,
    },
  });

const login = async (page: Page, username: string) => {
  await loginWithPassword(page, username, PASSWORD);
  await expect(page.getByTestId('member-info')).toBeVisible({ timeout: 30_000 });
};

const openResponsibleGaming = async (page: Page) => {
  await page.goto('/member?page=responsibleGaming');
  await expect(page.getByTestId('responsible-gaming')).toBeVisible({ timeout: 30_000 });
};

test.describe('player protection', () => {
  test.describe.configure({ timeout: 180_000 });

  test('limits, the 24-hour wait, the reality check, a time-out and a self-exclusion', async ({ page, request }) => {
    await page.clock.install();
    const username = `rg${uniqueSuffix()}`;
    const reg = await register(request, username, `${username}@example.com`);
    expect(reg.ok(), await reg.text()).toBe(true);
    await login(page, username);

    // The session clock runs in the header.
    await expect(page.getByTestId('session-clock')).toBeVisible();
    await expect(page.getByTestId('session-clock')).toContainText(/0:0\d:\d\d/);

    // 1. A daily deposit limit of R$ 100,00, then a deposit of R$ 150,00 is refused, saying why.
    await openResponsibleGaming(page);
    await page.getByTestId('rg-input-deposit_day').fill('100');
    await page.getByTestId('rg-save-deposit_day').click();
    const inForce = page.getByTestId('rg-in-force-deposit_day');
    await expect(inForce).toHaveText('Em vigor: R$ 100,00');
    await expectNoA11yViolations(page, 'responsible gaming page');
    await shoot(page, 'protection-page');

    await page.goto('/member?page=depositv2');
    await page.getByTestId('channel-PIX_BANK').click();
    await page.getByTestId('amount').fill('150');
    await page.getByTestId('deposit-submit').click();
    await expect(
      page.getByText(/Isso ultrapassaria seu limite diário de depósito: restam R\$\s100,00, renova/),
    ).toBeVisible();

    // 2. Raising it waits 24 hours: the old limit stays in force until then, and the player confirms.
    await openResponsibleGaming(page);
    await page.getByTestId('rg-input-deposit_day').fill('500');
    await page.getByTestId('rg-save-deposit_day').click();
    await expect(page.getByTestId('rg-pending-deposit_day')).toContainText('Mudança para R$ 500,00 aguardando até');
    await expect(inForce).toHaveText('Em vigor: R$ 100,00');
    await expect(page.getByTestId('rg-confirm-deposit_day')).toHaveCount(0);
    const token = (await page.evaluate(() => sessionStorage.getItem('token')))!;
    const moved = await request.post('/wps/v2/protection/demo/elapse', {
      headers: { authorization: `Bearer ${token}` },
      data: { hours: 24 },
    });
    expect(moved.ok(), await moved.text()).toBe(true);
    await page.reload();
    await page.getByTestId('rg-confirm-deposit_day').click();
    await expect(inForce).toHaveText('Em vigor: R$ 500,00');
    await expect(page.getByTestId('rg-pending-deposit_day')).toHaveCount(0);

    // 3. A reality check every 15 minutes; during play it pauses the game with the session's figures.
    await page.getByTestId('rg-reality-select').selectOption('15');
    await expect(page.getByTestId('rg-reality-select')).toHaveValue('15');
    await page.goto('/rng');
    await page.getByTestId('game-tile').first().getByTestId('game-name').click();
    await expect(page.getByTestId('game-room')).toBeVisible();
    await page.clock.fastForward('16:00');
    const check = page.getByTestId('reality-check');
    await expect(check).toBeVisible();
    await expect(check.getByTestId('reality-check-time')).toContainText('Você está conectado há');
    await expect(check.getByTestId('reality-check-staked')).toContainText('R$');
    await expect(check.getByTestId('reality-check-net')).toContainText('R$');
    await shoot(page, 'protection-reality-check');
    await check.getByTestId('reality-check-continue').click();
    await expect(check).toBeHidden();
    // Back to the real time: sealed requests (the login) carry the browser's clock.
    await page.clock.setSystemTime(new Date());

    // 4. A 24-hour time-out: logged out at once, and the next login is refused.
    await openResponsibleGaming(page);
    await page.getByTestId('rg-timeout-period').selectOption('24h');
    await page.getByTestId('rg-timeout-start').click();
    await expect(page.getByTestId('rg-timeout-confirm')).toContainText('pausa de 24 horas');
    await page.getByTestId('rg-timeout-yes').click();
    await expect(page.getByTestId('member-info')).toHaveCount(0);
    await loginWithPassword(page, username, PASSWORD);
    await expect(page.getByTestId('login-error')).toContainText('Você está em pausa até');
  });

  test('a self-excluded player cannot log in, and the same e-mail and birthday cannot register again', async ({
    page,
    request,
  }) => {
    const username = `ex${uniqueSuffix()}`;
    const email = `${username}@example.com`;
    expect((await register(request, username, email)).ok()).toBe(true);
    await login(page, username);
    await openResponsibleGaming(page);
    await page.getByTestId('rg-exclusion-period').selectOption('6m');
    await page.getByTestId('rg-exclusion-start').click();
    await expect(page.getByTestId('rg-exclusion-confirm')).toContainText('excluído por 6 meses');
    await page.getByTestId('rg-exclusion-yes').click();
    await expect(page.getByTestId('member-info')).toHaveCount(0);

    await loginWithPassword(page, username, PASSWORD);
    await expect(page.getByTestId('login-error')).toContainText('Você está autoexcluído até');

    const again = await register(request, `ex${uniqueSuffix()}`, email);
    expect(again.status()).toBe(403);
    expect(((await again.json()) as { code: string }).code).toBe('PROTECTION_EXCLUDED_DETAILS');
  });
});
