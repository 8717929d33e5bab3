export { buildPath, buildQuery, buildUrl, call, onApiError } from './client.ts';
export type { AnyEndpoint, CallOptions, PathParams } from './client.ts';
export { ApiError, NETWORK_ERROR_CODE, isApiError } from './errors.ts';
export { endpointKey, isLanguageDependentKey, useEndpointMutation, useEndpointQuery } from './hooks.ts';
export type { EndpointArgs, EndpointQueryOptions, EndpointVariables } from './hooks.ts';
export { queryClient } from './queryClient.ts';
