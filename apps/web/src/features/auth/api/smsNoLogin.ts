import { verificationEndpoints } from '@app/contract';
import { useEndpointMutation } from '../../../lib/api/index.ts';

/** Code for SMS login and password reset by phone (spec §7 /wps/verification/sms/noLogin). */
export const useSendLoginCode = () => useEndpointMutation(verificationEndpoints.smsNoLogin);
