import { describe, expect, it } from 'vitest';
import { basketballFairPrices, basketballModel, basketballStep, REGULATION_MINUTES } from './basketball.ts';
import { esportsFairPrices } from './esports.ts';
import { marketsOf } from './sports.ts';
import {
  holdProbability,
  playTennis,
  setsWon,
  simulateTennis,
  TENNIS_START,
  tennisFairPrices,
  type TennisLive,
} from './tennis.ts';

/**
 * In-play prices for basketball, tennis and esports (decision 115): from the opening state they are
 * the pre-match prices; each market is a book of 1 at fair prices (a decided selection has no price,
 * its certain side is priced 1); the state moves them the way it should.
 */
const books = (sport: 'basketball' | 'tennis' | 'esports', f: Record<string, number>) => {
  for (const m of marketsOf(sport, Object.keys(f))) {
    const priced = m.selections.filter((k) => f[k]! > 0);
    if (priced.length === 0) continue;
    expect(
      priced.reduce((s, k) => s + 1 / f[k]!, 0),
      m.market,
    ).toBeCloseTo(1, 3);
  }
};
const pWin = (f: Record<string, number>, k: string) => (f[k]! > 0 ? 1 / f[k]! : 0);

describe('basketball in-play', () => {
  const m = basketballModel(114, 8, 2);

  it('prices from tip-off at 0–0 are the pre-match prices', () => {
    expect(basketballFairPrices(m, { score: { home: 0, away: 0 }, minute: 0 })).toEqual(basketballFairPrices(m));
  });

  it('prices the points still to come over the minutes left: a 20-point lead with 3 to play is near certain', () => {
    const late = basketballFairPrices(m, { score: { home: 100, away: 80 }, minute: 45 });
    expect(pWin(late, 'ML:H')).toBeGreaterThan(0.999);
    expect(Object.keys(late)).toEqual(Object.keys(basketballFairPrices(m))); // the fixture's lines stay
    books('basketball', late);
    // Level at half-time: the money line is near the pre-match one, the totals move with the score.
    const half = basketballFairPrices(m, { score: { home: 57, away: 57 }, minute: 24 });
    expect(pWin(half, 'ML:H')).toBeGreaterThan(0.5);
    expect(pWin(half, 'ML:H')).toBeLessThan(pWin(basketballFairPrices(m), 'ML:H'));
    books('basketball', half);
    // Tied at the end of regulation: an overtime of five minutes is priced.
    const ot = basketballFairPrices(m, { score: { home: 110, away: 110 }, minute: REGULATION_MINUTES });
    expect(pWin(ot, 'ML:H') + pWin(ot, 'ML:A')).toBeCloseTo(1, 6);
    expect(pWin(ot, 'ML:H')).toBeGreaterThan(0.5);
    books('basketball', ot);
  });

  it('the match played three minutes at a time follows the model (money line within 2 %)', () => {
    const pre = pWin(basketballFairPrices(m), 'ML:H');
    let home = 0;
    let total = 0;
    const n = 4000;
    for (let i = 0; i < n; i++) {
      let minute = 0;
      let h = 0;
      let a = 0;
      while (minute < REGULATION_MINUTES || h === a) {
        const s = basketballStep(m, minute, Math.random);
        minute = s.minute;
        h += s.home;
        a += s.away;
      }
      if (h > a) home++;
      total += h + a;
    }
    expect(Math.abs(home / n - pre)).toBeLessThan(0.02);
    expect(total / n).toBeGreaterThan(m.home + m.away - 2);
    expect(total / n).toBeLessThan(m.home + m.away + 3); // overtimes add a few
  });
});

describe('tennis in-play', () => {
  const [p, r] = [0.64, 0.62];

  it('prices from the opening state are the pre-match prices', () => {
    expect(tennisFairPrices(p, r, TENNIS_START)).toEqual(tennisFairPrices(p, r));
  });

  it('a set up and serving for the match at 5–3 prices the leader near certainty; books of 1', () => {
    const f = tennisFairPrices(p, r, { sets: [[6, 4]], games: [5, 3], homeServes: true });
    expect(pWin(f, 'MW:H')).toBeGreaterThan(0.97);
    books('tennis', f);
    // Two sets to love can't be priced any more: the match is over (MW:H certain).
    const over = tennisFairPrices(p, r, {
      sets: [
        [6, 4],
        [6, 3],
      ],
      games: [0, 0],
      homeServes: true,
    });
    expect(over['MW:H']).toBe(1);
    expect(over['MW:A']).toBe(0);
    // A set all: the set handicap is decided (neither wins 2–0, both win a set).
    const setAll = tennisFairPrices(p, r, {
      sets: [
        [6, 4],
        [3, 6],
      ],
      games: [0, 0],
      homeServes: true,
    });
    expect(setAll['SH:-1.5:H']).toBe(0);
    expect(setAll['SH:-1.5:A']).toBeCloseTo(1, 9);
    expect(setAll['SH:+1.5:A']).toBe(0);
    books('tennis', setAll);
  });

  it('a state is the average of the next game’s two (the server holds or is broken)', () => {
    const s: TennisLive = { sets: [[4, 6]], games: [2, 3], homeServes: true };
    const hold = holdProbability(p);
    const held = tennisFairPrices(p, r, { sets: [[4, 6]], games: [3, 3], homeServes: false });
    const broken = tennisFairPrices(p, r, { sets: [[4, 6]], games: [2, 4], homeServes: false });
    const now = tennisFairPrices(p, r, s);
    expect(pWin(now, 'MW:H')).toBeCloseTo(hold * pWin(held, 'MW:H') + (1 - hold) * pWin(broken, 'MW:H'), 9);
  });

  it('the match played game by game ends in the state simulateTennis plays to', () => {
    const draws = Array.from({ length: 2000 }, () => Math.random());
    const from =
      (i = 0) =>
      () =>
        draws[i++ % draws.length]!;
    let n = 0;
    const u1 = from(n);
    let last = TENNIS_START;
    let games = 0;
    for (const g of playTennis(p, r, u1)) {
      const played = g.sets.reduce((s, [x, y]) => s + x + y, 0) + g.games[0] + g.games[1];
      expect(played).toBe(games + 1);
      games = played;
      last = g;
    }
    n = 0;
    const whole = simulateTennis(p, r, from(n));
    expect(whole.sets).toEqual(last.sets);
    expect(whole.score).toEqual(setsWon(last.sets));
    // Carrying on from a state mid-match (after a restart) plays from that state.
    const mid: TennisLive = { sets: [[6, 2]], games: [4, 1], homeServes: false };
    let end = mid;
    for (const g of playTennis(p, r, Math.random, mid)) end = g;
    expect(end.sets[0]).toEqual([6, 2]);
    expect(end.sets[1]![0] >= 4 || end.sets[1]![1] >= 6).toBe(true);
  });
});

describe('esports in-play', () => {
  it('prices from the maps won: the opening state is pre-match; map 1 to home at q = 0.6 makes the series 0.84', () => {
    expect(esportsFairPrices(0.6, [])).toEqual(esportsFairPrices(0.6));
    const f = esportsFairPrices(0.6, ['H']);
    expect(pWin(f, 'MW:H')).toBeCloseTo(0.6 + 0.4 * 0.6, 9);
    expect(pWin(f, 'MH:-1.5:H')).toBeCloseTo(0.6, 9);
    expect(pWin(f, 'TM:2.5:O')).toBeCloseTo(0.4, 9);
    expect(f['M1:H']).toBe(1); // decided: no offer at a margin (offeredOdds gives 0)
    expect(f['M1:A']).toBe(0);
    books('esports', f);
    const level = esportsFairPrices(0.6, ['H', 'A']);
    expect(pWin(level, 'MW:H')).toBeCloseTo(0.6, 9);
    expect(level['TM:2.5:O']).toBe(1);
    books('esports', level);
  });
});
