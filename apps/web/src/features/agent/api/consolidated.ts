import { agentContractEndpoints } from '@app/contract';
import { useEndpointQuery } from '../../../lib/api/index.ts';

/** GET /wps/agent/contract/consolidated: the consolidated contract flags (which pages and requests show). */
export const useConsolidatedFlags = () =>
  useEndpointQuery(agentContractEndpoints.consolidated, {}, { staleTime: 15_000 });
