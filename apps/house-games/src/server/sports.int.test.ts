import { beforeAll, describe, expect, it } from 'vitest';
import type { SportFixture } from '../games/sports/feed.ts';
import { sportsTestApp } from '../../test/sports-app.ts';

/**
 * The sportsbook through HTTP against a fake casino speaking the seamless-wallet protocol (decision
 * 096): a feed the test drives lists events, suspends them, changes prices and sends (and corrects)
 * results. A single and an accumulator settle once; a correction posts only the difference; a
 * suspended, started or re-priced selection is refused; the limits hold; a slip sent twice is one bet.
 */
const { casino, call, open, sports } = sportsTestApp({
  HOUSE_GAMES_SPORTS_MIN_STAKE: '100',
  HOUSE_GAMES_SPORTS_MAX_STAKE: '20000',
  HOUSE_GAMES_SPORTS_MAX_PAYOUT: '50000',
});

// With no margin the offered odds are the fair prices in hundredths.
const FAIR = { '1X2:H': 2, '1X2:D': 3.5, '1X2:A': 4, 'AH:-0.75:H': 1.9, 'OU:2.5:O': 1.8, 'BTTS:Y': 1.75 };
let n = 0;
const list = async (fair: Record<string, number> = FAIR, startsIn = 3_600_000) => {
  n++;
  const f: SportFixture = {
    ref: `E-${n}`,
    sport: 'football',
    league: 'BRA',
    leagueName: 'Brasileirão Série A',
    home: `Home ${n}`,
    away: `Away ${n}`,
    startsAt: Date.now() + startsIn,
    fair,
  };
  await sports.feed.eventListed(f);
  const [r] = await sports.services.db.query<{ id: string }>('SELECT id FROM hg_sport_events WHERE feed_ref = $1', [
    f.ref,
  ]);
  return { ref: f.ref, id: Number(r!.id) };
};
type Leg = { event: number; selection: string; odds: number };
type Bet = {
  id: number;
  roundId: string;
  status: string;
  win: string | null;
  result: string | null;
  potentialReturn: string;
  legs: { result: string | null; odds: number }[];
};
const place = (token: string, legs: Leg[], stake: string, extra: Record<string, unknown> = {}) =>
  call<Bet>('POST', '/api/sports/bets', token, { legs, stake, ...extra });
const opsOf = (roundId: string) =>
  casino.state.calls
    .filter((c) => c.body.roundId === roundId)
    .map((c) => [c.op, String(c.body.transactionId).slice(roundId.length), c.body.amount ?? null]);
const balance = () => casino.state.balances.get('7')!;

describe('sportsbook', () => {
  let token = '';
  /** A single of 1.00 on `selection` at its listed odds, taken (200). */
  const single = async (event: number, selection: string) => {
    const placed = await place(token, [{ event, selection, odds: FAIR[selection as keyof typeof FAIR] * 100 }], '100');
    expect(placed.status).toBe(200);
    return placed.body.value;
  };
  beforeAll(async () => {
    const s = await open('launch-sports-1');
    expect(s.game.kind).toBe('sports');
    token = s.token;
  });

  it('lists events with the margin on fair prices, and one event with all its markets', async () => {
    const e = await list();
    const home = await call<{ events: { id: number; markets: { market: string }[] }[]; leagues: { id: string }[] }>(
      'GET',
      '/api/sports/events?league=BRA',
      token,
    );
    expect(home.status).toBe(200);
    const mine = home.body.value.events.find((x) => x.id === e.id)!;
    expect(mine.markets.map((m) => m.market)).toEqual(['1X2']);
    expect(home.body.value.leagues.map((l) => l.id)).toContain('BRA');
    const search = await call<{ events: { id: number }[] }>('GET', `/api/sports/events?q=home%20${n}`, token);
    expect(search.body.value.events.map((x) => x.id)).toEqual([e.id]);
    const one = await call<{ event: { markets: { market: string; selections: { key: string; odds: number }[] }[] } }>(
      'GET',
      `/api/sports/events/${e.id}`,
      token,
    );
    const flat = Object.fromEntries(
      one.body.value.event.markets.flatMap((m) => m.selections.map((x) => [x.key, x.odds])),
    );
    expect(flat).toEqual({
      '1X2:H': 200,
      '1X2:D': 350,
      '1X2:A': 400,
      'AH:-0.75:H': 190,
      'OU:2.5:O': 180,
      'BTTS:Y': 175,
    });
    expect((await call('GET', '/api/sports/events/999999', token)).status).toBe(404);
  });

  it('settles a single exactly once when the result arrives', async () => {
    const e = await list();
    const before = balance();
    const placed = await place(token, [{ event: e.id, selection: '1X2:H', odds: 200 }], '1000');
    expect(placed.status).toBe(200);
    expect(placed.body.value).toMatchObject({ status: 'open', potentialReturn: '2000' });
    expect(balance()).toBe(before - 1000n);
    await sports.feed.eventResulted(e.ref, { score: { home: 2, away: 1 } });
    await sports.feed.eventResulted(e.ref, { score: { home: 2, away: 1 } }); // the feed repeats itself
    expect(await sports.services.sports.settleEvent(e.id)).toBe(0); // and a second settlement finds nothing to do
    const r = placed.body.value.roundId;
    expect(opsOf(r)).toEqual([
      ['bet', '-B', '1000'],
      ['win', '-W', '2000'],
    ]);
    expect(balance()).toBe(before + 1000n);
    const settled = await call<Bet[]>('GET', '/api/sports/bets?status=settled', token);
    const b = settled.body.value.find((x) => x.roundId === r)!;
    expect(b).toMatchObject({ status: 'settled', win: '2000', result: 'WIN' });
    expect(b.legs[0]!.result).toBe('WIN');
  });

  it('settles a 3-leg accumulator once every leg is known: a quarter-line half win and a void leg at 1.00', async () => {
    const [a, b, c] = [await list(), await list(), await list()];
    const before = balance();
    const placed = await place(
      token,
      [
        { event: a.id, selection: 'AH:-0.75:H', odds: 190 },
        { event: b.id, selection: 'OU:2.5:O', odds: 180 },
        { event: c.id, selection: '1X2:A', odds: 400 },
      ],
      '1000',
    );
    expect(placed.status).toBe(200);
    expect(placed.body.value.potentialReturn).toBe('13680'); // 10.00 × 1.90 × 1.80 × 4.00
    const r = placed.body.value.roundId;
    await sports.feed.eventResulted(a.ref, { score: { home: 2, away: 1 } }); // -0.75 on a one-goal win: half win
    await sports.feed.eventResulted(b.ref, { score: { home: 2, away: 2 } }); // over 2.5: win
    expect(opsOf(r)).toEqual([['bet', '-B', '1000']]); // one leg still to come: nothing paid yet
    const open = await call<Bet[]>('GET', '/api/sports/bets?status=open', token);
    expect(open.body.value.find((x) => x.roundId === r)!.legs.map((l) => l.result)).toEqual(['HALF_WIN', 'WIN', null]);
    await sports.feed.eventResulted(c.ref, { score: null }); // abandoned: the leg is void
    await sports.feed.eventResulted(c.ref, { score: null });
    // 10.00 × 1.45 × 1.80 × 1.00 = 26.10
    expect(opsOf(r)).toEqual([
      ['bet', '-B', '1000'],
      ['win', '-W', '2610'],
    ]);
    expect(balance()).toBe(before - 1000n + 2610n);
  });

  it('re-settles on a corrected result by posting the difference, never editing what was paid', async () => {
    const e = await list();
    const before = balance();
    const placed = await place(token, [{ event: e.id, selection: '1X2:H', odds: 200 }], '1000');
    const r = placed.body.value.roundId;
    await sports.feed.eventResulted(e.ref, { score: { home: 1, away: 0 } });
    await sports.feed.resultCorrected(e.ref, { score: { home: 0, away: 1 } }); // the home win was wrong
    await sports.feed.resultCorrected(e.ref, { score: { home: 0, away: 1 } }); // the same correction again: nothing
    expect(opsOf(r)).toEqual([
      ['bet', '-B', '1000'],
      ['win', '-W', '2000'],
      ['bet', '-D1', '2000'],
    ]);
    expect(balance()).toBe(before - 1000n);
    await sports.feed.resultCorrected(e.ref, { score: { home: 3, away: 1 } }); // and back to a home win
    expect(opsOf(r)).toEqual([
      ['bet', '-B', '1000'],
      ['win', '-W', '2000'],
      ['bet', '-D1', '2000'],
      ['win', '-W2', '2000'],
    ]);
    expect(balance()).toBe(before + 1000n);
    const postings = await sports.services.db.query<{ seq: number; total: string; amount: string }>(
      `SELECT p.seq, p.total, p.amount FROM hg_sport_postings p JOIN hg_bets b ON b.id = p.bet_id WHERE b.round_id = $1 ORDER BY seq`,
      [r],
    );
    expect(postings.map((p) => [Number(p.seq), String(p.total), String(p.amount)])).toEqual([
      [0, '2000', '2000'],
      [1, '0', '-2000'],
      [2, '2000', '2000'],
    ]);
    // A correction of a leg that doesn't change the bet's money posts nothing (a 2-0 is still a home win).
    await sports.feed.resultCorrected(e.ref, { score: { home: 2, away: 0 } });
    expect(opsOf(r)).toHaveLength(4);
  });

  it("keeps a result's progress: a bet that was not open then is settled by a later pass, a correction settles all again (decision 122)", async () => {
    const e = await list();
    const ids: number[] = [];
    const rounds: string[] = [];
    for (const selection of ['1X2:H', '1X2:A', 'BTTS:Y']) {
      const bet = await single(e.id, selection);
      ids.push(bet.id);
      rounds.push(bet.roundId);
    }
    // The middle bet is caught in flight (not open yet) when the result arrives.
    await sports.services.db.query(`UPDATE hg_bets SET status = 'placing' WHERE id = $1`, [ids[1]]);
    await sports.feed.eventResulted(e.ref, { score: { home: 2, away: 1 } });
    const progress = async () =>
      (
        await sports.services.db.query<{ result_version: number; claimed_through: string }>(
          'SELECT result_version, claimed_through FROM hg_sport_settlement_progress WHERE event_id = $1',
          [e.id],
        )
      ).map((p) => [Number(p.result_version), Number(p.claimed_through)]);
    // Both open bets were claimed, and the mark covers the bet in flight too.
    expect(await progress()).toEqual([[1, ids[2]]]);
    expect(opsOf(rounds[0]!)).toEqual([
      ['bet', '-B', '100'],
      ['win', '-W', '200'],
    ]);
    expect(opsOf(rounds[1]!)).toEqual([['bet', '-B', '100']]);
    expect(opsOf(rounds[2]!)).toEqual([
      ['bet', '-B', '100'],
      ['win', '-W', '175'],
    ]);
    // Once open it is below the mark, but still open: the next pass claims it (a restart's, or a twin's).
    await sports.services.db.query(`UPDATE hg_bets SET status = 'open' WHERE id = $1`, [ids[1]]);
    expect(await sports.services.sports.settleEvent(e.id)).toBe(1);
    expect(opsOf(rounds[1]!)).toEqual([
      ['bet', '-B', '100'],
      ['win', '-W', '0'],
    ]);
    expect(await sports.services.sports.settleEvent(e.id)).toBe(0);
    // A correction is a new result version: the mark of the first does not pass over its bets.
    await sports.feed.resultCorrected(e.ref, { score: { home: 0, away: 1 } });
    expect(await progress()).toEqual([[2, ids[2]]]);
    expect(opsOf(rounds[0]!)).toEqual([
      ['bet', '-B', '100'],
      ['win', '-W', '200'],
      ['bet', '-D1', '200'],
    ]);
    expect(opsOf(rounds[1]!)).toEqual([
      ['bet', '-B', '100'],
      ['win', '-W', '0'],
      ['win', '-W1', '400'],
    ]);
    expect(opsOf(rounds[2]!)).toEqual([
      ['bet', '-B', '100'],
      ['win', '-W', '175'],
      ['bet', '-D1', '175'],
    ]);
  });

  it('refuses a changed price with the new one unless changes are accepted; a suspended or started event', async () => {
    const e = await list();
    await sports.feed.eventListed({
      ref: e.ref,
      sport: 'football',
      league: 'BRA',
      leagueName: 'Brasileirão Série A',
      home: `Home ${n}`,
      away: `Away ${n}`,
      startsAt: Date.now() + 3_600_000,
      fair: { ...FAIR, '1X2:H': 1.8 },
    });
    const before = balance();
    const stale = await place(token, [{ event: e.id, selection: '1X2:H', odds: 200 }], '1000');
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('ODDS_CHANGED');
    expect(stale.body.value).toEqual({ legs: [{ event: e.id, selection: '1X2:H', odds: 180 }] });
    expect(balance()).toBe(before);
    const taken = await place(token, [{ event: e.id, selection: '1X2:H', odds: 200 }], '1000', { acceptChanges: true });
    expect(taken.status).toBe(200);
    expect(taken.body.value.potentialReturn).toBe('1800');

    await sports.feed.eventSuspended(e.ref, true);
    const suspended = await place(token, [{ event: e.id, selection: '1X2:D', odds: 350 }], '1000');
    expect([suspended.status, suspended.body.code]).toEqual([409, 'MARKET_SUSPENDED']);
    await sports.feed.eventSuspended(e.ref, false);
    expect((await place(token, [{ event: e.id, selection: '1X2:D', odds: 350 }], '1000')).status).toBe(200);
    await sports.feed.eventStarted(e.ref);
    const started = await place(token, [{ event: e.id, selection: '1X2:D', odds: 350 }], '1000');
    expect([started.status, started.body.code]).toEqual([409, 'EVENT_STARTED']);
    // A selection the event does not offer is a suspended market too.
    const other = await list();
    const missing = await place(token, [{ event: other.id, selection: 'CS:1-0', odds: 700 }], '1000');
    expect([missing.status, missing.body.code]).toEqual([409, 'MARKET_SUSPENDED']);
  });

  it('holds the limits: stake range, the most a bet may return, one leg per event; bad input is a 400', async () => {
    const [a, b] = [await list(), await list()];
    const before = balance();
    const low = await place(token, [{ event: a.id, selection: '1X2:H', odds: 200 }], '99');
    expect([low.status, low.body.code]).toEqual([400, 'STAKE_OUT_OF_RANGE']);
    const high = await place(token, [{ event: a.id, selection: '1X2:H', odds: 200 }], '20001');
    expect([high.status, high.body.code]).toEqual([400, 'STAKE_OUT_OF_RANGE']);
    // 200.00 × 4.00 × 4.00 = 3,200.00 > the 500.00 a bet may return: refused with the stake that fits.
    const big = await place(
      token,
      [
        { event: a.id, selection: '1X2:A', odds: 400 },
        { event: b.id, selection: '1X2:A', odds: 400 },
      ],
      '20000',
    );
    expect([big.status, big.body.code]).toEqual([400, 'PAYOUT_TOO_HIGH']);
    expect(big.body.value).toEqual({ maxPayout: '50000', maxStake: '3125' });
    const same = await place(
      token,
      [
        { event: a.id, selection: '1X2:H', odds: 200 },
        { event: a.id, selection: 'BTTS:Y', odds: 175 },
      ],
      '1000',
    );
    expect([same.status, same.body.code]).toEqual([400, 'SAME_EVENT']);
    for (const body of [
      {},
      { legs: [], stake: '1000' },
      { legs: [{ event: a.id, selection: '1X2:Q', odds: 200 }], stake: '1000' },
      { legs: [{ event: a.id, selection: '1X2:H', odds: 100 }], stake: '1000' },
      { legs: [{ event: a.id, selection: '1X2:H', odds: 200 }], stake: '-5' },
      { legs: [{ event: 'x', selection: '1X2:H', odds: 200 }], stake: '1000' },
      { legs: [{ event: a.id, selection: '1X2:H', odds: 200 }], stake: '1000', extra: 1 },
    ]) {
      const res = await call('POST', '/api/sports/bets', token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call('GET', '/api/sports/events?limit=0', token)).status).toBe(400);
    expect((await call('GET', '/api/sports/bets?status=maybe', token)).status).toBe(400);
    expect((await call('GET', '/api/sports/events')).status).toBe(401);
    expect(balance()).toBe(before);
  });

  it('takes a slip sent twice once (its slip id), and refuses a session of another game', async () => {
    const e = await list();
    const before = balance();
    const legs = [{ event: e.id, selection: '1X2:D', odds: 350 }];
    const first = await place(token, legs, '500', { slipId: 'slip-0001-abcd' });
    const again = await place(token, legs, '500', { slipId: 'slip-0001-abcd' });
    expect(first.status).toBe(200);
    expect(again.body.value.id).toBe(first.body.value.id);
    expect(opsOf(first.body.value.roundId)).toEqual([['bet', '-B', '500']]);
    expect(balance()).toBe(before - 500n);
    const dice = await open('launch-dice-1');
    const wrong = await call('GET', '/api/sports/events', dice.token);
    expect([wrong.status, wrong.body.code]).toEqual([409, 'WRONG_GAME']);
  });

  it('settles each bet once when a second settler works the same event at the same moment (decision 120)', async () => {
    // A twin (another instance, or this one after a restart) settles while the result's own settlement
    // runs, and every bet is paid once, at its amount. On this embedded database the two take turns
    // statement by statement; that they also never deadlock on PostgreSQL (both lock a chunk's bets in
    // id order) is exercised by `npm run bench:sports`, whose two settlers run on separate connections.
    // Three events, for several interleavings.
    const picks = ['1X2:H', '1X2:D', '1X2:A', 'AH:-0.75:H', 'OU:2.5:O', 'BTTS:Y'];
    for (let round = 0; round < 3; round++) {
      const e = await list();
      const before = balance();
      const rounds: string[] = [];
      for (let i = 0; i < 24; i++) rounds.push((await single(e.id, picks[i % picks.length]!)).roundId);
      const twin = (async () => {
        for (;;) {
          const [r] = await sports.services.db.query<{ status: string }>(
            'SELECT status FROM hg_sport_events WHERE id = $1',
            [e.id],
          );
          if (r!.status === 'resulted') return sports.services.sports.settleEvent(e.id);
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
      })();
      await Promise.all([sports.feed.eventResulted(e.ref, { score: { home: 2, away: 1 } }), twin]);
      // 2–1: the home win, the quarter line's half win, over 2.5 and both teams scoring win.
      const wins = { '1X2:H': 200n, '1X2:D': 0n, '1X2:A': 0n, 'AH:-0.75:H': 145n, 'OU:2.5:O': 180n, 'BTTS:Y': 175n };
      let paid = 0n;
      for (const [i, r] of rounds.entries()) {
        const credits = opsOf(r).filter(([op]) => op === 'win');
        expect(credits, r).toEqual([['win', '-W', String(wins[picks[i % picks.length] as keyof typeof wins])]]);
        paid += wins[picks[i % picks.length] as keyof typeof wins];
      }
      expect(balance()).toBe(before - 2400n + paid);
      const [{ n: postings }] = (await sports.services.db.query<{ n: string }>(
        `SELECT count(*) AS n FROM hg_sport_postings p JOIN hg_bets b ON b.id = p.bet_id
          WHERE b.round_id = ANY($1::text[]) AND p.status = 'done'`,
        [rounds],
      )) as [{ n: string }];
      expect(Number(postings)).toBe(rounds.length);
    }
  });
});
