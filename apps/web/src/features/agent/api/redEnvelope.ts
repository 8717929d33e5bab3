import { agentEndpoints } from '@app/contract';
import { useEndpointQuery } from '../../../lib/api/index.ts';

/** GET /wps/agent/red-envelope?id: one envelope with its claims. */
export const useRedEnvelope = (id: number | null) =>
  useEndpointQuery(agentEndpoints.redEnvelope, { query: { id: id ?? 0 } }, { enabled: id !== null });
