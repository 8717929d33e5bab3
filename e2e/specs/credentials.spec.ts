import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, loginWithPassword, uniqueSuffix } from '../support/accounts.ts';
import { expect, expectNoA11yViolations, shoot, test } from '../support/fixtures.ts';

/**
 * Decision 055 in the browser: an agent creates a member and is shown its one-time password once;
 * the member's first login with it forces a change that asks for it again; a sign-in link carries
 * a single-use code, and asks before it replaces another account's session.
 */

const PLAYER = `otp${uniqueSuffix()}`;
const CHOSEN = 'mine2026ok';

/** The account this tab's session belongs to, as the server sees it. */
const signedInAs = async (page: Page, request: APIRequestContext) => {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  if (!token) return null;
  const res = await request.get('/wps/member/info', { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { value: { account: string } | null }).value?.account ?? null;
};

test('an agent creates a member with a one-time password; the member signs in with it and must change it', async ({
  page,
  browser,
  request,
}) => {
  // The agent creates the account in the register centre and sees its password once.
  await page.goto('/agent');
  await page.getByTestId('login-username').fill(DEMO.agent.username);
  await page.getByTestId('login-password').fill(DEMO.agent.password);
  await page.getByTestId('agent-login-submit').click();
  await expect(page).toHaveURL(/agentHome/);
  await page.goto('/agentHome?page=registerCenter');
  await page.getByTestId('ag-reg-username').fill(PLAYER);
  await page.getByTestId('ag-reg-type').selectOption('0');
  await page.getByTestId('ag-reg-submit').click();
  await expect(page.getByTestId('ag-reg-done')).toContainText(PLAYER);
  await expect(page.getByTestId('ag-reg-password-once')).toContainText('Mostrada só uma vez');
  await expect(page.getByTestId('ag-reg-password-copy')).toBeVisible();
  const oneTimePassword = (await page.getByTestId('ag-reg-password').textContent())!.trim();
  expect(oneTimePassword).toMatch(/^[A-Za-z][A-Za-z0-9]{11}$/);
  await expectNoA11yViolations(page, 'one-time password shown');
  await shoot(page, 'agent-one-time-password');

  // Leaving and coming back: the password is not shown again anywhere.
  await page.goto('/agentHome?page=downlineManagmentView');
  await expect(page.getByTestId(`ag-new-password-${PLAYER}`)).toBeVisible();
  await expect(page.locator('body')).not.toContainText(oneTimePassword);

  // The member, in a browser of their own: the first login forces the change.
  const context = await browser.newContext();
  const member = await context.newPage();
  await member.addInitScript(() => sessionStorage.setItem('lobby.popupDismissed.member', '1'));
  await loginWithPassword(member, PLAYER, oneTimePassword);
  const modal = member.getByTestId('change-password-modal');
  await expect(modal).toBeVisible();
  await expect(member.getByTestId('old-password')).toBeVisible();
  // Without the one-time password the change is refused.
  await member.getByTestId('new-password').fill(CHOSEN);
  await member.getByTestId('confirm-new-password').fill(CHOSEN);
  await member.getByTestId('change-password-submit').click();
  await expect(modal).toBeVisible();
  await member.getByTestId('old-password').fill('notTheOne1');
  await member.getByTestId('change-password-submit').click();
  await expect(
    modal
      .getByRole('alert')
      .or(modal.getByText('incorret', { exact: false }))
      .first(),
  ).toBeVisible();
  await member.getByTestId('old-password').fill(oneTimePassword);
  await member.getByTestId('change-password-submit').click();
  await expect(modal).toHaveCount(0);
  await expect(member.getByTestId('member-info')).toBeVisible();
  expect(await signedInAs(member, request)).toBe(PLAYER);

  // The agent's list no longer offers a new one-time password: the member chose their own.
  await page.reload();
  await expect(page.getByTestId('ag-dl-account').filter({ hasText: PLAYER })).toBeVisible();
  await expect(page.getByTestId(`ag-new-password-${PLAYER}`)).toHaveCount(0);

  // A sign-in link for another account: asked first; staying keeps this account.
  const linkFor = async () => {
    const login = await request.post('/wps/session/login', {
      data: { type: 'username', username: DEMO.member.username, password: DEMO.member.password },
    });
    const { token } = ((await login.json()) as { value: { token: string } }).value;
    const res = await request.post('/wps/session/sign-in-code', { headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()) as { value: { code: string } }).value.code;
  };
  await member.goto(`/?signIn=${await linkFor()}`);
  const ask = member.getByTestId('switch-account-modal');
  await expect(ask).toBeVisible();
  await expect(ask).toContainText(PLAYER);
  await expect(ask).toContainText(DEMO.member.username);
  expect(member.url()).not.toContain('signIn');
  await expectNoA11yViolations(member, 'switch account');
  await member.getByTestId('switch-account-stay').click();
  await expect(ask).toHaveCount(0);
  expect(await signedInAs(member, request)).toBe(PLAYER);

  // Switching replaces the session; the same code does not work twice.
  const code = await linkFor();
  await member.goto(`/?signIn=${code}`);
  await member.getByTestId('switch-account-confirm').click();
  await expect(ask).toHaveCount(0);
  await expect.poll(() => signedInAs(member, request)).toBe(DEMO.member.username);
  await member.goto(`/?signIn=${code}`);
  await expect(member.getByText('Este link de acesso expirou ou já foi usado', { exact: false })).toBeVisible();
  expect(await signedInAs(member, request)).toBe(DEMO.member.username);
  await context.close();
});
