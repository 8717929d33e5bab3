import { rebateOperatorEndpoints, type BodyOf } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { operatorApi, useOperatorSession } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** GET /wps/operator/rebate: the brand's rebate rates per game type and the daily switch. */
export const useRebateSettings = () => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'rebate', s?.token],
    queryFn: ({ signal }) => operatorApi.call(rebateOperatorEndpoints.settings, { signal }),
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
