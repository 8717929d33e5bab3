import { withdrawalEndpoints } from '@app/contract';
import { useWalletMutation } from './keys.ts';

/** POST /wps/v2/bank-accounts — binds an account in the member's registered payee name. */
export const useAddBankAccount = () => useWalletMutation(withdrawalEndpoints.addBankAccount);
