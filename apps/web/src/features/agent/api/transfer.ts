import { agentEndpoints } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEndpointMutation } from '../../../lib/api/index.ts';
import { invalidateAgent } from './invalidate.ts';

/** POST /wps/agent/transfer: money to a direct downline (once per request id). */
export const useTransfer = () => {
  const qc = useQueryClient();
  return useEndpointMutation(agentEndpoints.transfer, { onSuccess: () => invalidateAgent(qc) });
};
