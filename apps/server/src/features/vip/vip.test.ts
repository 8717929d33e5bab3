import { describe, expect, it } from 'vitest';
import { levelFor, meets, missingTo, percentTo } from './service.ts';

const L = (depositMin: bigint, turnoverMin: bigint) => ({ depositMin, turnoverMin });
const LEVELS = [L(10_000n, 0n), L(50_000n, 200_000n), L(200_000n, 1_000_000n)];
const f = (deposits: bigint, turnover: bigint) => ({ deposits, turnover });

describe('VIP level computation', () => {
  it('reaches a level exactly at its thresholds, not a unit before', () => {
    expect(levelFor(LEVELS, f(9_999n, 0n), 'all')).toBe(0);
    expect(levelFor(LEVELS, f(10_000n, 0n), 'all')).toBe(1);
    expect(levelFor(LEVELS, f(50_000n, 199_999n), 'all')).toBe(1);
    expect(levelFor(LEVELS, f(50_000n, 200_000n), 'all')).toBe(2);
    expect(levelFor(LEVELS, f(199_999n, 5_000_000n), 'all')).toBe(2);
    expect(levelFor(LEVELS, f(200_000n, 1_000_000n), 'all')).toBe(3);
    expect(levelFor(LEVELS, f(10n ** 12n, 10n ** 12n), 'all')).toBe(3);
  });

  it('with match any, either threshold is enough', () => {
    expect(levelFor(LEVELS, f(0n, 200_000n), 'any')).toBe(2);
    expect(levelFor(LEVELS, f(200_000n, 0n), 'any')).toBe(3);
    expect(levelFor(LEVELS, f(9_999n, 199_999n), 'any')).toBe(0);
  });

  it('a 0 threshold asks nothing; a keep rule of zeros always keeps', () => {
    expect(meets(L(0n, 100n), f(0n, 100n), 'all')).toBe(true);
    expect(meets(L(0n, 0n), f(0n, 0n), 'all')).toBe(true);
    expect(meets(L(1n, 0n), f(0n, 0n), 'any')).toBe(false);
  });

  it('says exactly what is missing, and how far along the member is', () => {
    expect(missingTo(LEVELS[1]!, f(30_000n, 250_000n))).toEqual({ deposits: 20_000n, turnover: 0n });
    expect(percentTo(LEVELS[1]!, f(25_000n, 100_000n), 'all')).toBe(50);
    expect(percentTo(LEVELS[1]!, f(25_000n, 200_000n), 'any')).toBe(100);
    expect(percentTo(LEVELS[0]!, f(9_900n, 0n), 'all')).toBe(99);
  });
});
