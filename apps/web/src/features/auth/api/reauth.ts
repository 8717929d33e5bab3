import { memberEndpoints } from '@app/contract';
import { useEndpointMutation } from '../../../lib/api/index.ts';

/** POST /wps/member/security/reauth: the password again, for a 10-minute ticket. */
export const useReauth = () => useEndpointMutation(memberEndpoints.reauth);
