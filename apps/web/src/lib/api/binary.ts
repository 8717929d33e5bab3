import type { EndpointOf, QueryOf, ResponseOf } from '@app/contract';
import { settle, type AnyEndpoint, type ApiClient, type PathParams } from './client.ts';

/*
 * Calls whose body or answer is bytes, not JSON: proof images up and back. They go through a
 * client's one exchange (its token, errors and listeners) and the one envelope reading; they live
 * apart from the JSON calls so the first page does not carry them.
 */

export interface UploadOptions<E extends AnyEndpoint> {
  query?: QueryOf<EndpointOf<E>>;
  params?: PathParams;
  signal?: AbortSignal;
}

/** Sends a file's bytes as the body, with its own type as Content-Type; answers the envelope's value. */
export const uploadFile = <E extends AnyEndpoint>(
  client: ApiClient,
  endpoint: E,
  file: Blob,
  options: UploadOptions<E> = {},
): Promise<ResponseOf<EndpointOf<E>>> =>
  client.exchange(
    endpoint,
    { ...options, body: file, contentType: file.type || 'application/octet-stream', untimed: true },
    settle,
  ) as Promise<ResponseOf<EndpointOf<E>>>;

/** Reads bytes the client's token may see (an image): the body on success, the envelope's error otherwise. */
export const downloadFile = (
  client: ApiClient,
  endpoint: AnyEndpoint,
  options: { params?: PathParams; signal?: AbortSignal } = {},
): Promise<Blob> =>
  client.exchange(endpoint, options, async (res) => {
    // A refusal comes as an envelope; settle turns it into the ApiError.
    if (!res.ok) await settle(res);
    return res.blob();
  });
