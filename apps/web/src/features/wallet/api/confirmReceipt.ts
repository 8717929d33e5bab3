import { withdrawalEndpoints } from '@app/contract';
import { useWalletMutation } from './keys.ts';

/** POST /wps/v2/withdrawals/:id/receipt — received, partly received, not received (spec §3). */
export const useConfirmReceipt = () => useWalletMutation(withdrawalEndpoints.confirm);
