import { createHmac } from 'node:crypto';

/**
 * The code an authenticator app shows for a base32 secret (RFC 6238: HMAC-SHA1, 30-second steps,
 * 6 digits), computed the way a person's phone would, for tests that enrol one. `stepOffset`
 * picks a neighbouring step (the server accepts one step either side), so a second code in the
 * same half-minute is not a replay of the first.
 */
export const totpCode = (secretBase32: string, stepOffset = 0, now = Date.now()): string => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const ch of secretBase32.replace(/=+$/, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(ch);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 30_000) + stepOffset));
  const mac = createHmac('sha1', Buffer.from(bytes)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
};
