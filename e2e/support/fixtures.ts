import { test as base, expect, type Page } from '@playwright/test';
import { OperatorApi } from './operator.ts';

export { expect } from '@playwright/test';
export { expectNoA11yViolations } from './a11y.ts';
export { shoot } from './screenshots.ts';

/**
 * The home page greets a first visit with the public announcement popup (spec §4). Specs about
 * other things close it the way a visitor does, whenever it gets in the way of an action or an
 * assertion.
 */
const closeAnnouncementsWhenInTheWay = async (page: Page) => {
  await page.addLocatorHandler(page.getByTestId('announcement-popup'), async () => {
    await page.getByTestId('announcement-dismiss').click();
  });
};

/**
 * Waits until the page has stopped loading, then makes sure the announcement popup is not over
 * it (the assertion gives the handler above its turn to close it).
 */
export const settle = async (page: Page): Promise<void> => {
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('announcement-popup')).toBeHidden();
};

/**
 * Each worker has its own servers (playwright.config.ts): the i-th worker at a time talks to the
 * i-th URL of E2E_BASE_URLS, so no two specs ever run at once against one server.
 */
const workerBaseUrls = (process.env.E2E_BASE_URLS ?? '').split(' ').filter(Boolean);

/** `operator`: a logged-in operator API client, logged out again after the test. */
export const test = base.extend<{ operator: OperatorApi }>({
  baseURL: async ({ baseURL }, use, testInfo) => {
    await use(workerBaseUrls[testInfo.parallelIndex] ?? baseURL);
  },
  page: async ({ page }, use) => {
    await closeAnnouncementsWhenInTheWay(page);
    await use(page);
  },
  operator: async ({ request }, use) => {
    const api = await OperatorApi.login(request);
    await use(api);
    await api.logout();
  },
});
