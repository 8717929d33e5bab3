import { agentEndpoints } from '@app/contract';
import { useEndpointQuery } from '../../../lib/api/index.ts';

/** GET /wps/agent/team/trend: the whole team's last 30 days, day by day (issue 21). */
export const useTeamTrend = () =>
  useEndpointQuery(agentEndpoints.teamTrend, { query: {} }, { refetchInterval: 60_000 });
