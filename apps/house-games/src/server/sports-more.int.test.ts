import { beforeAll, describe, expect, it } from 'vitest';
import type { SportFixture } from '../games/sports/feed.ts';
import { sportsTestApp } from '../../test/sports-app.ts';

/**
 * More sports (issue 23) through HTTP against a fake casino speaking the seamless-wallet protocol: a
 * basketball spread, an esports map-1 bet and a football first-half bet, each placed and settled once
 * on its sport's result (points, maps in order, the half-time score); an accumulator across sports;
 * an abandoned series voids; the board filters by sport.
 */
const { casino, call, open, sports } = sportsTestApp();

let n = 0;
const list = async (sport: SportFixture['sport'], league: string, fair: Record<string, number>) => {
  n++;
  const f: SportFixture = {
    ref: `M-${n}`,
    sport,
    league,
    leagueName: league,
    home: `Home ${sport} ${n}`,
    away: `Away ${sport} ${n}`,
    startsAt: Date.now() + 3_600_000,
    fair,
  };
  await sports.feed.eventListed(f);
  const [r] = await sports.services.db.query<{ id: string }>('SELECT id FROM hg_sport_events WHERE feed_ref = $1', [
    f.ref,
  ]);
  return { ref: f.ref, id: Number(r!.id) };
};
type Bet = { id: number; roundId: string; status: string; win: string | null; result: string | null };
const place = (token: string, legs: { event: number; selection: string; odds: number }[], stake: string) =>
  call<Bet>('POST', '/api/sports/bets', token, { legs, stake });
const opsOf = (roundId: string) =>
  casino.state.calls
    .filter((c) => c.body.roundId === roundId)
    .map((c) => [c.op, String(c.body.transactionId).slice(roundId.length), c.body.amount ?? null]);

const BASKETBALL = { 'ML:H': 1.6, 'ML:A': 2.5, 'SP:-5.5:H': 1.95, 'SP:-5.5:A': 1.95, 'TP:215:O': 1.9, 'TP:215:U': 1.9 };
const ESPORTS = { 'MW:H': 1.5, 'MW:A': 2.8, 'M1:H': 1.7, 'M1:A': 2.2, 'MH:-1.5:H': 2.6, 'TM:2.5:O': 2.1 };

describe('more sports', () => {
  let token = '';
  beforeAll(async () => {
    token = (await open('launch-sports-more')).token;
  });

  it('lists each sport with its markets and filters the board by sport', async () => {
    const b = await list('basketball', 'NBA', BASKETBALL);
    const e = await list('esports', 'CS2', ESPORTS);
    const board = await call<{
      events: { id: number; sport: string; markets: { market: string }[] }[];
      sports: { id: string }[];
      leagues: { sport: string; id: string }[];
    }>('GET', '/api/sports/events?sport=basketball,tennis', token);
    expect(board.status).toBe(200);
    expect(board.body.value.events.map((x) => x.id)).toContain(b.id);
    expect(board.body.value.events.map((x) => x.id)).not.toContain(e.id);
    expect(board.body.value.events.find((x) => x.id === b.id)!.markets.map((m) => m.market)).toEqual(['ML']);
    expect(board.body.value.leagues).toContainEqual(expect.objectContaining({ sport: 'basketball', id: 'NBA' }));
    expect(board.body.value.leagues.map((l) => l.sport)).not.toContain('esports');
    // The sports' counts stand whichever sport is picked (the home's chips).
    expect(board.body.value.sports.map((x) => x.id)).toEqual(expect.arrayContaining(['basketball', 'esports']));
    const one = await call<{ event: { markets: { market: string }[] } }>('GET', `/api/sports/events/${e.id}`, token);
    expect(one.body.value.event.markets.map((m) => m.market)).toEqual(['MW', 'M1', 'MH:-1.5', 'TM:2.5']);
    expect((await call('GET', '/api/sports/events?sport=cricket', token)).status).toBe(400);
    // A selection of another sport is refused, changing nothing.
    const wrong = await place(token, [{ event: b.id, selection: '1X2:H', odds: 200 }], '1000');
    expect(wrong.status).toBe(400);
  });

  it('settles a basketball spread once on the final score', async () => {
    const b = await list('basketball', 'NBB', BASKETBALL);
    const placed = await place(token, [{ event: b.id, selection: 'SP:-5.5:H', odds: 195 }], '1000');
    expect(placed.status).toBe(200);
    await sports.feed.eventResulted(b.ref, { score: { home: 88, away: 81 } }); // home by 7 covers -5.5
    await sports.feed.eventResulted(b.ref, { score: { home: 88, away: 81 } });
    expect(await sports.services.sports.settleEvent(b.id)).toBe(0);
    expect(opsOf(placed.body.value.roundId)).toEqual([
      ['bet', '-B', '1000'],
      ['win', '-W', '1950'],
    ]);
    const settled = await call<Bet[]>('GET', '/api/sports/bets?status=settled', token);
    expect(settled.body.value.find((x) => x.id === placed.body.value.id)).toMatchObject({ win: '1950', result: 'WIN' });
  });

  it('settles an esports map-1 bet on the maps in order, and a correction posts the difference', async () => {
    const e = await list('esports', 'VAL', ESPORTS);
    const placed = await place(token, [{ event: e.id, selection: 'M1:A', odds: 220 }], '1000');
    expect(placed.status).toBe(200);
    // Home won the series 2–1 but lost map 1: the away side's map 1 wins.
    await sports.feed.eventResulted(e.ref, { score: { home: 2, away: 1 }, maps: ['A', 'H', 'H'] });
    // The feed corrects the maps' order (the same score): the bet now loses, a difference is posted.
    await sports.feed.resultCorrected(e.ref, { score: { home: 2, away: 1 }, maps: ['H', 'A', 'H'] });
    await sports.feed.resultCorrected(e.ref, { score: { home: 2, away: 1 }, maps: ['H', 'A', 'H'] });
    expect(opsOf(placed.body.value.roundId)).toEqual([
      ['bet', '-B', '1000'],
      ['win', '-W', '2200'],
      ['bet', '-D1', '2200'],
    ]);
  });

  it('settles a football first-half bet on the half-time score; an abandoned series voids', async () => {
    const f = await list('football', 'BRA', { 'HT1X2:D': 2.2, '1X2:H': 2 });
    const e = await list('esports', 'LOL', ESPORTS);
    const ht = await place(token, [{ event: f.id, selection: 'HT1X2:D', odds: 220 }], '1000');
    const acc = await place(
      token,
      [
        { event: f.id, selection: '1X2:H', odds: 200 },
        { event: e.id, selection: 'MW:H', odds: 150 },
      ],
      '1000',
    );
    expect(ht.status).toBe(200);
    expect(acc.status).toBe(200);
    await sports.feed.eventResulted(f.ref, { score: { home: 2, away: 1 }, halfTime: { home: 0, away: 0 } });
    await sports.feed.eventResulted(e.ref, { score: null }); // abandoned: its leg is void, the accumulator pays on the other
    expect(opsOf(ht.body.value.roundId)).toEqual([
      ['bet', '-B', '1000'],
      ['win', '-W', '2200'],
    ]);
    expect(opsOf(acc.body.value.roundId)).toEqual([
      ['bet', '-B', '1000'],
      ['win', '-W', '2000'],
    ]);
  });
});
