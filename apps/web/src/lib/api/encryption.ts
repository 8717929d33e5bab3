import { sealPayload, sessionEndpoints, type EncryptedPayload, type ResponseOf } from '@app/contract';
import type { AnyEndpoint, CallOptions, SealingClient } from './client.ts';
import { buildPath } from './path.ts';
import { ApiError } from './errors.ts';

type EncryptionKey = ResponseOf<typeof sessionEndpoints.encryptionKey>;

/*
 * Spec §7 marks login, register and password calls as encrypted: the body is sealed with the
 * server's published key (contract payload-crypto: AES-GCM, key wrapped with RSA-OAEP, the call's
 * path as additional data). Loaded only when such a call is made, so it never weighs on the home
 * page.
 */
let key: Promise<EncryptionKey> | null = null;

const sealRequestBody = async (client: SealingClient, path: string, body: unknown): Promise<EncryptedPayload> => {
  key ??= client.call(sessionEndpoints.encryptionKey).catch((error: unknown) => {
    key = null;
    throw error;
  });
  return sealPayload(await key, path, body);
};

/** The body sealed; without a key to seal with (an older server) it goes as is. */
const sealed = async (client: SealingClient, endpoint: AnyEndpoint, options: CallOptions<AnyEndpoint>) => {
  try {
    return await sealRequestBody(client, buildPath(endpoint.path, options.params), options.body);
  } catch (e) {
    if (e instanceof ApiError && !e.isNetwork && e.status !== 404) throw e;
    return options.body;
  }
};

/**
 * Sends an encrypted endpoint's body sealed. When the server's payload key changed (a restart or a
 * rotation) it fetches the key again and retries once.
 */
export const sendSealed = async (
  client: SealingClient,
  endpoint: AnyEndpoint,
  options: CallOptions<AnyEndpoint>,
): Promise<unknown> => {
  try {
    return await client.sendJson(endpoint, options, await sealed(client, endpoint, options));
  } catch (e) {
    if (!(e instanceof ApiError) || e.code !== 'PAYLOAD_UNREADABLE') throw e;
    key = null;
    return client.sendJson(endpoint, options, await sealed(client, endpoint, options));
  }
};
