import { vipOperatorEndpoints, type BodyOf } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { operatorApi, useOperatorSession } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** GET /wps/operator/vip: the window, the rule and every level. */
export const useVipSettings = () => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'vip', s?.token],
    queryFn: ({ signal }) => operatorApi.call(vipOperatorEndpoints.settings, { signal }),
    enabled: !!s,
  });
};

/** GET /wps/operator/vip/report: members per level and the VIP bonuses paid over the last days. */
export const useVipReport = (days: number) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'vip-report', days, s?.token],
    queryFn: ({ signal }) => operatorApi.call(vipOperatorEndpoints.report, { query: { days }, signal }),
    enabled: !!s,
  });
};

/** PUT /wps/operator/vip (finance). */
export const useSaveVip = () =>
  useDeskMutation((body: BodyOf<typeof vipOperatorEndpoints.save>) =>
    operatorApi.call(vipOperatorEndpoints.save, { body }),
  );
