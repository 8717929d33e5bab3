import { test as base } from '@playwright/test';
import { OperatorApi } from './operator.ts';

export { expect } from '@playwright/test';
export { expectNoA11yViolations } from './a11y.ts';
export { shoot } from './screenshots.ts';

/** `operator`: a logged-in operator API client, logged out again after the test. */
export const test = base.extend<{ operator: OperatorApi }>({
  operator: async ({ request }, use) => {
    const api = await OperatorApi.login(request);
    await use(api);
    await api.logout();
  },
});
