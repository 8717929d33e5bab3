import { reportsEndpoints, type BodyOf, type QueryOf } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { operatorApi, useOperatorSession } from './client.ts';

/** The operator's reports (issue 21, decision 084): one query per report, asked for once shown. */
const KEY = ['console', 'reports'] as const;
const ep = reportsEndpoints;

const options = <T>(
  kind: string,
  query: unknown,
  token: string | undefined,
  fn: (signal: AbortSignal) => Promise<T>,
) => ({
  queryKey: [...KEY, kind, query, token],
  queryFn: ({ signal }: { signal: AbortSignal }) => fn(signal),
  enabled: !!token && !!query,
  placeholderData: keepPreviousData,
});

/** GET /wps/operator/reports/days */
export const useDaysReport = (query: QueryOf<typeof ep.days> | null) => {
  const s = useOperatorSession();
  return useQuery(options('days', query, s?.token, (signal) => operatorApi.call(ep.days, { query: query!, signal })));
};

/** GET /wps/operator/reports/games */
export const useGamesReport = (query: QueryOf<typeof ep.games> | null) => {
  const s = useOperatorSession();
  return useQuery(options('games', query, s?.token, (signal) => operatorApi.call(ep.games, { query: query!, signal })));
};

/** GET /wps/operator/reports/teams */
export const useTeamsReport = (query: QueryOf<typeof ep.teams> | null) => {
  const s = useOperatorSession();
  return useQuery(options('teams', query, s?.token, (signal) => operatorApi.call(ep.teams, { query: query!, signal })));
};

/** GET /wps/operator/reports/members */
export const useMembersReport = (query: QueryOf<typeof ep.members> | null) => {
  const s = useOperatorSession();
  return useQuery(
    options('members', query, s?.token, (signal) => operatorApi.call(ep.members, { query: query!, signal })),
  );
};

/** GET /wps/operator/reports/statement */
export const useStatement = (query: QueryOf<typeof ep.statement> | null) => {
  const s = useOperatorSession();
  return useQuery(
    options('statement', query, s?.token, (signal) => operatorApi.call(ep.statement, { query: query!, signal })),
  );
};

/** POST /wps/operator/members/test-account and …/unmark: the member's page after it. */
export const markTestAccount = (mark: boolean, body: BodyOf<typeof ep.markTest>) =>
  operatorApi.call(mark ? ep.markTest : ep.unmarkTest, { body });
