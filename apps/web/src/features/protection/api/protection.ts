import { protectionRoutes } from '@app/contract/routes/protection';
import { useQueryClient } from '@tanstack/react-query';
import { endpointKey, useEndpointQuery } from '../../../lib/api/index.ts';
import { useEndpointMutation } from '../../../lib/api/mutation.ts';
import { useSession } from '../../../lib/session/index.ts';

export const STATUS_KEY = endpointKey(protectionRoutes.status);

/** GET /wps/v2/protection: limits, restriction, reality-check interval, session start and previous login. */
export const useProtectionStatus = () => {
  const { isLoggedIn, isTrial } = useSession();
  return useEndpointQuery(protectionRoutes.status, {}, { enabled: isLoggedIn && !isTrial, staleTime: 30_000 });
};

/** GET /wps/v2/protection/session: this session's time and result (the reality check). */
export const useSessionFigures = (enabled: boolean) =>
  useEndpointQuery(protectionRoutes.session, {}, { enabled, staleTime: 0, gcTime: 0 });

const useChange = <E extends (typeof protectionRoutes)[keyof typeof protectionRoutes]>(endpoint: E) => {
  const qc = useQueryClient();
  return useEndpointMutation(endpoint, { onSettled: () => qc.invalidateQueries({ queryKey: STATUS_KEY }) });
};

export const useSetLimit = () => useChange(protectionRoutes.setLimit);
export const useConfirmLimit = () => useChange(protectionRoutes.confirmLimit);
export const useRealityCheckSetting = () => useChange(protectionRoutes.realityCheck);
export const useTimeOut = () => useEndpointMutation(protectionRoutes.timeOut);
export const useExclude = () => useEndpointMutation(protectionRoutes.exclude);
