import { useTranslation } from 'react-i18next';
import { useWhitelabel } from '../system/index.ts';
import type { Money } from './money.ts';

/** The brand's currency as this reader writes numbers (the interface language's locale). */
export const useBrandMoney = (): Money => {
  const { i18n } = useTranslation();
  const { currency, currencySymbol, currencyExponent } = useWhitelabel();
  return { currency, symbol: currencySymbol, exponent: currencyExponent, locale: i18n.language };
};
