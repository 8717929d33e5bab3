import { vipRoutes } from '@app/contract/routes/vip';
import { useQuery } from '@tanstack/react-query';
import { call, endpointKey } from '../../../lib/api/index.ts';
import { useSession } from '../../../lib/session/index.ts';

/** Whose data a key holds (null: visitor or trial: nothing to ask). */
const useOwner = () => {
  const { token, isTrial } = useSession();
  return token && !isTrial ? token.slice(0, 12) : null;
};

export const VIP_KEY = endpointKey(vipRoutes.overview, {});

/** GET /wps/v2/vip: the member's level, the progress to the next, every level's perks and the bonus history. */
export const useVip = () => {
  const owner = useOwner();
  return useQuery({
    queryKey: [...VIP_KEY, owner],
    queryFn: ({ signal }) => call(vipRoutes.overview, { signal }),
    enabled: owner !== null,
    staleTime: 15_000,
  });
};
