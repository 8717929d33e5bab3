import { useMutation, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import type { BodyOf, EndpointOf, QueryOf, ResponseOf } from '@app/contract';
import type { AnyEndpoint, PathParams } from './client.ts';
import type { ApiError } from './errors.ts';
import { call } from './member.ts';

/*
 * Mutations apart from the queries: no first-page code changes anything, so react-query's
 * mutation observer stays out of the first load (only lazy pages and popups import this module).
 */

export interface EndpointVariables<E extends AnyEndpoint> {
  body?: BodyOf<EndpointOf<E>>;
  query?: QueryOf<EndpointOf<E>>;
  params?: PathParams;
  headers?: Record<string, string>;
}

export const useEndpointMutation = <E extends AnyEndpoint, C = unknown>(
  endpoint: E,
  options: Omit<UseMutationOptions<ResponseOf<EndpointOf<E>>, ApiError, EndpointVariables<E>, C>, 'mutationFn'> = {},
): UseMutationResult<ResponseOf<EndpointOf<E>>, ApiError, EndpointVariables<E>, C> =>
  useMutation<ResponseOf<EndpointOf<E>>, ApiError, EndpointVariables<E>, C>({
    ...options,
    mutationFn: (variables) => call(endpoint, variables),
  });
