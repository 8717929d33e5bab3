import { agentContractEndpoints, type QueryOf } from '@app/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointQuery } from '../../../lib/api/index.ts';

/** GET /wps/agent/contracts: contracts the agent received or gave. */
export const useContracts = (query: QueryOf<typeof agentContractEndpoints.contracts>, enabled = true) =>
  useEndpointQuery(agentContractEndpoints.contracts, { query }, { placeholderData: keepPreviousData, enabled });
