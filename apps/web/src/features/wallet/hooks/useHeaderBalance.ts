import { formatAmount, useBrandMoney } from '../../../lib/money/index.ts';
import { useBalance } from '../api/balance.ts';

/** What the header's member info shows (the shell draws it; the wallet feeds it). */
export const useHeaderBalance = () => {
  const money = useBrandMoney();
  const q = useBalance();
  return {
    balance: q.data
      ? formatAmount(q.data.balance, { ...money, exponent: q.data.currencyExponent ?? money.exponent })
      : null,
    onRefreshBalance: () => void q.refetch(),
    refreshing: q.isFetching,
  };
};
