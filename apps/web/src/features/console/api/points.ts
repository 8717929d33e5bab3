import { pointsOperatorEndpoints, type BodyOf, type PointsRedeem } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { operatorApi, useOperatorSession } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** GET /wps/operator/points/items: every mall item, on or off (finance). */
export const usePointsItems = () => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'points-items', s?.token],
    queryFn: async ({ signal }) => (await operatorApi.call(pointsOperatorEndpoints.items, { signal })).list,
    enabled: !!s,
  });
};

/** GET /wps/operator/points/redeems: requests of one status, newest first. */
export const usePointsRequests = (status: PointsRedeem['status'], page: number) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'points-requests', status, page, s?.token],
    queryFn: ({ signal }) =>
      operatorApi.call(pointsOperatorEndpoints.redeems, { query: { status, page, pageSize: 20 }, signal }),
    enabled: !!s,
    placeholderData: keepPreviousData,
  });
};

/** GET /wps/operator/points/rules: the earning ratios and the exchange-rate table. */
export const usePointsRules = () => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'points-rules', s?.token],
    queryFn: ({ signal }) => operatorApi.call(pointsOperatorEndpoints.rules, { signal }),
    enabled: !!s,
  });
};

/** GET /wps/operator/points/report: points issued and redeemed between two days. */
export const usePointsReport = (range: { from?: string; to?: string }) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'points-report', range.from ?? '', range.to ?? '', s?.token],
    queryFn: ({ signal }) => operatorApi.call(pointsOperatorEndpoints.report, { query: range, signal }),
    enabled: !!s,
  });
};

export const useSavePointsItem = () =>
  useDeskMutation((body: BodyOf<typeof pointsOperatorEndpoints.saveItem>) =>
    operatorApi.call(pointsOperatorEndpoints.saveItem, { body }),
  );

export const useDecidePoints = () =>
  useDeskMutation((body: BodyOf<typeof pointsOperatorEndpoints.decide>) =>
    operatorApi.call(pointsOperatorEndpoints.decide, { body }),
  );

export const useSavePointsRules = () =>
  useDeskMutation((body: BodyOf<typeof pointsOperatorEndpoints.saveRules>) =>
    operatorApi.call(pointsOperatorEndpoints.saveRules, { body }),
  );

export const useAdjustPoints = () =>
  useDeskMutation((body: BodyOf<typeof pointsOperatorEndpoints.adjust>) =>
    operatorApi.call(pointsOperatorEndpoints.adjust, { body }),
  );
