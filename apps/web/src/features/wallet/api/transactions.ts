import { walletEndpoints, type QueryOf } from '@app/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useWalletQuery } from './keys.ts';

export type TransactionsQuery = QueryOf<typeof walletEndpoints.transactions>;

/** GET /wps/v2/wallets/transactions — transactionHistory with type and date filters, paged. */
export const useTransactions = (query: TransactionsQuery) =>
  useWalletQuery(walletEndpoints.transactions, { query }, { placeholderData: keepPreviousData, retry: false });
