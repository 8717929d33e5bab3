import { fightForm, fightResult } from './cockfight-draw.ts';
import { uniformInt, words } from './hmac.ts';

/**
 * Cockfight (sabong) maths: a fight between the meron (red corner) and the wala (blue corner) ends
 * MERON, WALA or DRAW; a fight that does not take place is CANCELLED. Probabilities are in basis
 * points (summing to 10,000), decimal odds in hundredths (185 = 1.85), money in minor units.
 *
 * Settlement rules (decision 092), as at the pits:
 *   - MERON (WALA) wins: a bet on that side is paid stake × the odds taken; the others lose.
 *   - DRAW: a draw bet is paid stake × the draw odds; meron and wala bets are returned (a push).
 *   - CANCELLED (no contest): every bet is void and its stake refunded.
 *
 * Because a side bet is returned on a draw, its fair price is (1 − P(draw)) / P(side); the draw's
 * fair price is 1 / P(draw). The operator's margin m divides every fair price: offered = fair / (1 + m),
 * floored to the hundredth (never below 1.01). So a side bet returns (1 − P(draw))/(1 + m) + P(draw)
 * per unit staked and a draw bet 1/(1 + m): the margin is the house's edge, never more.
 */
export const SIDES = ['MERON', 'WALA', 'DRAW'] as const;
export type Side = (typeof SIDES)[number];
export type FightOutcome = Side | 'CANCELLED';
export type BetResult = 'WIN' | 'LOSE' | 'PUSH' | 'VOID';

export interface Probabilities {
  meron: number;
  wala: number;
  draw: number;
}
export type Odds = Probabilities;

const BP = 10_000;

/** True when three whole basis points, each above zero, sum to 10,000. */
export const validProbabilities = (p: Probabilities): boolean =>
  [p.meron, p.wala, p.draw].every((x) => Number.isInteger(x) && x > 0) && p.meron + p.wala + p.draw === BP;

/** Offered decimal odds (hundredths) from fair probabilities and a margin in basis points. */
export const priceFight = (p: Probabilities, marginBp: number): Odds => {
  if (!validProbabilities(p)) throw new RangeError('probabilities must be positive basis points summing to 10000');
  const k = BigInt(BP + marginBp);
  const price = (num: number, den: number) => {
    const v = Number((BigInt(num) * 100n * BigInt(BP)) / (BigInt(den) * k));
    return Math.max(101, v);
  };
  return { meron: price(BP - p.draw, p.meron), wala: price(BP - p.draw, p.wala), draw: price(BP, p.draw) };
};

/** What a bet returns: the amount credited (0 for a loss) and how it ended. */
export const settleBet = (
  stake: bigint,
  pick: Side,
  odds: number,
  outcome: FightOutcome,
): { result: BetResult; win: bigint } => {
  if (outcome === 'CANCELLED') return { result: 'VOID', win: stake };
  if (outcome === pick) return { result: 'WIN', win: (stake * BigInt(odds)) / 100n };
  if (outcome === 'DRAW') return { result: 'PUSH', win: stake };
  return { result: 'LOSE', win: 0n };
};

/** Expected return per unit staked on a pick at these odds, when the fight ends as p says. */
export const expectedReturn = (p: Probabilities, odds: Odds, pick: Side): number => {
  const q = { MERON: p.meron, WALA: p.wala, DRAW: p.draw };
  const o = { MERON: odds.meron, WALA: odds.wala, DRAW: odds.draw }[pick];
  return ((q[pick] / BP) * o) / 100 + (pick === 'DRAW' ? 0 : q.DRAW / BP);
};

/**
 * The simulated feed's fights, provably fair: from a server seed whose SHA-256 is published when
 * betting opens, the fight's form (its probabilities) and its result are
 *   probabilities: words(seed, "odds", fight number)   draw 5.00–9.99 %, meron share 35.00–64.99 %
 *   result:        uniformInt(words(seed, "result", fight number), 10000) → MERON below P(meron),
 *                  WALA below P(meron) + P(wala), DRAW above.
 * Neither depends on the bets; the seed is revealed with the result.
 */
export const simulatedProbabilities = (serverSeed: string, fightNo: number): Probabilities => {
  const w = words(serverSeed, 'odds', fightNo);
  return fightForm((n) => uniformInt(w, n));
};

export const simulatedResult = (serverSeed: string, fightNo: number, p: Probabilities): Side => {
  const w = words(serverSeed, 'result', fightNo);
  return fightResult((n) => uniformInt(w, n), p);
};
