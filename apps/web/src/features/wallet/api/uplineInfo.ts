import { transferEndpoints } from '@app/contract';
import { useWalletQuery } from './keys.ts';

/** GET /wps/v2/transfers/upline — who the upline is, limits and today's transfers. */
export const useUplineInfo = () => useWalletQuery(transferEndpoints.uplineInfo);
