import { agentContractEndpoints, type QueryOf } from '@app/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointQuery } from '../../../lib/api/index.ts';

/** GET /wps/agent/settlements: salary and dividend records, paid to me or by me. */
export const useSettlements = (query: QueryOf<typeof agentContractEndpoints.settlements>) =>
  useEndpointQuery(agentContractEndpoints.settlements, { query }, { placeholderData: keepPreviousData });
