import { expect, expectNoA11yViolations, settle, test } from '../support/fixtures.ts';

/**
 * Every route of spec §2. Public routes render their page frame (an h1 with data-testid
 * page-title); routes that need a session send a visitor without one to /login, which goes to /
 * and opens the login popup (spec §2 routing rule, §6 roles).
 */
const PUBLIC_ROUTES = [
  '/',
  '/index',
  '/index.html',
  '/home',
  '/promotions',
  '/promotions#1',
  '/pointMall',
  '/seamless',
  '/sports',
  '/esports',
  '/lott',
  '/elott',
  '/live',
  '/fish',
  '/rng',
  '/rng?vassalage=TCG_SEA',
  '/pvp',
  '/bgs',
  '/agent',
];

const LOGIN_ROUTES = [
  '/favorite',
  '/recent',
  '/lottery?gameCode=LOTT_SSC',
  '/seaLottery?gameCode=TCG_SEA',
  '/vnLottery?gameCode=TCG_LOTTO_VN',
  '/lottert',
  '/vnlottery',
  '/sealottery',
  '/member',
  '/agentHome',
];

test.describe('routes of spec §2', () => {
  for (const route of PUBLIC_ROUTES) {
    test(`${route} renders its page frame`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      await page.goto(route);
      await expect(page.getByTestId('app-root')).toBeVisible();
      const title = page.getByTestId('page-title');
      await expect(title).toBeVisible();
      await expect(title).not.toHaveText(/^\s*$/);
      await expect(page.getByTestId('splash')).toHaveCount(0);
      await settle(page);
      await expectNoA11yViolations(page, route);
      expect(errors).toEqual([]);
    });
  }

  for (const route of LOGIN_ROUTES) {
    test(`${route} asks a visitor to log in`, async ({ page }) => {
      await page.goto(route);
      await expect(page).toHaveURL((url) => url.pathname === '/');
      await expect(page.getByTestId('login-modal')).toBeVisible();
      await expectNoA11yViolations(page, route);
    });
  }

  test('/login goes to / and opens the login popup', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    const modal = page.getByTestId('login-modal');
    await expect(modal).toBeVisible();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(modal.getByLabel(/Senha/).first()).toBeVisible();
    await expectNoA11yViolations(page, '/login');
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('page-title')).toBeVisible();
  });

  test('/register opens the register modal and keeps the referral code', async ({ page }) => {
    await page.goto('/register?referralCode=ABC');
    const modal = page.getByTestId('register-modal');
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel(/Código de convite/)).toHaveValue('ABC');
    await expectNoA11yViolations(page, '/register?referralCode=ABC');
  });

  test('/help opens the help centre at its #term anchor', async ({ page }) => {
    await page.goto('/help#term');
    await expect(page.getByTestId('help-modal')).toBeVisible();
    await expectNoA11yViolations(page, '/help#term');
  });

  test('an unknown route is not a blank page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByTestId('app-root')).toBeVisible();
    await expect(page.getByTestId('page-title')).toBeVisible();
  });
});
