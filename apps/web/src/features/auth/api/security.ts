import { memberEndpoints } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { endpointKey, useEndpointQuery } from '../../../lib/api/index.ts';
import type { SecurityValue } from '@app/contract';

/** GET /wps/member/security: the profile the security centre shows (phone and e-mail masked). */
export const useSecurity = () => useEndpointQuery(memberEndpoints.security);

/** Every security-centre change answers the new profile: put it in the cache at once. */
export const useSetSecurity = () => {
  const queryClient = useQueryClient();
  return (value: SecurityValue) => queryClient.setQueryData(endpointKey(memberEndpoints.security), value);
};
