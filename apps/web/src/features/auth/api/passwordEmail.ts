import { memberEndpoints } from '@app/contract';
import { useEndpointMutation } from '../../../lib/api/index.ts';

/** POST /wps/member/password/email (form-urlencoded: username, email). */
export const useRequestEmailReset = () => useEndpointMutation(memberEndpoints.passwordEmail);
