import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CockfightFeed, CockfightFeedEvents, FightCard } from '../games/cockfight/feed.ts';
import { hashServerSeed } from '../math/fair/hmac.ts';
import type { HouseServices } from '../services.ts';
import { houseTestApp } from '../../test/house-app.ts';

/**
 * Cockfight through HTTP against a fake casino speaking the seamless-wallet protocol: a feed the
 * test drives opens, closes and ends fights; bets go through the wallet, each bet is settled once
 * (win, loss, the draw's push, a cancel's refund), bad input is refused with 4xx, closed betting too.
 */
let services: HouseServices;
let feed: CockfightFeedEvents;
const manualFeed: CockfightFeed = {
  name: 'manual',
  start: (events) => {
    feed = events;
  },
  stop: () => {},
};

const house = houseTestApp(
  {
    HOUSE_GAMES_COCKFIGHT_MARGIN_BP: '500',
    HOUSE_GAMES_COCKFIGHT_MIN_STAKE: '100',
    HOUSE_GAMES_COCKFIGHT_MAX_STAKE: '100000',
  },
  { feed: manualFeed },
);
const { casino, call, open } = house;

beforeAll(async () => {
  ({ services } = await house.start());
  await services.cockfight.start();
});
afterAll(() => house.close());

const SEED = 'b'.repeat(64);
let n = 0;
/** Opens a fight: P(meron) 50 %, P(wala) 42 %, P(draw) 8 % → with a 5 % margin 1.75 / 2.08 / 11.90. */
const openFight = async (closesIn = 60_000): Promise<FightCard> => {
  n++;
  const card: FightCard = {
    ref: `T-${n}`,
    derby: 'Derby Test',
    fightNo: n,
    meron: 'Kelso',
    wala: 'Hatch',
    fair: { meron: 5000, wala: 4200, draw: 800 },
    bettingClosesAt: Date.now() + closesIn,
    commitment: hashServerSeed(SEED),
  };
  await feed.fightOpened(card);
  return card;
};
type Placed = { roundId: string; odds: number; potentialReturn: string; balance: string };
const bet = (token: string, pick: string, stake: string, odds: number) =>
  call<Placed>('POST', '/api/cockfight/bet', token, { pick, stake, odds });
const opsOf = (roundId: string) =>
  casino.state.calls.filter((c) => c.body.roundId === roundId).map((c) => [c.op, c.body.amount ?? null]);
type MyBet = { roundId: string; status: string; result: string | null; win: string | null; pick: string };

describe('cockfight', () => {
  it('prices the fight with the margin, takes bets through the wallet and settles each once', async () => {
    const s = await open('launch-cockfight-1');
    expect(s.game.kind).toBe('cockfight');
    await openFight();
    const state = (
      await call<{ fight: { phase: string; odds: Record<string, number>; commitment: string } }>(
        'GET',
        '/api/cockfight/state',
        s.token,
      )
    ).body.value;
    expect(state.fight).toMatchObject({ phase: 'betting', odds: { meron: 175, wala: 208, draw: 1190 } });
    expect(state.fight.commitment).toBe(hashServerSeed(SEED));

    const before = casino.state.balances.get('7')!;
    const meron = await bet(s.token, 'MERON', '1000', 175);
    expect(meron.status).toBe(200);
    expect(meron.body.value).toMatchObject({ odds: 175, potentialReturn: '1750', balance: String(before - 1000n) });
    const wala = (await bet(s.token, 'WALA', '500', 208)).body.value;
    const open_ = (await call<MyBet[]>('GET', '/api/cockfight/bets?status=open', s.token)).body.value;
    expect(open_.map((b) => [b.roundId, b.status])).toEqual([
      [wala.roundId, 'open'],
      [meron.body.value.roundId, 'open'],
    ]);

    await feed.bettingClosed('T-1');
    await feed.fightEnded('T-1', { outcome: 'MERON', serverSeed: SEED });
    expect(opsOf(meron.body.value.roundId)).toEqual([
      ['bet', '1000'],
      ['win', '1750'],
    ]);
    expect(opsOf(wala.roundId)).toEqual([
      ['bet', '500'],
      ['win', '0'],
    ]);
    expect(casino.state.balances.get('7')).toBe(before - 1500n + 1750n);

    // The result arriving again, or a second settlement of the fight, moves nothing.
    const calls = casino.state.calls.length;
    await feed.fightEnded('T-1', { outcome: 'WALA', serverSeed: SEED });
    const fight = (
      await call<{ id: number; result: string; serverSeed: string }>('GET', '/api/cockfight/state', s.token)
    ).body.value as unknown as { fight: { id: number; result: string; serverSeed: string } };
    expect(await services.cockfight.settleFight(fight.fight.id)).toBe(0);
    expect(casino.state.calls.length).toBe(calls);
    expect(fight.fight).toMatchObject({ result: 'MERON', serverSeed: SEED });

    const settled = (await call<MyBet[]>('GET', '/api/cockfight/bets?status=settled', s.token)).body.value;
    expect(settled.map((b) => [b.pick, b.status, b.result, b.win])).toEqual([
      ['WALA', 'settled', 'LOSE', '0'],
      ['MERON', 'settled', 'WIN', '1750'],
    ]);
    expect((await call<MyBet[]>('GET', '/api/cockfight/bets?status=open', s.token)).body.value).toEqual([]);
    // The fight's public facts: the fair prices and margin behind the odds, and the revealed seed.
    const facts = (await call('GET', `/api/cockfight/fights/${fight.fight.id}`, s.token)).body.value;
    expect(facts).toMatchObject({ fair: { meron: 5000, wala: 4200, draw: 800 }, marginBp: 500, serverSeed: SEED });
  });

  it('on a draw pays the draw bet and returns the sides; a cancelled fight refunds every stake', async () => {
    const s = await open('launch-cockfight-2');
    await openFight();
    const before = casino.state.balances.get('7')!;
    const side = (await bet(s.token, 'WALA', '1000', 208)).body.value;
    const draw = (await bet(s.token, 'DRAW', '500', 1190)).body.value;
    await feed.fightEnded(`T-${n}`, { outcome: 'DRAW', serverSeed: SEED });
    expect(opsOf(side.roundId)).toEqual([
      ['bet', '1000'],
      ['win', '1000'],
    ]);
    expect(opsOf(draw.roundId)).toEqual([
      ['bet', '500'],
      ['win', '5950'],
    ]);
    expect(casino.state.balances.get('7')).toBe(before + 5950n - 500n);

    await openFight();
    const cancelled = (await bet(s.token, 'MERON', '2000', 175)).body.value;
    await feed.fightEnded(`T-${n}`, { outcome: 'CANCELLED', serverSeed: null });
    await services.outbox.drain();
    expect(opsOf(cancelled.roundId).map(([op]) => op)).toEqual(['bet', 'rollback']);
    expect(casino.state.balances.get('7')).toBe(before + 5950n - 500n);
    const settled = (await call<MyBet[]>('GET', '/api/cockfight/bets?status=settled', s.token)).body.value;
    expect(settled.slice(0, 3).map((b) => [b.pick, b.status, b.result, b.win])).toEqual([
      ['MERON', 'refunded', 'VOID', '2000'],
      ['DRAW', 'settled', 'WIN', '5950'],
      ['WALA', 'settled', 'PUSH', '1000'],
    ]);
  });

  it('refuses bad input with a clear 4xx and sends nothing to the casino', async () => {
    const s = await open('launch-cockfight-3');
    const slot = await open('launch-slot-9');
    await openFight();
    const calls = casino.state.calls.length;
    const cases: [unknown, number, string][] = [
      [{ stake: '1000', odds: 175 }, 400, 'VALIDATION_FAILED'],
      [{ pick: 'RED', stake: '1000', odds: 175 }, 400, 'VALIDATION_FAILED'],
      [{ pick: 'MERON', stake: '0', odds: 175 }, 400, 'VALIDATION_FAILED'],
      [{ pick: 'MERON', stake: '-5', odds: 175 }, 400, 'VALIDATION_FAILED'],
      [{ pick: 'MERON', stake: 1000, odds: 175 }, 400, 'VALIDATION_FAILED'],
      [{ pick: 'MERON', stake: '1000', odds: 1.75 }, 400, 'VALIDATION_FAILED'],
      [{ pick: 'MERON', stake: '1000', odds: 175, extra: 1 }, 400, 'VALIDATION_FAILED'],
      [{ pick: 'MERON', stake: '99', odds: 175 }, 400, 'STAKE_OUT_OF_RANGE'],
      [{ pick: 'MERON', stake: '100001', odds: 175 }, 400, 'STAKE_OUT_OF_RANGE'],
    ];
    for (const [body, status, code] of cases) {
      const r = await call('POST', '/api/cockfight/bet', s.token, body);
      expect([r.status, r.body.code], JSON.stringify(body)).toEqual([status, code]);
    }
    const moved = await bet(s.token, 'MERON', '1000', 180);
    expect([moved.status, moved.body.code, moved.body.value]).toEqual([
      409,
      'ODDS_CHANGED',
      { pick: 'MERON', odds: 175 },
    ]);
    expect((await bet('not-a-session', 'MERON', '1000', 175)).status).toBe(401);
    expect((await bet(slot.token, 'MERON', '1000', 175)).body.code).toBe('WRONG_GAME');
    expect((await call('GET', '/api/cockfight/bets?status=all', s.token)).status).toBe(400);
    expect((await call('GET', '/api/cockfight/fights/abc', s.token)).status).toBe(400);
    expect((await call('GET', '/api/cockfight/fights/99999', s.token)).status).toBe(404);
    expect(casino.state.calls.slice(calls).filter((c) => c.op !== 'authenticate')).toEqual([]);
    await feed.fightEnded(`T-${n}`, { outcome: 'WALA', serverSeed: SEED });
  });

  it('refuses a bet once betting has closed, by the feed or by the clock', async () => {
    const s = await open('launch-cockfight-4');
    await openFight();
    await feed.bettingClosed(`T-${n}`);
    const r = await bet(s.token, 'MERON', '1000', 175);
    expect([r.status, r.body.code]).toEqual([409, 'BETTING_CLOSED']);
    await feed.fightEnded(`T-${n}`, { outcome: 'MERON', serverSeed: SEED });
    expect((await bet(s.token, 'MERON', '1000', 175)).body.code).toBe('BETTING_CLOSED');

    await openFight(-1);
    expect((await bet(s.token, 'WALA', '1000', 208)).body.code).toBe('BETTING_CLOSED');
    await feed.fightEnded(`T-${n}`, { outcome: 'MERON', serverSeed: SEED });
  });
});
