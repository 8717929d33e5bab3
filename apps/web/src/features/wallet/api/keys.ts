import type { EndpointOf, ResponseOf } from '@app/contract';
import { useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import {
  call,
  endpointKey,
  type AnyEndpoint,
  type ApiError,
  type EndpointArgs,
  type EndpointVariables,
} from '../../../lib/api/index.ts';
import { useSession } from '../../../lib/session/index.ts';

/** The member part of a wallet query key: one member's data never shows for the next in the tab. */
export const useOwner = () => useSession().token?.slice(0, 12) ?? null;

/** A wallet call as a query keyed by its endpoint, arguments and member (see WalletLive for invalidation). */
export const useWalletQuery = <E extends AnyEndpoint>(
  endpoint: E,
  args: EndpointArgs<E> = {},
  options: Omit<UseQueryOptions<ResponseOf<EndpointOf<E>>, ApiError>, 'queryKey' | 'queryFn'> = {},
) => {
  const owner = useOwner();
  return useQuery<ResponseOf<EndpointOf<E>>, ApiError>({
    queryKey: [...endpointKey(endpoint, args), owner],
    queryFn: ({ signal }) => call(endpoint, { ...args, signal }),
    enabled: owner !== null,
    ...options,
  });
};

/** Calls whose answers a money movement makes stale. */
const WALLET_PATHS = [
  '/wps/v2/wallets',
  '/wps/v2/deposits',
  '/wps/v2/withdrawals',
  '/wps/v2/bank-accounts',
  '/wps/v2/transfers',
  '/wps/v2/messages',
];

/** A wallet mutation that refreshes every wallet query (balance included) when it settles. */
export const useWalletMutation = <E extends AnyEndpoint>(endpoint: E) => {
  const queryClient = useQueryClient();
  return useMutation<ResponseOf<EndpointOf<E>>, ApiError, EndpointVariables<E>>({
    mutationFn: (variables) => call(endpoint, variables),
    onSettled: () =>
      queryClient.invalidateQueries({
        predicate: (q) => WALLET_PATHS.some((p) => String(q.queryKey[1] ?? '').startsWith(p)),
      }),
  });
};
