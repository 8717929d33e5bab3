import { agentContractEndpoints } from '@app/contract';
import { useEndpointQuery } from '../../../lib/api/index.ts';

/** GET /wps/agent/contract?id: one contract with its history. */
export const useContract = (id: number | null) =>
  useEndpointQuery(agentContractEndpoints.contract, { query: { id: id ?? 0 } }, { enabled: id !== null });
