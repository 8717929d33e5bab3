import { createHash } from 'node:crypto';
import { first52Bits } from './hmac.ts';

/**
 * Crash: a multiplier climbs from 1.00× and busts at the round's crash point. A bet with cash-out
 * target t (auto or the moment the player clicks) wins t × stake when the crash point ≥ t.
 *
 * From 52 uniform bits r: crash = max(1.00, min(CAP, floor(0.99 / (1 − r/2^52) × 100) / 100)).
 * P(crash ≥ t) = 0.99/t for every allowed t, so every cash-out target returns 99% (house edge 1%),
 * whatever the player does; the cap only removes targets above it.
 */
export const CRASH_CAP_CENTS = 1_000_000n; // 10,000.00×
export const CRASH_MIN_TARGET_CENTS = 101;
const TWO_52 = 2n ** 52n;

export const crashPointFromBits = (r: bigint): number => {
  const cents = (99n * TWO_52) / (TWO_52 - r);
  const capped = cents > CRASH_CAP_CENTS ? CRASH_CAP_CENTS : cents;
  return Number(capped < 100n ? 100n : capped);
};

/** Crash point in hundredths (250 = 2.50×). */
export const crashPoint = (serverSeed: string, clientSeed: string, nonce: number): number =>
  crashPointFromBits(first52Bits(serverSeed, clientSeed, nonce));

/**
 * A round's client seed: SHA-256 over the client seeds of its bets in bet order, so every player
 * who bets contributes and none can steer it alone; with no bets, the house's round salt.
 */
export const roundClientSeed = (salt: string, betClientSeeds: readonly string[]): string =>
  createHash('sha256')
    .update([salt, ...betClientSeeds].join('\n'))
    .digest('hex');

/** Exact P(crash ≥ t) for a target in hundredths: the count of 52-bit values that reach it. */
export const crashWinProbability = (targetCents: number): number => {
  if (targetCents <= 100) return 1;
  if (BigInt(targetCents) > CRASH_CAP_CENTS) return 0;
  // floor(99·2^52/(2^52 − r)) ≥ t  ⇔  2^52 − r ≤ floor(99·2^52/t)
  const reach = (99n * TWO_52) / BigInt(targetCents);
  return Number(reach) / Number(TWO_52);
};

export const crashPayout = (bet: bigint, targetCents: number): bigint => (bet * BigInt(targetCents)) / 100n;

/** Multiplier at `ms` after the round starts, in hundredths: 1.00× · e^(0.00006·ms). */
export const CRASH_GROWTH_PER_MS = 0.00006;
export const multiplierAt = (ms: number, growth = CRASH_GROWTH_PER_MS): number =>
  Math.floor(100 * Math.exp(growth * Math.max(0, ms)));
/** How long the climb to `cents` takes. */
export const durationTo = (cents: number, growth = CRASH_GROWTH_PER_MS): number =>
  Math.ceil(Math.log(cents / 100) / growth);
