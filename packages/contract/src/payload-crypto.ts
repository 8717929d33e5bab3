import { z } from 'zod';

/**
 * Encrypted request bodies (spec §7 marks login, register, password change and reset as
 * encrypted). Hybrid scheme with WebCrypto on both sides: a fresh AES-256-GCM key per request
 * encrypts `{ ts, body }` with the call's path as additional data, and RSA-OAEP (SHA-256) wraps
 * that key with the server's published public key. See docs/decisions (payload encryption).
 */
export const PAYLOAD_ALGORITHM = 'RSA-OAEP-256+A256GCM' as const;
/** A sealed body older than this is refused (limits replays of a captured payload). */
export const PAYLOAD_MAX_AGE_MS = 5 * 60_000;

export const encryptedPayload = z.strictObject({
  encrypted: z.strictObject({
    v: z.literal(1),
    kid: z.string().max(64),
    /** RSA-OAEP-wrapped AES key, base64. */
    key: z.string().max(2048),
    /** 96-bit GCM nonce, base64. */
    iv: z.string().max(32),
    /** AES-GCM ciphertext with its tag, base64. */
    data: z.string().max(2_000_000),
  }),
});
export type EncryptedPayload = z.infer<typeof encryptedPayload>;

export const isEncryptedPayload = (body: unknown): body is EncryptedPayload =>
  !!body && typeof body === 'object' && 'encrypted' in body;

export const bytesToBase64 = (bytes: ArrayBuffer | Uint8Array): string => {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let s = '';
  for (let i = 0; i < view.length; i += 0x8000) s += String.fromCharCode(...view.subarray(i, i + 0x8000));
  return btoa(s);
};

export const base64ToBytes = (b64: string): Uint8Array<ArrayBuffer> => {
  const s = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(s.length));
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
};

const encoder = new TextEncoder();

/** Encrypts a request body for `path` with the server's public key (browser and Node alike). */
export const sealPayload = async (
  key: { kid: string; publicKey: string },
  path: string,
  body: unknown,
): Promise<EncryptedPayload> => {
  const subtle = globalThis.crypto.subtle;
  const rsa = await subtle.importKey(
    'spki',
    base64ToBytes(key.publicKey),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const aes = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const plaintext = encoder.encode(JSON.stringify({ ts: Date.now(), body }));
  const data = await subtle.encrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(path) }, aes, plaintext);
  const wrapped = await subtle.encrypt({ name: 'RSA-OAEP' }, rsa, await subtle.exportKey('raw', aes));
  return {
    encrypted: { v: 1, kid: key.kid, key: bytesToBase64(wrapped), iv: bytesToBase64(iv), data: bytesToBase64(data) },
  };
};
