import { describe, expect, it } from 'vitest';
import { bpsToPercent, formatRate, percentToBps } from './rates.ts';

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

  it('shows a rate as the reader’s language writes percentages', () => {
    expect(formatRate(125, 'en')).toBe('1.25%');
    expect(formatRate(125, 'pt')).toBe('1,25%');
    expect(formatRate(5_000, 'vi')).toMatch(/^50\s?%$/);
    expect(formatRate(125, 'not a language!')).toBe('1.25%');
  });
});
