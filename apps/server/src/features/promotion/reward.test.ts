import { describe, expect, it } from 'vitest';
import { rewardOf } from './service.ts';

const base = { amount: 0n, percentBp: 0, cap: 0n, tiers: [], randomMin: 0n, randomMax: 0n };

describe('rewardOf (decisions 065 and 079)', () => {
  it('fixed pays the amount whatever the basis', () => {
    expect(rewardOf({ ...base, formula: 'fixed', amount: 700n }, 123n)).toBe(700n);
  });
  it('percent and percent of loss pay a share of the basis up to the cap, never of a negative basis', () => {
    expect(rewardOf({ ...base, formula: 'percent', percentBp: 1000, cap: 5000n }, 12_345n)).toBe(1234n);
    expect(rewardOf({ ...base, formula: 'percent_loss', percentBp: 1000, cap: 500n }, 12_345n)).toBe(500n);
    expect(rewardOf({ ...base, formula: 'percent_loss', percentBp: 1000, cap: 500n }, -8000n)).toBe(0n);
  });
  it('tiers pay the highest tier the basis reaches, and nothing below the first', () => {
    const tiers = [
      { from: '1000', amount: '100' },
      { from: '5000', amount: '600' },
      { from: '20000', amount: '3000' },
    ];
    const p = { ...base, formula: 'tiers' as const, tiers };
    expect([999n, 1000n, 4999n, 5000n, 19_999n, 20_000n, 10n ** 9n].map((b) => rewardOf(p, b))).toEqual([
      0n,
      100n,
      100n,
      600n,
      600n,
      3000n,
      3000n,
    ]);
  });
  it('random draws in [min, max] inclusive from the given source (the CSPRNG by default)', () => {
    const p = { ...base, formula: 'random' as const, randomMin: 100n, randomMax: 13_100n };
    const calls: [number, number][] = [];
    expect(rewardOf(p, 0n, (a, b) => (calls.push([a, b]), b - 1))).toBe(13_100n);
    expect(calls).toEqual([[100, 13_101]]);
    for (let i = 0; i < 200; i++) {
      const v = rewardOf(p);
      expect(v >= 100n && v <= 13_100n).toBe(true);
    }
  });
});
