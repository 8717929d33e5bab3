import { walletOperatorEndpoints, type BodyOf } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { operatorApi, useOperatorSession } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** GET /wps/operator/wallets/settings: the brand's limits for withdrawals and transfers. */
export const useWalletRules = () => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'wallet-rules', s?.token],
    queryFn: ({ signal }) => operatorApi.call(walletOperatorEndpoints.settings, { signal }),
    enabled: !!s,
  });
};

/** PUT /wps/operator/wallets/settings (admin). */
export const useSetWalletRules = () =>
  useDeskMutation((body: BodyOf<typeof walletOperatorEndpoints.setSettings>) =>
    operatorApi.call(walletOperatorEndpoints.setSettings, { body }),
  );
