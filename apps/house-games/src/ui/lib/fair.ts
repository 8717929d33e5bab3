/**
 * The provably fair formulas, recomputed in the browser with WebCrypto so nobody has to trust our
 * server to check our server: HMAC-SHA256(key = server seed, message = "clientSeed:nonce:cursor"),
 * read as 32-bit big-endian words; dice by rejection sampling into 0..9999; crash from the first
 * 52 bits. The same functions as src/math/fair (a unit test checks they agree).
 */
const enc = new TextEncoder();

const hmac = async (key: string, message: string): Promise<Uint8Array> => {
  const k = await crypto.subtle.importKey('raw', enc.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, enc.encode(message)));
};

export const sha256Hex = async (s: string): Promise<string> =>
  [...new Uint8Array(await crypto.subtle.digest('SHA-256', enc.encode(s)))]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');

export const diceRollOf = async (serverSeed: string, clientSeed: string, nonce: number): Promise<number> => {
  const n = 10_000;
  const limit = 0x1_0000_0000 - (0x1_0000_0000 % n);
  for (let cursor = 0; ; cursor++) {
    const b = await hmac(serverSeed, `${clientSeed}:${nonce}:${cursor}`);
    const view = new DataView(b.buffer);
    for (let i = 0; i < 32; i += 4) {
      const v = view.getUint32(i, false);
      if (v < limit) return v % n;
    }
  }
};

export const crashPointOf = async (serverSeed: string, clientSeed: string, nonce: number): Promise<number> => {
  const b = await hmac(serverSeed, `${clientSeed}:${nonce}:0`);
  const hex = [...b]
    .map((x) => x.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, 13);
  const r = BigInt(`0x${hex}`);
  const two52 = 2n ** 52n;
  const cents = (99n * two52) / (two52 - r);
  const capped = cents > 1_000_000n ? 1_000_000n : cents;
  return Number(capped < 100n ? 100n : capped);
};

export const roundClientSeedOf = async (salt: string, seeds: string[]): Promise<string> =>
  sha256Hex([salt, ...seeds].join('\n'));
