import { memberEndpoints } from '@app/contract';
import { useEndpointMutation } from '../../../lib/api/index.ts';
import { useSetSecurity } from './security.ts';

/** Authenticator app: a secret to scan, then a code to switch it on; a code to switch it off. */
export const useTotpSetup = () => useEndpointMutation(memberEndpoints.totpSetup);
export const useTotpEnable = () => {
  const set = useSetSecurity();
  return useEndpointMutation(memberEndpoints.totpEnable, { onSuccess: set });
};
export const useTotpDisable = () => {
  const set = useSetSecurity();
  return useEndpointMutation(memberEndpoints.totpDisable, { onSuccess: set });
};
