import { withdrawalEndpoints, type QueryOf } from '@app/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useWalletQuery } from './keys.ts';

/** GET /wps/v2/withdrawals — the member's withdrawals, newest first. */
export const useWithdrawals = (query: QueryOf<typeof withdrawalEndpoints.list>) =>
  useWalletQuery(withdrawalEndpoints.list, { query }, { placeholderData: keepPreviousData });
