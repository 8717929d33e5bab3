import { sportsDeskEndpoints, type BodyOf, type QueryOf } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { operatorApi, useOperatorSession } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** GET /wps/operator/sports/events: events of a state (and a sport) with their markets and liability. */
export const useSportsEvents = (q: QueryOf<typeof sportsDeskEndpoints.events>) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'sports-events', q.state, q.sport, s?.token],
    queryFn: ({ signal }) => operatorApi.call(sportsDeskEndpoints.events, { query: q, signal }),
    enabled: !!s,
    refetchInterval: 10_000,
  });
};

/** GET /wps/operator/sports/liability: one event's liability per outcome. */
export const useSportsLiability = (event: number | null) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'sports-liability', event, s?.token],
    queryFn: ({ signal }) => operatorApi.call(sportsDeskEndpoints.liability, { query: { event: event! }, signal }),
    enabled: !!s && event !== null,
  });
};

/** GET /wps/operator/sports/margins */
export const useSportsMargins = () => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'sports-margins', s?.token],
    queryFn: ({ signal }) => operatorApi.call(sportsDeskEndpoints.margins, { signal }),
    enabled: !!s,
  });
};

/** GET /wps/operator/sports/report: GGR by sport over UTC days. */
export const useSportsReport = (range: { from: string; to: string } | null) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'sports-report', range?.from, range?.to, s?.token],
    queryFn: ({ signal }) => operatorApi.call(sportsDeskEndpoints.report, { query: range!, signal }),
    enabled: !!s && !!range,
  });
};

/** POST /wps/operator/sports/suspend (admin) */
export const useSportsSuspend = () =>
  useDeskMutation((body: BodyOf<typeof sportsDeskEndpoints.suspend>) =>
    operatorApi.call(sportsDeskEndpoints.suspend, { body }),
  );

/** POST /wps/operator/sports/void (admin) */
export const useSportsVoid = () =>
  useDeskMutation((body: BodyOf<typeof sportsDeskEndpoints.void>) =>
    operatorApi.call(sportsDeskEndpoints.void, { body }),
  );

/** POST /wps/operator/sports/margins (admin) */
export const useSportsSetMargin = () =>
  useDeskMutation((body: BodyOf<typeof sportsDeskEndpoints.setMargin>) =>
    operatorApi.call(sportsDeskEndpoints.setMargin, { body }),
  );

/** POST /wps/operator/sports/result (admin) */
export const useSportsCorrectResult = () =>
  useDeskMutation((body: BodyOf<typeof sportsDeskEndpoints.correctResult>) =>
    operatorApi.call(sportsDeskEndpoints.correctResult, { body }),
  );
