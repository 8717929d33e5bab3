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
  };
};
