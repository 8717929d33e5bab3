/**
 * Fishing (decision 095). Every shot is a bet of `price` shares of the bet per
 * shot; the shares are spread over the fish the shot hits, and each fish hit is captured on its own
 * with probability RTP / mean multiplier, paying its shares × bet × its multiplier:
 *
 *   E[pay] = Σ_i shares_i · bet · (RTP / mean_i) · mean_i = RTP · bet · Σ_i shares_i = RTP · price · bet
 *
 * whatever fish are hit, so the return is the configured RTP exactly for every shot and every way
 * of aiming. A boss fish pays a multiplier drawn at capture from its list (uniform), so its mean is
 * what the capture odds use. Probabilities are exact integer ratios decided by uniform integers.
 */

/** A source of uniform integers in [0, n): the provably fair HMAC stream in play, a seeded one in tests. */
export interface IntSource {
  int(n: number): number;
}

export interface FishSpecies {
  key: string;
  /** Multipliers paid on capture, equally likely (one entry for an ordinary fish). */
  multipliers: readonly number[];
  boss: boolean;
  /** Drawing size relative to the sea's shorter side. */
  size: number;
  /** Seconds to cross the sea. */
  crossSeconds: number;
  /** How often it appears (relative weight). */
  weight: number;
  hue: number;
}

export const FISH_SPECIES: readonly FishSpecies[] = [
  { key: 'clownfish', multipliers: [2], boss: false, size: 0.07, crossSeconds: 9, weight: 30, hue: 24 },
  { key: 'pufferfish', multipliers: [3], boss: false, size: 0.08, crossSeconds: 11, weight: 22, hue: 52 },
  { key: 'angelfish', multipliers: [5], boss: false, size: 0.09, crossSeconds: 12, weight: 16, hue: 190 },
  { key: 'turtle', multipliers: [8], boss: false, size: 0.11, crossSeconds: 15, weight: 10, hue: 130 },
  { key: 'lobster', multipliers: [10], boss: false, size: 0.11, crossSeconds: 14, weight: 8, hue: 4 },
  { key: 'ray', multipliers: [15], boss: false, size: 0.14, crossSeconds: 16, weight: 6, hue: 260 },
  { key: 'swordfish', multipliers: [20], boss: false, size: 0.16, crossSeconds: 10, weight: 4, hue: 215 },
  { key: 'shark', multipliers: [40], boss: false, size: 0.2, crossSeconds: 17, weight: 2.5, hue: 205 },
  { key: 'whale', multipliers: [80], boss: false, size: 0.26, crossSeconds: 22, weight: 1.2, hue: 225 },
  {
    key: 'dragon-king',
    multipliers: [100, 150, 200, 250, 300],
    boss: true,
    size: 0.3,
    crossSeconds: 24,
    weight: 0.5,
    hue: 330,
  },
];

export const speciesByKey = (key: string): FishSpecies | undefined => FISH_SPECIES.find((s) => s.key === key);

export type WeaponKey = 'cannon' | 'bomb' | 'laser';

export interface Weapon {
  key: WeaponKey;
  /** What one shot costs, in bets per shot. */
  price: number;
  /** The most fish one shot can hit. */
  maxFish: number;
}

export const WEAPONS: Record<WeaponKey, Weapon> = {
  cannon: { key: 'cannon', price: 1, maxFish: 1 },
  bomb: { key: 'bomb', price: 10, maxFish: 5 },
  laser: { key: 'laser', price: 20, maxFish: 6 },
};

/** Bets per shot, in minor units. */
export const FISH_BETS: readonly bigint[] = [10n, 20n, 50n, 100n, 200n, 500n, 1000n, 2000n];

export const DEFAULT_FISH_RTP_BP = 9600;

/** Shares of a shot's price per fish hit: as even as whole shares allow, the first fish taking the remainder. */
export const sharesOf = (price: number, hits: number): number[] => {
  if (!Number.isInteger(hits) || hits < 1 || hits > price) throw new RangeError(`bad hit count ${hits}`);
  const base = Math.floor(price / hits);
  const extra = price % hits;
  return Array.from({ length: hits }, (_, i) => base + (i < extra ? 1 : 0));
};

/** Capture odds num / den = (rtpBp / 10000) / mean multiplier, with mean = sum / count. */
export const captureOdds = (s: FishSpecies, rtpBp: number): { num: number; den: number } => {
  const sum = s.multipliers.reduce((a, b) => a + b, 0);
  return { num: rtpBp * s.multipliers.length, den: 10_000 * sum };
};

export interface FishHit {
  species: string;
  shares: number;
  captured: boolean;
  /** The multiplier paid (0 when not captured). */
  multiplier: number;
  win: bigint;
}

/**
 * Decides one shot: `targets` are the species of the fish hit, in the order the shares go to.
 * Draws per fish, in order: the capture (uniform in [0, den)), then a boss's multiplier.
 */
export const resolveShot = (
  rng: IntSource,
  shot: { bet: bigint; weapon: WeaponKey; targets: readonly FishSpecies[]; rtpBp: number },
): { hits: FishHit[]; win: bigint; stake: bigint } => {
  const w = WEAPONS[shot.weapon];
  if (shot.targets.length < 1 || shot.targets.length > w.maxFish) throw new RangeError('bad target count');
  const shares = sharesOf(w.price, shot.targets.length);
  let win = 0n;
  const hits = shot.targets.map((s, i) => {
    const { num, den } = captureOdds(s, shot.rtpBp);
    const captured = rng.int(den) < num;
    const multiplier = captured
      ? s.multipliers.length === 1
        ? s.multipliers[0]!
        : s.multipliers[rng.int(s.multipliers.length)]!
      : 0;
    const pay = captured ? shot.bet * BigInt(shares[i]!) * BigInt(multiplier) : 0n;
    win += pay;
    return { species: s.key, shares: shares[i]!, captured, multiplier, win: pay };
  });
  return { hits, win, stake: shot.bet * BigInt(w.price) };
};

/**
 * The exact expected pay of a shot, as a fraction of bets (numerator, denominator as BigInt),
 * computed from the odds and pay table alone (not from the formula it should equal).
 */
export const exactExpectation = (
  weapon: WeaponKey,
  targets: readonly FishSpecies[],
  rtpBp: number,
): { num: bigint; den: bigint } => {
  const shares = sharesOf(WEAPONS[weapon].price, targets.length);
  let num = 0n;
  let den = 1n;
  targets.forEach((s, i) => {
    const { num: pn, den: pd } = captureOdds(s, rtpBp);
    // P(capture) × Σ_k (1/count) · shares · multiplier_k
    const payNum = BigInt(shares[i]!) * s.multipliers.reduce((a, m) => a + BigInt(m), 0n);
    const termNum = BigInt(pn) * payNum;
    const termDen = BigInt(pd) * BigInt(s.multipliers.length);
    num = num * termDen + termNum * den;
    den = den * termDen;
  });
  return { num, den };
};
