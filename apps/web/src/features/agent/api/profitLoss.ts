import { agentEndpoints, type QueryOf } from '@app/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointQuery } from '../../../lib/api/index.ts';

/** GET /wps/agent/team/pnl: per-member profit and loss statements. */
export const useProfitLoss = (query: QueryOf<typeof agentEndpoints.profitLoss>) =>
  useEndpointQuery(agentEndpoints.profitLoss, { query }, { placeholderData: keepPreviousData });
