import { withdrawalEndpoints } from '@app/contract';
import { useWalletMutation } from './keys.ts';

/** POST /wps/v2/withdrawals — the money leaves the wallet at once, pending review. */
export const useRequestWithdrawal = () => useWalletMutation(withdrawalEndpoints.request);
