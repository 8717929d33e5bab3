import { betReturn, potentialReturn, type LegResult } from './football.ts';

/**
 * Systems (full covers): one bet of N lines on k selections, each line an accumulator of some of the
 * selections, the same stake on every line. Total stake = lines × stake per line; each line settles
 * as an accumulator (betReturn: void/push 1.00, half results as their halves) and the bet returns
 * the sum of its lines, each floored, paid once.
 *   2/3      3 selections: the 3 doubles                                   3 lines
 *   Trixie   3 selections: 3 doubles + the treble                          4 lines
 *   Patent   3 selections: 3 singles + 3 doubles + the treble              7 lines
 *   Yankee   4 selections: 6 doubles + 4 trebles + the fourfold           11 lines
 *   Lucky 15 4 selections: 4 singles + 6 doubles + 4 trebles + fourfold   15 lines
 */
export const SYSTEMS = {
  '2/3': { selections: 3, sizes: [2] },
  trixie: { selections: 3, sizes: [2, 3] },
  patent: { selections: 3, sizes: [1, 2, 3] },
  yankee: { selections: 4, sizes: [2, 3, 4] },
  lucky15: { selections: 4, sizes: [1, 2, 3, 4] },
} as const satisfies Record<string, { selections: number; sizes: readonly number[] }>;
export type SystemKind = keyof typeof SYSTEMS;
export const SYSTEM_KINDS = Object.keys(SYSTEMS) as SystemKind[];
export const isSystem = (s: string): s is SystemKind => Object.hasOwn(SYSTEMS, s);

/** Every k-subset of 0..n-1 in lexicographic order. */
const combinations = (n: number, k: number): number[][] => {
  const out: number[][] = [];
  const walk = (from: number, acc: number[]) => {
    if (acc.length === k) return void out.push(acc);
    for (let i = from; i < n; i++) walk(i + 1, [...acc, i]);
  };
  walk(0, []);
  return out;
};

/** A system's lines as the indexes of its selections (smaller lines first). */
export const systemLines = (system: SystemKind): number[][] => {
  const { selections, sizes } = SYSTEMS[system];
  return sizes.flatMap((k) => combinations(selections, k));
};

export const linesOf = (system: SystemKind) => systemLines(system).length;

/** What a system returns: each line an accumulator at the stake per line (floored per line), summed. */
export const systemReturn = (
  stakePerLine: bigint,
  system: SystemKind,
  legs: { odds: number; result: LegResult }[],
): bigint =>
  systemLines(system).reduce(
    (sum, line) =>
      sum +
      betReturn(
        stakePerLine,
        line.map((i) => legs[i]!),
      ),
    0n,
  );

/** The return if every selection wins. */
export const systemPotential = (stakePerLine: bigint, system: SystemKind, odds: number[]): bigint =>
  systemLines(system).reduce(
    (sum, line) =>
      sum +
      potentialReturn(
        stakePerLine,
        line.map((i) => odds[i]!),
      ),
    0n,
  );
