import { describe, expect, it } from 'vitest';
import { analyse, countsOf } from './analysis.ts';
import { evaluateWindow, windowAt } from './evaluate.ts';
import { paylinesFor } from './paylines.ts';
import type { SlotMath } from './types.ts';

/** Every combination of stops, weighted equally: the ground truth the analysis must match. */
const enumerate = (math: SlotMath) => {
  let line = 0;
  let scatter = 0;
  let awards = 0;
  let combos = 0;
  const stops = new Array<number>(math.reels).fill(0);
  const rec = (r: number) => {
    if (r === math.reels) {
      const ev = evaluateWindow(math, windowAt(math, stops), [...stops]);
      line += ev.linePay / math.paylines.length;
      scatter += ev.scatterPay;
      awards += ev.freeSpinsAwarded;
      combos++;
      return;
    }
    for (let s = 0; s < (math.strips[r] as number[]).length; s++) {
      stops[r] = s;
      rec(r + 1);
    }
  };
  rec(0);
  return { line: line / combos, scatter: scatter / combos, awards: awards / combos };
};

// Symbols: 0 h1, 1 h2, 2 l1, 3 wild, 4 scatter.
const tiny = (reels: number, strips: number[][], lines: number): SlotMath => ({
  reels,
  rows: 3,
  paylines: paylinesFor(reels, 3, lines),
  symbols: [
    { key: 'h1', kind: 'regular', pays: [0, 0, 2, 20, 60, 200] },
    { key: 'h2', kind: 'regular', pays: [0, 0, 0, 8, 25, 80] },
    { key: 'l1', kind: 'regular', pays: [0, 0, 0, 3, 6, 15] },
    { key: 'W', kind: 'wild', pays: [0, 0, 0, 10, 100, 500] },
    { key: 'S', kind: 'scatter', pays: [] },
  ],
  wild: 3,
  scatter: { symbol: 4, pays: [0, 0, 0, 2, 10, 50], freeSpins: [0, 0, 0, 2, 3, 4], multiplier: 2 },
  strips,
});

describe('exact slot analysis', () => {
  it('matches full enumeration on a 3-reel game with wilds and scatters', () => {
    const math = tiny(
      3,
      [
        [0, 1, 2, 4, 2, 3, 1, 2, 0],
        [2, 4, 1, 0, 3, 2, 2, 1, 0, 3],
        [1, 2, 4, 0, 2, 3, 2, 0],
      ],
      5,
    );
    const a = analyse(math);
    const e = enumerate(math);
    expect(a.lineRtp).toBeCloseTo(e.line, 12);
    expect(a.scatterRtp).toBeCloseTo(e.scatter, 12);
    expect(a.freeSpinsPerSpin).toBeCloseTo(e.awards, 12);
  });

  it('matches full enumeration on a 5-reel, 20-line game where wild runs outpay symbol runs', () => {
    const strip = (shift: number) =>
      [0, 2, 3, 1, 4, 2, 2, 3, 0, 2].map((_, i, a) => a[(i + shift) % a.length] as number);
    const math = tiny(5, [strip(0), strip(1), strip(2), strip(3), strip(5)], 20);
    const a = analyse(math);
    const e = enumerate(math);
    expect(a.lineRtp).toBeCloseTo(e.line, 12);
    expect(a.scatterRtp).toBeCloseTo(e.scatter, 12);
    expect(a.freeSpinsPerSpin).toBeCloseTo(e.awards, 12);
    // Free spins: base × (1 + M·a/(1−a)).
    const base = e.line + e.scatter;
    expect(e.awards).toBeLessThan(1);
    expect(a.rtp).toBeCloseTo(base * (1 + (2 * e.awards) / (1 - e.awards)), 12);
  });

  it('counts symbols per reel', () => {
    const math = tiny(
      3,
      [
        [0, 0, 4],
        [1, 2, 3],
        [3, 3, 3],
      ],
      5,
    );
    expect(countsOf(math)).toEqual([
      [2, 0, 0, 0, 1],
      [0, 1, 1, 1, 0],
      [0, 0, 0, 3, 0],
    ]);
  });
});
