import { useTranslation } from 'react-i18next';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { useBalance } from '../api/balance.ts';
import { formatMinor } from './money.ts';

/** What the header's member info shows (the shell draws it; the wallet feeds it). */
export const useHeaderBalance = () => {
  const { i18n } = useTranslation();
  const { currencyExponent } = useWhitelabel();
  const q = useBalance();
  return {
    balance: q.data ? formatMinor(q.data.balance, q.data.currencyExponent ?? currencyExponent, i18n.language) : null,
    onRefreshBalance: () => void q.refetch(),
    refreshing: q.isFetching,
  };
};
