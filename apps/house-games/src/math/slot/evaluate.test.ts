import { describe, expect, it } from 'vitest';
import { linePayOf, playRound } from './evaluate.ts';
import { paylinesFor } from './paylines.ts';
import { SeededRng } from '../rng.ts';
import { deriveSlot } from './derive.ts';
import type { SlotMath } from './types.ts';

const math: SlotMath = {
  reels: 5,
  rows: 3,
  paylines: paylinesFor(5, 3, 25),
  symbols: [
    { key: 'h1', kind: 'regular', pays: [0, 0, 0, 20, 60, 200] },
    { key: 'l1', kind: 'regular', pays: [0, 0, 0, 3, 6, 15] },
    { key: 'W', kind: 'wild', pays: [0, 0, 0, 10, 100, 500] },
    { key: 'S', kind: 'scatter', pays: [] },
  ],
  wild: 2,
  scatter: { symbol: 3, pays: [0, 0, 0, 2, 10, 50], freeSpins: [0, 0, 0, 5, 8, 10], multiplier: 2 },
  strips: [[0], [0], [0], [0], [0]],
};

describe('line evaluation', () => {
  it('pays runs from the leftmost reel only', () => {
    expect(linePayOf(math, [0, 0, 0, 1, 1]).pay).toBe(20);
    expect(linePayOf(math, [1, 0, 0, 0, 0]).pay).toBe(0);
    expect(linePayOf(math, [0, 0, 0, 0, 0])).toEqual({ symbol: 0, count: 5, pay: 200 });
  });
  it('lets wilds substitute and takes the better of the wild run and the symbol run', () => {
    expect(linePayOf(math, [2, 0, 2, 0, 1])).toEqual({ symbol: 0, count: 4, pay: 60 });
    // Four wilds then a low symbol: 4 wilds pay 100, 5 low symbols pay 15.
    expect(linePayOf(math, [2, 2, 2, 2, 1])).toEqual({ symbol: 2, count: 4, pay: 100 });
    expect(linePayOf(math, [2, 2, 2, 2, 2]).pay).toBe(500);
  });
  it('stops a line at a scatter', () => {
    expect(linePayOf(math, [2, 2, 2, 3, 0])).toEqual({ symbol: 2, count: 3, pay: 10 });
    expect(linePayOf(math, [3, 0, 0, 0, 0]).pay).toBe(0);
  });
});

describe('paylines', () => {
  it('starts with the straight rows and never jumps more than one row', () => {
    const lines = paylinesFor(5, 3, 25);
    expect(lines[0]).toEqual([1, 1, 1, 1, 1]);
    expect(lines.slice(1, 3)).toEqual([
      [0, 0, 0, 0, 0],
      [2, 2, 2, 2, 2],
    ]);
    expect(new Set(lines.map((l) => l.join())).size).toBe(25);
    for (const l of lines)
      for (let i = 1; i < l.length; i++)
        expect(Math.abs((l[i] as number) - (l[i - 1] as number))).toBeLessThanOrEqual(1);
  });
  it('refuses more lines than the grid has', () => {
    expect(() => paylinesFor(3, 3, 18)).toThrow(RangeError);
  });
});

describe('a played round', () => {
  it('settles free spins inside the round and pays whole minor units', () => {
    const game = deriveSlot('TEST_ROUND', 'video-5x3');
    const rng = new SeededRng('rounds');
    let sawFeature = false;
    for (let i = 0; i < 5000; i++) {
      const r = playRound(game.math, rng, 3);
      expect(Number.isInteger(r.win)).toBe(true);
      expect(r.win).toBeGreaterThanOrEqual(0);
      if (r.freeSpins.length) {
        sawFeature = true;
        expect(r.base.freeSpinsAwarded).toBeGreaterThan(0);
      }
    }
    expect(sawFeature).toBe(true);
  });
});
