import { describe, expect, it } from 'vitest';
import {
  betResult,
  betReturn,
  fairPrices,
  footballMarkets,
  isSelection,
  offeredOdds,
  potentialReturn,
  scoreMatrix,
  settleSelection,
  type LegResult,
} from './football.ts';

const s = (home: number, away: number) => ({ home, away });

describe('football settlement, every market kind against worked examples', () => {
  it('match result and double chance', () => {
    expect(settleSelection('1X2:H', s(2, 1))).toBe('WIN');
    expect(settleSelection('1X2:D', s(2, 1))).toBe('LOSE');
    expect(settleSelection('1X2:A', s(2, 1))).toBe('LOSE');
    expect(settleSelection('1X2:D', s(1, 1))).toBe('WIN');
    expect(settleSelection('DC:1X', s(1, 1))).toBe('WIN');
    expect(settleSelection('DC:12', s(1, 1))).toBe('LOSE');
    expect(settleSelection('DC:X2', s(0, 3))).toBe('WIN');
    expect(settleSelection('DC:1X', s(0, 3))).toBe('LOSE');
  });

  it('over/under, both teams to score, correct score', () => {
    expect(settleSelection('OU:2.5:O', s(2, 1))).toBe('WIN');
    expect(settleSelection('OU:2.5:U', s(2, 1))).toBe('LOSE');
    expect(settleSelection('OU:2.5:U', s(1, 1))).toBe('WIN');
    expect(settleSelection('OU:1.5:O', s(1, 0))).toBe('LOSE');
    expect(settleSelection('BTTS:Y', s(1, 1))).toBe('WIN');
    expect(settleSelection('BTTS:Y', s(3, 0))).toBe('LOSE');
    expect(settleSelection('BTTS:N', s(3, 0))).toBe('WIN');
    expect(settleSelection('CS:2-1', s(2, 1))).toBe('WIN');
    expect(settleSelection('CS:1-2', s(2, 1))).toBe('LOSE');
    expect(settleSelection('CS:OTHER', s(4, 1))).toBe('WIN');
    expect(settleSelection('CS:OTHER', s(3, 3))).toBe('LOSE');
  });

  it('Asian handicap: whole, half and quarter lines with pushes and half results', () => {
    // Home -0.5: any home win wins, a draw loses.
    expect(settleSelection('AH:-0.5:H', s(1, 0))).toBe('WIN');
    expect(settleSelection('AH:-0.5:H', s(1, 1))).toBe('LOSE');
    // Home -1: a one-goal win is a push, two goals win; away +1 mirrors it.
    expect(settleSelection('AH:-1:H', s(2, 1))).toBe('PUSH');
    expect(settleSelection('AH:-1:A', s(2, 1))).toBe('PUSH');
    expect(settleSelection('AH:-1:H', s(3, 1))).toBe('WIN');
    expect(settleSelection('AH:-1:A', s(1, 1))).toBe('WIN');
    // Home 0 (draw no bet): a draw returns the stake.
    expect(settleSelection('AH:0:H', s(0, 0))).toBe('PUSH');
    // Home -0.25 = half on 0, half on -0.5: a draw loses half; away +0.25 wins half.
    expect(settleSelection('AH:-0.25:H', s(1, 1))).toBe('HALF_LOSE');
    expect(settleSelection('AH:-0.25:A', s(1, 1))).toBe('HALF_WIN');
    expect(settleSelection('AH:-0.25:H', s(2, 1))).toBe('WIN');
    // Home -0.75 = half on -0.5, half on -1: a one-goal win wins half and pushes half.
    expect(settleSelection('AH:-0.75:H', s(2, 1))).toBe('HALF_WIN');
    expect(settleSelection('AH:-0.75:A', s(2, 1))).toBe('HALF_LOSE');
    expect(settleSelection('AH:-0.75:H', s(3, 1))).toBe('WIN');
    expect(settleSelection('AH:-0.75:H', s(1, 1))).toBe('LOSE');
    // Home +0.75 = half on +0.5, half on +1: a one-goal defeat loses half.
    expect(settleSelection('AH:+0.75:H', s(0, 1))).toBe('HALF_LOSE');
    expect(settleSelection('AH:+0.75:A', s(0, 1))).toBe('HALF_WIN');
    expect(settleSelection('AH:+0.75:H', s(1, 1))).toBe('WIN');
    expect(settleSelection('AH:+0.25:H', s(0, 1))).toBe('LOSE');
  });

  it('an abandoned match voids every selection', () => {
    for (const m of footballMarkets()) for (const sel of m.selections) expect(settleSelection(sel, null)).toBe('VOID');
  });

  it('money per result: a 10.00 stake at 1.90', () => {
    const r = (result: LegResult) => betReturn(1000n, [{ odds: 190, result }]);
    expect(r('WIN')).toBe(1900n);
    expect(r('HALF_WIN')).toBe(1450n); // 5.00 at 1.90 + 5.00 back
    expect(r('PUSH')).toBe(1000n);
    expect(r('VOID')).toBe(1000n);
    expect(r('HALF_LOSE')).toBe(500n);
    expect(r('LOSE')).toBe(0n);
  });

  it('accumulators: the product of the legs, a void leg counts as 1.00, a half as its half', () => {
    // 10.00 × 2.00 × 1.50 × 3.00 = 90.00
    expect(
      betReturn(1000n, [
        { odds: 200, result: 'WIN' },
        { odds: 150, result: 'WIN' },
        { odds: 300, result: 'WIN' },
      ]),
    ).toBe(9000n);
    expect(potentialReturn(1000n, [200, 150, 300])).toBe(9000n);
    // The 3.00 leg void: 10.00 × 2.00 × 1.50 = 30.00.
    expect(
      betReturn(1000n, [
        { odds: 200, result: 'WIN' },
        { odds: 150, result: 'WIN' },
        { odds: 300, result: 'VOID' },
      ]),
    ).toBe(3000n);
    // A half win at 1.90 is ×1.45, a half loss ×0.5: 10.00 × 2.00 × 1.45 × 0.5 = 14.50.
    expect(
      betReturn(1000n, [
        { odds: 200, result: 'WIN' },
        { odds: 190, result: 'HALF_WIN' },
        { odds: 185, result: 'HALF_LOSE' },
      ]),
    ).toBe(1450n);
    // One lost leg loses the accumulator; every leg void returns the stake.
    expect(
      betReturn(1000n, [
        { odds: 200, result: 'WIN' },
        { odds: 150, result: 'LOSE' },
      ]),
    ).toBe(0n);
    expect(
      betReturn(1000n, [
        { odds: 200, result: 'VOID' },
        { odds: 150, result: 'VOID' },
      ]),
    ).toBe(1000n);
    // Fractions of a cent are floored: 0.03 × 1.55 × 1.55 = 0.072075 → 0.07.
    expect(potentialReturn(3n, [155, 155])).toBe(7n);
    expect(betResult(1000n, 1000n, ['VOID', 'VOID'])).toBe('VOID');
    expect(betResult(1000n, 1000n, ['PUSH'])).toBe('PUSH');
    expect(betResult(1000n, 1450n, ['HALF_WIN'])).toBe('WIN');
    expect(betResult(1000n, 500n, ['HALF_LOSE'])).toBe('LOSE');
  });
});

describe('fair prices and the margin', () => {
  const fair = fairPrices(1.5, 1.1);
  const m = scoreMatrix(1.5, 1.1);
  const p = (f: (h: number, a: number) => boolean) =>
    m.reduce((sum, row, h) => sum + row.reduce((t, x, a) => t + (f(h, a) ? x : 0), 0), 0);

  it('each fair price returns exactly the stake on average', () => {
    // E[return] of a unit stake at the fair price is 1 for every selection of every market.
    for (const market of footballMarkets())
      for (const sel of market.selections) {
        const price = fair[sel]!;
        if (!price) continue;
        let e = 0;
        m.forEach((row, h) =>
          row.forEach((x, a) => {
            e +=
              (x *
                Number(
                  betReturn(1_000_000n, [
                    { odds: Math.round(price * 100), result: settleSelection(sel, { home: h, away: a }) },
                  ]),
                )) /
              1_000_000;
          }),
        );
        expect(e, sel).toBeCloseTo(1, 1);
      }
    // 1X2 fair prices are 1 / probability, and the three probabilities sum to 1.
    expect(1 / fair['1X2:H']! + 1 / fair['1X2:D']! + 1 / fair['1X2:A']!).toBeCloseTo(1, 9);
    expect(fair['1X2:H']).toBeCloseTo(1 / p((h, a) => h > a), 9);
    // Draw no bet (AH 0): (1 − P(draw)) / P(home win).
    expect(fair['AH:0:H']).toBeCloseTo((1 - p((h, a) => h === a)) / p((h, a) => h > a), 9);
    // Home −0.25: half on 0, half on −0.5 → (1 − ½P(draw)) / P(home win).
    expect(fair['AH:-0.25:H']).toBeCloseTo((1 - p((h, a) => h === a) / 2) / p((h, a) => h > a), 9);
  });

  it('divides every fair price by (1 + margin), floored to the hundredth (worked example)', () => {
    // Fair 2.00 at 6 % → 2/1.06 = 1.8867… → 1.88; fair 3.50 → 3.3018… → 3.30; at 0 % unchanged.
    expect(offeredOdds(2, 600)).toBe(188);
    expect(offeredOdds(3.5, 600)).toBe(330);
    expect(offeredOdds(2, 0)).toBe(200);
    // Below 1.01 after the margin, or no price: not offered.
    expect(offeredOdds(1.05, 600)).toBe(0);
    expect(offeredOdds(0, 600)).toBe(0);
  });

  it('knows its selections', () => {
    expect(isSelection('AH:-0.75:H')).toBe(true);
    expect(isSelection('AH:+0.25:A')).toBe(true);
    expect(isSelection('OU:2.5:O')).toBe(true);
    expect(isSelection('CS:3-3')).toBe(true);
    expect(isSelection('CS:5-0')).toBe(false);
    expect(isSelection('AH:-0.3:H')).toBe(false);
    expect(isSelection('1X2:X')).toBe(false);
  });
});
