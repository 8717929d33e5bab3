import { describe, expect, it } from 'vitest';
import { cashOutOffer } from './football.ts';
import { cashOutValue, partialCashOut } from './cashout.ts';

describe('cash out of singles and accumulators (decision 108)', () => {
  it('is decision 102’s offer for a single', () => {
    expect(cashOutValue(1000n, [{ odds: 300, result: null, fair: 150 }], 500)).toBe(1900n);
    expect(cashOutValue(1000n, [{ odds: 200, result: null, fair: 400 }], 500)).toBe(475n);
    expect(cashOutValue(1000n, [{ odds: 300, result: null, fair: 150 }], 500)).toBe(cashOutOffer(1000n, 300, 150, 500));
  });

  it('prices an accumulator from its settled legs’ results and its open legs’ current fair odds', () => {
    // 10.00 on 2.00 (won) × 1.90 (half won: 1.45) × 3.00 (open, fair now 2.50), 5 %:
    // 10 × 2 × 1.45 × 3 / 2.5 × 0.95 = 33.06
    const legs = [
      { odds: 200, result: 'WIN' as const, fair: 0 },
      { odds: 190, result: 'HALF_WIN' as const, fair: 0 },
      { odds: 300, result: null, fair: 250 },
    ];
    expect(cashOutValue(1000n, legs, 500)).toBe(3306n);
    // A void leg counts 1.00: 10 × 1 × 3 / 2.5 × 0.95 = 11.40.
    expect(
      cashOutValue(
        1000n,
        [
          { odds: 400, result: 'VOID', fair: 0 },
          { odds: 300, result: null, fair: 250 },
        ],
        500,
      ),
    ).toBe(1140n);
    // Two legs open: 10 × (2 / 1.6) × (3 / 4) × 0.95 = 8.90 (8.906… floored).
    expect(
      cashOutValue(
        1000n,
        [
          { odds: 200, result: null, fair: 160 },
          { odds: 300, result: null, fair: 400 },
        ],
        500,
      ),
    ).toBe(890n);
  });

  it('offers nothing when a leg lost, every leg is settled or an open leg has no price', () => {
    expect(
      cashOutValue(
        1000n,
        [
          { odds: 200, result: 'LOSE', fair: 0 },
          { odds: 300, result: null, fair: 250 },
        ],
        500,
      ),
    ).toBeNull();
    expect(cashOutValue(1000n, [{ odds: 200, result: 'WIN', fair: 0 }], 500)).toBeNull();
    expect(cashOutValue(1000n, [{ odds: 200, result: null, fair: 0 }], 500)).toBeNull();
  });

  it('pays a part of the stake pro rata of the whole offer, floored', () => {
    // An offer of 19.00 on an open stake of 10.00: cashing 4.00 of it pays 7.60; 3.33 pays 6.32 (6.327).
    expect(partialCashOut(1900n, 400n, 1000n)).toBe(760n);
    expect(partialCashOut(1900n, 333n, 1000n)).toBe(632n);
  });
});
