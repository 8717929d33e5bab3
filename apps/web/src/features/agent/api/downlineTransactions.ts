import { agentEndpoints, type QueryOf } from '@app/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointQuery } from '../../../lib/api/index.ts';

/** GET /wps/agent/team/transactions: movements on the team's wallets. */
export const useDownlineTransactions = (query: QueryOf<typeof agentEndpoints.downlineTransactions>) =>
  useEndpointQuery(agentEndpoints.downlineTransactions, { query }, { placeholderData: keepPreviousData });
