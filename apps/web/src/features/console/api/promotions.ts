import { promotionOperatorEndpoints, type BodyOf, type PromotionState } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { operatorApi, useOperatorSession } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** GET /wps/operator/promotions: every promotion of the brand (content, finance). */
export const usePromotionDesk = (state?: PromotionState) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'promotions', state ?? 'all', s?.token],
    queryFn: async ({ signal }) =>
      (await operatorApi.call(promotionOperatorEndpoints.list, { query: state ? { state } : {}, signal })).list,
    enabled: !!s,
  });
};

/** GET /wps/operator/promotions/report: members, cost and turnover of one promotion. */
export const usePromotionReport = (id: number | null) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'promotion-report', id, s?.token],
    queryFn: ({ signal }) => operatorApi.call(promotionOperatorEndpoints.report, { query: { id: id! }, signal }),
    enabled: !!s && id !== null,
  });
};

export const useCreatePromotion = () =>
  useDeskMutation((body: BodyOf<typeof promotionOperatorEndpoints.create>) =>
    operatorApi.call(promotionOperatorEndpoints.create, { body }),
  );

export const useUpdatePromotion = () =>
  useDeskMutation((body: BodyOf<typeof promotionOperatorEndpoints.update>) =>
    operatorApi.call(promotionOperatorEndpoints.update, { body }),
  );

export const useEndPromotion = () =>
  useDeskMutation((body: BodyOf<typeof promotionOperatorEndpoints.end>) =>
    operatorApi.call(promotionOperatorEndpoints.end, { body }),
  );
