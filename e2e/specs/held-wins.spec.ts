import type { APIRequestContext } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from '../support/fixtures.ts';
import { openConsole } from '../support/console.ts';
import { vendor } from '../support/house.ts';
import { DEMO_FINANCE, OperatorApi } from '../support/operator.ts';

/**
 * Held wins (issue 16, decision 053): an administrator sets a win cap on the console; a vendor's win
 * above it is answered as usual and waits on the held-wins desk, where finance pays it to the player.
 */
type Envelope<T> = { success: boolean; value: T; code?: string };

/** A new member with a game session at a house slot, funded by finance; what the vendor holds. */
const playerAtASlot = async (request: APIRequestContext, finance: OperatorApi) => {
  const username = `held${Date.now().toString(36)}`.slice(0, 16);
  const reg = await request.post('/wps/member/register', {
    data: {
      username,
      password: 'abc12345',
      confirmPassword: 'abc12345',
      agreeTerms: true,
      ageConfirmed: true,
      birthday: '1990-01-15',
    },
  });
  expect(reg.status(), await reg.text()).toBe(200);
  const login = await request.post('/wps/session/login', {
    data: { type: 'username', username, password: 'abc12345' },
  });
  const token = ((await login.json()) as Envelope<{ token: string }>).value.token;
  const games = (
    (await (await request.get('/wps/relay/GCSGAME_gameList?gameType=RNG&pageSize=40')).json()) as Envelope<{
      games: { nodeId: number; gameCode: string; vassalage: string }[];
    }>
  ).value.games;
  for (const game of games) {
    const launch = (await (
      await request.post('/wps/game/launchGame', {
        headers: { authorization: `Bearer ${token}` },
        data: { nodeId: game.nodeId },
      })
    ).json()) as Envelope<{ gameUrl: string }>;
    if (!launch.success) continue;
    const launchToken = new URL(launch.value.gameUrl).searchParams.get('launchToken');
    if (!launchToken) continue;
    const auth = await vendor<{ sessionToken: string; playerId: string; gameCode: string }>(request, 'authenticate', {
      launchToken,
    });
    if (!auth.body.success) continue;
    await finance.post('/wps/operator/wallets/adjust', {
      memberId: Number(auth.body.value.playerId),
      amount: '100000',
      reason: 'Held-wins browser test',
      requestId: `held-${Date.now()}`,
    });
    return { username, ...auth.body.value };
  }
  throw new Error('no house slot could be launched');
};

test('an administrator caps wins; a win above the cap is held and finance pays it from the desk', async ({
  browser,
  baseURL,
  request,
  operator,
}) => {
  test.setTimeout(180_000);
  const admin = await openConsole(browser, baseURL);
  const finance = await OperatorApi.login(request, DEMO_FINANCE);
  try {
    await admin.getByRole('tab', { name: 'Ganhos retidos' }).click();
    const cap = admin.getByTestId('limit-cap');
    // Not an amount: caught in the form, nothing saved.
    await cap.fill('muito');
    await admin.getByTestId('limit-save').click();
    await expect(admin.getByText('Informe um valor como 1000,00')).toBeVisible();
    expect(await operator.get('/wps/operator/providers/win-limits')).toEqual([]);
    // R$ 100,00 for every vendor and game type.
    await cap.fill('100,00');
    await admin.getByTestId('limit-save').click();
    await expect(admin.getByRole('status')).toHaveText('Salvo.');
    await expect(admin.getByTestId('win-limit-*-*')).toContainText('R$');
    expect(await operator.get('/wps/operator/providers/win-limits')).toEqual([
      expect.objectContaining({ vassalage: '*', gameType: '*', maxMultiple: null, maxAmount: '10000' }),
    ]);

    // The vendor: a bet of R$ 1,00 and a win of R$ 200,00, above the cap.
    const s = await playerAtASlot(request, finance);
    const roundId = `held-round-${Date.now()}`;
    const bet = await vendor(request, 'bet', {
      sessionToken: s.sessionToken,
      playerId: s.playerId,
      transactionId: `${roundId}-bet`,
      roundId,
      gameCode: s.gameCode,
      amount: '100',
      currency: 'BRL',
    });
    expect(bet.body.value).toEqual({ balance: '99900', currency: 'BRL' });
    const win = await vendor(request, 'win', {
      playerId: s.playerId,
      transactionId: `${roundId}-win`,
      roundId,
      gameCode: s.gameCode,
      amount: '20000',
      currency: 'BRL',
      endRound: true,
    });
    expect([win.status, win.body.value]).toEqual([200, { balance: '99900', currency: 'BRL' }]);

    // Finance sees it on the desk and pays it.
    const desk = await openConsole(browser, baseURL, DEMO_FINANCE);
    try {
      await desk.getByRole('tab', { name: 'Ganhos retidos' }).click();
      const row = desk.getByTestId('console-held-wins').getByRole('row').filter({ hasText: s.username });
      await expect(row).toContainText('R$ 200,00');
      await expect(row).toContainText('Acima do teto');
      await row.getByRole('button', { name: 'Pagar' }).click();
      await desk.getByTestId('console-prompt-ok').click();
      await expect(row).toBeHidden();
      await desk.getByTestId('held-filter-paid').click();
      await expect(
        desk.getByTestId('console-held-wins').getByRole('row').filter({ hasText: s.username }),
      ).toContainText('Pago');
      await expectNoA11yViolations(desk);
    } finally {
      await desk.context().close();
    }
    const balance = await vendor(request, 'balance', { sessionToken: s.sessionToken });
    expect(balance.body.value).toEqual({ balance: '119900', currency: 'BRL' });
  } finally {
    await operator.put('/wps/operator/providers/win-limits', {
      vassalage: '*',
      gameType: '*',
      maxMultiple: null,
      maxAmount: null,
    });
    await finance.logout();
    await admin.context().close();
  }
});
