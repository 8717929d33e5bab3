import { describe, expect, it } from 'vitest';
import { formatMinor, parseAmount } from './money.ts';

describe('money for people', () => {
  it('formats minor units exactly, also past float precision', () => {
    expect(formatMinor('12345', 2, 'en')).toBe('123.45');
    expect(formatMinor('-5', 2, 'en')).toBe('-0.05');
    expect(formatMinor('123456789012345678', 2, 'en')).toBe('1,234,567,890,123,456.78');
    expect(formatMinor(0n, 0, 'en')).toBe('0');
  });

  it('reads what people type in either decimal style', () => {
    expect(parseAmount('50', 2)).toBe('5000');
    expect(parseAmount('1.234,56', 2)).toBe('123456');
    expect(parseAmount('1,234.5', 2)).toBe('123450');
    expect(parseAmount('0,01', 2)).toBe('1');
    expect(parseAmount('1.234', 2)).toBe('123400');
    expect(parseAmount('', 2)).toBeNull();
    expect(parseAmount('0', 2)).toBeNull();
    expect(parseAmount('12a', 2)).toBeNull();
    expect(parseAmount('-5', 2)).toBeNull();
  });
});
