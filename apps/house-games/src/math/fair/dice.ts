import { uniformInt, words } from './hmac.ts';

/**
 * Dice: a roll from 0.00 to 99.99 (10,000 equally likely outcomes, stored as 0..9999). The player
 * bets the roll lands under or over a target; the pay multiplier is 99% of fair odds, floored to
 * the minor unit, so the house edge is 1% plus the rounding (exact per bet: see `diceRtp`).
 */
export const DICE_OUTCOMES = 10_000;
export const DICE_RETURN_BP = 9_900;
/** Win chance bounds: 2.00% .. 98.00%. */
export const DICE_MIN_WINNING = 200;
export const DICE_MAX_WINNING = 9_800;

export type DiceDirection = 'under' | 'over';

export const diceRoll = (serverSeed: string, clientSeed: string, nonce: number): number =>
  uniformInt(words(serverSeed, clientSeed, nonce), DICE_OUTCOMES);

/** How many of the 10,000 rolls win: under t wins on rolls < t; over t wins on rolls > t. */
export const winningOutcomes = (target: number, direction: DiceDirection): number =>
  direction === 'under' ? target : DICE_OUTCOMES - 1 - target;

export const validDiceBet = (target: number, direction: DiceDirection): boolean => {
  if (!Number.isInteger(target) || target < 0 || target >= DICE_OUTCOMES) return false;
  const w = winningOutcomes(target, direction);
  return w >= DICE_MIN_WINNING && w <= DICE_MAX_WINNING;
};

export const diceWins = (roll: number, target: number, direction: DiceDirection): boolean =>
  direction === 'under' ? roll < target : roll > target;

/** Payout (stake included) of a winning bet, in minor units. */
export const dicePayout = (bet: bigint, target: number, direction: DiceDirection): bigint =>
  (bet * BigInt(DICE_RETURN_BP)) / BigInt(winningOutcomes(target, direction));

/** Multiplier shown to the player, in ten-thousandths (e.g. 19800 = 1.9800×). */
export const diceMultiplierBp = (target: number, direction: DiceDirection): number =>
  Math.floor((DICE_RETURN_BP * 10_000) / winningOutcomes(target, direction));

/** Exact return to player of one bet: P(win) × payout / stake. */
export const diceRtp = (bet: bigint, target: number, direction: DiceDirection): number =>
  (winningOutcomes(target, direction) / DICE_OUTCOMES) * (Number(dicePayout(bet, target, direction)) / Number(bet));
