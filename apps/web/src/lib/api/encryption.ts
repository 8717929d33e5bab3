import { sealPayload, sessionEndpoints, type EncryptedPayload } from '@app/contract';
import type { ResponseOf } from '@app/contract';

type EncryptionKey = ResponseOf<typeof sessionEndpoints.encryptionKey>;
type KeyFetcher = (endpoint: typeof sessionEndpoints.encryptionKey) => Promise<EncryptionKey>;

/*
 * Spec §7 marks login, register and password calls as encrypted: the body is sealed with the
 * server's published key (contract payload-crypto: AES-GCM, key wrapped with RSA-OAEP, the call's
 * path as additional data). Loaded only when such a call is made, so it never weighs on the home
 * page.
 */
let key: Promise<EncryptionKey> | null = null;

export const sealRequestBody = async (fetchKey: KeyFetcher, path: string, body: unknown): Promise<EncryptedPayload> => {
  key ??= fetchKey(sessionEndpoints.encryptionKey).catch((error: unknown) => {
    key = null;
    throw error;
  });
  return sealPayload(await key, path, body);
};

/** After the server rotated its key (an unreadable payload), fetch it again. */
export const forgetEncryptionKey = (): void => {
  key = null;
};
