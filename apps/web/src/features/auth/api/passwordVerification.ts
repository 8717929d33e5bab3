import { memberEndpoints } from '@app/contract';
import { useEndpointMutation } from '../../../lib/api/index.ts';

/** POST /wps/member/password/verification (encrypted): mobile, SMS code, new password. */
export const useResetWithSms = () => useEndpointMutation(memberEndpoints.passwordVerification);
