import { describe, expect, it } from 'vitest';
import {
  expectedReturn,
  priceFight,
  settleBet,
  simulatedProbabilities,
  simulatedResult,
  SIDES,
  validProbabilities,
} from './cockfight.ts';

describe('cockfight prices', () => {
  it('applies the margin to fair prices (a worked example)', () => {
    // P(meron) 50 %, P(wala) 42 %, P(draw) 8 %; margin 5 %.
    // meron fair (1 − 0.08)/0.50 = 1.84 → 1.84/1.05 = 1.7523… → 1.75
    // wala  fair 0.92/0.42 = 2.1904… → 2.0861… → 2.08;  draw fair 12.5 → 11.904… → 11.90
    expect(priceFight({ meron: 5000, wala: 4200, draw: 800 }, 500)).toEqual({ meron: 175, wala: 208, draw: 1190 });
    // With no margin the sides' book is exactly 100 % of the non-draw outcomes.
    expect(priceFight({ meron: 5000, wala: 4200, draw: 800 }, 0)).toEqual({ meron: 184, wala: 219, draw: 1250 });
  });

  it('never offers less than 1.01, and refuses probabilities that are not a distribution', () => {
    expect(priceFight({ meron: 9800, wala: 100, draw: 100 }, 2000).meron).toBe(101);
    expect(() => priceFight({ meron: 5000, wala: 5000, draw: 0 }, 500)).toThrow(RangeError);
    expect(validProbabilities({ meron: 5000, wala: 4000, draw: 999 })).toBe(false);
  });

  it('returns at most 1/(1 + margin) on the draw and never more than the fair return on a side', () => {
    for (let n = 1; n <= 300; n++) {
      const p = simulatedProbabilities(`seed-${n}`, n);
      const odds = priceFight(p, 500);
      for (const side of SIDES) {
        const r = expectedReturn(p, odds, side);
        expect(r).toBeLessThan(1);
        if (side === 'DRAW') expect(r).toBeLessThanOrEqual(1 / 1.05 + 1e-9);
        else expect(r).toBeLessThanOrEqual((1 - p.draw / 10_000) / 1.05 + p.draw / 10_000 + 1e-9);
        expect(r).toBeGreaterThan(0.9);
      }
    }
  });
});

describe('cockfight settlement rules', () => {
  it('pays the winning side at its odds, loses the other, returns sides on a draw, voids on a cancel', () => {
    expect(settleBet(1000n, 'MERON', 175, 'MERON')).toEqual({ result: 'WIN', win: 1750n });
    expect(settleBet(1000n, 'WALA', 208, 'MERON')).toEqual({ result: 'LOSE', win: 0n });
    expect(settleBet(1000n, 'DRAW', 1190, 'MERON')).toEqual({ result: 'LOSE', win: 0n });
    expect(settleBet(1000n, 'MERON', 175, 'DRAW')).toEqual({ result: 'PUSH', win: 1000n });
    expect(settleBet(1000n, 'WALA', 208, 'DRAW')).toEqual({ result: 'PUSH', win: 1000n });
    expect(settleBet(333n, 'DRAW', 1190, 'DRAW')).toEqual({ result: 'WIN', win: 3962n });
    for (const side of SIDES) expect(settleBet(777n, side, 500, 'CANCELLED')).toEqual({ result: 'VOID', win: 777n });
  });
});

describe('the simulated feed', () => {
  it('derives the same probabilities and result from the same seed, within the published ranges', () => {
    const counts = { MERON: 0, WALA: 0, DRAW: 0 };
    for (let n = 1; n <= 2000; n++) {
      const p = simulatedProbabilities('a'.repeat(64), n);
      expect(validProbabilities(p)).toBe(true);
      expect(p.draw).toBeGreaterThanOrEqual(500);
      expect(p.draw).toBeLessThan(1000);
      expect(simulatedResult('a'.repeat(64), n, p)).toBe(simulatedResult('a'.repeat(64), n, p));
      counts[simulatedResult('a'.repeat(64), n, p)]++;
    }
    // Draws come at 5–10 %: over 2000 fights well inside 3–13 %.
    expect(counts.DRAW).toBeGreaterThan(60);
    expect(counts.DRAW).toBeLessThan(260);
    expect(counts.MERON).toBeGreaterThan(700);
    expect(counts.WALA).toBeGreaterThan(700);
  });
});
