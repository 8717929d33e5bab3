import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format/money.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';

/** The brand's money for the console: formatting, and a signed amount typed by the operator. */
export const useMoney = () => {
  const { i18n } = useTranslation();
  const { currency, currencyExponent, currencySymbol } = useWhitelabel();
  return {
    symbol: currencySymbol,
    format: (minor: string) => formatMoney(minor, { currency, exponent: currencyExponent, locale: i18n.language }),
    /** "-12,50" → "-1250"; null when it is not a non-zero amount. */
    parseSigned: (text: string): string | null => {
      const m = /^\s*([+-]?)\s*(\d+)(?:[.,](\d+))?\s*$/.exec(text);
      if (!m || (m[3] ?? '').length > currencyExponent) return null;
      const units = BigInt(m[2]! + (m[3] ?? '').padEnd(currencyExponent, '0'));
      if (units === 0n) return null;
      return `${m[1] === '-' ? '-' : ''}${units}`;
    },
    /** "10,50" → "1050" (zero allowed, no sign); null when it is not an amount. */
    parseAmount: (text: string): string | null => {
      const m = /^\s*(\d{1,13})(?:[.,](\d+))?\s*$/.exec(text);
      if (!m || (m[2] ?? '').length > currencyExponent) return null;
      return String(BigInt(m[1]! + (m[2] ?? '').padEnd(currencyExponent, '0')));
    },
    /** "1050" → "10,50" (or "10.50"): an amount as the operator types it, without symbol or grouping. */
    plain: (minor: string): string => {
      const digits = minor.replace(/^-/, '').padStart(currencyExponent + 1, '0');
      const whole = digits.slice(0, digits.length - currencyExponent);
      const separator = (1.5).toLocaleString(i18n.language).includes(',') ? ',' : '.';
      return currencyExponent ? `${whole}${separator}${digits.slice(-currencyExponent)}` : whole;
    },
  };
};
