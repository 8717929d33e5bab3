import { describe, expect, it } from 'vitest';
import {
  basketballFairPrices,
  basketballModel,
  basketballScores,
  settleBasketball,
  simulateBasketball,
} from './basketball.ts';
import { esportsFairPrices, settleEsports, simulateSeries } from './esports.ts';
import { fairPrices, liveFairPrices, offeredOdds, settleSelection } from './football.ts';
import { marketsOf, SPORT_RULES } from './sports.ts';
import {
  holdProbability,
  settleTennis,
  simulateTennis,
  tennisFairPrices,
  tennisOutcomes,
  tieBreakProbability,
} from './tennis.ts';

/** Implied probabilities of one market's selections (1 / price), summed. */
const book = (f: Record<string, number>, keys: string[]) => keys.reduce((s, k) => s + 1 / f[k]!, 0);
/** The same after the operator's margin (offered odds in hundredths). */
const offeredBook = (f: Record<string, number>, keys: string[], marginBp: number) =>
  keys.reduce((s, k) => s + 100 / offeredOdds(f[k]!, marginBp), 0);

describe('football first half', () => {
  it('settles on the half-time score (worked examples)', () => {
    const full = { home: 1, away: 2 };
    const ht = { home: 1, away: 0 };
    expect(settleSelection('HT1X2:H', full, ht)).toBe('WIN');
    expect(settleSelection('HT1X2:D', full, ht)).toBe('LOSE');
    expect(settleSelection('1X2:A', full, ht)).toBe('WIN'); // the match's own markets keep the final score
    expect(settleSelection('HTOU:0.5:O', full, ht)).toBe('WIN');
    expect(settleSelection('HTOU:1.5:U', full, ht)).toBe('WIN');
    expect(settleSelection('HTOU:0.5:O', { home: 2, away: 0 }, { home: 0, away: 0 })).toBe('LOSE');
    // Abandoned, or a feed sending no half-time score: void.
    expect(settleSelection('HT1X2:H', null, ht)).toBe('VOID');
    expect(settleSelection('HT1X2:H', full, null)).toBe('VOID');
  });

  it('prices the half on half the expected goals, and nothing once half-time is past', () => {
    const f = fairPrices(1.6, 1.1);
    expect(f['HT1X2:H']).toBeCloseTo(fairPrices(0.8, 0.55)['1X2:H']!, 9);
    expect(book(f, ['HT1X2:H', 'HT1X2:D', 'HT1X2:A'])).toBeCloseTo(1, 9);
    expect(book(f, ['HTOU:0.5:O', 'HTOU:0.5:U'])).toBeCloseTo(1, 9);
    // The first half's draw is likelier than the match's.
    expect(f['HT1X2:D']!).toBeLessThan(f['1X2:D']!);
    const at30 = liveFairPrices(1.6, 1.1, 30, { home: 1, away: 0 });
    expect(book(at30, ['HT1X2:H', 'HT1X2:D', 'HT1X2:A'])).toBeCloseTo(1, 9);
    expect(offeredOdds(at30['HTOU:0.5:O']!, 600)).toBe(0); // a goal is in: over 0.5 has won, it is not offered
    const at50 = liveFairPrices(1.6, 1.1, 50, { home: 1, away: 0 });
    expect(at50['HT1X2:H']).toBe(0);
    expect(at50['HT1X2:D']).toBe(0);
  });
});

describe('basketball', () => {
  it('settles money line, spread and total points (worked examples: 110–104)', () => {
    const s = { home: 110, away: 104 };
    expect(settleBasketball('ML:H', s)).toBe('WIN');
    expect(settleBasketball('ML:A', s)).toBe('LOSE');
    expect(settleBasketball('SP:-5.5:H', s)).toBe('WIN');
    expect(settleBasketball('SP:-6:H', s)).toBe('PUSH');
    expect(settleBasketball('SP:-6.5:H', s)).toBe('LOSE');
    expect(settleBasketball('SP:-5.5:A', s)).toBe('LOSE'); // away +5.5 loses by 6
    expect(settleBasketball('SP:-6:A', s)).toBe('PUSH');
    expect(settleBasketball('SP:+2.5:A', s)).toBe('LOSE');
    expect(settleBasketball('TP:213.5:O', s)).toBe('WIN');
    expect(settleBasketball('TP:214:O', s)).toBe('PUSH');
    expect(settleBasketball('TP:214.5:U', s)).toBe('WIN');
    expect(settleBasketball('ML:H', null)).toBe('VOID');
  });

  it('every market is a book of 1 at fair prices and 1 + margin offered', () => {
    const m = basketballModel(114, 6, 2);
    const f = basketballFairPrices(m);
    const scores = [...basketballScores(m).values()];
    expect(scores.reduce((s, x) => s + x.p, 0)).toBeCloseTo(1, 9);
    expect(scores.some((x) => x.home === x.away)).toBe(false); // overtime decides
    const markets = marketsOf('basketball', Object.keys(f));
    expect(markets[0]!.market).toBe('ML');
    expect(markets.filter((x) => x.kind === 'SP')).toHaveLength(7);
    expect(markets.filter((x) => x.kind === 'TP')).toHaveLength(7);
    for (const market of markets) {
      // A whole line's push returns the stake: its two sides still make a book of 1 on what is not pushed.
      expect(book(f, market.selections), market.market).toBeCloseTo(1, 9);
      expect(offeredBook(f, market.selections, 600), market.market).toBeGreaterThanOrEqual(1.06 - 1e-9);
      expect(offeredBook(f, market.selections, 600), market.market).toBeLessThan(1.075);
    }
    // The stronger home side is the favourite and gives points.
    expect(f['ML:H']!).toBeLessThan(f['ML:A']!);
    expect(markets.some((x) => x.market.startsWith('SP:-'))).toBe(true);
  });

  it('the simulated match follows the model (money line within 2 %)', () => {
    const m = basketballModel(82, 5, 0);
    const f = basketballFairPrices(m);
    let home = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const s = simulateBasketball(m, Math.random);
      expect(s.home).not.toBe(s.away);
      if (s.home > s.away) home++;
    }
    expect(home / n).toBeCloseTo(1 / f['ML:H']!, 1);
  });
});

describe('tennis', () => {
  it('settles match winner, set handicap and total games (worked examples: 6–4 3–6 7–6)', () => {
    const sets: [number, number][] = [
      [6, 4],
      [3, 6],
      [7, 6],
    ];
    const s = { home: 2, away: 1 };
    expect(settleTennis('MW:H', s, sets)).toBe('WIN');
    expect(settleTennis('SH:-1.5:H', s, sets)).toBe('LOSE'); // home did not win 2–0
    expect(settleTennis('SH:-1.5:A', s, sets)).toBe('WIN'); // away +1.5: won a set
    expect(settleTennis('SH:+1.5:H', s, sets)).toBe('WIN');
    expect(settleTennis('SH:+1.5:A', s, sets)).toBe('LOSE'); // away -1.5: needed 2–0
    expect(settleTennis('TG:31.5:O', s, sets)).toBe('WIN'); // 10 + 9 + 13 = 32 games
    expect(settleTennis('TG:32.5:U', s, sets)).toBe('WIN');
    expect(settleTennis('TG:32.5:O', s, sets)).toBe('LOSE');
    expect(settleTennis('TG:31.5:O', s, null)).toBe('VOID');
    expect(settleTennis('MW:A', null)).toBe('VOID');
  });

  it('the serve model: known hold and tie-break values, every outcome summing to 1', () => {
    expect(holdProbability(0.5)).toBeCloseTo(0.5, 9);
    expect(holdProbability(0.6)).toBeCloseTo(0.7357, 4);
    expect(tieBreakProbability(0.6, 0.6, true)).toBeCloseTo(0.5, 9);
    const outcomes = tennisOutcomes(0.66, 0.62);
    expect(outcomes.reduce((s, o) => s + o.p, 0)).toBeCloseTo(1, 9);
    const f = tennisFairPrices(0.66, 0.62);
    for (const market of marketsOf('tennis', Object.keys(f))) {
      expect(book(f, market.selections), market.market).toBeCloseTo(1, 9);
      expect(offeredBook(f, market.selections, 600), market.market).toBeGreaterThanOrEqual(1.06 - 1e-9);
    }
    expect(f['MW:H']!).toBeLessThan(f['MW:A']!);
  });

  it('the simulated match, point by point, follows the model', () => {
    const f = tennisFairPrices(0.62, 0.6);
    let home = 0;
    let twoNil = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const m = simulateTennis(0.62, 0.6, Math.random);
      expect(m.sets.length).toBe(m.score.home + m.score.away);
      if (m.score.home === 2) home++;
      if (m.score.home === 2 && m.score.away === 0) twoNil++;
    }
    expect(home / n).toBeCloseTo(1 / f['MW:H']!, 1);
    expect(twoNil / n).toBeCloseTo(1 / f['SH:-1.5:H']!, 1);
  });
});

describe('esports', () => {
  it('settles a best-of-three series map by map (worked examples: A, H, H)', () => {
    const maps = ['A', 'H', 'H'] as const;
    const s = { home: 2, away: 1 };
    expect(settleEsports('MW:H', s, [...maps])).toBe('WIN');
    expect(settleEsports('M1:H', s, [...maps])).toBe('LOSE');
    expect(settleEsports('M1:A', s, [...maps])).toBe('WIN');
    expect(settleEsports('MH:-1.5:H', s, [...maps])).toBe('LOSE');
    expect(settleEsports('MH:-1.5:A', s, [...maps])).toBe('WIN');
    expect(settleEsports('MH:+1.5:H', s, [...maps])).toBe('WIN');
    expect(settleEsports('TM:2.5:O', s, [...maps])).toBe('WIN');
    expect(settleEsports('TM:2.5:U', { home: 0, away: 2 }, ['A', 'A'])).toBe('WIN');
    expect(settleEsports('M1:H', s, null)).toBe('VOID');
    expect(settleEsports('MW:H', null)).toBe('VOID');
  });

  it('prices from the map probability (q = 0.6: 2–0 is 0.36, the series 0.648)', () => {
    const f = esportsFairPrices(0.6);
    expect(1 / f['MW:H']!).toBeCloseTo(0.648, 9);
    expect(1 / f['MH:-1.5:H']!).toBeCloseTo(0.36, 9);
    expect(1 / f['M1:H']!).toBeCloseTo(0.6, 9);
    expect(1 / f['TM:2.5:O']!).toBeCloseTo(2 * 0.6 * 0.4, 9);
    for (const market of marketsOf('esports', Object.keys(f))) {
      expect(book(f, market.selections), market.market).toBeCloseTo(1, 9);
      expect(offeredBook(f, market.selections, 600), market.market).toBeGreaterThanOrEqual(1.06 - 1e-9);
    }
    const series = simulateSeries(0.6, () => 0.7); // every map to the away side
    expect(series).toEqual({ score: { home: 0, away: 2 }, maps: ['A', 'A'] });
  });

  it('selection keys belong to their sport', () => {
    expect(SPORT_RULES.esports.isSelection('MH:-1.5:H')).toBe(true);
    expect(SPORT_RULES.esports.isSelection('1X2:H')).toBe(false);
    expect(SPORT_RULES.basketball.isSelection('SP:-5.5:A')).toBe(true);
    expect(SPORT_RULES.basketball.isSelection('SP:-5.25:A')).toBe(false);
    expect(SPORT_RULES.tennis.isSelection('TG:22.5:O')).toBe(true);
    expect(SPORT_RULES.football.isSelection('HT1X2:D')).toBe(true);
    expect(SPORT_RULES.football.isSelection('ML:H')).toBe(false);
  });
});
