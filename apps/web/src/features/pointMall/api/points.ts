import { pointsRoutes } from '@app/contract/routes/points';
import type { PointsRedeem } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, type ApiError } from '../../../lib/api/index.ts';
import { useSession } from '../../../lib/session/index.ts';

/** Whose data a key holds: one member's points never show for the next in the tab (null: visitor). */
const useOwner = () => {
  const { token, isTrial } = useSession();
  return token && !isTrial ? token.slice(0, 12) : null;
};

/** GET /wps/v2/points/balance: the member's points (the menu chip and the page's card). */
export const usePointsBalance = (enabled = true) => {
  const owner = useOwner();
  return useQuery({
    queryKey: [...endpointKey(pointsRoutes.balance), owner],
    queryFn: ({ signal }) => call(pointsRoutes.balance, { signal }),
    enabled: enabled && owner !== null,
    staleTime: 15_000,
    select: (v) => v.balance,
  });
};

/** GET /wps/v2/points/config: the items on offer, the earning ratios, the exchange-rate table. */
export const usePointsConfig = () => {
  const owner = useOwner();
  return useQuery({
    queryKey: [...endpointKey(pointsRoutes.config), owner],
    queryFn: ({ signal }) => call(pointsRoutes.config, { signal }),
    enabled: owner !== null,
    staleTime: 30_000,
  });
};

/** GET /wps/v2/points/list: points details, newest first. */
export const usePointsEntries = (page: number, pageSize = 10) => {
  const owner = useOwner();
  const query = { page, pageSize };
  return useQuery({
    queryKey: [...endpointKey(pointsRoutes.list, { query }), owner],
    queryFn: ({ signal }) => call(pointsRoutes.list, { query, signal }),
    enabled: owner !== null,
    placeholderData: (previous) => previous,
  });
};

/** GET /wps/v2/points/redeems: redeem history, newest first. */
export const usePointsRedeems = (page: number, pageSize = 10) => {
  const owner = useOwner();
  const query = { page, pageSize };
  return useQuery({
    queryKey: [...endpointKey(pointsRoutes.redeems, { query }), owner],
    queryFn: ({ signal }) => call(pointsRoutes.redeems, { query, signal }),
    enabled: owner !== null,
    placeholderData: (previous) => previous,
  });
};

/** After a redeem or a conversion: the points' answers and every wallet answer (the balance moved). */
const STALE = ['/wps/v2/points', '/wps/v2/wallets', '/wps/v2/withdrawals'];
const useRefresh = () => {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ predicate: (q) => STALE.some((p) => String(q.queryKey[1] ?? '').startsWith(p)) });
};

export const useRedeem = () => {
  const refresh = useRefresh();
  return useMutation<
    { redeem: PointsRedeem; balance: number },
    ApiError,
    { itemId: number; quantity: number; paymentPassword: string }
  >({
    mutationFn: (body) => call(pointsRoutes.redeem, { body }),
    onSuccess: refresh,
  });
};

export const useConvert = () => {
  const refresh = useRefresh();
  return useMutation<
    { points: number; amount: string; balance: number },
    ApiError,
    { points: number; paymentPassword: string }
  >({
    mutationFn: (body) => call(pointsRoutes.convert, { body }),
    onSuccess: refresh,
  });
};
