import { agentContractEndpoints } from '@app/contract';
import { useEndpointQuery } from '../../../lib/api/index.ts';

/** GET /wps/agent/settlement?id: one record with its working. */
export const useSettlement = (id: number | null) =>
  useEndpointQuery(agentContractEndpoints.settlement, { query: { id: id ?? 0 } }, { enabled: id !== null });
