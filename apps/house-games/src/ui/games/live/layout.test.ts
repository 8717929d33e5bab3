import { describe, expect, it } from 'vitest';
import { coveredBy } from '../../../math/live/roulette.ts';
import { sicBoReturn, sicBoSpotOk } from '../../../math/live/sic-bo.ts';
import { SICBO_COMBOS, SICBO_DOUBLES, SICBO_SINGLES, SICBO_TRIPLES, rouletteHotSpots } from './layout.ts';

describe('roulette layout: splits and corners', () => {
  const all = Array.from({ length: 36 }, (_, i) => rouletteHotSpots(i + 1)).flat();

  it('offers every split and corner of the table once, each one the server takes, covering its numbers', () => {
    const splits = all.filter((h) => h.spot.startsWith('split:'));
    const corners = all.filter((h) => h.spot.startsWith('corner:'));
    // 24 splits within the streets (2 per street × 12) + 33 between streets (3 × 11); 22 corners (2 × 11).
    expect(splits).toHaveLength(57);
    expect(corners).toHaveLength(22);
    expect(new Set(all.map((h) => h.spot)).size).toBe(all.length);
    for (const h of all) expect(coveredBy(h.spot)).toEqual(h.numbers);
  });

  it('puts no split across two streets and none off the table', () => {
    expect(rouletteHotSpots(3).map((h) => h.spot)).toEqual(['split:3-6']);
    expect(rouletteHotSpots(34).map((h) => h.spot)).toEqual(['split:34-35']);
    expect(rouletteHotSpots(36)).toEqual([]);
    expect(rouletteHotSpots(32).map((h) => h.spot)).toEqual(['split:32-33', 'split:32-35', 'corner:32']);
  });
});

describe('sic bo board', () => {
  it('lays out 6 singles, 6 doubles, 6 triples and all 15 two-dice combinations, each a server spot', () => {
    expect(SICBO_COMBOS).toHaveLength(15);
    for (const s of [...SICBO_SINGLES, ...SICBO_DOUBLES, ...SICBO_TRIPLES, ...SICBO_COMBOS])
      expect(sicBoSpotOk(s), s).toBe(true);
  });

  it('pays what the board shows: double 10:1, triple 180:1, combination 5:1, single 1–3:1', () => {
    const r = (dice: [number, number, number]) => ({
      dice,
      total: dice[0] + dice[1] + dice[2],
      triple: dice[0] === dice[1] && dice[1] === dice[2],
    });
    expect(sicBoReturn('double:2', 100n, r([2, 2, 5]))).toBe(1100n);
    expect(sicBoReturn('double:2', 100n, r([2, 3, 5]))).toBe(0n);
    expect(sicBoReturn('triple:5', 100n, r([5, 5, 5]))).toBe(18_100n);
    expect(sicBoReturn('triple:5', 100n, r([5, 5, 4]))).toBe(0n);
    expect(sicBoReturn('combo:1-6', 100n, r([6, 3, 1]))).toBe(600n);
    expect(sicBoReturn('single:3', 100n, r([3, 3, 1]))).toBe(300n);
  });
});
