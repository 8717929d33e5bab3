import { memberEndpoints } from '@app/contract';
import { useEndpointMutation } from '../../../lib/api/index.ts';
import { useSetSecurity } from './security.ts';

/** PUT /wps/member/profile: nickname; real name and birthday once. */
export const useUpdateProfile = () => {
  const set = useSetSecurity();
  return useEndpointMutation(memberEndpoints.profile, { onSuccess: set });
};
