import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { EphemeralStore } from './rate-limit.ts';

/** Authenticator-app codes (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits). */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const TOTP_STEP_SECONDS = 30;

export const base32Encode = (buf: Uint8Array): string => {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of buf) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
};

export const base32Decode = (s: string): Buffer => {
  const clean = s.replace(/=+$/, '').replace(/\s+/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const idx = ALPHABET.indexOf(ch);
    if (idx < 0) throw new Error('invalid base32');
    value = (value << 5) | idx;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
};

export const newTotpSecret = (): string => base32Encode(randomBytes(20));

export const hotp = (secret: Buffer, counter: number, digits = 6): string => {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', secret).update(msg).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const bin = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(bin).padStart(digits, '0');
};

export const totpAt = (secretB32: string, atMs: number): string =>
  hotp(base32Decode(secretB32), Math.floor(atMs / 1000 / TOTP_STEP_SECONDS));

/**
 * The time step a code belongs to (this one or one step either side, for clock drift), or null.
 * Callers remember the step so a code is not accepted twice.
 */
export const matchTotp = (secretB32: string, code: string, nowMs = Date.now()): number | null => {
  if (!/^\d{6}$/.test(code)) return null;
  const secret = base32Decode(secretB32);
  const step = Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);
  for (const s of [step, step - 1, step + 1]) {
    const expected = Buffer.from(hotp(secret, s));
    if (timingSafeEqual(expected, Buffer.from(code))) return s;
  }
  return null;
};

export const otpauthUrl = (issuer: string, account: string, secret: string): string =>
  `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(account)}?secret=${secret}` +
  `&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=6&period=${TOTP_STEP_SECONDS}`;

/**
 * Checks a code and spends its time step for this account: the same code never works twice. A
 * member is named by its id, any other account by a string of its own (`operator:7`).
 */
export const spendTotp = async (store: EphemeralStore, account: number | string, secret: string, code: string) => {
  const step = matchTotp(secret, code);
  if (step === null) return false;
  const used = await store.incr(`totp:${account}:${step}`, 120_000);
  return used.count === 1;
};
