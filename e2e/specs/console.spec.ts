import { expect, expectNoA11yViolations, shoot, test } from '../support/fixtures.ts';
import { openConsole } from '../support/console.ts';
import { OPEN_REGION } from '../support/operator.ts';

/**
 * The operator console's settings desks: the wallet rules members meet, and the site's switches
 * (maintenance with its message, region rules). Each test puts back what it changed.
 */
test.describe('operator console settings', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an administrator changes a wallet limit; bad amounts are caught and change nothing', async ({ browser, baseURL, operator }) => {
    const before = await operator.walletRules();
    const desk = await openConsole(browser, baseURL);
    try {
      await desk.getByRole('tab', { name: 'Regras da carteira' }).click();
      const max = desk.getByTestId('rules-transferMax');
      // Amounts show as the operator types them (R$ 1.000,00 → "1000,00").
      await expect(max).toHaveValue(`${String(BigInt(before.transferMax as string) / 100n)},${String(BigInt(before.transferMax as string) % 100n).padStart(2, '0')}`);

      // Not an amount: refused in the form, nothing sent.
      await max.fill('muito');
      await desk.getByTestId('rules-save').click();
      await expect(desk.getByText('Informe um valor como 10,00')).toBeVisible();
      expect(await operator.walletRules()).toEqual(before);

      // A maximum below the minimum: the server names the field, nothing changes.
      await max.fill('0,01');
      await desk.getByTestId('rules-transferMin').fill('5,00');
      await desk.getByTestId('rules-save').click();
      await expect(desk.getByText('The maximum is below the minimum')).toBeVisible();
      expect(await operator.walletRules()).toEqual(before);

      await desk.getByTestId('rules-transferMin').fill('2,50');
      await max.fill('1234,56');
      await desk.getByTestId('rules-save').click();
      await expect(desk.getByRole('status')).toHaveText('Salvo.');
      expect(await operator.walletRules()).toEqual({ ...before, transferMin: '250', transferMax: '123456' });
      await expectNoA11yViolations(desk);
      await shoot(desk, 'console-wallet-rules');
    } finally {
      await operator.setWalletRules(before);
      await desk.context().close();
    }
  });

  test('an administrator puts the site under maintenance with a message, and sets region rules where a bad address is refused', async ({ browser, baseURL, page, operator }) => {
    const message = 'Voltamos às 18h com novidades.';
    const desk = await openConsole(browser, baseURL);
    try {
      await desk.getByRole('tab', { name: 'Site' }).click();
      const card = desk.getByTestId('site-maintenance');
      await expect(card.getByTestId('site-state')).toHaveAttribute('data-state', 'open');
      await card.getByTestId('site-maintenance-on').check();
      await card.getByTestId('site-message').fill(message);
      await card.getByTestId('site-maintenance-save').click();
      await expect(card.getByTestId('site-state')).toHaveAttribute('data-state', 'maintenance');
      // A visitor meets the maintenance page with the operator's words.
      await page.goto('/');
      await expect(page.getByTestId('maintenance-page')).toContainText(message);

      await card.getByTestId('site-maintenance-on').uncheck();
      await card.getByTestId('site-maintenance-save').click();
      await expect(card.getByTestId('site-state')).toHaveAttribute('data-state', 'open');
      await page.goto('/');
      await expect(page.getByTestId('app-root')).toBeVisible();

      // Region rules: a bad entry is named and changes nothing; a good one is kept as typed.
      const region = desk.getByTestId('site-region');
      await region.getByTestId('region-cidrBlock').fill('203.0.113.0/24\nnot-an-address');
      await region.getByTestId('site-region-save').click();
      await expect(region.getByRole('alert')).toBeVisible();
      expect((await operator.get<{ region: { cidrBlock: string[] } }>('/wps/operator/system/settings')).region.cidrBlock).toEqual([]);
      await region.getByTestId('region-cidrBlock').fill('203.0.113.0/24, 198.51.100.7');
      await region.getByTestId('region-blockedCountries').fill('kp ir');
      await region.getByTestId('site-region-save').click();
      await expect(region.getByRole('status')).toHaveText('Salvo.');
      const saved = (await operator.get<{ region: typeof OPEN_REGION }>('/wps/operator/system/settings')).region;
      expect(saved).toEqual({ ...OPEN_REGION, blockedCountries: ['KP', 'IR'], cidrBlock: ['203.0.113.0/24', '198.51.100.7'] });
      await expectNoA11yViolations(desk);
      await shoot(desk, 'console-site');
    } finally {
      await operator.setMaintenance({ enabled: false, endTime: null });
      await operator.setRegion(OPEN_REGION);
      await desk.context().close();
    }
  });
});
