/*
 * The house lottery's draws, provably fair (decision 063), as pure code that the server draws with
 * and the browser verifies with: no zod, no node:crypto, no Web Crypto (synchronous, identical
 * everywhere).
 *
 * A period's server seed is 32 random bytes (hex) chosen when the period is created; SHA-256 of
 * those bytes (hex) is published while the period is open. After the draw the seed is revealed and
 * anyone recomputes the numbers: a byte stream of HMAC-SHA256(seed, "<gameCode>:<numero>:<block>")
 * for block 0, 1, 2, …; each number is a byte taken by rejection sampling (a byte at or above the
 * largest multiple of n below 256 is skipped, so there is no modulo bias); permutations are a
 * Fisher–Yates shuffle driven by the same stream. The bets never enter this.
 */

export const LOTTERY_FAMILIES = [
  'SSC',
  'PK10',
  '11X5',
  'LHC',
  'LF',
  'VN_NORTH',
  'VN_CENTRAL',
  'VN_SOUTH',
  'SEA_TH',
  'SEA_LA',
  'SEA_MY',
  'SEA_SG',
  'SEA_KH',
] as const;
export type LotteryFamily = (typeof LOTTERY_FAMILIES)[number];
/** The Vietnamese regions' families (decision 068): official daily draws, results from a feed or an operator. */
export const VN_FAMILIES = ['VN_NORTH', 'VN_CENTRAL', 'VN_SOUTH'] as const;
export type VnFamily = (typeof VN_FAMILIES)[number];
export const isVnFamily = (f: string): f is VnFamily => (VN_FAMILIES as readonly string[]).includes(f);

/**
 * A Vietnamese result sheet's prize tiers, special first (decision 068). A result is one number per
 * line in this order: North 27 lines (special and 1st of 5 digits, 2×2nd, 6×3rd of 5, 4×4th and 6×5th
 * of 4, 3×6th of 3, 4×7th of 2); South and Central 18 lines (special of 6 digits, 1st, 2nd, 2×3rd,
 * 7×4th of 5, 5th and 3×6th of 4, 7th of 3, 8th of 2).
 */
export interface VnTier {
  /** i18n key suffix: db (special, giải đặc biệt), g1 … g8. */
  tier: string;
  count: number;
  digits: number;
}
const NORTH_TIERS: readonly VnTier[] = [
  { tier: 'db', count: 1, digits: 5 },
  { tier: 'g1', count: 1, digits: 5 },
  { tier: 'g2', count: 2, digits: 5 },
  { tier: 'g3', count: 6, digits: 5 },
  { tier: 'g4', count: 4, digits: 4 },
  { tier: 'g5', count: 6, digits: 4 },
  { tier: 'g6', count: 3, digits: 3 },
  { tier: 'g7', count: 4, digits: 2 },
];
const SOUTH_TIERS: readonly VnTier[] = [
  { tier: 'db', count: 1, digits: 6 },
  { tier: 'g1', count: 1, digits: 5 },
  { tier: 'g2', count: 1, digits: 5 },
  { tier: 'g3', count: 2, digits: 5 },
  { tier: 'g4', count: 7, digits: 5 },
  { tier: 'g5', count: 1, digits: 4 },
  { tier: 'g6', count: 3, digits: 4 },
  { tier: 'g7', count: 1, digits: 3 },
  { tier: 'g8', count: 1, digits: 2 },
];
export const VN_TIERS: Record<VnFamily, readonly VnTier[]> = {
  VN_NORTH: NORTH_TIERS,
  VN_CENTRAL: SOUTH_TIERS,
  VN_SOUTH: SOUTH_TIERS,
};
/** The number of digits of each line of a Vietnamese result, in result order. */
export const vnWidths = (family: VnFamily): number[] =>
  VN_TIERS[family].flatMap((t) => Array.from({ length: t.count }, () => t.digits));

/**
 * The South-East Asian lotteries' families (decision 072): official draws in their own time zones,
 * one family per game so each has its own prize rows. Their results are sheets like Vietnam's.
 */
export const SEA_FAMILIES = ['SEA_TH', 'SEA_LA', 'SEA_MY', 'SEA_SG', 'SEA_KH'] as const;
export type SeaFamily = (typeof SEA_FAMILIES)[number];
export const isSeaFamily = (f: string): f is SeaFamily => (SEA_FAMILIES as readonly string[]).includes(f);
/** The 4D games: 23 different four-digit numbers (1st, 2nd, 3rd, 10 starters, 10 consolations). */
export const SEA_4D_FAMILIES = ['SEA_MY', 'SEA_SG', 'SEA_KH'] as const;
export const is4dFamily = (f: string): boolean => (SEA_4D_FAMILIES as readonly string[]).includes(f);

const FOUR_D_TIERS: readonly VnTier[] = [
  { tier: 'd4_1', count: 1, digits: 4 },
  { tier: 'd4_2', count: 1, digits: 4 },
  { tier: 'd4_3', count: 1, digits: 4 },
  { tier: 'd4_starter', count: 10, digits: 4 },
  { tier: 'd4_consol', count: 10, digits: 4 },
];
/**
 * A SEA result sheet's lines, in result order (decision 072): Thailand's first prize (6 digits),
 * the two 3-digit front prizes, the two 3-digit back prizes and the 2-digit back prize; Laos one
 * 6-digit number; the 4D games their 23 numbers.
 */
export const SEA_TIERS: Record<SeaFamily, readonly VnTier[]> = {
  SEA_TH: [
    { tier: 'th_first', count: 1, digits: 6 },
    { tier: 'th_front3', count: 2, digits: 3 },
    { tier: 'th_back3', count: 2, digits: 3 },
    { tier: 'th_back2', count: 1, digits: 2 },
  ],
  SEA_LA: [{ tier: 'la_main', count: 1, digits: 6 }],
  SEA_MY: FOUR_D_TIERS,
  SEA_SG: FOUR_D_TIERS,
  SEA_KH: FOUR_D_TIERS,
};

/** Families whose result is a sheet of prize lines (Vietnam's and South-East Asia's). */
export type SheetFamily = VnFamily | SeaFamily;
export const isSheetFamily = (f: string): f is SheetFamily => isVnFamily(f) || isSeaFamily(f);
export const sheetTiers = (family: SheetFamily): readonly VnTier[] =>
  isVnFamily(family) ? VN_TIERS[family] : SEA_TIERS[family];
/** The number of digits of each line of a sheet, in result order. */
export const sheetWidths = (family: SheetFamily): number[] =>
  sheetTiers(family).flatMap((t) => Array.from({ length: t.count }, () => t.digits));

/** Why numbers are not a result of the family (length, range), or null when they are one. */
export const checkResult = (family: LotteryFamily, numbers: readonly number[]): string | null => {
  const shape = RESULT_SHAPE[family];
  if (numbers.length !== shape.length) return `A result of this game has ${shape.length} numbers`;
  const widths = isSheetFamily(family) ? sheetWidths(family) : null;
  for (const [i, n] of numbers.entries()) {
    const max = widths ? 10 ** widths[i]! - 1 : shape.max;
    if (!Number.isInteger(n) || n < shape.min || n > max) return `Number ${i + 1} is out of range`;
  }
  if (is4dFamily(family) && new Set(numbers).size !== numbers.length) return 'A 4D result has 23 different numbers';
  return null;
};

/* ------------------------------------------------------------------ SHA-256 and HMAC (FIPS 180-4) */

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

export const sha256 = (message: Uint8Array): Uint8Array => {
  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const bitLength = message.length * 8;
  const padded = new Uint8Array(Math.ceil((message.length + 9) / 64) * 64);
  padded.set(message);
  padded[message.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 2 ** 32));
  view.setUint32(padded.length - 4, bitLength >>> 0);
  const w = new Uint32Array(64);
  for (let off = 0; off < padded.length; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = [h[0]!, h[1]!, h[2]!, h[3]!, h[4]!, h[5]!, h[6]!, h[7]!];
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h[0] = (h[0]! + a) >>> 0;
    h[1] = (h[1]! + b) >>> 0;
    h[2] = (h[2]! + c) >>> 0;
    h[3] = (h[3]! + d) >>> 0;
    h[4] = (h[4]! + e) >>> 0;
    h[5] = (h[5]! + f) >>> 0;
    h[6] = (h[6]! + g) >>> 0;
    h[7] = (h[7]! + hh) >>> 0;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setUint32(i * 4, h[i]!);
  return out;
};

export const hmacSha256 = (key: Uint8Array, message: Uint8Array): Uint8Array => {
  const block = new Uint8Array(64);
  block.set(key.length > 64 ? sha256(key) : key);
  const inner = new Uint8Array(64 + message.length);
  const outer = new Uint8Array(64 + 32);
  for (let i = 0; i < 64; i++) {
    inner[i] = block[i]! ^ 0x36;
    outer[i] = block[i]! ^ 0x5c;
  }
  inner.set(message, 64);
  outer.set(sha256(inner), 64);
  return sha256(outer);
};

export const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

export const fromHex = (hex: string): Uint8Array => {
  if (!/^(?:[0-9a-f]{2})*$/i.test(hex)) throw new Error('not hex');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
};

const utf8 = (s: string) => new TextEncoder().encode(s);

/** A server seed is 64 hex characters (32 bytes). */
export const SEED_PATTERN = /^[0-9a-f]{64}$/;

/** What is published while the period is open: SHA-256 of the seed's 32 bytes, hex. */
export const seedHash = (seedHex: string): string => toHex(sha256(fromHex(seedHex)));

/* ------------------------------------------------------------------ numbers from a seed */

/** The byte stream of a period: HMAC-SHA256(seed, "<gameCode>:<numero>:<block>") block after block. */
export const drawStream = (seedHex: string, gameCode: string, numero: string) => {
  const key = fromHex(seedHex);
  let block = 0;
  let buffer: Uint8Array = new Uint8Array(0);
  let at = 0;
  const nextByte = (): number => {
    if (at >= buffer.length) {
      buffer = hmacSha256(key, utf8(`${gameCode}:${numero}:${block++}`));
      at = 0;
    }
    return buffer[at++]!;
  };
  /** A uniform integer in [0, n), n ≤ 256, without modulo bias. */
  const below = (n: number): number => {
    const limit = 256 - (256 % n);
    for (;;) {
      const b = nextByte();
      if (b < limit) return b % n;
    }
  };
  return { below };
};

const shuffled = (below: (n: number) => number, from: number, to: number): number[] => {
  const items = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  for (let i = items.length - 1; i > 0; i--) {
    const j = below(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
};

/**
 * The numbers of a draw, in draw order:
 * SSC five digits 0–9; LF three digits 0–9; PK10 a permutation of 1–10; 11X5 five distinct of 1–11;
 * LHC six of 1–49 and the special (seventh).
 */
export const deriveResult = (family: LotteryFamily, seedHex: string, gameCode: string, numero: string): number[] => {
  const { below } = drawStream(seedHex, gameCode, numero);
  // A sheet's line digit by digit, as the official drums draw them.
  const line = (digits: number) => Array.from({ length: digits }, () => below(10)).reduce((n, d) => n * 10 + d, 0);
  switch (family) {
    case 'SSC':
      return Array.from({ length: 5 }, () => below(10));
    case 'LF':
      return Array.from({ length: 3 }, () => below(10));
    case 'PK10':
      return shuffled(below, 1, 10);
    case '11X5':
      return shuffled(below, 1, 11).slice(0, 5);
    case 'LHC':
      return shuffled(below, 1, 49).slice(0, 7);
    case 'VN_NORTH':
    case 'VN_CENTRAL':
    case 'VN_SOUTH':
      return vnWidths(family).map((digits) => line(digits));
    case 'SEA_TH':
    case 'SEA_LA':
      return sheetWidths(family).map((digits) => line(digits));
    case 'SEA_MY':
    case 'SEA_SG':
    case 'SEA_KH': {
      // 23 different numbers: a number already drawn is drawn again (as the 4D drums do).
      const drawn: number[] = [];
      for (const digits of sheetWidths(family)) {
        let n = line(digits);
        while (drawn.includes(n)) n = line(digits);
        drawn.push(n);
      }
      return drawn;
    }
  }
};

/** How many numbers a result of the family has and their range (for display and validation). */
export const RESULT_SHAPE: Record<LotteryFamily, { length: number; min: number; max: number; pad: number }> = {
  SSC: { length: 5, min: 0, max: 9, pad: 1 },
  LF: { length: 3, min: 0, max: 9, pad: 1 },
  PK10: { length: 10, min: 1, max: 10, pad: 2 },
  '11X5': { length: 5, min: 1, max: 11, pad: 2 },
  LHC: { length: 7, min: 1, max: 49, pad: 2 },
  // Vietnamese lines have their own widths (vnWidths); max is the widest.
  VN_NORTH: { length: 27, min: 0, max: 99_999, pad: 5 },
  VN_CENTRAL: { length: 18, min: 0, max: 999_999, pad: 6 },
  VN_SOUTH: { length: 18, min: 0, max: 999_999, pad: 6 },
  // South-East Asia's sheets (decision 072): lines of their own widths too.
  SEA_TH: { length: 6, min: 0, max: 999_999, pad: 6 },
  SEA_LA: { length: 1, min: 0, max: 999_999, pad: 6 },
  SEA_MY: { length: 23, min: 0, max: 9_999, pad: 4 },
  SEA_SG: { length: 23, min: 0, max: 9_999, pad: 4 },
  SEA_KH: { length: 23, min: 0, max: 9_999, pad: 4 },
};
