import { withdrawalEndpoints } from '@app/contract';
import { useWalletQuery } from './keys.ts';

/** GET /wps/v2/withdrawals/info — limits, today's use, turnover, bank accounts, payment password. */
export const useWithdrawalInfo = () => useWalletQuery(withdrawalEndpoints.info);
