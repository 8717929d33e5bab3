export { call, memberApi, onApiError } from './member.ts';
export { downloadFile, uploadFile } from './binary.ts';
export { checkImage, uploadImage } from './image.ts';
export type { UploadPurpose } from './image.ts';
export type { UploadOptions } from './binary.ts';
export { buildQuery, buildUrl, createApiClient } from './client.ts';
export { buildPath } from './path.ts';
export type {
  AnyEndpoint,
  ApiClient,
  ApiErrorListener,
  CallOptions,
  Exchange,
  PathParams,
  TokenSource,
} from './client.ts';
export { ApiError, NETWORK_ERROR_CODE, isApiError } from './errors.ts';
export { endpointKey, isLanguageDependentKey, useEndpointQuery } from './hooks.ts';
export type { EndpointArgs, EndpointQueryOptions } from './hooks.ts';
export { useEndpointMutation } from './mutation.ts';
export type { EndpointVariables } from './mutation.ts';
export { queryClient } from './queryClient.ts';
