import { promotionOperatorEndpoints, type ApplicationStatus, type BodyOf, type PromotionState } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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

/** GET /wps/operator/promotions/applications: activity applications in one status (decision 086). */
export const useApplications = (status: ApplicationStatus, page: number) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'promotion-applications', status, page, s?.token],
    queryFn: ({ signal }) =>
      operatorApi.call(promotionOperatorEndpoints.applications, { query: { status, page, pageSize: 10 }, signal }),
    enabled: !!s,
    placeholderData: keepPreviousData,
  });
};

/** POST /wps/operator/promotions/applications/decide: approve (pays once) or reject with a reason. */
export const useDecideApplication = () =>
  useDeskMutation((body: BodyOf<typeof promotionOperatorEndpoints.decide>) =>
    operatorApi.call(promotionOperatorEndpoints.decide, { body }),
  );
