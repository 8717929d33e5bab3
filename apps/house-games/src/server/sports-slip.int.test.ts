import { beforeAll, describe, expect, it } from 'vitest';
import type { SportFixture } from '../games/sports/feed.ts';
import { sportsTestApp } from '../../test/sports-app.ts';

/**
 * The bet slip's systems (decision 107) through HTTP against a fake casino speaking the
 * seamless-wallet protocol: a Trixie is one bet of four lines debited once at lines × stake per
 * line, settled once as the sum of its lines when its last leg is known (a void leg at 1.00), and
 * held to the limits (stake per line, the bet's maximum payout) and to its number of selections.
 * The in-play bet delay (decision 107): an in-play bet is taken only after the delay, and refused
 * with no money moved when its market was suspended or its price moved meanwhile.
 * Cash out (decision 108): a part of the stake cashed out and the rest settled by the result; an
 * auto cash out paid exactly once when the offer reaches its value, whatever races it; an
 * accumulator cashed out on its settled leg's result and its open leg's price.
 */
const { casino, call, open, sports } = sportsTestApp({
  HOUSE_GAMES_SPORTS_MIN_STAKE: '100',
  HOUSE_GAMES_SPORTS_MAX_STAKE: '20000',
  HOUSE_GAMES_SPORTS_MAX_PAYOUT: '50000',
  HOUSE_GAMES_SPORTS_INPLAY_DELAY_MS: '400',
});

const FAIR = { '1X2:H': 2, '1X2:D': 3, '1X2:A': 4 };
let n = 0;
const list = async () => {
  n++;
  const f: SportFixture = {
    ref: `S-${n}`,
    sport: 'football',
    league: 'BRA',
    leagueName: 'Brasileirão Série A',
    home: `Home ${n}`,
    away: `Away ${n}`,
    startsAt: Date.now() + 3_600_000,
    fair: FAIR,
  };
  await sports.feed.eventListed(f);
  const [r] = await sports.services.db.query<{ id: string }>('SELECT id FROM hg_sport_events WHERE feed_ref = $1', [
    f.ref,
  ]);
  return { ref: f.ref, id: Number(r!.id) };
};
type Bet = {
  id: number;
  roundId: string;
  type: string;
  system: string | null;
  lines: number;
  lineStake: string;
  stake: string;
  status: string;
  win: string | null;
  result: string | null;
  potentialReturn: string;
  cashOut: string | null;
  openStake: string;
  autoCashOut: string | null;
  cashedOutParts: { stake: string; amount: string }[];
  legs: { result: string | null }[];
};
const opsOf = (roundId: string) =>
  casino.state.calls
    .filter((c) => c.body.roundId === roundId)
    .map((c) => [c.op, String(c.body.transactionId).slice(roundId.length), c.body.amount ?? null]);
const balance = () => casino.state.balances.get('7')!;

describe('sportsbook systems', () => {
  let token = '';
  beforeAll(async () => {
    token = (await open('launch-sports-1')).token;
  });

  it('takes a Trixie as one bet of 4 lines and settles it once as the sum of its lines, a void leg at 1.00', async () => {
    const [a, b, c] = [await list(), await list(), await list()];
    const before = balance();
    const legs = [
      { event: a.id, selection: '1X2:H', odds: 200 },
      { event: b.id, selection: '1X2:D', odds: 300 },
      { event: c.id, selection: '1X2:A', odds: 400 },
    ];
    const placed = await call<Bet>('POST', '/api/sports/bets', token, { legs, stake: '100', system: 'trixie' });
    expect(placed.status).toBe(200);
    // 1.00 a line: doubles 6 + 8 + 12 and the treble 24.
    expect(placed.body.value).toMatchObject({
      type: 'system',
      system: 'trixie',
      lines: 4,
      lineStake: '100',
      stake: '400',
      potentialReturn: '5000',
      status: 'open',
    });
    const r = placed.body.value.roundId;
    expect(opsOf(r)).toEqual([['bet', '-B', '400']]);
    expect(balance()).toBe(before - 400n);
    await sports.feed.eventResulted(a.ref, { score: { home: 1, away: 0 } });
    await sports.feed.eventResulted(b.ref, { score: { home: 1, away: 1 } });
    expect(opsOf(r)).toHaveLength(1); // one leg still to come
    await sports.feed.eventResulted(c.ref, { score: null }); // abandoned: void
    await sports.feed.eventResulted(c.ref, { score: null });
    expect(await sports.services.sports.settleEvent(c.id)).toBe(0);
    // Doubles 2×3 = 6, 2×1 = 2, 3×1 = 3; the treble 6: 17.00, paid once.
    expect(opsOf(r)).toEqual([
      ['bet', '-B', '400'],
      ['win', '-W', '1700'],
    ]);
    expect(balance()).toBe(before - 400n + 1700n);
    const settled = await call<Bet[]>('GET', '/api/sports/bets?status=settled', token);
    expect(settled.body.value.find((x) => x.roundId === r)).toMatchObject({
      type: 'system',
      win: '1700',
      result: 'WIN',
    });
  });

  it('holds the limits on a system: the stake per line, the maximum payout per bet, its number of selections', async () => {
    const [a, b, c, d] = [await list(), await list(), await list(), await list()];
    const before = balance();
    const three = [
      { event: a.id, selection: '1X2:A', odds: 400 },
      { event: b.id, selection: '1X2:A', odds: 400 },
      { event: c.id, selection: '1X2:A', odds: 400 },
    ];
    const low = await call('POST', '/api/sports/bets', token, { legs: three, stake: '99', system: '2/3' });
    expect([low.status, low.body.code]).toEqual([400, 'STAKE_OUT_OF_RANGE']);
    // A Trixie at 10.00 a line on three 4.00s returns 3 × 160 + 640 = 1,120.00 > 500.00: 4.46 a line fits.
    const big = await call('POST', '/api/sports/bets', token, { legs: three, stake: '1000', system: 'trixie' });
    expect([big.status, big.body.code]).toEqual([400, 'PAYOUT_TOO_HIGH']);
    expect(big.body.value).toEqual({ maxPayout: '50000', maxStake: '446' });
    const four = [...three, { event: d.id, selection: '1X2:A', odds: 400 }];
    const wrong = await call('POST', '/api/sports/bets', token, { legs: four, stake: '100', system: 'trixie' });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'SYSTEM_SELECTIONS']);
    const unknown = await call('POST', '/api/sports/bets', token, { legs: three, stake: '100', system: 'goliath' });
    expect(unknown.status).toBe(400);
    expect(balance()).toBe(before);
    // A Lucky 15 on four 2.00s at 1.00 a line: 15 lines, 15.00 staked, 4 × 2 + 6 × 4 + 4 × 8 + 16 = 80.00 if all win.
    const evens = four.map((l) => ({ ...l, selection: '1X2:H', odds: 200 }));
    const lucky = await call<Bet>('POST', '/api/sports/bets', token, { legs: evens, stake: '100', system: 'lucky15' });
    expect(lucky.status).toBe(200);
    expect(lucky.body.value).toMatchObject({ lines: 15, stake: '1500', potentialReturn: '8000' });
    // A system has no cash out.
    expect(lucky.body.value.cashOut).toBeNull();
    const cash = await call('POST', `/api/sports/bets/${lucky.body.value.id}/cashout`, token, { amount: '100' });
    expect([cash.status, cash.body.code]).toEqual([409, 'CASHOUT_UNAVAILABLE']);
    expect(balance()).toBe(before - 1500n);
  });
});

describe('the in-play bet delay', () => {
  let token = '';
  beforeAll(async () => {
    token = (await open('launch-sports-1')).token;
  });
  const LIVE = { '1X2:H': 2.5, '1X2:D': 3, '1X2:A': 3.2 };
  const kickOff = async () => {
    const e = await list();
    await sports.feed.eventStarted(e.ref);
    await sports.feed.eventLive(e.ref, { minute: 20, score: { home: 0, away: 0 }, incidents: [], fair: LIVE });
    return e;
  };
  const betCalls = () => casino.state.calls.filter((c) => c.op === 'bet').length;

  it('takes an in-play bet only after the delay; a pre-match bet at once', async () => {
    const e = await kickOff();
    const t0 = Date.now();
    const res = await call<Bet>('POST', '/api/sports/bets', token, {
      legs: [{ event: e.id, selection: '1X2:H', odds: 250 }],
      stake: '1000',
    });
    expect(res.status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(400);
    // A pre-match bet has no delay: it is taken as soon as it is checked.
    const pre = await list();
    const now = await call('POST', '/api/sports/bets', token, {
      legs: [{ event: pre.id, selection: '1X2:H', odds: 200 }],
      stake: '1000',
    });
    expect(now.status).toBe(200);
  });

  it('refuses with the new price when the price moved during the delay, and moves no money', async () => {
    const e = await kickOff();
    const [before, bets] = [balance(), betCalls()];
    const placing = call('POST', '/api/sports/bets', token, {
      legs: [{ event: e.id, selection: '1X2:H', odds: 250 }],
      stake: '1000',
    });
    await new Promise((r) => setTimeout(r, 150));
    await sports.feed.eventLive(e.ref, {
      minute: 21,
      score: { home: 0, away: 1 },
      incidents: [{ minute: 21, kind: 'goal', side: 'away' }],
      fair: { ...LIVE, '1X2:H': 4.5 },
    });
    const res = await placing;
    expect([res.status, res.body.code]).toEqual([409, 'ODDS_CHANGED']);
    expect(res.body.value).toEqual({ legs: [{ event: e.id, selection: '1X2:H', odds: 450 }] });
    expect([balance(), betCalls()]).toEqual([before, bets]);
    // Accepting price changes takes the new price after the delay.
    const taken = await call<Bet>('POST', '/api/sports/bets', token, {
      legs: [{ event: e.id, selection: '1X2:H', odds: 250 }],
      stake: '1000',
      acceptChanges: true,
    });
    expect(taken.status).toBe(200);
    expect(taken.body.value.potentialReturn).toBe('4500');
  });

  it('refuses a bet whose market was suspended during the delay, and moves no money', async () => {
    const e = await kickOff();
    const [before, bets] = [balance(), betCalls()];
    const placing = call('POST', '/api/sports/bets', token, {
      legs: [{ event: e.id, selection: '1X2:D', odds: 300 }],
      stake: '1000',
      acceptChanges: true,
    });
    await new Promise((r) => setTimeout(r, 150));
    await sports.feed.eventSuspended(e.ref, true);
    const res = await placing;
    expect([res.status, res.body.code]).toEqual([409, 'MARKET_SUSPENDED']);
    expect([balance(), betCalls()]).toEqual([before, bets]);
    await sports.feed.eventSuspended(e.ref, false);
  });
});

describe('cash out: partial, auto, accumulators', () => {
  let token = '';
  beforeAll(async () => {
    token = (await open('launch-sports-1')).token;
  });
  const mine = async (id: number) => {
    for (const status of ['open', 'settled'])
      for (const b of (await call<Bet[]>('GET', `/api/sports/bets?status=${status}`, token)).body.value)
        if (b.id === id) return b;
    throw new Error(`bet ${id} not found`);
  };
  const cashOut = (id: number, body: Record<string, unknown>) =>
    call<Bet>('POST', `/api/sports/bets/${id}/cashout`, token, body);

  it('cashes out a part of the stake at the offer pro rata; the rest stays open and settles on the result', async () => {
    const e = await list();
    const before = balance();
    const placed = await call<Bet>('POST', '/api/sports/bets', token, {
      legs: [{ event: e.id, selection: '1X2:H', odds: 200 }],
      stake: '1000',
    });
    const id = placed.body.value.id;
    const r = placed.body.value.roundId;
    // Taken at 2.00, fair still 2.00, 5 % cash-out margin: the whole stake is offered 9.50.
    expect(placed.body.value.cashOut).toBe('950');
    const part = await cashOut(id, { amount: '950', stake: '400' });
    expect(part.status).toBe(200);
    // 4.00 of the 10.00 for ⌊9.50 × 4 / 10⌋ = 3.80; 6.00 stays open, offered 5.70.
    expect(part.body.value).toMatchObject({
      status: 'open',
      openStake: '600',
      cashOut: '570',
      cashedOutParts: [{ stake: '400', amount: '380' }],
      potentialReturn: '1580',
    });
    const stale = await cashOut(id, { amount: '950', stake: '100' });
    expect([stale.status, stale.body.code, stale.body.value]).toEqual([409, 'CASHOUT_CHANGED', { amount: '570' }]);
    for (const stake of ['601', '550']) {
      // More than the open stake, or a rest under the minimum stake (1.00).
      const bad = await cashOut(id, { amount: '570', stake });
      expect([bad.status, bad.body.code]).toEqual([400, 'CASHOUT_PART']);
    }
    expect(balance()).toBe(before - 1000n + 380n);
    await sports.feed.eventResulted(e.ref, { score: { home: 2, away: 0 } });
    // The rest wins: 6.00 × 2.00 = 12.00 more, under the next transaction id.
    expect(opsOf(r)).toEqual([
      ['bet', '-B', '1000'],
      ['win', '-W', '380'],
      ['win', '-W1', '1200'],
    ]);
    expect(await mine(id)).toMatchObject({ status: 'settled', win: '1580', result: 'WIN' });
    expect(balance()).toBe(before - 1000n + 380n + 1200n);
  });

  it('auto cashes out once when the offer reaches the value set, whatever races it', async () => {
    const e = await list();
    await sports.feed.eventStarted(e.ref);
    const LIVE = { '1X2:H': 2.5, '1X2:D': 3, '1X2:A': 3.2 };
    await sports.feed.eventLive(e.ref, { minute: 30, score: { home: 0, away: 0 }, incidents: [], fair: LIVE });
    const before = balance();
    const placed = await call<Bet>('POST', '/api/sports/bets', token, {
      legs: [{ event: e.id, selection: '1X2:H', odds: 250 }],
      stake: '1000',
    });
    expect(placed.status).toBe(200);
    const { id, roundId: r } = placed.body.value;
    const set = await call<Bet>('PUT', `/api/sports/bets/${id}/autocashout`, token, { amount: '1500' });
    expect(set.status).toBe(200);
    expect(set.body.value).toMatchObject({ status: 'open', autoCashOut: '1500', cashOut: '950' });
    // A home goal: 10.00 × 2.50 / 1.50 × 0.95 = 15.83 ≥ 15.00. The feed's repeat, the player's own
    // cash out and a second auto run race the first: one win.
    const moved = {
      minute: 31,
      score: { home: 1, away: 0 },
      incidents: [{ minute: 31, kind: 'goal' as const, side: 'home' as const }],
      fair: { ...LIVE, '1X2:H': 1.5 },
    };
    await Promise.all([
      sports.feed.eventLive(e.ref, moved),
      sports.feed.eventLive(e.ref, moved),
      cashOut(id, { amount: '1583' }),
      sports.feed.eventSuspended(e.ref, false),
    ]);
    expect(opsOf(r)).toEqual([
      ['bet', '-B', '1000'],
      ['win', '-W', '1583'],
    ]);
    await sports.feed.eventResulted(e.ref, { score: { home: 1, away: 0 } });
    expect(opsOf(r)).toHaveLength(2);
    expect(await mine(id)).toMatchObject({ status: 'settled', win: '1583', result: 'CASHED_OUT', autoCashOut: null });
    expect(balance()).toBe(before - 1000n + 1583n);
    const late = await call('PUT', `/api/sports/bets/${id}/autocashout`, token, { amount: '2000' });
    expect([late.status, late.body.code]).toEqual([409, 'BET_SETTLED']);
    const bad = await call('PUT', `/api/sports/bets/${id}/autocashout`, token, { amount: '-1' });
    expect(bad.status).toBe(400);
  });

  it('cashes out an accumulator on its settled legs’ results and its open legs’ prices; never a lost one', async () => {
    const [a, b] = [await list(), await list()];
    const before = balance();
    const legs = [
      { event: a.id, selection: '1X2:H', odds: 200 },
      { event: b.id, selection: '1X2:D', odds: 300 },
    ];
    const placed = await call<Bet>('POST', '/api/sports/bets', token, { legs, stake: '1000' });
    const { id, roundId: r } = placed.body.value;
    // Both open at their fair prices: 10.00 × 2/2 × 3/3 × 0.95.
    expect(placed.body.value.cashOut).toBe('950');
    await sports.feed.eventResulted(a.ref, { score: { home: 1, away: 0 } }); // the first leg wins
    // 10.00 × 2.00 (won) × 3.00 / 3.00 × 0.95 = 19.00
    expect((await mine(id)).cashOut).toBe('1900');
    const done = await cashOut(id, { amount: '1900' });
    expect(done.status).toBe(200);
    await sports.feed.eventResulted(b.ref, { score: { home: 1, away: 1 } }); // the draw would have paid 60.00: nothing more
    expect(opsOf(r)).toEqual([
      ['bet', '-B', '1000'],
      ['win', '-W', '1900'],
    ]);
    expect(balance()).toBe(before - 1000n + 1900n);

    const [c, d] = [await list(), await list()];
    const lost = await call<Bet>('POST', '/api/sports/bets', token, {
      legs: [
        { event: c.id, selection: '1X2:H', odds: 200 },
        { event: d.id, selection: '1X2:H', odds: 200 },
      ],
      stake: '1000',
    });
    await sports.feed.eventResulted(c.ref, { score: { home: 0, away: 1 } });
    expect((await mine(lost.body.value.id)).cashOut).toBeNull();
    const refused = await cashOut(lost.body.value.id, { amount: '100' });
    expect([refused.status, refused.body.code]).toEqual([409, 'CASHOUT_UNAVAILABLE']);
  });
});

describe('results', () => {
  it('lists settled events by league with the final and half-time scores', async () => {
    const token = (await open('launch-sports-1')).token;
    const e = await list();
    await sports.feed.eventStarted(e.ref);
    await sports.feed.eventLive(e.ref, {
      minute: 70,
      score: { home: 1, away: 1 },
      incidents: [
        { minute: 12, kind: 'goal', side: 'home' },
        { minute: 40, kind: 'yellow', side: 'away' },
        { minute: 61, kind: 'goal', side: 'away' },
      ],
      fair: FAIR,
    });
    await sports.feed.eventResulted(e.ref, { score: { home: 2, away: 1 } });
    const gone = await list();
    await sports.feed.eventResulted(gone.ref, { score: null });
    const res = await call<{
      leagues: { id: string }[];
      events: { id: number; score: unknown; halfTime: unknown; abandoned: boolean }[];
    }>('GET', '/api/sports/results?league=BRA', token);
    expect(res.status).toBe(200);
    expect(res.body.value.leagues.map((l) => l.id)).toContain('BRA');
    const byId = new Map(res.body.value.events.map((x) => [x.id, x]));
    expect(byId.get(e.id)).toMatchObject({
      score: { home: 2, away: 1 },
      halfTime: { home: 1, away: 0 },
      abandoned: false,
    });
    expect(byId.get(gone.id)).toMatchObject({ score: null, halfTime: null, abandoned: true });
    expect((await call('GET', '/api/sports/results?league=x', token)).status).toBe(400);
    expect((await call('GET', '/api/sports/results')).status).toBe(401);
  });
});
