import type { RebatePayout } from '@app/contract';
import { rebateRoutes } from '@app/contract/routes/rebate';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, type ApiError } from '../../../lib/api/index.ts';
import { useSession } from '../../../lib/session/index.ts';

/** Whose data a key holds (null: visitor or trial: nothing to ask). */
const useOwner = () => {
  const { token, isTrial } = useSession();
  return token && !isTrial ? token.slice(0, 12) : null;
};

/** GET /wps/v2/rebate: each game type's accrued rebate, the total to claim (the menu badge) and the history. */
export const useRebate = (enabled = true) => {
  const owner = useOwner();
  return useQuery({
    queryKey: [...endpointKey(rebateRoutes.overview, {}), owner],
    queryFn: ({ signal }) => call(rebateRoutes.overview, { signal }),
    enabled: enabled && owner !== null,
    staleTime: 30_000,
  });
};

/** POST /wps/v2/rebate/claim; then the rebate and every wallet answer are asked again (the balance moved). */
export const useClaimRebate = () => {
  const qc = useQueryClient();
  return useMutation<{ total: string; paid: RebatePayout[] }, ApiError, void>({
    mutationFn: () => call(rebateRoutes.claim, { body: {} }),
    onSettled: () =>
      qc.invalidateQueries({
        predicate: (q) => ['/wps/v2/rebate', '/wps/v2/wallets'].some((p) => String(q.queryKey[1] ?? '').startsWith(p)),
      }),
  });
};
