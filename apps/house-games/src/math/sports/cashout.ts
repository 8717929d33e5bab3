import { legFactor, type LegResult } from './football.ts';

/**
 * The cash-out value of a single or an accumulator (decisions 102 and 108), in minor units, floored:
 *   value = stake × Π(settled legs' factors) × Π(open legs' taken odds / current fair odds) × (1 − c)
 * A settled leg counts at what it returns (win = odds, half win = (1 + odds)/2, push and void = 1.00,
 * half lose = ½, lose = 0); an open leg at what it is worth now at fair prices (taken / fair), so the
 * product is what the bet is worth now (its expected return) and c is the operator's share for
 * buying it back. For a single this is decision 102's offer. No value (null) when no leg is still
 * open (the bet is being settled), an open leg has no fair price (decided or not offered), or a leg
 * has lost.
 */
export const cashOutValue = (
  stake: bigint,
  legs: { odds: number; result: LegResult | null; fair: number }[],
  marginBp: number,
): bigint | null => {
  if (!legs.some((l) => l.result === null)) return null;
  let num = stake * BigInt(10_000 - marginBp);
  let den = 10_000n;
  for (const l of legs) {
    if (l.result !== null) {
      const [n, d] = legFactor(l.result, l.odds);
      if (n === 0n) return null;
      num *= n;
      den *= d;
    } else {
      if (!(l.fair >= 100)) return null;
      num *= BigInt(l.odds);
      den *= BigInt(Math.round(l.fair));
    }
  }
  const v = num / den;
  return v > 0n ? v : null;
};

/**
 * A partial cash out (decision 108): `part` of the open stake cashed at the offer for the whole open
 * stake, pro rata and floored, so the screen computes exactly what the book pays:
 *   paid = ⌊offer × part / open stake⌋
 */
export const partialCashOut = (offer: bigint, part: bigint, openStake: bigint): bigint => (offer * part) / openStake;
