import { memberEndpoints } from '@app/contract';
import { useEndpointMutation } from '../../../lib/api/index.ts';

/** POST /wps/member/password (token, encrypted). */
export const useChangePassword = () => useEndpointMutation(memberEndpoints.changePassword);
