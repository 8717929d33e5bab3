import { verificationEndpoints } from '@app/contract';
import { useEndpointMutation } from '../../../lib/api/index.ts';

/** Code for mobile registration (spec §7 /wps/verification/sms/register). */
export const useSendRegisterCode = () => useEndpointMutation(verificationEndpoints.smsRegister);
