import { agentEndpoints, type QueryOf } from '@app/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointQuery } from '../../../lib/api/index.ts';

/** GET /wps/agent/downlines: downline rows with their figures. */
export const useDownlines = (query: QueryOf<typeof agentEndpoints.downlines>) =>
  useEndpointQuery(agentEndpoints.downlines, { query }, { placeholderData: keepPreviousData });
