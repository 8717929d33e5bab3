import { agentEndpoints, type QueryOf } from '@app/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointQuery } from '../../../lib/api/index.ts';

/** GET /wps/agent/team/overview: direct and whole-team figures over a period. */
export const useTeamOverview = (query: QueryOf<typeof agentEndpoints.teamOverview>) =>
  useEndpointQuery(
    agentEndpoints.teamOverview,
    { query },
    { placeholderData: keepPreviousData, refetchInterval: 60_000 },
  );
