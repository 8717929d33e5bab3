import { useTranslation } from 'react-i18next';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { formatMinor, parseAmount } from './money.ts';

/** The brand's money as people read it (symbol and minor-unit exponent from the whitelabel). */
export const useMoney = () => {
  const { i18n } = useTranslation();
  const { currencySymbol, currencyExponent } = useWhitelabel();
  const plain = (minor: string | bigint) => formatMinor(minor, currencyExponent, i18n.language);
  return {
    symbol: currencySymbol,
    exponent: currencyExponent,
    /** "R$ 1.234,56" */
    format: (minor: string | bigint) => {
      const s = plain(minor);
      return s.startsWith('-') ? `-${currencySymbol} ${s.slice(1)}` : `${currencySymbol} ${s}`;
    },
    plain,
    parse: (text: string) => parseAmount(text, currencyExponent),
  };
};
