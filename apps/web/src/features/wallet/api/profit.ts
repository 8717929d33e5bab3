import { walletEndpoints, type QueryOf } from '@app/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useWalletQuery } from './keys.ts';

/** GET /wps/v2/wallets/profit — personalProfit per day and per game type. */
export const useProfit = (query: QueryOf<typeof walletEndpoints.profit>) =>
  useWalletQuery(walletEndpoints.profit, { query }, { placeholderData: keepPreviousData, retry: false });
