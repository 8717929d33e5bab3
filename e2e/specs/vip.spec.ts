import { loginWithPassword, registerMember, uniqueSuffix } from '../support/accounts.ts';
import { openConsole } from '../support/console.ts';
import { expect, expectNoA11yViolations, shoot, test } from '../support/fixtures.ts';
import { atASlot, spin } from '../support/house.ts';
import { DEMO_FINANCE, OperatorApi } from '../support/operator.ts';

/*
 * VIP (issue 20, decision 074), in Portuguese. A new member plays R$ 1.000,00 of house slots (the
 * demo's Bronze turnover), opens the VIP page from the side menu and sees exactly what is missing:
 * R$ 100,00 of deposits. A deposit confirmed by finance queues the level review; the avatar's label
 * turns to "Bronze" live, the R$ 10,00 upgrade bonus arrives in the balance and the bonus history,
 * and the progress now points at Prata. Every level's perks are in the table. Finance sees the
 * levels and the distribution on the console's VIP desk. The demo levels are seed/vip.ts.
 */
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'vipclub1234';

test('a member plays and deposits past Bronze: the label changes live and the upgrade bonus arrives', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const finance = await OperatorApi.login(request, DEMO_FINANCE);
  const username = `vip${uniqueSuffix()}`;
  const s = await atASlot(request, await registerMember(request, username, PASSWORD));
  await finance.post('/wps/operator/wallets/adjust', {
    memberId: Number(s.playerId),
    amount: '100000',
    reason: 'VIP browser test',
    requestId: `vip-${uniqueSuffix()}`,
  });
  // Two spins of R$ 500,00: R$ 1.000,00 of valid bets, Bronze's turnover. Balance R$ 500,00.
  await spin(request, s, '50000', '20000');
  await spin(request, s, '50000', '30000');

  await page.setViewportSize({ width: 1440, height: 900 });
  await loginWithPassword(page, username, PASSWORD);
  await expect(page.getByTestId('member-info')).toBeVisible();
  const label = page.getByTestId('member-avatar').locator('.avatar__label');
  await expect(label).toHaveCount(0);

  // The side menu's VIP entry opens the VIP page.
  await page.getByRole('link', { name: 'VIP', exact: true }).first().click();
  await expect(page).toHaveURL(/\/vip$/);
  const vip = page.getByTestId('vip-page');
  await expect(vip.getByTestId('vip-level-name')).toHaveText('Ainda sem nível');
  await expect(vip.getByTestId('vip-turnover')).toHaveText('R$ 1.000,00');
  const progress = vip.getByTestId('vip-progress');
  await expect(progress).toContainText('Próximo nível: Bronze');
  await expect(progress.getByTestId('vip-missing-deposit')).toContainText('Deposite mais R$ 100,00');
  await expect(progress.getByTestId('vip-missing-turnover')).toContainText('Atingido');
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');

  // Every level's perks in one table.
  const rows = vip.getByTestId('vip-perk-row');
  await expect(rows).toHaveCount(6);
  await expect(rows.nth(0)).toContainText('Bronze');
  await expect(rows.nth(0)).toContainText('Depósitos R$ 100,00 e Apostas R$ 1.000,00');
  await expect(rows.nth(0)).toContainText('R$ 10,00');
  await expect(rows.nth(2)).toContainText('R$ 200.000,00 em 8 saques');
  await expect(rows.nth(5)).toContainText('Black');
  await expect(rows.nth(5)).toContainText('R$ 5.000,00');
  // The rebate perk rises with the level (seed/rebate.ts: slots 1,3% at Bronze to 2,5% at Black).
  await expect(rows.nth(0)).toContainText('até 1,3%');
  await expect(rows.nth(2)).toContainText('até 1,6%');
  await expect(rows.nth(5)).toContainText('até 2,5%');
  await expect(vip.getByTestId('vip-history')).toHaveCount(0);
  await shoot(page, 'vip-progress');

  // A deposit of R$ 100,00 that finance confirms: the level review runs as a job.
  const token = (await page.evaluate(() => sessionStorage.getItem('token')))!;
  const auth = { authorization: `Bearer ${token}` };
  const channels = (await (await request.get('/wps/v2/deposits/channels', { headers: auth })).json()) as {
    value: { id: number; code: string }[];
  };
  const bank = channels.value.find((c) => c.code === 'PIX_BANK')!;
  const created = await request.post('/wps/v2/deposits', {
    headers: auth,
    data: { channelId: bank.id, amount: '10000', requestId: `vip-${uniqueSuffix()}`, reference: 'PIX VIP' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const depositId = ((await created.json()) as { value: { deposit: { id: number } } }).value.deposit.id;
  await finance.post(`/wps/operator/deposits/${depositId}/confirm`, {});

  // Live, without a reload: the label, the level, the upgrade bonus in the history and the balance.
  await expect(label).toHaveText('Bronze', { timeout: 30_000 });
  await expect(vip.getByTestId('vip-level-name')).toHaveText('Bronze');
  const history = vip.getByTestId('vip-history-item');
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText('Bônus de subida · Bronze');
  await expect(history.first()).toContainText('+R$ 10,00');
  await expect(page.getByTestId('balance')).toContainText('610,00');
  await expect(progress).toContainText('Próximo nível: Prata');
  await expect(progress.getByTestId('vip-missing-deposit')).toContainText('Deposite mais R$ 400,00');
  await expect(progress.getByTestId('vip-missing-turnover')).toContainText('Aposte mais R$ 4.000,00');
  await expect(rows.nth(0)).toHaveAttribute('aria-current', 'true');
  await expectNoA11yViolations(page);
  await shoot(page, 'vip-bronze');

  // The label stays after a reload (member info carries it).
  await page.reload();
  await expect(label).toHaveText('Bronze');

  // Finance: the levels editor and the distribution on the console's VIP desk.
  const desk = await openConsole(browser, baseURL, DEMO_FINANCE);
  await desk.getByRole('tab', { name: 'VIP', exact: true }).click();
  await expect(desk.getByTestId('vip-level')).toHaveCount(6);
  await expect(desk.getByTestId('vip-level').first().getByTestId('vip-level-name')).toHaveValue('Bronze');
  const bronze = desk.getByTestId('vip-distribution-row').filter({ hasText: 'Bronze' });
  await expect(bronze).toBeVisible();
  expect(Number(await bronze.locator('td').nth(1).textContent())).toBeGreaterThanOrEqual(1);
  await expect(desk.getByTestId('vip-bonus-row').filter({ hasText: 'Subida' })).toBeVisible();
  await expectNoA11yViolations(desk);
  await shoot(desk, 'vip-console');
  // The rebate rates of any level on the promotions desk: a picker with the brand's levels by name.
  await desk.getByRole('tab', { name: 'Promoções' }).click();
  const picker = desk.getByTestId('rebate-level');
  await expect(picker.locator('option')).toHaveCount(7);
  await expect(desk.getByTestId('rebate-rate-RNG')).toHaveValue('1,20');
  await picker.selectOption({ label: 'Nível 3 · Ouro' });
  await expect(desk.getByTestId('rebate-form')).toHaveAttribute('data-level', '3');
  await expect(desk.getByTestId('rebate-rate-RNG')).toHaveValue('1,60');
  await expect(desk.getByTestId('rebate-rate-LIVE')).toHaveValue('0,70');
  await shoot(desk, 'vip-console-rebate');
  await desk.context().close();
});
