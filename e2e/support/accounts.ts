import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** Demo accounts created by the seeder (README). */
export const DEMO = {
  member: { username: 'demo01', password: 'demo1234', mobile: '11999990001' },
  agent: { username: 'agent01', password: 'agent1234' },
  newcomer: { username: 'newbie01', password: 'lotus2026' },
  downline: { username: 'member01', password: 'demo1234' },
};

export const uniqueSuffix = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 900 + 100)}`;
export const uniqueMobile = () => `119${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 90 + 10)}`;

/** The 6-digit code in the newest developer-outbox message to `to` (demo mode only). */
export const codeFromOutbox = async (request: APIRequestContext, to: string): Promise<string> => {
  let body = '';
  await expect
    .poll(async () => {
      const res = await request.get(`/wps/dev/outbox?to=${encodeURIComponent(to)}&limit=1`);
      body = ((await res.json()) as { value: { body: string }[] }).value[0]?.body ?? '';
      return /\b\d{6}\b/.test(body);
    })
    .toBe(true);
  return /\b(\d{6})\b/.exec(body)![1]!;
};

export const lastMail = async (request: APIRequestContext, to: string): Promise<string> => {
  const res = await request.get(`/wps/dev/outbox?to=${encodeURIComponent(to)}&limit=1`);
  return ((await res.json()) as { value: { body: string }[] }).value[0]?.body ?? '';
};

/** Opens the login popup on the home page (room for a slow first load while the server warms up). */
/**
 * Registers a member through the API as the register form does (terms, age and birthday filled)
 * and logs them in: the session token. Specs that assert balances register their own member, so
 * no other spec's bets or bonuses can move the figures they read.
 */
export const registerMember = async (
  request: APIRequestContext,
  username: string,
  password: string,
  extra: Record<string, unknown> = {},
): Promise<string> => {
  const reg = await request.post('/wps/member/register', {
    data: {
      username,
      password,
      confirmPassword: password,
      agreeTerms: true,
      ageConfirmed: true,
      birthday: '1990-01-15',
      ...extra,
    },
  });
  expect(reg.status(), await reg.text()).toBe(200);
  const login = await request.post('/wps/session/login', { data: { type: 'username', username, password } });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as { value: { token: string } }).value.token;
};

export const openLogin = async (page: Page) => {
  await page.goto('/login');
  await expect(page.getByTestId('login-modal')).toBeVisible({ timeout: 30_000 });
};

export const loginWithPassword = async (page: Page, username: string, password: string) => {
  await openLogin(page);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
};

/**
 * Clicks an item of the member menu (under the avatar). A member's announcement popup can open over
 * the menu just after login; closing it closes the menu as well, so the menu is opened again until
 * the item is clicked.
 */
export const clickMemberMenuItem = async (page: Page, item: (menu: Locator) => Locator) => {
  const menu = page.locator('#member-menu');
  await expect(async () => {
    if (!(await menu.isVisible())) await page.getByTestId('member-avatar').click({ timeout: 5_000 });
    await item(menu).click({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
};

export const logout = async (page: Page) => {
  await clickMemberMenuItem(page, (menu) => menu.getByTestId('logout-button'));
  await expect(page.getByTestId('logout-modal')).toBeVisible();
  await page.getByTestId('logout-confirm').click();
  await expect(page.getByTestId('member-info')).toHaveCount(0);
};
