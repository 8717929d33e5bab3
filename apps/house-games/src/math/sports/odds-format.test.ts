import { describe, expect, it } from 'vitest';
import { convertOdds } from './odds-format.ts';

describe('odds display formats (decision 107)', () => {
  it('converts decimal odds to Hong Kong, Malay and Indonesian', () => {
    const table: [number, number, number, number, number][] = [
      // hundredths, decimal, HK, Malay, Indonesian
      [150, 1.5, 0.5, 0.5, -2],
      [185, 1.85, 0.85, 0.85, -1.18],
      [200, 2, 1, 1, 1],
      [250, 2.5, 1.5, -0.67, 1.5],
      [300, 3, 2, -0.5, 2],
      [101, 1.01, 0.01, 0.01, -100],
      [1000, 10, 9, -0.11, 9],
    ];
    for (const [o, dec, hk, malay, indo] of table) {
      expect(convertOdds(o, 'decimal')).toBe(dec);
      expect(convertOdds(o, 'hk')).toBe(hk);
      expect(convertOdds(o, 'malay')).toBe(malay);
      expect(convertOdds(o, 'indo')).toBe(indo);
    }
  });
});
