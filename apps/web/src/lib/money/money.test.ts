import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalMarkOf, editableAmount, formatAmount, formatMoney, parseMoney, type Money } from './index.ts';

const brlPt: Money = { currency: 'BRL', symbol: 'R$', exponent: 2, locale: 'pt' };
const brlEn: Money = { ...brlPt, locale: 'en' };
const vnd: Money = { currency: 'VND', symbol: '₫', exponent: 0, locale: 'vi' };
const kwd: Money = { currency: 'KWD', symbol: 'KD', exponent: 3, locale: 'en' };
const LOCALES = ['pt', 'en', 'zh', 'ja', 'th', 'vi', 'es'];

/** Playwright-style reading: any run of spaces (Intl puts no-break spaces) as one space. */
const spaced = (s: string) => s.replace(/\s+/g, ' ');

describe('decimal marks', () => {
  it('follow the locale', () => {
    expect(LOCALES.map((l) => `${l}${decimalMarkOf(l)}`)).toEqual(['pt,', 'en.', 'zh.', 'ja.', 'th.', 'vi,', 'es,']);
  });
});

describe('formatting minor units', () => {
  it('writes the brand’s symbol where the locale puts it, exactly', () => {
    expect(spaced(formatMoney('123456', brlPt))).toBe('R$ 1.234,56');
    expect(formatMoney('123456', brlEn)).toBe('R$1,234.56');
    expect(spaced(formatMoney('-250', brlPt))).toBe('-R$ 2,50');
    expect(spaced(formatMoney(5n, brlPt))).toBe('R$ 0,05');
    expect(spaced(formatMoney('0', brlPt))).toBe('R$ 0,00');
    expect(formatMoney('900719925474099312', brlEn)).toBe('R$9,007,199,254,740,993.12');
    expect(formatMoney('1500', { ...vnd, locale: 'en' })).toBe('₫1,500');
    expect(formatMoney('1500', { ...brlEn, symbol: 'BRL$' })).toBe('BRL$15.00');
  });

  it('keeps what the old formatter printed in en-US', () => {
    const brl: Money = { currency: 'BRL', symbol: 'R$', exponent: 2, locale: 'en-US' };
    expect(formatMoney('123456', brl)).toBe('R$1,234.56');
    expect(formatMoney(5n, brl)).toBe('R$0.05');
    expect(formatMoney('-250', brl)).toBe('-R$2.50');
    expect(formatMoney('900719925474099312', brl)).toBe('R$9,007,199,254,740,993.12');
    expect(formatMoney('1500', { currency: 'VND', symbol: '₫', exponent: 0, locale: 'en-US' })).toBe('₫1,500');
    expect(formatAmount('12345', { ...brl, locale: 'en' })).toBe('123.45');
  });

  it('falls back to the symbol and the number for a currency Intl does not know', () => {
    expect(formatMoney('1050', { ...brlEn, currency: 'not a currency' })).toBe('R$ 10.50');
  });

  it('writes the number alone for the header’s balance', () => {
    expect(formatAmount('12345', brlPt)).toBe('123,45');
    expect(formatAmount('-5', brlEn)).toBe('-0.05');
    expect(formatAmount('123456789012345678', brlEn)).toBe('1,234,567,890,123,456.78');
    expect(formatAmount(0n, { ...brlEn, exponent: 0 })).toBe('0');
    expect(formatAmount('100000', brlPt)).toBe('1.000,00');
  });

  it('writes an amount to edit without grouping, in the reader’s or the given mark', () => {
    expect(editableAmount('100000', brlPt)).toBe('1000,00');
    expect(editableAmount('100000', brlEn)).toBe('1000.00');
    expect(editableAmount('100000', brlPt, '.')).toBe('1000.00');
    expect(editableAmount('5', brlPt)).toBe('0,05');
    expect(editableAmount('-1250', brlPt)).toBe('-12,50');
    expect(editableAmount('1500', vnd)).toBe('1500');
  });
});

describe('parsing what people type', () => {
  it('reads plain numbers and either decimal mark where it cannot be a thousands group', () => {
    const cases: [string, Money, string][] = [
      ['50', brlPt, '5000'],
      ['150', brlPt, '15000'],
      ['12.5', brlPt, '1250'],
      ['12,5', brlEn, '1250'],
      ['200,00', brlPt, '20000'],
      ['1000.00', brlPt, '100000'],
      ['0,01', brlPt, '1'],
      ['0.01', brlEn, '1'],
      ['  7 ', brlPt, '700'],
      ['007', brlPt, '700'],
      ['1234,56', brlPt, '123456'],
      ['9999999999999.99', brlEn, '999999999999999'],
    ];
    for (const [text, money, minor] of cases) expect(parseMoney(text, money), `${text} ${money.locale}`).toBe(minor);
  });

  it('reads grouped thousands in either style when both marks show which is which', () => {
    for (const money of [brlPt, brlEn]) {
      expect(parseMoney('1.234,56', money)).toBe('123456');
      expect(parseMoney('1,234.56', money)).toBe('123456');
      expect(parseMoney('1,234.5', money)).toBe('123450');
      expect(parseMoney('1.234.567,89', money)).toBe('123456789');
      expect(parseMoney('1.234.567', money)).toBe('123456700');
      expect(parseMoney('1,234,567', money)).toBe('123456700');
    }
  });

  it('lets the locale decide a lone mark before three digits', () => {
    expect(parseMoney('1.000', brlPt)).toBe('100000');
    expect(parseMoney('1,000', brlEn)).toBe('100000');
    expect(parseMoney('1.234', brlPt)).toBe('123400');
    // The locale's own decimal mark with three decimals is more than centavos: refused, not misread.
    expect(parseMoney('1,000', brlPt)).toBeNull();
    expect(parseMoney('1.234', brlEn)).toBeNull();
    // A currency with three decimals reads them.
    expect(parseMoney('1.234', kwd)).toBe('1234');
    expect(parseMoney('1,234', kwd)).toBe('1234000');
    // Without minor units any decimal point is refused; thousands still read.
    expect(parseMoney('1.000', vnd)).toBe('1000');
    expect(parseMoney('1,5', vnd)).toBeNull();
    expect(parseMoney('1,000', vnd)).toBeNull();
  });

  it('refuses badly placed groups and marks', () => {
    for (const text of [
      '1.23.456',
      '1234.567',
      '12.34.567,00',
      '0.123',
      '1.234,5.6',
      '1,2.3,4',
      '.5',
      '5.',
      '5,',
      ',5',
      '1..2',
      '1,,000',
    ])
      expect(parseMoney(text, brlPt), text).toBeNull();
  });

  it('refuses what is not an amount', () => {
    const bad = [
      '',
      '   ',
      'abc',
      'muito',
      '12a',
      '1e3',
      '1E3',
      'NaN',
      'Infinity',
      '0x10',
      '1_000',
      '1 000',
      '1 000',
      "1'000",
      'R$ 10',
      '10R$',
      '１２',
      '١٢',
      '۱۲',
      '१२',
      '½',
      '1.5e2',
      '--5',
      '+5',
      '-5',
      '5-',
    ];
    for (const text of bad) expect(parseMoney(text, brlPt), JSON.stringify(text)).toBeNull();
  });

  it('refuses more decimals than the currency has and more digits than the contract takes', () => {
    expect(parseMoney('1,234', brlPt)).toBeNull();
    expect(parseMoney('0.001', brlEn)).toBeNull();
    expect(parseMoney('10000000000000', brlEn)).toBeNull();
    expect(parseMoney('9999999999999,99', brlPt)).toBe('999999999999999');
    expect(parseMoney('99999999999999,9', brlPt)).toBeNull();
  });

  it('takes zero and signs only where asked', () => {
    expect(parseMoney('0', brlPt)).toBeNull();
    expect(parseMoney('0,00', brlPt)).toBeNull();
    expect(parseMoney('0', brlPt, { zero: true })).toBe('0');
    expect(parseMoney('-12,50', brlPt, { signed: true })).toBe('-1250');
    expect(parseMoney('+12,50', brlPt, { signed: true })).toBe('1250');
    expect(parseMoney('-0', brlPt, { signed: true })).toBeNull();
    expect(parseMoney('-0', brlPt, { signed: true, zero: true })).toBe('0');
    expect(parseMoney('- 5', brlPt, { signed: true })).toBeNull();
    expect(parseMoney('--5', brlPt, { signed: true })).toBeNull();
  });

  it('reads back everything the site writes, in every language', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n - 1n }),
        fc.constantFrom(...LOCALES),
        fc.constantFrom(0, 2, 3),
        (minor, locale, exponent) => {
          const money: Money = { currency: exponent === 0 ? 'VND' : 'BRL', symbol: 'R$', exponent, locale };
          expect(parseMoney(formatAmount(minor, money), money)).toBe(String(minor));
          expect(parseMoney(editableAmount(minor, money), money)).toBe(String(minor));
          expect(parseMoney(editableAmount(-minor, money), money, { signed: true })).toBe(String(-minor));
        },
      ),
    );
  });
});
