import { agentEndpoints } from '@app/contract';
import { useEndpointMutation } from '../../../lib/api/index.ts';

/** POST /wps/agent/register/password: a new one-time password for an account that has not chosen its own. */
export const useReissueDownlinePassword = () => useEndpointMutation(agentEndpoints.reissueDownlinePassword);
