import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundClientSeed } from '../math/fair/crash.ts';
import { hashServerSeed, words } from '../math/fair/hmac.ts';
import { LIVE_GAMES, totalReturn, type LiveKind, type LiveResult } from '../math/live/games.ts';
import { houseTestApp } from '../../test/house-app.ts';

/**
 * Live tables through HTTP against a fake casino speaking the seamless protocol: the model list, a
 * shared baccarat round (bet, deal, reveal, settle through the callbacks exactly once, verify),
 * roulette with three bet kinds, and the refusals (4xx, never 5xx).
 */
const house = houseTestApp({
  HOUSE_GAMES_LIVE_BETTING_MS: '1200',
  HOUSE_GAMES_LIVE_DEAL_MS: '200',
  HOUSE_GAMES_LIVE_PAUSE_MS: '200',
});
const { casino, call } = house;

beforeAll(async () => {
  await house.start();
});
afterAll(() => house.close());
let n = 0;
const open = async (code: string) =>
  (
    await call<{ token: string; balance: string; game: { kind: string } }>('POST', '/api/session', undefined, {
      launchToken: `launch-live:${code}#${++n}`,
    })
  ).body.value;

interface State {
  table: { id: string; kind: LiveKind; dealer: string; minBet: string };
  round: { id: number; phase: string; serverSeedHash: string; totals: Record<string, string>; mine: unknown[] } | null;
}
interface Past {
  id: number;
  phase: string;
  kind: LiveKind;
  serverSeedHash: string;
  serverSeed: string | null;
  salt: string | null;
  betClientSeeds: string[];
  result: LiveResult | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits for a fresh betting window with at least `ms` left. */
const bettingRound = async (token: string): Promise<State> => {
  for (let i = 0; i < 200; i++) {
    const s = (
      await call<State & { serverNow: number; round: { bettingEndsAt: number } }>('GET', '/api/live/state', token)
    ).body.value;
    if (s.round?.phase === 'betting' && s.round.bettingEndsAt - s.serverNow > 600) return s;
    await sleep(50);
  }
  throw new Error('no betting window');
};
const settledRound = async (id: number): Promise<Past> => {
  for (let i = 0; i < 200; i++) {
    const r = (await call<Past>('GET', `/api/live/rounds/${id}`)).body.value;
    if (r.phase === 'settled') return r;
    await sleep(50);
  }
  throw new Error('round never settled');
};

describe('live tables', () => {
  it('lists the tables with dealer, limits and road (spec §7 model list)', async () => {
    const r = await call<
      { id: string; kind: string; dealer: string; minBet: string; maxBet: string; road: unknown[] }[]
    >('GET', '/api/live/tables');
    expect(r.status).toBe(200);
    const ids = r.body.value.map((t) => t.id);
    expect(ids).toEqual(expect.arrayContaining(['baccarat-1', 'roulette', 'dragon-tiger', 'sic-bo', 'fan-tan']));
    const bac = r.body.value.find((t) => t.id === 'baccarat-1')!;
    expect(bac).toMatchObject({ kind: 'baccarat', minBet: '100', maxBet: '1000000' });
    expect(bac.dealer.length).toBeGreaterThan(1);
    expect(Array.isArray(bac.road)).toBe(true);
  });

  it('settles a baccarat round through the seamless callbacks exactly once, and the round verifies', async () => {
    const s = await open('evl-baccarat-1');
    expect(s.game.kind).toBe('live');
    const state = await bettingRound(s.token);
    expect(state.table).toMatchObject({ id: 'baccarat-1', kind: 'baccarat' });
    expect(state.round!.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    const before = casino.state.balances.get('7')!;
    const bet = await call<{ roundId: string; liveRound: number; balance: string }>('POST', '/api/live/bet', s.token, {
      bets: [
        { spot: 'banker', amount: '1000' },
        { spot: 'playerPair', amount: '100' },
      ],
    });
    expect(bet.status).toBe(200);
    expect(BigInt(bet.body.value.balance)).toBe(before - 1100n);
    // The table's totals per spot and my stakes show at once.
    await sleep(300);
    const seen = (await call<State>('GET', '/api/live/state', s.token)).body.value;
    expect(seen.round!.totals).toMatchObject({ banker: '1000', playerPair: '100' });
    expect(seen.round!.mine).toHaveLength(2);

    const id = bet.body.value.liveRound;
    const past = await settledRound(id);
    expect(hashServerSeed(past.serverSeed!)).toBe(past.serverSeedHash);
    const clientSeed = roundClientSeed(past.salt!, past.betClientSeeds);
    const dealt = LIVE_GAMES.baccarat.deal(words(past.serverSeed!, clientSeed, id));
    expect(dealt).toEqual(past.result);
    const win = totalReturn(
      'baccarat',
      [
        { spot: 'banker', amount: 1000n },
        { spot: 'playerPair', amount: 100n },
      ],
      dealt,
    );
    const roundId = bet.body.value.roundId;
    await sleep(100);
    const ops = casino.state.calls.filter((c) => c.body.roundId === roundId).map((c) => [c.op, c.body.amount]);
    expect(ops).toEqual([
      ['bet', '1100'],
      ['win', String(win)],
    ]);
    expect(casino.state.balances.get('7')).toBe(before - 1100n + win);
    const hist = (
      await call<{ roundId: string; status: string; game: string }[]>('GET', '/api/bets?game=live', s.token)
    ).body.value;
    expect(hist[0]).toMatchObject({ roundId, status: 'settled', game: 'live' });
    // A later round never pays this one again.
    await sleep(1500);
    expect(casino.state.calls.filter((c) => c.body.roundId === roundId)).toHaveLength(2);
  });

  it('says a round is paid only once its wins are: the screen reads the balance then (a slow wallet)', async () => {
    const s = await open('evl-baccarat-1');
    await bettingRound(s.token);
    const bet = await call<{ liveRound: number; roundId: string }>('POST', '/api/live/bet', s.token, {
      bets: [
        { spot: 'banker', amount: '500' },
        { spot: 'player', amount: '500' },
      ],
    });
    expect(bet.status).toBe(200);
    const id = bet.body.value.liveRound;
    const credited = () => casino.state.calls.some((c) => c.op === 'win' && c.body.roundId === bet.body.value.roundId);
    type Seen = { id: number; phase: string; myWin: string | null; paid: boolean };
    const state = async () => (await call<{ round: Seen | null }>('GET', '/api/live/state', s.token)).body.value.round;
    let release = () => {};
    casino.state.held.set('win', new Promise<void>((resolve) => (release = resolve)));
    try {
      // The result (and my win) shows while the wallet has not answered the win: not paid yet.
      let shown: Seen | null = null;
      for (let i = 0; i < 400 && !shown; i++) {
        const r = await state();
        if (r?.id === id && r.phase === 'result') shown = r;
        else await sleep(25);
      }
      expect(shown).toMatchObject({ id, phase: 'result', paid: false });
      expect(shown!.myWin).not.toBeNull();
      expect(credited()).toBe(false);
      await sleep(300); // longer than the table's pause: the round waits for its payments
      expect(await state()).toMatchObject({ id, phase: 'result', paid: false });
    } finally {
      casino.state.held.delete('win');
      release();
    }
    // Once answered, the round says so (or the next round has opened, which waits for every payment).
    for (let i = 0; i < 400; i++) {
      const r = await state();
      if (r && (r.id > id || r.paid)) break;
      await sleep(10);
    }
    expect(credited()).toBe(true);
  });

  it('plays roulette with three bet kinds', async () => {
    const s = await open('ryl-roulette');
    await bettingRound(s.token);
    const stakes = [
      { spot: 'straight:17', amount: '100' },
      { spot: 'red', amount: '200' },
      { spot: 'dozen:2', amount: '300' },
    ];
    const bet = await call<{ roundId: string; liveRound: number }>('POST', '/api/live/bet', s.token, { bets: stakes });
    expect(bet.status).toBe(200);
    const past = await settledRound(bet.body.value.liveRound);
    const n = (past.result as { number: number }).number;
    const expected =
      (n === 17 ? 3600n : 0n) +
      ([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36].includes(n) ? 400n : 0n) +
      (n >= 13 && n <= 24 ? 900n : 0n);
    await sleep(100);
    const win = casino.state.calls.find((c) => c.op === 'win' && c.body.roundId === bet.body.value.roundId);
    expect(win?.body.amount).toBe(String(expected));
  });

  it('refuses bad bets with a clear 4xx and takes no money', async () => {
    const s = await open('dia-dragon-tiger');
    await bettingRound(s.token);
    const calls = casino.state.calls.length;
    const bad = async (bets: unknown) => {
      const r = await call('POST', '/api/live/bet', s.token, { bets });
      return [r.status, r.body.code];
    };
    expect(await bad([{ spot: 'banker', amount: '1000' }])).toEqual([400, 'UNKNOWN_SPOT']);
    expect(await bad([{ spot: 'dragon', amount: '99' }])).toEqual([400, 'BELOW_TABLE_MIN']);
    expect(await bad([{ spot: 'dragon', amount: '1000001' }])).toEqual([400, 'ABOVE_TABLE_MAX']);
    expect(await bad([{ spot: 'dragon', amount: '-5' }])).toEqual([400, 'VALIDATION_FAILED']);
    expect(await bad([])).toEqual([400, 'VALIDATION_FAILED']);
    expect(
      await bad([
        { spot: 'tie', amount: '100' },
        { spot: 'tie', amount: '100' },
      ]),
    ).toEqual([400, 'VALIDATION_FAILED']);
    expect(casino.state.calls.length).toBe(calls);
    expect((await call('GET', '/api/live/rounds/abc')).status).toBe(400);
    expect((await call('GET', '/api/live/rounds/999999')).status).toBe(404);
    const dice = await call<{ token: string }>('POST', '/api/session', undefined, { launchToken: 'launch-dice-9' });
    expect((await call('GET', '/api/live/state', dice.body.value.token)).body.code).toBe('WRONG_GAME');
    const bj = await open('evl-blackjack-1');
    const closed = await call('GET', '/api/live/state', bj.token);
    expect([closed.status, closed.body.code]).toEqual([409, 'TABLE_CLOSED']);
    // After betting closes, a bet is refused.
    let st = (await call<State>('GET', '/api/live/state', s.token)).body.value;
    for (let i = 0; i < 100 && st.round?.phase === 'betting'; i++) {
      await sleep(50);
      st = (await call<State>('GET', '/api/live/state', s.token)).body.value;
    }
    expect(await bad([{ spot: 'dragon', amount: '100' }])).toEqual([409, 'BETTING_CLOSED']);
  });
});
