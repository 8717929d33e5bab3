import { describe, expect, it } from 'vitest';
import { bpsToPercent, percentToBps, toMajor, toMinor } from './money.ts';

describe('agent amounts and rates', () => {
  it('converts typed major units to minor units without floats', () => {
    expect(toMinor('12.5', 2)).toBe('1250');
    expect(toMinor('1,234.56', 2)).toBe('123456');
    expect(toMinor('0.01', 2)).toBe('1');
    expect(toMinor('9999999999999.99', 2)).toBe('999999999999999');
    expect(toMinor('0', 2)).toBeNull();
    expect(toMinor('0', 2, true)).toBe('0');
    for (const bad of ['', 'abc', '1.234', '-5', '1e3', '.5']) expect(toMinor(bad, 2)).toBeNull();
    expect(toMajor('1250', 2)).toBe('12.50');
    expect(toMajor('5', 2)).toBe('0.05');
    expect(toMajor('-5', 0)).toBe('-5');
  });

  it('converts percentages to basis points and back', () => {
    expect(percentToBps('1.25')).toBe(125);
    expect(percentToBps('100')).toBe(10_000);
    expect(percentToBps('0.5')).toBe(50);
    expect(percentToBps('100.01')).toBeNull();
    expect(percentToBps('1.234')).toBeNull();
    expect(bpsToPercent(125)).toBe('1.25');
    expect(bpsToPercent(50)).toBe('0.5');
    expect(bpsToPercent(0)).toBe('0');
    expect(bpsToPercent(10_000)).toBe('100');
  });
});
