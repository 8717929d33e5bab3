import { beforeAll, describe, expect, it } from 'vitest';
import { liveFairPrices } from '../math/sports/football.ts';
import { sportsTestApp } from '../../test/sports-app.ts';

/**
 * In-play and cash out (decision 102) through HTTP against a fake casino speaking the
 * seamless-wallet protocol: a feed the test drives starts a match, sends live states (a goal moves
 * the prices), suspends and reopens; a bet on a suspended market is refused, one at an old price is
 * refused with the new one; a cash out pays once at its offer and the later result changes nothing;
 * two racing cash outs pay once; a cash out racing a price change or a settlement is refused.
 */
const { casino, call, open, sports } = sportsTestApp({
  HOUSE_GAMES_SPORTS_CASHOUT_MARGIN_BP: '500',
  HOUSE_GAMES_SPORTS_MIN_STAKE: '100',
  HOUSE_GAMES_SPORTS_MAX_STAKE: '20000',
  HOUSE_GAMES_SPORTS_MAX_PAYOUT: '500000',
});

const LH = 1.6;
const LA = 1.1;
const live = (minute: number, home: number, away: number) => ({
  minute,
  score: { home, away },
  incidents: home ? [{ minute: Math.max(1, minute - 1), kind: 'goal' as const, side: 'home' as const }] : [],
  fair: liveFairPrices(LH, LA, minute, { home, away }),
});
const hundredths = (x: number) => Math.floor(x * 100 + 1e-9);

let n = 0;
/** A match listed and kicked off, live at minute 10, 0–0. */
const kickOff = async () => {
  n++;
  const ref = `L-${n}`;
  await sports.feed.eventListed({
    ref,
    sport: 'football',
    league: 'EPL',
    leagueName: 'Premier League',
    home: `Live Home ${n}`,
    away: `Live Away ${n}`,
    startsAt: Date.now() + 3_600_000,
    fair: liveFairPrices(LH, LA, 0, { home: 0, away: 0 }),
  });
  await sports.feed.eventStarted(ref);
  await sports.feed.eventLive(ref, live(10, 0, 0));
  const [r] = await sports.services.db.query<{ id: string }>('SELECT id FROM hg_sport_events WHERE feed_ref = $1', [
    ref,
  ]);
  return { ref, id: Number(r!.id) };
};
type Bet = {
  id: number;
  roundId: string;
  status: string;
  win: string | null;
  result: string | null;
  cashOut: string | null;
  cashedOut: boolean;
  balance?: string;
};
type Ev = {
  id: number;
  suspended: boolean;
  live: { minute: number; score: { home: number; away: number } } | null;
  markets: { selections: { key: string; odds: number }[] }[];
};
const oddsOf = async (token: string, id: number, sel: string) => {
  const r = await call<{ event: Ev }>('GET', `/api/sports/events/${id}`, token);
  return r.body.value.event.markets.flatMap((m) => m.selections).find((s) => s.key === sel)?.odds ?? 0;
};
const opsOf = (roundId: string) =>
  casino.state.calls
    .filter((c) => c.body.roundId === roundId)
    .map((c) => [c.op, String(c.body.transactionId).slice(roundId.length), c.body.amount ?? null]);
const balance = () => casino.state.balances.get('7')!;
const myBet = async (token: string, id: number) => {
  const all = [
    ...(await call<Bet[]>('GET', '/api/sports/bets?status=open', token)).body.value,
    ...(await call<Bet[]>('GET', '/api/sports/bets?status=settled', token)).body.value,
  ];
  return all.find((b) => b.id === id)!;
};

describe('sportsbook in-play and cash out', () => {
  let token = '';
  beforeAll(async () => {
    const s = await open('launch-sports-inplay');
    expect(s.game.kind).toBe('sports');
    token = s.token;
  });

  it('shows a live match with its score and minute, and takes an in-play bet at the live price', async () => {
    const e = await kickOff();
    const board = await call<{ live: Ev[]; events: Ev[] }>('GET', '/api/sports/events', token);
    const mine = board.body.value.live.find((x) => x.id === e.id)!;
    expect(mine.live).toMatchObject({ minute: 10, score: { home: 0, away: 0 } });
    expect(board.body.value.events.some((x) => x.id === e.id)).toBe(false); // not in the upcoming list
    const price = await oddsOf(token, e.id, '1X2:H');
    expect(price).toBe(hundredths(live(10, 0, 0).fair['1X2:H']!));
    const r = await call<Bet>('POST', '/api/sports/bets', token, {
      legs: [{ event: e.id, selection: '1X2:H', odds: price }],
      stake: '1000',
    });
    expect(r.status).toBe(200);
    expect(r.body.value.status).toBe('open');
  });

  it('refuses a bet on a suspended market, then one at the old price with the new price after a goal', async () => {
    const e = await kickOff();
    const before = await oddsOf(token, e.id, '1X2:H');
    await sports.feed.eventSuspended(e.ref, true); // a goal: suspended first…
    const susp = await call('POST', '/api/sports/bets', token, {
      legs: [{ event: e.id, selection: '1X2:H', odds: before }],
      stake: '1000',
    });
    expect(susp.status).toBe(409);
    expect(susp.body.code).toBe('MARKET_SUSPENDED');
    await sports.feed.eventLive(e.ref, live(12, 1, 0)); // …re-priced on the new score…
    await sports.feed.eventSuspended(e.ref, false); // …and reopened
    const after = await oddsOf(token, e.id, '1X2:H');
    expect(after).toBeLessThan(before); // the home side scored: its win is shorter
    const bal = balance();
    const old = await call<{ legs: { odds: number }[] }>('POST', '/api/sports/bets', token, {
      legs: [{ event: e.id, selection: '1X2:H', odds: before }],
      stake: '1000',
    });
    expect(old.status).toBe(409);
    expect(old.body.code).toBe('ODDS_CHANGED');
    expect(old.body.value.legs[0]!.odds).toBe(after);
    expect(balance()).toBe(bal); // nothing debited
    const taken = await call<Bet>('POST', '/api/sports/bets', token, {
      legs: [{ event: e.id, selection: '1X2:H', odds: before }],
      stake: '1000',
      acceptChanges: true,
    });
    expect(taken.status).toBe(200);
  });

  it('cashes out once at its offer; the later result pays nothing more', async () => {
    const e = await kickOff();
    const price = await oddsOf(token, e.id, '1X2:H');
    const bal0 = balance();
    const placed = await call<Bet>('POST', '/api/sports/bets', token, {
      legs: [{ event: e.id, selection: '1X2:H', odds: price }],
      stake: '1000',
    });
    await sports.feed.eventLive(e.ref, live(60, 2, 0)); // the home side is two up: the bet is worth more
    const b = await myBet(token, placed.body.value.id);
    const fairNow = live(60, 2, 0).fair['1X2:H']!;
    // offer = stake × taken odds / current fair odds × (1 − 5 %)
    const expected = (1000n * BigInt(price) * 9500n) / (BigInt(Math.round(fairNow * 100)) * 10_000n);
    expect(b.cashOut).toBe(String(expected));
    expect(BigInt(b.cashOut!)).toBeGreaterThan(1000n);
    const out = await call<Bet>('POST', `/api/sports/bets/${b.id}/cashout`, token, { amount: b.cashOut });
    expect(out.status).toBe(200);
    expect(out.body.value).toMatchObject({ status: 'settled', cashedOut: true, win: b.cashOut, cashOut: null });
    const again = await call<Bet>('POST', `/api/sports/bets/${b.id}/cashout`, token, { amount: b.cashOut });
    expect(again.status).toBe(200); // asked twice: the same answer, nothing more paid
    await sports.feed.eventResulted(e.ref, { score: { home: 3, away: 0 } }); // the bet would have won
    await sports.feed.resultCorrected(e.ref, { score: { home: 3, away: 1 } });
    const r = placed.body.value.roundId;
    expect(opsOf(r)).toEqual([
      ['bet', '-B', '1000'],
      ['win', '-W', b.cashOut],
    ]);
    expect(balance()).toBe(bal0 - 1000n + expected);
    expect(await myBet(token, b.id)).toMatchObject({ status: 'settled', result: 'CASHED_OUT', win: b.cashOut });
  });

  it('two racing cash outs pay once', async () => {
    const e = await kickOff();
    const price = await oddsOf(token, e.id, '1X2:A');
    const placed = await call<Bet>('POST', '/api/sports/bets', token, {
      legs: [{ event: e.id, selection: '1X2:A', odds: price }],
      stake: '2000',
    });
    const b = await myBet(token, placed.body.value.id);
    expect(b.cashOut).not.toBeNull();
    const [x, y] = await Promise.all([
      call<Bet>('POST', `/api/sports/bets/${b.id}/cashout`, token, { amount: b.cashOut }),
      call<Bet>('POST', `/api/sports/bets/${b.id}/cashout`, token, { amount: b.cashOut }),
    ]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect(opsOf(b.roundId).filter((o) => o[0] === 'win')).toEqual([['win', '-W', b.cashOut]]);
  });

  it('refuses a cash out at a changed offer (with the new one), on a suspended market, and after settlement', async () => {
    const e = await kickOff();
    const price = await oddsOf(token, e.id, '1X2:H');
    const placed = await call<Bet>('POST', '/api/sports/bets', token, {
      legs: [{ event: e.id, selection: '1X2:H', odds: price }],
      stake: '1000',
    });
    const b = await myBet(token, placed.body.value.id);
    await sports.feed.eventLive(e.ref, live(30, 0, 1)); // an away goal: the offer falls
    const moved = await call<{ amount: string }>('POST', `/api/sports/bets/${b.id}/cashout`, token, {
      amount: b.cashOut,
    });
    expect(moved.status).toBe(409);
    expect(moved.body.code).toBe('CASHOUT_CHANGED');
    expect(BigInt(moved.body.value.amount)).toBeLessThan(BigInt(b.cashOut!));
    expect((await myBet(token, b.id)).cashOut).toBe(moved.body.value.amount);
    await sports.feed.eventSuspended(e.ref, true);
    expect((await myBet(token, b.id)).cashOut).toBeNull();
    const susp = await call('POST', `/api/sports/bets/${b.id}/cashout`, token, { amount: moved.body.value.amount });
    expect(susp.body.code).toBe('MARKET_SUSPENDED');
    await sports.feed.eventSuspended(e.ref, false);
    await sports.feed.eventResulted(e.ref, { score: { home: 0, away: 1 } });
    const late = await call('POST', `/api/sports/bets/${b.id}/cashout`, token, { amount: moved.body.value.amount });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('BET_SETTLED');
    expect(opsOf(b.roundId)).toEqual([
      ['bet', '-B', '1000'],
      ['win', '-W', '0'],
    ]); // settled as lost: no cash out paid
    expect((await call('POST', `/api/sports/bets/${b.id}/cashout`, token, { amount: 'x' })).status).toBe(400);
    expect((await call('POST', `/api/sports/bets/99999999/cashout`, token, { amount: '100' })).status).toBe(404);
  });

  it('offers a cash out on an accumulator too (decision 108), at its current offer only', async () => {
    const [a, c] = [await kickOff(), await kickOff()];
    const legs = [
      { event: a.id, selection: '1X2:H', odds: await oddsOf(token, a.id, '1X2:H') },
      { event: c.id, selection: '1X2:H', odds: await oddsOf(token, c.id, '1X2:H') },
    ];
    const placed = await call<Bet>('POST', '/api/sports/bets', token, { legs, stake: '100' });
    expect(placed.status).toBe(200);
    expect(placed.body.value.cashOut).not.toBeNull();
    const r = await call('POST', `/api/sports/bets/${placed.body.value.id}/cashout`, token, { amount: '1' });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('CASHOUT_CHANGED');
  });
});
