import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { AppError } from '../http/errors.ts';

/**
 * Seals small secrets kept at rest (the members' authenticator secrets) with AES-256-GCM under
 * SECRETS_KEY, so a copy of the database alone does not give them away. A sealed value reads
 * `sb1:<base64 of iv | tag | ciphertext>`; a value without the prefix was stored before sealing
 * existed and is read as it is (it is sealed the next time it is written).
 */
const PREFIX = 'sb1:';
/** The embedded demo's key: public, so only for demo data (DEMO_MODE or tests). */
export const DEMO_SECRETS_KEY = createHash('sha256').update('lotus demo secrets key: demo data only').digest();

export const secretsKeyOf = (raw: string | undefined, demo: boolean): Buffer | null => {
  if (raw) return Buffer.from(raw, 'base64');
  return demo ? DEMO_SECRETS_KEY : null;
};

/**
 * A key for one use derived from SECRETS_KEY with HKDF-SHA256 (`info` names the use), so one
 * master key serves several purposes without reusing key material. Without a master key (outside
 * demo mode and tests, with SECRETS_KEY unset) the key is random for this process: what it
 * protects then lasts only as long as the process (decision 055).
 */
export const derivedKey = (master: Buffer | null, info: string): Buffer =>
  master ? Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `lotus:${info}`, 32)) : randomBytes(32);

const unavailable = () =>
  new AppError(
    'SECRETS_UNAVAILABLE',
    'This server keeps no key for secrets (SECRETS_KEY), so the authenticator is not offered',
    503,
  );

export class SecretBox {
  constructor(private readonly key: Buffer | null) {
    if (key && key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes, base64');
  }

  get available(): boolean {
    return this.key !== null;
  }

  seal(plain: string): string {
    if (!this.key) throw unavailable();
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  open(stored: string): string {
    if (!stored.startsWith(PREFIX)) return stored;
    if (!this.key) throw unavailable();
    const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
