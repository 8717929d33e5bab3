import { useBrandMoney } from '../../../lib/money/index.ts';

/**
 * Whole points in the reader's number style ("3.250" in pt, "3,250" in en). A file of its own: the
 * member menu's chip needs it on the first paint, without the rest of the mall's parts.
 */
export const usePointsFormat = () => {
  const { locale } = useBrandMoney();
  return (n: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(n);
};
