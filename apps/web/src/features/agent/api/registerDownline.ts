import { agentEndpoints } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEndpointMutation } from '../../../lib/api/index.ts';
import { invalidateAgent } from './invalidate.ts';

/** POST /wps/agent/register: a new downline with its own one-time password (shown once). */
export const useRegisterDownline = () => {
  const qc = useQueryClient();
  return useEndpointMutation(agentEndpoints.registerDownline, { onSuccess: () => invalidateAgent(qc) });
};
