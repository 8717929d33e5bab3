import { expect, expectNoA11yViolations, settle, shoot, test } from '../support/fixtures.ts';

test.describe('home page', () => {
  test('renders in Portuguese with the brand from the whitelabel configuration', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('app-root')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
    await expect(page.getByTestId('page-title')).toBeVisible();
    await expect(page.getByTestId('login-button')).toHaveText('Entrar');
    await expect(page.getByTestId('register-button')).toHaveText('Cadastrar');
    // Site name Lotus88 comes from GET /wps/system/whitelabel (the seeded brand), not the bundle.
    await expect(
      page
        .getByRole('banner')
        .getByText('Lotus88')
        .or(page.getByRole('banner').getByRole('img', { name: /Lotus88/ }))
        .first(),
    ).toBeVisible();
    await expect(page).toHaveTitle(/Lotus88/);
    await settle(page);
    await expectNoA11yViolations(page);
    await shoot(page, 'home');
  });

  test('an outside customer-service link opens in a new tab only; this tab stays', async ({ page, context }) => {
    // The outside address is not reachable from the test machine: answer it here.
    await context.route('https://t.me/**', (route) => route.fulfill({ body: 'telegram', contentType: 'text/plain' }));
    await page.goto('/');
    await settle(page);
    const here = page.url();
    const [other] = await Promise.all([
      context.waitForEvent('page'),
      page.locator('.site-footer__cs-btn', { hasText: 'Telegram' }).click(),
    ]);
    await other.waitForLoadState();
    expect(other.url()).toContain('t.me/lotus88_support');
    await page.waitForTimeout(500);
    expect(page.url()).toBe(here);
    expect(context.pages()).toHaveLength(2);
    await other.close();
  });

  test('switches everything on screen to English, and keeps it over a reload', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('login-button')).toHaveText('Entrar');
    await settle(page);
    const ptText = await page.getByTestId('app-root').innerText();

    await page.getByTestId('language-select').first().selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('login-button')).toHaveText('Log in');
    await expect(page.getByTestId('register-button')).toHaveText('Sign up');
    const enText = await page.getByTestId('app-root').innerText();
    expect(enText).not.toEqual(ptText);
    // No Portuguese interface words left among what was on screen in Portuguese.
    for (const word of ['Entrar', 'Cadastrar', 'Idioma']) expect(enText).not.toContain(word);

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('login-button')).toHaveText('Log in');
    await settle(page);
    await expectNoA11yViolations(page);
    await shoot(page, 'home-en');
  });
});
