import { describe, expect, it } from 'vitest';
import { bpsToPercent, percentToBps } from './rates.ts';

describe('agent rates', () => {
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
