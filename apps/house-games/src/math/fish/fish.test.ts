import { describe, expect, it } from 'vitest';
import { SeededRng } from '../rng.ts';
import { uniformInt, words } from '../fair/hmac.ts';
import {
  DEFAULT_FISH_RTP_BP,
  FISH_SPECIES,
  WEAPONS,
  captureOdds,
  exactExpectation,
  resolveShot,
  sharesOf,
  type FishSpecies,
  type WeaponKey,
} from './fish.ts';
import { fishById, seaWindow } from './sea.ts';
import { fishPosition } from '../../shared/fish-path.ts';

/** Every multiset of `k` species (order does not change the expectation's terms, only which fish takes the remainder). */
const sequences = (k: number): FishSpecies[][] => {
  if (k === 0) return [[]];
  return sequences(k - 1).flatMap((rest) => FISH_SPECIES.map((s) => [s, ...rest]));
};

describe('fishing maths: exact', () => {
  it('splits a shot’s price into whole shares over the fish it hits', () => {
    expect(sharesOf(1, 1)).toEqual([1]);
    expect(sharesOf(10, 3)).toEqual([4, 3, 3]);
    expect(sharesOf(20, 6)).toEqual([4, 4, 3, 3, 3, 3]);
    expect(() => sharesOf(10, 0)).toThrow();
    expect(() => sharesOf(1, 2)).toThrow();
  });

  it('capture odds are RTP / mean multiplier, never above one', () => {
    for (const s of FISH_SPECIES) {
      const { num, den } = captureOdds(s, DEFAULT_FISH_RTP_BP);
      const mean = s.multipliers.reduce((a, b) => a + b, 0) / s.multipliers.length;
      expect(num / den).toBeCloseTo(0.96 / mean, 12);
      expect(num).toBeLessThan(den);
    }
  });

  it('every weapon on every combination of fish returns exactly RTP × price (cannon, bomb and laser up to 3 fish, all orders)', () => {
    for (const rtp of [DEFAULT_FISH_RTP_BP, 9000, 9750]) {
      for (const weapon of Object.keys(WEAPONS) as WeaponKey[]) {
        const max = Math.min(WEAPONS[weapon].maxFish, 3);
        for (let k = 1; k <= max; k++) {
          for (const targets of sequences(k)) {
            const e = exactExpectation(weapon, targets, rtp);
            // E / bet = rtp/10000 × price, as exact integers: E.num × 10000 = rtp × price × E.den
            expect(e.num * 10_000n).toBe(BigInt(rtp) * BigInt(WEAPONS[weapon].price) * e.den);
          }
        }
      }
    }
  });

  it('the full bomb and laser (5 and 6 fish) return exactly RTP × price too', () => {
    const rng = new SeededRng('full-loads');
    for (let i = 0; i < 2000; i++) {
      for (const weapon of ['bomb', 'laser'] as const) {
        const targets = Array.from({ length: WEAPONS[weapon].maxFish }, () => rng.pick(FISH_SPECIES));
        const e = exactExpectation(weapon, targets, DEFAULT_FISH_RTP_BP);
        expect(e.num * 10_000n).toBe(BigInt(DEFAULT_FISH_RTP_BP) * BigInt(WEAPONS[weapon].price) * e.den);
      }
    }
  });
});

describe('fishing maths: simulated', () => {
  it('a seeded mix of 1,000,000 shots returns the RTP within 4 standard errors', () => {
    const rng = new SeededRng('fish-sim-1');
    const weapons: WeaponKey[] = ['cannon', 'cannon', 'cannon', 'bomb', 'laser'];
    let staked = 0;
    let paid = 0;
    let sumD = 0;
    let sumD2 = 0;
    const n = 1_000_000;
    for (let i = 0; i < n; i++) {
      const weapon = rng.pick(weapons);
      const k = 1 + rng.int(WEAPONS[weapon].maxFish);
      const targets = Array.from({ length: k }, () => rng.pick(FISH_SPECIES));
      const r = resolveShot(rng, { bet: 1n, weapon, targets, rtpBp: DEFAULT_FISH_RTP_BP });
      staked += Number(r.stake);
      paid += Number(r.win);
      // d = pay − RTP × stake has mean 0 when the return is the RTP; its spread gives the error of paid / staked.
      const d = Number(r.win) - 0.96 * Number(r.stake);
      sumD += d;
      sumD2 += d * d;
    }
    const sd = Math.sqrt(sumD2 / n - (sumD / n) ** 2);
    const standardError = sd / Math.sqrt(n) / (staked / n);
    const rtp = paid / staked;
    // The tolerance: 4 standard errors (about 2.6 percentage points for this volatile mix: a boss pays up to 300 ×).
    expect(standardError).toBeLessThan(0.008);
    expect(Math.abs(rtp - 0.96)).toBeLessThan(4 * standardError);
  });

  it('boss captures pay each of its multipliers about equally often', () => {
    const boss = FISH_SPECIES.find((s) => s.boss)!;
    const rng = new SeededRng('boss');
    const seen = new Map<number, number>();
    for (let i = 0; i < 400_000; i++) {
      const r = resolveShot(rng, { bet: 1n, weapon: 'cannon', targets: [boss], rtpBp: DEFAULT_FISH_RTP_BP });
      if (r.hits[0]!.captured) seen.set(r.hits[0]!.multiplier, (seen.get(r.hits[0]!.multiplier) ?? 0) + 1);
    }
    const total = [...seen.values()].reduce((a, b) => a + b, 0);
    expect([...seen.keys()].sort((a, b) => a - b)).toEqual([...boss.multipliers]);
    expect(total / 400_000).toBeGreaterThan(0.0048 * 0.8); // P = 0.96 / 200
    expect(total / 400_000).toBeLessThan(0.0048 * 1.2);
  });

  it('a shot is a pure function of the seed pair and nonce (provably fair)', () => {
    const src = (nonce: number) => {
      const stream = words('server-seed', 'client-seed', nonce);
      return { int: (n: number) => uniformInt(stream, n) };
    };
    const targets = FISH_SPECIES.slice(0, 5);
    for (let nonce = 0; nonce < 50; nonce++) {
      const a = resolveShot(src(nonce), { bet: 10n, weapon: 'bomb', targets, rtpBp: 9600 });
      const b = resolveShot(src(nonce), { bet: 10n, weapon: 'bomb', targets, rtpBp: 9600 });
      expect(a).toEqual(b);
    }
  });
});

describe('the sea', () => {
  it('is the same for the same seed, finds every fish by id, and each fish swims across', () => {
    const now = 1_800_000_000_000;
    const a = seaWindow('seed-a', now, now + 10_000);
    expect(a.length).toBeGreaterThan(10);
    expect(seaWindow('seed-a', now, now + 10_000)).toEqual(a);
    expect(seaWindow('seed-b', now, now + 10_000)).not.toEqual(a);
    for (const f of a) {
      expect(fishById('seed-a', f.id)).toEqual(f);
      expect(fishPosition(f, f.spawnAt)!.x).toBeLessThan(0.01 + (f.dir > 0 ? 0 : 1.2));
      expect(fishPosition(f, f.spawnAt + f.durationMs + 1)).toBeNull();
    }
    expect(fishById('seed-a', -1)).toBeUndefined();
  });
});
