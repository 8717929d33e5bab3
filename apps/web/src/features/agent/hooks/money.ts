import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format/money.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';

/**
 * Amounts typed by people are in major units ("12.50"); the API speaks minor units ("1250").
 * Conversion is string arithmetic, never floats. Null when the text is not an amount.
 */
export const toMinor = (text: string, exponent: number, allowZero = false): string | null => {
  const s = text.trim().replace(/,/g, '');
  const m = /^(\d{1,13})(?:\.(\d*))?$/.exec(s);
  if (!m) return null;
  const fraction = m[2] ?? '';
  if (fraction.length > exponent) return null;
  const minor = BigInt(m[1]! + fraction.padEnd(exponent, '0'));
  if (minor === 0n && !allowZero) return null;
  return minor.toString();
};

/** Minor units back to a plain major-unit string for an input ("1250" → "12.50"). */
export const toMajor = (minor: string, exponent: number): string => {
  const v = BigInt(minor);
  const neg = v < 0n;
  const digits = (neg ? -v : v).toString().padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent);
  const frac = exponent ? `.${digits.slice(-exponent)}` : '';
  return `${neg ? '-' : ''}${whole}${frac}`;
};

/** Basis points as a percentage for people (125 → "1.25") and back (null when not a rate). */
export const bpsToPercent = (bps: number): string => (bps / 100).toFixed(2).replace(/\.?0+$/, '') || '0';
export const percentToBps = (text: string): number | null => {
  const m = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!m) return null;
  const bps = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bps <= 10_000 ? bps : null;
};

export const useMoney = () => {
  const { currency, currencyExponent } = useWhitelabel();
  const { i18n } = useTranslation();
  const locale = i18n.language === 'pt' ? 'pt-BR' : i18n.language;
  return {
    exponent: currencyExponent,
    format: (minor: string | bigint | number) => formatMoney(minor, { currency, exponent: currencyExponent, locale }),
    toMinor: (text: string, allowZero = false) => toMinor(text, currencyExponent, allowZero),
    toMajor: (minor: string) => toMajor(minor, currencyExponent),
  };
};
