import { depositEndpoints, type QueryOf } from '@app/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useWalletQuery } from './keys.ts';

/** GET /wps/v2/deposits — the member's deposits, newest first. */
export const useDeposits = (query: QueryOf<typeof depositEndpoints.list>) =>
  useWalletQuery(depositEndpoints.list, { query }, { placeholderData: keepPreviousData });
