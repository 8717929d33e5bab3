import { transferEndpoints } from '@app/contract';
import { useWalletMutation } from './keys.ts';

/** POST /wps/v2/transfers/upline */
export const useTransferUpline = () => useWalletMutation(transferEndpoints.toUpline);
