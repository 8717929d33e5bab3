import { depositEndpoints } from '@app/contract';
import { useWalletMutation } from './keys.ts';

/** POST /wps/v2/deposits — a bank-transfer deposit, or a gateway payment to open (payUrl). */
export const useCreateDeposit = () => useWalletMutation(depositEndpoints.create);
