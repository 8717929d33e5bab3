import { createHash, randomInt } from 'node:crypto';

/** A source of uniform integers in [0, n). Play uses the CSPRNG; simulations use a fast seeded one. */
export interface Rng {
  int(n: number): number;
}

/**
 * Real-money outcomes: node's CSPRNG (crypto.randomInt rejects biased draws itself). Nothing about
 * the house's position, the player or past results is an input: the games are not adaptive.
 */
export const cryptoRng: Rng = { int: (n) => randomInt(n) };

/**
 * sfc32, seeded from SHA-256 of a label. Deterministic and fast: used to derive game configurations
 * from a game code and to drive simulations, never to decide a real-money outcome.
 */
export class SeededRng implements Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string) {
    const h = createHash('sha256').update(seed).digest();
    this.a = h.readUInt32LE(0);
    this.b = h.readUInt32LE(4);
    this.c = h.readUInt32LE(8);
    this.d = h.readUInt32LE(12);
    for (let i = 0; i < 12; i++) this.next32();
  }

  next32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, n) by rejection, so simulations carry no modulo bias. */
  int(n: number): number {
    if (!Number.isInteger(n) || n <= 0 || n > 0x1_0000_0000) throw new RangeError(`bad range ${n}`);
    const limit = 0x1_0000_0000 - (0x1_0000_0000 % n);
    for (;;) {
      const v = this.next32();
      if (v < limit) return v % n;
    }
  }

  pick<T>(items: readonly T[]): T {
    if (!items.length) throw new RangeError('empty list');
    return items[this.int(items.length)] as T;
  }

  /** Fisher–Yates in place. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [items[i], items[j]] = [items[j] as T, items[i] as T];
    }
    return items;
  }
}
