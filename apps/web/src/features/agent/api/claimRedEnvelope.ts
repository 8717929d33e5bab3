import { memberRedEnvelopeEndpoints } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEndpointMutation } from '../../../lib/api/index.ts';
import { invalidateAgent } from './invalidate.ts';

/** POST /wps/member/red-envelope/claim. */
export const useClaimRedEnvelope = () => {
  const qc = useQueryClient();
  return useEndpointMutation(memberRedEnvelopeEndpoints.claim, { onSuccess: () => invalidateAgent(qc) });
};
