import { agentContractEndpoints } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEndpointMutation } from '../../../lib/api/index.ts';
import { invalidateAgent } from './invalidate.ts';

/** POST /wps/agent/contract/action: accept, reject, withdraw, and the termination handshake. */
export const useContractAction = () => {
  const qc = useQueryClient();
  return useEndpointMutation(agentContractEndpoints.act, { onSuccess: () => invalidateAgent(qc) });
};
