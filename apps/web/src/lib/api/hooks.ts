import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import type { EndpointOf, QueryOf, ResponseOf } from '@app/contract';
import { useTranslation } from 'react-i18next';
import type { AnyEndpoint, PathParams } from './client.ts';
import { call } from './member.ts';
import type { ApiError } from './errors.ts';

export interface EndpointArgs<E extends AnyEndpoint> {
  query?: QueryOf<EndpointOf<E>>;
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
  UseQueryOptions<ResponseOf<EndpointOf<E>>, ApiError, T>,
  'queryKey' | 'queryFn'
> & {
  /** Put the current language in the key; the data is refetched when it changes. */
  languageDependent?: boolean;
};

export const useEndpointQuery = <E extends AnyEndpoint, T = ResponseOf<EndpointOf<E>>>(
  endpoint: E,
  args: EndpointArgs<E> = {},
  options: EndpointQueryOptions<E, T> = {},
): UseQueryResult<T, ApiError> => {
  const { i18n } = useTranslation();
  const { languageDependent, ...queryOptions } = options;
  return useQuery<ResponseOf<EndpointOf<E>>, ApiError, T>({
    ...queryOptions,
    queryKey: endpointKey(endpoint, args, languageDependent ? i18n.language : undefined),
    queryFn: ({ signal }) => call(endpoint, { ...args, signal }),
  });
};
