import { agentEndpoints } from '@app/contract';
import { useEndpointQuery } from '../../../lib/api/index.ts';

/** GET /wps/agent/account: the agent's own account details. */
export const useAccountDetails = () => useEndpointQuery(agentEndpoints.accountDetails);
