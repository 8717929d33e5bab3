import { agentEndpoints, type QueryOf } from '@app/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointQuery } from '../../../lib/api/index.ts';

/** GET /wps/agent/team/bets: the team's rounds. */
export const useTeamBets = (query: QueryOf<typeof agentEndpoints.teamBets>) =>
  useEndpointQuery(agentEndpoints.teamBets, { query }, { placeholderData: keepPreviousData });
