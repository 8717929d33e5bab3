import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { splitShares } from './split.ts';

describe('red envelope shares', () => {
  it('fixed: equal shares, refused when the amount does not divide evenly', () => {
    expect(splitShares(900n, 3, 'fixed')).toEqual([300n, 300n, 300n]);
    expect(() => splitShares(1000n, 3, 'fixed')).toThrow('divides evenly');
  });

  it('refuses fewer minor units than shares', () => {
    expect(() => splitShares(2n, 3, 'random')).toThrow('at least one minor unit');
    expect(splitShares(3n, 3, 'random')).toEqual([1n, 1n, 1n]);
  });

  it('random: every share at least 1, all summing to the amount, with the real random source', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 14n }), fc.integer({ min: 1, max: 200 }), (total, count) => {
        fc.pre(total >= BigInt(count));
        const shares = splitShares(total, count, 'random');
        expect(shares).toHaveLength(count);
        expect(shares.every((s) => s >= 1n)).toBe(true);
        expect(shares.reduce((a, b) => a + b, 0n)).toBe(total);
      }),
      { numRuns: 300 },
    );
  });

  it('random: shares vary (not all equal) for a large amount', () => {
    const shares = splitShares(1_000_000n, 10, 'random');
    expect(new Set(shares.map(String)).size).toBeGreaterThan(1);
  });
});
