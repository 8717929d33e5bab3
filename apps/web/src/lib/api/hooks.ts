import {
  useMutation,
  useQuery,
  type QueryKey,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { BodyOf, QueryOf, ResponseOf } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { call, type AnyEndpoint, type PathParams } from './client.ts';
import type { ApiError } from './errors.ts';

export interface EndpointArgs<E extends AnyEndpoint> {
  query?: QueryOf<E>;
  params?: PathParams;
}

/** Marker element in query keys of data that depends on the interface language. */
export interface LanguageKeyPart {
  lang: string;
}

export const isLanguageKeyPart = (part: unknown): part is LanguageKeyPart =>
  !!part && typeof part === 'object' && 'lang' in part && Object.keys(part).length === 1;

/**
 * Query key of one endpoint call: method, path, params, query and (for language-dependent data)
 * `{ lang }`, so a language switch both asks for new data and lets us invalidate the old.
 */
export const endpointKey = <E extends AnyEndpoint>(
  endpoint: E,
  args: EndpointArgs<E> = {},
  lang?: string,
): QueryKey => {
  const key: unknown[] = [endpoint.method, endpoint.path, args.params ?? null, args.query ?? null];
  if (lang) key.push({ lang } satisfies LanguageKeyPart);
  return key;
};

/** True for keys built with a language part: the ones to refetch after a language switch. */
export const isLanguageDependentKey = (key: QueryKey): boolean => key.some(isLanguageKeyPart);

export type EndpointQueryOptions<E extends AnyEndpoint, T> = Omit<
  UseQueryOptions<ResponseOf<E>, ApiError, T>,
  'queryKey' | 'queryFn'
> & {
  /** Put the current language in the key; the data is refetched when it changes. */
  languageDependent?: boolean;
};

export const useEndpointQuery = <E extends AnyEndpoint, T = ResponseOf<E>>(
  endpoint: E,
  args: EndpointArgs<E> = {},
  options: EndpointQueryOptions<E, T> = {},
): UseQueryResult<T, ApiError> => {
  const { i18n } = useTranslation();
  const { languageDependent, ...queryOptions } = options;
  return useQuery<ResponseOf<E>, ApiError, T>({
    ...queryOptions,
    queryKey: endpointKey(endpoint, args, languageDependent ? i18n.language : undefined),
    queryFn: ({ signal }) => call(endpoint, { ...args, signal }),
  });
};

export interface EndpointVariables<E extends AnyEndpoint> {
  body?: BodyOf<E>;
  query?: QueryOf<E>;
  params?: PathParams;
  headers?: Record<string, string>;
}

export const useEndpointMutation = <E extends AnyEndpoint, C = unknown>(
  endpoint: E,
  options: Omit<UseMutationOptions<ResponseOf<E>, ApiError, EndpointVariables<E>, C>, 'mutationFn'> = {},
): UseMutationResult<ResponseOf<E>, ApiError, EndpointVariables<E>, C> =>
  useMutation<ResponseOf<E>, ApiError, EndpointVariables<E>, C>({
    ...options,
    mutationFn: (variables) => call(endpoint, variables),
  });
