import { operatorEndpoints, type BodyOf } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { operatorApi, useOperatorSession } from './client.ts';
import { useDeskMutation } from './mutation.ts';

/** GET /wps/operator/system/settings: the site's maintenance switch and region rules. */
export const useSiteSettings = () => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', 'site', s?.token],
    queryFn: ({ signal }) => operatorApi.call(operatorEndpoints.settings, { signal }),
    enabled: !!s,
  });
};

/** PUT /wps/operator/system/maintenance (admin). */
export const useSetMaintenance = () =>
  useDeskMutation((body: BodyOf<typeof operatorEndpoints.setMaintenance>) =>
    operatorApi.call(operatorEndpoints.setMaintenance, { body }),
  );

/** PUT /wps/operator/system/region (admin). */
export const useSetRegion = () =>
  useDeskMutation((body: BodyOf<typeof operatorEndpoints.setRegion>) =>
    operatorApi.call(operatorEndpoints.setRegion, { body }),
  );

/** PUT /wps/operator/system/winners-board (admin): what the winners board counts as a win. */
export const useSetWinnersBoard = () =>
  useDeskMutation((body: BodyOf<typeof operatorEndpoints.setWinnersBoard>) =>
    operatorApi.call(operatorEndpoints.setWinnersBoard, { body }),
  );
