import { sessionEndpoints } from '@app/contract';
import { useEndpointMutation } from '../../../lib/api/index.ts';

/** POST /wps/session/login (encrypted): username or SMS. */
export const useLogin = () => useEndpointMutation(sessionEndpoints.login);
