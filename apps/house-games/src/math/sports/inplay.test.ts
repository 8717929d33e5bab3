import { describe, expect, it } from 'vitest';
import { cashOutOffer, fairPrices, liveFairPrices } from './football.ts';

const LH = 1.6;
const LA = 1.1;

describe('in-play prices: the Poisson model over the minutes left', () => {
  it('at minute 0 with no goals they are the pre-match prices', () => {
    expect(liveFairPrices(LH, LA, 0, { home: 0, away: 0 })).toEqual(fairPrices(LH, LA));
  });

  it('a home goal shortens the home win and lengthens the draw and the away win', () => {
    const before = liveFairPrices(LH, LA, 30, { home: 0, away: 0 });
    const after = liveFairPrices(LH, LA, 30, { home: 1, away: 0 });
    expect(after['1X2:H']!).toBeLessThan(before['1X2:H']!);
    expect(after['1X2:D']!).toBeGreaterThan(before['1X2:D']!);
    expect(after['1X2:A']!).toBeGreaterThan(before['1X2:A']!);
    // Over 2.5 needs one goal fewer now.
    expect(after['OU:2.5:O']!).toBeLessThan(before['OU:2.5:O']!);
  });

  it('time running with the score level lengthens both wins and shortens the draw', () => {
    const early = liveFairPrices(LH, LA, 10, { home: 1, away: 1 });
    const late = liveFairPrices(LH, LA, 80, { home: 1, away: 1 });
    expect(late['1X2:D']!).toBeLessThan(early['1X2:D']!);
    expect(late['1X2:H']!).toBeGreaterThan(early['1X2:H']!);
    expect(late['1X2:A']!).toBeGreaterThan(early['1X2:A']!);
  });

  it('fair prices are still a book of 1 before the margin', () => {
    for (const [minute, score] of [
      [0, { home: 0, away: 0 }],
      [35, { home: 1, away: 0 }],
      [70, { home: 1, away: 2 }],
      [88, { home: 0, away: 0 }],
    ] as const) {
      const f = liveFairPrices(LH, LA, minute, score);
      const sum = (keys: string[]) => keys.reduce((s, k) => s + 1 / f[k]!, 0);
      expect(sum(['1X2:H', '1X2:D', '1X2:A'])).toBeCloseTo(1, 9);
      const line = Math.min(3.5, score.home + score.away + 1.5); // a line still open
      expect(sum([`OU:${line}:O`, `OU:${line}:U`])).toBeCloseTo(1, 9);
      // Both teams have scored at 1–2: the market is decided (yes can only win), so it is not a book.
      if (score.home && score.away) expect(f['BTTS:N']).toBe(0);
      else expect(sum(['BTTS:Y', 'BTTS:N'])).toBeCloseTo(1, 9);
    }
  });

  it('a decided selection is not offered; at full time nothing is', () => {
    const f = liveFairPrices(LH, LA, 60, { home: 2, away: 1 });
    expect(f['OU:1.5:U']).toBe(0); // already lost
    expect(f['CS:0-0']).toBe(0);
    const end = liveFairPrices(LH, LA, 90, { home: 2, away: 1 });
    expect(end['1X2:A']).toBe(0);
    expect(end['1X2:D']).toBe(0);
  });
});

describe('cash out: stake × taken odds / current fair odds × (1 − margin)', () => {
  it('worked examples', () => {
    // 10.00 at 3.00, now fair 1.50, 5 % margin: 1000 × 300 / 150 × 0.95 = 1900.
    expect(cashOutOffer(1000n, 300, 150, 500)).toBe(1900n);
    // The price drifted: 10.00 at 2.00, now fair 4.00: worth 5.00, 4.75 after 5 %.
    expect(cashOutOffer(1000n, 200, 400, 500)).toBe(475n);
    // Floored: 1000 × 185 / 333 × 0.95 = 527.77…
    expect(cashOutOffer(1000n, 185, 333, 500)).toBe(527n);
    // No margin and an unchanged fair price: the stake back.
    expect(cashOutOffer(1000n, 250, 250, 0)).toBe(1000n);
  });

  it('no fair price, no offer', () => {
    expect(cashOutOffer(1000n, 200, 0, 500)).toBeNull();
  });
});
