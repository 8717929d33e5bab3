import { agentContractEndpoints } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEndpointMutation } from '../../../lib/api/index.ts';
import { invalidateAgent } from './invalidate.ts';

/** POST /wps/agent/contract/offer. */
export const useOfferContract = () => {
  const qc = useQueryClient();
  return useEndpointMutation(agentContractEndpoints.offer, { onSuccess: () => invalidateAgent(qc) });
};
