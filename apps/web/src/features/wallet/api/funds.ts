import { walletEndpoints } from '@app/contract';
import { useWalletQuery } from './keys.ts';

/** GET /wps/v2/wallets/funds — consolidated funds (403 FEATURE_DISABLED without the agent policy). */
export const useFunds = () => useWalletQuery(walletEndpoints.funds, {}, { staleTime: 10_000, retry: false });
