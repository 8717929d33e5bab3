import { agentEndpoints, type QueryOf } from '@app/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointQuery } from '../../../lib/api/index.ts';

/** GET /wps/agent/red-envelopes: envelopes the agent sent. */
export const useRedEnvelopes = (query: QueryOf<typeof agentEndpoints.redEnvelopes>) =>
  useEndpointQuery(agentEndpoints.redEnvelopes, { query }, { placeholderData: keepPreviousData });
