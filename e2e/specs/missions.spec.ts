import type { Page } from '@playwright/test';
import { loginWithPassword, registerMember, uniqueSuffix } from '../support/accounts.ts';
import { openConsole } from '../support/console.ts';
import { expect, expectNoA11yViolations, shoot, test } from '../support/fixtures.ts';
import { atASlot, spin } from '../support/house.ts';
import { DEMO_CONTENT, DEMO_FINANCE, OperatorApi } from '../support/operator.ts';

/*
 * Missions and leaderboard (issue 20, decision 073). A new member opens missionLeaderboard, deposits
 * R$ 50,00 and sees the demo's daily deposit mission complete without reloading (the live feed),
 * the menu's badge, claims it once and sees the balance rise by the reward; plays house slots and
 * finds their own place on the weekly turnover race beside the demo standings. An operator creates
 * a mission on the console's Missions desk and the member sees it. The interface is in Portuguese.
 */
test.describe.configure({ timeout: 180_000 });

type Envelope<T> = { success: boolean; value: T };
const PASSWORD = 'mission1234';

/** "1.234,56" → 123456 minor units. */
const minor = (text: string) => Number(text.replace(/[^\d]/g, ''));
const badge = (page: Page) =>
  page.locator('.member-centre__link[href="/member?page=missionLeaderboard"] .member-centre__badge');

test('a member completes the daily deposit mission, claims it once, and finds their place on the leaderboard', async ({
  page,
  browser,
  request,
  operator,
  baseURL,
}) => {
  const username = `ms${uniqueSuffix()}`;
  const token = await registerMember(request, username, PASSWORD);
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginWithPassword(page, username, PASSWORD);
  await expect(page.getByTestId('member-info')).toBeVisible();
  await page.goto('/member?page=missionLeaderboard');
  const centre = page.getByTestId('mission-leaderboard');
  const deposit = centre.getByTestId('mission').filter({ hasText: 'Deposite R$ 50,00 hoje' });
  await expect(deposit).toHaveAttribute('data-status', 'in_progress');
  await expect(deposit.getByTestId('mission-progress')).toHaveText('R$ 0,00 de R$ 50,00');
  await expect(deposit.getByTestId('mission-reward')).toHaveText('Recompensa: R$ 5,00');
  await expect(deposit.getByTestId('mission-claim')).toBeDisabled();
  await expect(centre.getByTestId('mission').filter({ hasText: 'Aposte R$ 500,00 em slots na semana' })).toContainText(
    'bônus de R$ 20,00 (rollover de 5×)',
  );
  await expect(badge(page)).toHaveCount(0);

  // A deposit of R$ 50,00, confirmed by finance: the page follows it on the live feed.
  const auth = { authorization: `Bearer ${token}` };
  const channels = (await (await request.get('/wps/v2/deposits/channels', { headers: auth })).json()) as {
    value: { id: number; code: string }[];
  };
  const bank = channels.value.find((c) => c.code === 'PIX_BANK')!;
  const created = await request.post('/wps/v2/deposits', {
    headers: auth,
    data: { channelId: bank.id, amount: '5000', requestId: `ms-${uniqueSuffix()}`, reference: 'PIX mission' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const depositId = ((await created.json()) as Envelope<{ deposit: { id: number } }>).value.deposit.id;
  await operator.post(`/wps/operator/deposits/${depositId}/confirm`, {});

  await expect(deposit).toHaveAttribute('data-status', 'claimable', { timeout: 15_000 });
  await expect(deposit.getByTestId('mission-progress')).toHaveText('R$ 50,00 de R$ 50,00');
  await expect(badge(page)).toHaveText('1');
  await expect(centre.getByTestId('missions-count')).toHaveText('Missões prontas para resgatar: 1');
  const balance = page.getByTestId('balance');
  await expect(balance).not.toHaveText('0,00');
  const before = minor((await balance.textContent()) ?? '');
  await expectNoA11yViolations(page, 'missionLeaderboard');
  await shoot(page, 'missions-claimable');

  await deposit.getByTestId('mission-claim').click();
  await expect(page.getByText('Pronto: R$ 5,00 foi somado ao seu saldo.')).toBeVisible();
  await expect(deposit).toHaveAttribute('data-status', 'claimed');
  await expect(deposit.getByTestId('mission-claimed')).toHaveText('Resgatada');
  await expect(badge(page)).toHaveCount(0);
  await expect.poll(async () => minor((await balance.textContent()) ?? '')).toBe(before + 500);
  // A second claim of the same day pays nothing.
  const again = await request.post('/wps/v2/missions/claim', {
    headers: auth,
    data: { missionId: Number(await deposit.getAttribute('data-id')) || 0 },
  });
  expect(again.status()).toBeGreaterThanOrEqual(400);
  expect(again.status()).toBeLessThan(500);

  // Three spins of R$ 100,00 on a house slot: R$ 300,00 of valid bets on the weekly race.
  const finance = await OperatorApi.login(request, DEMO_FINANCE);
  const s = await atASlot(request, token);
  await finance.post('/wps/operator/wallets/adjust', {
    memberId: Number(s.playerId),
    amount: '50000',
    reason: 'Missions browser test',
    requestId: `mission-${uniqueSuffix()}`,
  });
  for (const win of ['500', '0', '2500']) await spin(request, s, '10000', win);

  await centre.getByRole('tab', { name: 'Classificação' }).click();
  const race = centre.getByTestId('leaderboard').filter({ hasText: 'Corrida semanal de apostas' });
  await expect(race).toBeVisible();
  await expect(race).toContainText('Classificação por apostas válidas');
  await expect(race.getByTestId('leaderboard-row').first()).toContainText('lu***77');
  await expect(race.getByTestId('leaderboard-me')).toContainText('Sua posição: #');
  await expect(race.getByTestId('leaderboard-me')).toContainText('com R$ 300,00');
  await expect(race.locator('[data-testid="leaderboard-row"][data-me="true"]')).toContainText(`${username} (você)`);
  await expectNoA11yViolations(page, 'missionLeaderboard-leaderboard');
  await shoot(page, 'missions-leaderboard');

  // The operator creates a mission on the Missions desk; the member sees it.
  const title = `Jogue 5 rodadas ${uniqueSuffix()}`;
  const desk = await openConsole(browser, baseURL, DEMO_CONTENT);
  try {
    await desk.getByRole('tab', { name: 'Missões' }).click();
    await expect(desk.getByTestId('mission-row').filter({ hasText: 'Deposite R$ 50,00 hoje' })).toBeVisible();
    await desk.getByTestId('mission-new').click();
    await desk.getByTestId('mission-title-PT').fill(title);
    await desk.getByTestId('mission-kind').selectOption('rounds');
    await desk.getByTestId('mission-target').fill('5');
    await desk.getByTestId('mission-reward-kind').selectOption('points');
    await desk.getByTestId('mission-reward').fill('20');
    await desk.getByTestId('mission-save').click();
    await expect(desk.getByTestId('missions-done')).toHaveText(`Salvo: ${title}`);
    const row = desk.getByTestId('mission-row').filter({ hasText: title });
    await expect(row).toContainText('Rodadas jogadas: 5');
    await expect(row).toContainText('20 pontos');
    await expect(desk.getByTestId('missions-report-row').filter({ hasText: 'Deposite R$ 50,00 hoje' })).toBeVisible();
    await shoot(desk, 'missions-console');

    await page.reload();
    await centre.getByRole('tab', { name: 'Missões' }).click();
    const created = centre.getByTestId('mission').filter({ hasText: title });
    await expect(created).toContainText('Jogue 5 rodadas');
    await expect(created.getByTestId('mission-progress')).toHaveText('3 de 5');
    await expect(created.getByTestId('mission-reward')).toHaveText('Recompensa: 20 pontos');
  } finally {
    // Other specs share the database: the test's mission ends.
    const all = await operator.get<{ missions: { id: number; title: Record<string, string> }[] }>(
      '/wps/operator/missions',
    );
    for (const m of all.missions.filter((x) => x.title.PT === title))
      await operator.post('/wps/operator/missions/end', { id: m.id });
    await desk.context().close();
  }
});
