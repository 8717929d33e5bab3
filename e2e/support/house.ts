import { createHmac } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { uniqueSuffix } from './accounts.ts';

/*
 * Playing the house slots as the browser tests need it: the member's game session at a house slot,
 * and settled spins sent as our house vendor sends them (signed seamless-wallet calls).
 */

type Envelope<T> = { success: boolean; value: T; code?: string };

/** A call of our house vendor to the platform's seamless wallet, signed as the vendor signs it. */
export const vendor = async <T>(request: APIRequestContext, operation: string, body: Record<string, unknown>) => {
  const raw = JSON.stringify(body);
  const timestamp = Date.now();
  const signature = createHmac('sha256', process.env.E2E_HOUSE_SECRET!).update(`${timestamp}.${raw}`).digest('hex');
  const res = await request.post(`/provider/HOUSE/${operation}`, {
    headers: {
      'content-type': 'application/json',
      'x-provider-timestamp': String(timestamp),
      'x-provider-signature': signature,
    },
    data: raw,
  });
  return { status: res.status(), body: (await res.json()) as Envelope<T> };
};

/** A game session of the member at a house slot (what the vendor holds after the launch). */
export const atASlot = async (request: APIRequestContext, token: string) => {
  const games = (
    (await (await request.get('/wps/relay/GCSGAME_gameList?gameType=RNG&pageSize=40')).json()) as Envelope<{
      games: { nodeId: number }[];
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
    if (auth.body.success) return auth.body.value;
  }
  throw new Error('no house slot could be launched');
};

/** One settled spin: a bet and its win, the round ended by the vendor. */
export const spin = async (
  request: APIRequestContext,
  s: { sessionToken: string; playerId: string; gameCode: string },
  bet: string,
  win: string,
) => {
  const roundId = `rb-${uniqueSuffix()}`;
  const placed = await vendor(request, 'bet', {
    sessionToken: s.sessionToken,
    playerId: s.playerId,
    transactionId: `${roundId}-bet`,
    roundId,
    gameCode: s.gameCode,
    amount: bet,
    currency: 'BRL',
  });
  expect(placed.body.success, JSON.stringify(placed.body)).toBe(true);
  const won = await vendor(request, 'win', {
    playerId: s.playerId,
    transactionId: `${roundId}-win`,
    roundId,
    gameCode: s.gameCode,
    amount: win,
    currency: 'BRL',
    endRound: true,
  });
  expect(won.body.success, JSON.stringify(won.body)).toBe(true);
};
