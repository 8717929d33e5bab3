import { operatorContentEndpoints, type BodyOf, type GameType, type ResponseOf } from '@app/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { operatorApi, useOperatorSession } from './client.ts';
import { useDeskMutation } from './mutation.ts';

export type CatalogueVendor = ResponseOf<typeof operatorContentEndpoints.listVendors>['list'][number];

const vendorsKey = (gameType: GameType) => ['console', 'catalogue', 'vendors', gameType];

/** GET /wps/operator/catalog/vendors: one game type's vendors in lobby order, switched on or off (content). */
export const useCatalogueVendors = (gameType: GameType) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: [...vendorsKey(gameType), s?.token],
    queryFn: async ({ signal }) =>
      (await operatorApi.call(operatorContentEndpoints.listVendors, { query: { gameType }, signal })).list,
    enabled: !!s,
  });
};

/** PUT /wps/operator/catalog/vendors/order: the type's full lobby order; the list shows it at once. */
export const useSetVendorOrder = () => {
  const qc = useQueryClient();
  return useDeskMutation(async (body: BodyOf<typeof operatorContentEndpoints.setVendorOrder>) => {
    const saved = await operatorApi.call(operatorContentEndpoints.setVendorOrder, { body });
    qc.setQueriesData<CatalogueVendor[]>({ queryKey: vendorsKey(body.gameType) }, (list) =>
      list ? saved.vassalages.flatMap((code) => list.filter((v) => v.vassalage === code)) : list,
    );
    return saved;
  });
};

/** PUT /wps/operator/catalog/vendors/enabled: a vendor in or out of one game type's lobby. */
export const useSetVendorEnabled = () => {
  const qc = useQueryClient();
  return useDeskMutation(async (body: BodyOf<typeof operatorContentEndpoints.setVendorEnabled>) => {
    const saved = await operatorApi.call(operatorContentEndpoints.setVendorEnabled, { body });
    qc.setQueriesData<CatalogueVendor[]>({ queryKey: vendorsKey(saved.gameType) }, (list) =>
      list?.map((v) => (v.vassalage === saved.vassalage ? { ...v, enabled: saved.enabled } : v)),
    );
    return saved;
  });
};
