import { agentEndpoints, type QueryOf } from '@app/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointQuery } from '../../../lib/api/index.ts';

/** GET /wps/agent/income: my income by day and kind. */
export const useIncome = (query: QueryOf<typeof agentEndpoints.income>) =>
  useEndpointQuery(agentEndpoints.income, { query }, { placeholderData: keepPreviousData });
