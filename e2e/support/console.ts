import type { Browser, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { DEMO_OPERATOR } from './operator.ts';

/**
 * The operator console, logged in (the demo administrator unless told), in its own browser context
 * (its session is apart from any player's).
 */
export const openConsole = async (
  browser: Browser,
  baseURL: string | undefined,
  account: { username: string; password: string } = DEMO_OPERATOR,
): Promise<Page> => {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1440, height: 900 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const page = await context.newPage();
  await page.goto('/console');
  await page.getByTestId('console-username').fill(account.username);
  await page.getByTestId('console-password').fill(account.password);
  await page.getByTestId('console-login').click();
  await expect(page.getByTestId('console')).toBeVisible();
  return page;
};
