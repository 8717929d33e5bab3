import { walletRoutes } from '@app/contract/routes/wallet';
import { useQuery } from '@tanstack/react-query';
import { call, endpointKey } from '../../../lib/api/index.ts';
import { useSession } from '../../../lib/session/index.ts';

/** Key of the balance query: everything that moves money invalidates it. */
export const BALANCE_KEY = endpointKey(walletRoutes.balance);

/** GET /wps/v2/wallets/balance, for the logged-in member (play money for trial accounts). */
export const useBalance = () => {
  const { isLoggedIn, token } = useSession();
  return useQuery({
    queryKey: [...BALANCE_KEY, token?.slice(0, 12) ?? null],
    queryFn: ({ signal }) => call(walletRoutes.balance, { signal }),
    enabled: isLoggedIn,
    staleTime: 15_000,
  });
};
