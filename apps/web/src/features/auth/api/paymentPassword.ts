import { memberEndpoints } from '@app/contract';
import { useEndpointMutation } from '../../../lib/api/index.ts';
import { useSetSecurity } from './security.ts';

/** POST /wps/member/payment-password (encrypted, after re-authentication). */
export const useSetPaymentPassword = () => {
  const set = useSetSecurity();
  return useEndpointMutation(memberEndpoints.paymentPassword, { onSuccess: set });
};
