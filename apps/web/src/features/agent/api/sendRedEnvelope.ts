import { agentEndpoints } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEndpointMutation } from '../../../lib/api/index.ts';
import { invalidateAgent } from './invalidate.ts';

/** POST /wps/agent/red-envelope. */
export const useSendRedEnvelope = () => {
  const qc = useQueryClient();
  return useEndpointMutation(agentEndpoints.sendRedEnvelope, { onSuccess: () => invalidateAgent(qc) });
};
