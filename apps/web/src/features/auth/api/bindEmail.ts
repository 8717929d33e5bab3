import { memberEndpoints, verificationEndpoints } from '@app/contract';
import { useEndpointMutation } from '../../../lib/api/index.ts';
import { useSetSecurity } from './security.ts';

/** A fresh code to the new address, then the address with its code (both after re-authentication). */
export const useSendBindEmailCode = () => useEndpointMutation(verificationEndpoints.emailBind);
export const useBindEmail = () => {
  const set = useSetSecurity();
  return useEndpointMutation(memberEndpoints.bindEmail, { onSuccess: set });
};
