import { sessionEndpoints } from '@app/contract';
import { useEndpointMutation } from '../../../lib/api/index.ts';

/** Extra verification of a login (spec §4): send a code, then answer. */
export const useSendVerificationCode = () => useEndpointMutation(sessionEndpoints.sendVerificationCode);
export const useCompleteVerification = () => useEndpointMutation(sessionEndpoints.completeVerification);
