import { operatorContentEndpoints, type BodyOf } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { operatorApi, useOperatorSession } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** GET /wps/operator/content/domains: the brand's mirror domains in their order (content). */
export const useDomains = () => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'domains', s?.token],
    queryFn: async ({ signal }) => (await operatorApi.call(operatorContentEndpoints.listDomains, { signal })).list,
    enabled: !!s,
  });
};

export const useCreateDomain = () =>
  useDeskMutation((body: BodyOf<typeof operatorContentEndpoints.createDomain>) =>
    operatorApi.call(operatorContentEndpoints.createDomain, { body }),
  );

export const useUpdateDomain = () =>
  useDeskMutation((body: BodyOf<typeof operatorContentEndpoints.updateDomain>) =>
    operatorApi.call(operatorContentEndpoints.updateDomain, { body }),
  );

export const useDeleteDomain = () =>
  useDeskMutation((id: number) => operatorApi.call(operatorContentEndpoints.deleteDomain, { query: { id } }));

export const useSetDomainOrder = () =>
  useDeskMutation((ids: number[]) => operatorApi.call(operatorContentEndpoints.setDomainOrder, { body: { ids } }));
