import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Provably fair outcomes (decision record 0xx-provably-fair): every outcome is a pure function of
 * (server seed, client seed, nonce). The server seed is secret until rotated, but its SHA-256 is
 * shown before the first bet made with it; the player sets the client seed; the nonce counts bets.
 *
 *   bytes(cursor) = HMAC-SHA256(key = server seed, message = `${clientSeed}:${nonce}:${cursor}`)
 *
 * Games read 32-bit big-endian words from bytes(0), bytes(1), … in order.
 */
export const newServerSeed = (): string => randomBytes(32).toString('hex');
export const newClientSeed = (): string => randomBytes(12).toString('base64url');
export const hashServerSeed = (serverSeed: string): string => createHash('sha256').update(serverSeed).digest('hex');

export const hmacBytes = (serverSeed: string, clientSeed: string, nonce: number, cursor: number): Buffer =>
  createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${cursor}`).digest();

/** An endless stream of 32-bit words for one (seed pair, nonce). */
export function* words(serverSeed: string, clientSeed: string, nonce: number): Generator<number> {
  for (let cursor = 0; ; cursor++) {
    const b = hmacBytes(serverSeed, clientSeed, nonce, cursor);
    for (let i = 0; i < 32; i += 4) yield b.readUInt32BE(i);
  }
}

/** Uniform integer in [0, n) by rejection sampling: no modulo bias. */
export const uniformInt = (stream: Iterator<number>, n: number): number => {
  const limit = 0x1_0000_0000 - (0x1_0000_0000 % n);
  for (;;) {
    const v = stream.next().value as number;
    if (v < limit) return v % n;
  }
};

/** The first 52 bits of bytes(0), as a BigInt in [0, 2^52). */
export const first52Bits = (serverSeed: string, clientSeed: string, nonce: number): bigint => {
  const hex = hmacBytes(serverSeed, clientSeed, nonce, 0).toString('hex').slice(0, 13);
  return BigInt(`0x${hex}`);
};

/** Client seeds are short printable strings the player can type. */
export const CLIENT_SEED_PATTERN = /^[\x21-\x7e]{1,64}$/;
