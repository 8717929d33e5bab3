import { referralRoutes } from '@app/contract/routes/referral';
import { useQuery } from '@tanstack/react-query';
import { call, endpointKey } from '../../../lib/api/index.ts';
import { useSession } from '../../../lib/session/index.ts';

/** GET /wps/v2/referral: the member's code, the rules, the invitees and the rewards earned. */
export const useReferral = () => {
  const { token, isTrial } = useSession();
  const owner = token && !isTrial ? token.slice(0, 12) : null;
  return useQuery({
    queryKey: [...endpointKey(referralRoutes.overview, {}), owner],
    queryFn: ({ signal }) => call(referralRoutes.overview, { signal }),
    enabled: owner !== null,
    staleTime: 30_000,
  });
};
