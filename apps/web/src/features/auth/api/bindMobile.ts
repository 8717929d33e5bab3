import { memberEndpoints, verificationEndpoints } from '@app/contract';
import { useEndpointMutation } from '../../../lib/api/index.ts';
import { useSetSecurity } from './security.ts';

/** A fresh code to the new number, then the number with its code (both after re-authentication). */
export const useSendBindMobileCode = () => useEndpointMutation(verificationEndpoints.smsBind);
export const useBindMobile = () => {
  const set = useSetSecurity();
  return useEndpointMutation(memberEndpoints.bindMobile, { onSuccess: set });
};
