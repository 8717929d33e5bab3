import type { APIRequestContext } from '@playwright/test';
import { openConsole } from '../support/console.ts';
import { DEMO, codeFromOutbox, loginWithPassword, uniqueMobile } from '../support/accounts.ts';
import { expect, expectNoA11yViolations, shoot, test } from '../support/fixtures.ts';

/**
 * The operator's back office (issue 21, decisions 069 and 070): the dashboard draws its charts over
 * the demo's seeded activity; the operator finds a member by mobile, freezes them (the member's next
 * call is refused), gives them a one-time password, and reads both actions in the audit viewer. A
 * member sees the charts of their personal profit; an agent sees the team overview's trend charts.
 */
const PASSWORD = 'phone123';

/** A new member registered by mobile, logged in through the API: their account name, mobile and token. */
const mobileMember = async (request: APIRequestContext) => {
  const mobile = uniqueMobile();
  await request.post('/wps/verification/sms/register', { data: { countryDialingCode: '55', mobileNum: mobile } });
  const code = await codeFromOutbox(request, `+55${mobile}`);
  const reg = await request.post('/wps/member/register/mobile', {
    data: {
      mobileNum: mobile,
      countryDialingCode: '55',
      verificationCode: code,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agreeTerms: true,
      ageConfirmed: true,
      birthday: '1990-01-15',
      login: true,
    },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  const value = ((await reg.json()) as { value: { account: string; login: { token: string } } }).value;
  return { account: value.account, mobile, token: value.login.token };
};

test.describe('back office', () => {
  test.describe.configure({ timeout: 180_000 });

  test('dashboard charts, a member found by mobile, frozen and given a one-time password, the audit', async ({
    browser,
    baseURL,
    request,
  }) => {
    const member = await mobileMember(request);
    const me = () => request.get('/wps/member/info', { headers: { authorization: `Bearer ${member.token}` } });
    expect((await me()).status()).toBe(200);

    const page = await openConsole(browser, baseURL);

    // 1. The dashboard: seven days ending today, figures against the previous period, charts drawn.
    await page.getByRole('tab', { name: 'Painel de resultados' }).click();
    const desk = page.getByTestId('dashboard-desk');
    await expect(desk).toBeVisible();
    await expect(page.getByTestId('dashboard-range')).toContainText('comparado com');
    // The demo players' welcome bonuses and first deposit are in the ledger today.
    const value = (key: string) => page.getByTestId(`dashboard-${key}`).locator('.dashboard-tile__value');
    await expect(value('bonuses')).not.toHaveText('R$ 0,00');
    await expect(value('deposits')).not.toHaveText('R$ 0,00');
    await expect(value('registrations')).not.toHaveText('0');
    for (const chart of ['chart-revenue', 'chart-turnover', 'chart-money', 'chart-players']) {
      await expect(page.getByTestId(chart)).toHaveAttribute('data-ready', 'true');
    }
    await expect(page.getByTestId('dashboard-queue-deposits')).toBeVisible();
    await page.getByTestId('dashboard-period-30d').click();
    await expect(page.getByTestId('chart-revenue').locator('tbody tr')).toHaveCount(30);
    await page.getByTestId('dashboard-period-7d').click();
    await expect(page.getByTestId('chart-revenue').locator('tbody tr')).toHaveCount(7);
    await expectNoA11yViolations(page, 'dashboard');
    await shoot(page, 'backoffice-dashboard');
    // A queue opens its desk.
    await page.getByTestId('dashboard-queue-withdrawals').click();
    await expect(page.getByRole('tab', { name: 'Saques' })).toHaveAttribute('aria-selected', 'true');

    // 2. The members desk: found by mobile, the page, frozen with a reason.
    await page.getByRole('tab', { name: 'Membros' }).click();
    await page.getByTestId('members-search-by').selectOption('mobile');
    await page.getByTestId('members-search-text').fill(member.mobile);
    await page.getByTestId('members-search-go').click();
    const rows = page.getByTestId('members-result');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(member.account);
    await rows.first().getByRole('button', { name: 'Abrir' }).click();
    const memberPage = page.getByTestId('member-page');
    await expect(memberPage).toContainText(member.account);
    await expect(page.getByTestId('member-profile')).toContainText(`+55 ${member.mobile}`);

    await page.getByTestId('member-action-freeze').click();
    await page.getByTestId('console-prompt-text').fill('Chargeback em análise');
    await page.getByTestId('console-prompt-ok').click();
    await expect(page.getByTestId('console-prompt')).toHaveCount(0);
    await expect(memberPage.locator('[data-status="frozen"]').first()).toBeVisible();
    // The member's next call is refused, and so is their login.
    expect((await me()).status()).toBe(401);
    const login = await request.post('/wps/session/login', {
      data: { type: 'username', username: member.account, password: PASSWORD },
    });
    expect(login.ok()).toBe(false);

    // 3. A one-time password, shown once; the old password no longer logs in.
    await page.getByTestId('member-action-resetPassword').click();
    await page.getByTestId('console-prompt-text').fill('Pediu nova senha, identidade confirmada');
    await page.getByTestId('console-prompt-ok').click();
    const otp = page.getByTestId('member-one-time-password');
    await expect(otp).toBeVisible();
    await expect(otp.locator('code')).toHaveText(/^[A-Za-z0-9]{12}$/);
    await expectNoA11yViolations(page, 'member page');
    await shoot(page, 'backoffice-member');

    // 4. The audit viewer: both actions, who did them, from where, what changed.
    await page.getByRole('tab', { name: 'Auditoria' }).click();
    await page.getByTestId('audit-filter-action').fill('member.');
    await page.getByTestId('audit-filter-operator').fill('admin');
    await page.getByTestId('audit-filter-go').click();
    const audit = page.getByTestId('console-audit');
    await expect(audit.locator('[data-action="member.password_reset"]').first()).toBeVisible();
    const freeze = audit.locator('[data-action="member.freeze"]').first();
    await expect(freeze).toContainText('Chargeback em análise');
    await expect(freeze).toContainText('status: active → frozen');
    await expect(freeze).toContainText('admin');
    await shoot(page, 'backoffice-audit');
  });

  test('a member sees the profit charts; an agent sees the team trend charts', async ({ page }) => {
    // A demo player: a welcome bonus (and the demo's first rounds) this week.
    await loginWithPassword(page, 'lucasbr88', 'demo1234');
    await expect(page.getByTestId('member-info')).toBeVisible({ timeout: 30_000 });
    await page.goto('/member?page=personalProfit');
    await expect(page.getByTestId('profit-totals')).toBeVisible();
    const net = page.getByTestId('profit-chart-net');
    await expect(net).toHaveAttribute('data-ready', 'true');
    expect(await net.locator('tbody tr').count()).toBeGreaterThan(0);
    await expectNoA11yViolations(page, 'personal profit with charts');
    await shoot(page, 'backoffice-profit-chart');

    await page.context().clearCookies();
    await page.evaluate(() => {
      sessionStorage.clear();
      localStorage.clear();
    });
    await page.goto('/agent');
    await page.getByTestId('login-username').fill(DEMO.agent.username);
    await page.getByTestId('login-password').fill(DEMO.agent.password);
    await page.getByTestId('agent-login-submit').click();
    await expect(page).toHaveURL(/agentHome/);
    const trend = page.getByTestId('ag-ov-trend');
    await expect(trend).toBeVisible({ timeout: 30_000 });
    for (const chart of ['ag-trend-turnover', 'ag-trend-active', 'ag-trend-pnl']) {
      await expect(page.getByTestId(chart)).toHaveAttribute('data-ready', 'true');
      await expect(page.getByTestId(chart).locator('tbody tr')).toHaveCount(30);
    }
    await expectNoA11yViolations(page, 'agent team overview with trend');
    await shoot(page, 'backoffice-agent-trend');
  });
});
