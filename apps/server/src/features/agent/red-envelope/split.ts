import { randomInt } from 'node:crypto';

/**
 * How a red envelope's amount is shared (pure, the random source injectable for tests).
 * - fixed: equal shares; the amount must divide evenly.
 * - random: each share is drawn uniformly from 1 to twice the average of what is left (the
 *   "double average" rule: fair in expectation, never empty), the last share takes the rest, and
 *   the order is shuffled so the draw order tells nothing.
 * Shares are whole minor units, at least 1 each, and always sum to the amount.
 */
export type Random = (minInclusive: number, maxExclusive: number) => number;
const cryptoRandom: Random = (min, max) => randomInt(min, max);

/** randomInt takes safe integers; amounts beyond that are drawn in two parts. */
const drawBig = (rand: Random, maxInclusive: bigint): bigint => {
  if (maxInclusive <= 1n) return 1n;
  if (maxInclusive < 2n ** 47n) return BigInt(rand(1, Number(maxInclusive) + 1));
  const high = maxInclusive / 2n ** 24n;
  return ((BigInt(rand(0, Number(high) + 1)) * 2n ** 24n + BigInt(rand(0, 2 ** 24))) % maxInclusive) + 1n;
};

export const splitShares = (
  total: bigint,
  count: number,
  mode: 'fixed' | 'random',
  rand: Random = cryptoRandom,
): bigint[] => {
  if (count < 1 || total < BigInt(count)) throw new RangeError('Each share needs at least one minor unit');
  if (mode === 'fixed') {
    if (total % BigInt(count) !== 0n) throw new RangeError('Equal shares need an amount that divides evenly');
    return Array.from({ length: count }, () => total / BigInt(count));
  }
  const shares: bigint[] = [];
  let left = total;
  for (let i = count; i > 1; i--) {
    // Leave at least one unit for each share still to come.
    const max = (left * 2n) / BigInt(i) - 1n;
    const capped = max > left - BigInt(i - 1) ? left - BigInt(i - 1) : max;
    const share = drawBig(rand, capped < 1n ? 1n : capped);
    shares.push(share);
    left -= share;
  }
  shares.push(left);
  for (let i = shares.length - 1; i > 0; i--) {
    const j = rand(0, i + 1);
    [shares[i], shares[j]] = [shares[j]!, shares[i]!];
  }
  return shares;
};
