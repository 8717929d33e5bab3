import { rebateOperatorEndpoints, type BodyOf } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { operatorApi, useOperatorSession } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/**
 * GET /wps/operator/rebate?level=: one level's rebate rates per game type (0: members without a VIP
 * level), what the levels under it give, the brand's levels and the daily switch.
 */
export const useRebateSettings = (level: number) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'rebate', level, s?.token],
    queryFn: ({ signal }) => operatorApi.call(rebateOperatorEndpoints.settings, { query: { level }, signal }),
    placeholderData: keepPreviousData,
    enabled: !!s,
  });
};

/** GET /wps/operator/rebate/report: rebate paid over the last days, per game type. */
export const useRebateReport = (days: number) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'rebate-report', days, s?.token],
    queryFn: ({ signal }) => operatorApi.call(rebateOperatorEndpoints.report, { query: { days }, signal }),
    enabled: !!s,
  });
};

/** PUT /wps/operator/rebate (finance). */
export const useSaveRebate = () =>
  useDeskMutation((body: BodyOf<typeof rebateOperatorEndpoints.save>) =>
    operatorApi.call(rebateOperatorEndpoints.save, { body }),
  );
