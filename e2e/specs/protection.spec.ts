import type { APIRequestContext, Page } from '@playwright/test';
import { loginWithPassword, uniqueSuffix } from '../support/accounts.ts';
import { openConsole } from '../support/console.ts';
import { expect, expectNoA11yViolations, shoot, test } from '../support/fixtures.ts';

/**
 * Player protection (issue 24, decisions 061 and 062): a deposit limit refuses a deposit over it
 * with which limit, what is left and when it resets; a raise waits 24 hours (the demo-only clock
 * moves it forward) and is then confirmed; the reality check interrupts play with the session's
 * figures (the browser's clock is moved forward); a time-out logs out and refuses the next login;
 * a self-exclusion refuses the login and a new registration with the same e-mail and birthday,
 * while a withdraw-only session still shows the wallet and the withdrawal. The register form asks
 * the date of birth and offers deposit limits; the house game pauses under the reality check; an
 * operator tightens a limit and excludes a player from the console's Protection desk, audited.
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
    const game = page.frameLocator('[data-testid="game-frame"]');
    await expect(game.getByTestId('hg-balance')).toContainText('R$', { timeout: 30_000 });
    await expect(game.getByTestId('hg-paused')).toHaveCount(0);
    await page.clock.fastForward('16:00');
    const check = page.getByTestId('reality-check');
    await expect(check).toBeVisible();
    // The house game pauses: covered, its controls out of reach, until the player answers.
    await expect(game.getByTestId('hg-paused')).toBeVisible();
    await expect(game.getByTestId('hg-paused')).toContainText('Jogo pausado');
    await expect(game.locator('main.game-main')).toHaveAttribute('inert', '');
    await expect(check.getByTestId('reality-check-time')).toContainText('Você está conectado há');
    await expect(check.getByTestId('reality-check-staked')).toContainText('R$');
    await expect(check.getByTestId('reality-check-net')).toContainText('R$');
    await shoot(page, 'protection-reality-check');
    await check.getByTestId('reality-check-continue').click();
    await expect(check).toBeHidden();
    await expect(game.getByTestId('hg-paused')).toHaveCount(0);
    await expect(game.getByTestId('hg-spin')).toBeEnabled();
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

    // The balance can still be withdrawn: a withdraw-only session opens the wallet and nothing else.
    await expect(page.getByTestId('login-withdraw-only')).toContainText('sacar seu saldo');
    await page.getByTestId('login-withdraw-only-go').click();
    await expect(page).toHaveURL(/page=withdraw/);
    const banner = page.getByTestId('withdraw-only-banner');
    await expect(banner).toContainText('Você está autoexcluído: só pode ver sua carteira e sacar seu saldo.');
    await expect(page.getByTestId('withdraw-page')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('withdraw-balance')).toContainText('R$');
    await expect(page.locator('.member-info__deposit')).toHaveCount(0);
    await shoot(page, 'protection-withdraw-only');
    await page.goto('/member?page=depositv2');
    await expect(page.getByTestId('withdraw-only-note')).toBeVisible();
    await expect(page.getByTestId('deposit-submit')).toHaveCount(0);
    const token = (await page.evaluate(() => sessionStorage.getItem('token')))!;
    const deposit = await request.get('/wps/v2/deposits', { headers: { authorization: `Bearer ${token}` } });
    expect(deposit.status()).toBe(403);
    await page.getByTestId('withdraw-only-logout').click();
    await page.getByTestId('logout-confirm').click();
    await expect(banner).toHaveCount(0);

    const again = await register(request, `ex${uniqueSuffix()}`, email);
    expect(again.status()).toBe(403);
    expect(((await again.json()) as { code: string }).code).toBe('PROTECTION_EXCLUDED_DETAILS');
  });

  test('the register form asks the date of birth, refuses under 18, and saves a deposit limit offered at sign-up', async ({
    page,
  }) => {
    await page.goto('/register');
    await expect(page.getByTestId('register-modal')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('tab', { name: 'Usuário' }).click();
    const form = page.getByTestId('register-form-username');
    const username = `su${uniqueSuffix()}`;
    await page.getByTestId('register-username').fill(username);
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-confirmPassword').fill(PASSWORD);
    await page.getByTestId('register-age').check();
    await page.getByTestId('register-terms').check();
    // No date of birth: asked for. Seventeen: refused.
    await page.getByTestId('register-submit').click();
    await expect(form.getByText('O campo não pode ficar vazio')).toBeVisible();
    const seventeen = new Date();
    seventeen.setFullYear(seventeen.getFullYear() - 17);
    await page.getByTestId('register-birthday').fill(seventeen.toISOString().slice(0, 10));
    await page.getByTestId('register-submit').click();
    await expect(form.getByText('É preciso ter 18 anos ou mais para se cadastrar')).toBeVisible();
    await page.getByTestId('register-birthday').fill('1990-05-20');
    // The deposit limits are offered, folded; a daily limit of R$ 50,00.
    await page.getByTestId('register-limits').locator('summary').click();
    await page.getByTestId('register-depositLimitDay').fill('50');
    await shoot(page, 'register-limits');
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-modal')).toHaveCount(0);
    await expect(page.getByTestId('member-info')).toBeVisible({ timeout: 30_000 });
    await openResponsibleGaming(page);
    await expect(page.getByTestId('rg-in-force-deposit_day')).toHaveText('Em vigor: R$ 50,00');
    await expect(page.getByTestId('rg-in-force-deposit_week')).not.toContainText('R$');
  });

  test('an operator tightens a limit and excludes a player with a reason on the Protection desk, audited', async ({
    browser,
    baseURL,
    request,
  }) => {
    const username = `op${uniqueSuffix()}`;
    expect((await register(request, username, `${username}@example.com`)).ok()).toBe(true);
    // The player sets a daily deposit limit of R$ 300,00 of their own.
    const session = await request.post('/wps/session/login', {
      data: { type: 'username', username, password: PASSWORD },
    });
    const { value } = (await session.json()) as { value: { token: string } };
    const auth = { authorization: `Bearer ${value.token}` };
    expect(
      (
        await request.put('/wps/v2/protection/limits', {
          headers: auth,
          data: { limit: 'deposit_day', amount: '30000' },
        })
      ).ok(),
    ).toBe(true);

    const desk = await openConsole(browser, baseURL);
    await desk.getByRole('tab', { name: 'Proteção ao jogador' }).click();
    await expect(desk.getByTestId('protection-desk')).toBeVisible();
    await desk.getByTestId('protection-search').fill(username);
    await desk.getByTestId('protection-search-go').click();
    const row = desk.getByTestId(`protection-player-${username}`);
    await expect(row).toContainText('R$ 300,00');
    await row.getByTestId('protection-player-open').click();
    const player = desk.getByTestId('protection-player');
    await expect(player).toBeVisible();

    // Looser than the limit in force: refused. Stricter, with a reason: applied and in the history.
    await player.getByTestId('protection-tighten-limit').selectOption('deposit_day');
    await player.getByTestId('protection-tighten-amount').fill('500');
    await player.getByTestId('protection-tighten-reason').fill('affordability check');
    await player.getByTestId('protection-tighten').click();
    await expect(player.getByRole('alert')).toContainText('30000');
    await player.getByTestId('protection-tighten-amount').fill('100');
    await player.getByTestId('protection-tighten').click();
    const history = player.getByTestId('protection-history');
    await expect(history.locator('[data-action="operator_limit"]')).toContainText('affordability check');
    await expect(player.getByTestId('protection-player-limits')).toContainText('R$ 100,00');
    // The player now sees the site's stricter limit in force.
    const status = await request.get('/wps/v2/protection', { headers: auth });
    const limits = ((await status.json()) as { value: { limits: { limit: string; effective: string }[] } }).value
      .limits;
    expect(limits.find((l) => l.limit === 'deposit_day')!.effective).toBe('10000');

    // Excluded for a year, with a reason: the player is logged out, and the list says so.
    await player.getByTestId('protection-restrict-period').selectOption('1y');
    await player.getByTestId('protection-restrict-reason').fill('problem gambling signs');
    await player.getByTestId('protection-restrict').click();
    await expect(history.locator('[data-action="exclusion"]')).toBeVisible();
    await expect(row).toContainText('Autoexclusão');
    expect((await request.get('/wps/v2/protection', { headers: auth })).status()).toBe(401);
    await shoot(desk, 'protection-desk-player');

    // Both actions are in the audit log, with their reasons.
    await desk.getByRole('tab', { name: 'Auditoria' }).click();
    const audit = desk.getByTestId('console-audit-desk');
    await audit.locator('input[name="action"]').fill('protection');
    await audit.locator('input[name="action"]').press('Enter');
    await expect(audit.locator('[data-action="protection.limit"]').first()).toContainText('affordability check');
    await expect(audit.locator('[data-action="protection.restrict"]').first()).toContainText('problem gambling signs');
    await desk.context().close();
  });
});
