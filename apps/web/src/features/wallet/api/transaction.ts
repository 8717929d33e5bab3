import { walletEndpoints } from '@app/contract';
import { useWalletQuery } from './keys.ts';

/** GET /wps/v2/wallets/transactions/:id — member transaction detail (spec §7). */
export const useTransaction = (id: number | null) =>
  useWalletQuery(walletEndpoints.transaction, { params: { id: id ?? 0 } }, { enabled: id !== null });
