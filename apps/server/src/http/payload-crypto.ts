import { createHash, createPrivateKey, createPublicKey, webcrypto } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  PAYLOAD_ALGORITHM,
  PAYLOAD_MAX_AGE_MS,
  base64ToBytes,
  bytesToBase64,
  encryptedPayload,
  isEncryptedPayload,
} from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

const subtle = webcrypto.subtle;
const RSA = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

interface KeyMaterial {
  kid: string;
  publicKey: string;
  privateKey: webcrypto.CryptoKey;
}

const unreadable = () => new AppError('PAYLOAD_UNREADABLE', ACCOUNT_MESSAGES.PAYLOAD_UNREADABLE, 400);

/**
 * Opens the encrypted request bodies of spec §7 (hybrid RSA-OAEP-256 + AES-256-GCM, decision 006).
 * The key pair comes from the given PKCS#8 PEM (PAYLOAD_RSA_PRIVATE_KEY; required when several
 * server processes run) or is generated on first use. Plain JSON passes only when allowed.
 */
export class PayloadCrypto {
  private material: Promise<KeyMaterial> | null = null;

  constructor(
    private readonly privateKeyPem: string | undefined,
    readonly plaintextAllowed: boolean,
  ) {}

  private load(): Promise<KeyMaterial> {
    this.material ??= (async () => {
      let privateKey: webcrypto.CryptoKey;
      let spki: ArrayBuffer;
      if (this.privateKeyPem) {
        const keyObject = createPrivateKey(this.privateKeyPem.replace(/\\n/g, '\n'));
        const pkcs8 = keyObject.export({ type: 'pkcs8', format: 'der' });
        privateKey = await subtle.importKey('pkcs8', pkcs8, RSA, false, ['decrypt']);
        spki = new Uint8Array(createPublicKey(keyObject).export({ type: 'spki', format: 'der' })).buffer;
      } else {
        const pair = await subtle.generateKey(
          { ...RSA, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
          true,
          ['encrypt', 'decrypt'],
        );
        privateKey = pair.privateKey;
        spki = await subtle.exportKey('spki', pair.publicKey);
      }
      const kid = createHash('sha256').update(new Uint8Array(spki)).digest('base64url').slice(0, 16);
      return { kid, publicKey: bytesToBase64(spki), privateKey };
    })();
    return this.material;
  }

  async publicInfo() {
    const m = await this.load();
    return { kid: m.kid, algorithm: PAYLOAD_ALGORITHM, publicKey: m.publicKey, required: !this.plaintextAllowed };
  }

  /** The plain body of a request to `path`: decrypted, or as sent when plain bodies are allowed. */
  async open(body: unknown, path: string, now = Date.now()): Promise<unknown> {
    if (!isEncryptedPayload(body)) {
      if (this.plaintextAllowed) return body;
      throw new AppError('PAYLOAD_ENCRYPTION_REQUIRED', ACCOUNT_MESSAGES.PAYLOAD_ENCRYPTION_REQUIRED, 400);
    }
    const parsed = encryptedPayload.safeParse(body);
    if (!parsed.success) throw unreadable();
    const e = parsed.data.encrypted;
    const m = await this.load();
    if (e.kid !== m.kid) throw unreadable();
    let plain: { ts?: unknown; body?: unknown };
    try {
      const rawKey = await subtle.decrypt({ name: 'RSA-OAEP' }, m.privateKey, base64ToBytes(e.key));
      const aes = await subtle.importKey('raw', rawKey, { name: 'AES-GCM' }, false, ['decrypt']);
      const iv = base64ToBytes(e.iv);
      if (iv.length !== 12) throw unreadable();
      const data = await subtle.decrypt(
        { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(path) },
        aes,
        base64ToBytes(e.data),
      );
      plain = JSON.parse(new TextDecoder().decode(data)) as typeof plain;
    } catch {
      throw unreadable();
    }
    const ts = typeof plain.ts === 'number' ? plain.ts : NaN;
    // A minute of clock skew either way; older payloads are replays.
    if (!(ts > now - PAYLOAD_MAX_AGE_MS && ts < now + 60_000)) throw unreadable();
    return plain.body;
  }
}

/**
 * Lets `route()` open the sealed bodies of endpoints marked `encrypted` with this key. app.ts
 * installs it once, before any route.
 */
export const installSealedBodies = (app: FastifyInstance, deps: { payloadCrypto: PayloadCrypto }) => {
  app.decorate('payloadCrypto', deps.payloadCrypto);
};

/** The plain body of a request to an encrypted endpoint (see `PayloadCrypto.open`). */
export const openSealedBody = (req: FastifyRequest, path: string): Promise<unknown> => {
  const crypto = req.server.payloadCrypto;
  if (!crypto) throw new Error('installSealedBodies(app, { payloadCrypto }) must run before routes are registered');
  return crypto.open(req.body, path);
};

declare module 'fastify' {
  interface FastifyInstance {
    payloadCrypto?: PayloadCrypto;
  }
}
