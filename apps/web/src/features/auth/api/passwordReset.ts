import { memberEndpoints } from '@app/contract';
import { useEndpointMutation } from '../../../lib/api/index.ts';

/** POST /wps/member/password/reset: the new password from an e-mailed link. */
export const useResetWithLink = () => useEndpointMutation(memberEndpoints.passwordReset);
