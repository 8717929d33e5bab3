import { withdrawalEndpoints } from '@app/contract';
import { useWalletMutation } from './keys.ts';

/** DELETE /wps/v2/bank-accounts/:id */
export const useRemoveBankAccount = () => useWalletMutation(withdrawalEndpoints.removeBankAccount);
