/*
 * Pick 3 (LF, the daily low-frequency draw)'s bet types (issue 18), pure code like the SSC types of
 * lottery-bets.ts, built from the same helpers. A result is three digits 0–9.
 *
 * - 3-digit straight: a digit per position, all three in order.
 * - box (group 3 / group 6): the three digits in any order, as SSC's group 3 and group 6.
 * - 2-digit: front two (positions 1–2) or back two (positions 2–3) straight.
 * - 1-digit by position: each digit drawn at its position is a hit.
 * - sum: the sum of the three digits (0–27); its prize by how many of the 1,000 draws make it.
 */
import { fixedPosition, group3, group6, straight, type BetTypeDef } from './lottery-bets.ts';

/** How many of the 1,000 three-digit draws have the sum s (1 for 0 and 27 … 75 for 13 and 14). */
export const lfSumWays = (s: number) => {
  let n = 0;
  for (let a = 0; a <= 9; a++) for (let b = 0; b <= 9; b++) if (s - a - b >= 0 && s - a - b <= 9) n++;
  return n;
};
const SUM_WAYS = [...new Set(Array.from({ length: 28 }, (_, s) => lfSumWays(s)))].sort((a, b) => a - b);

export const LF_BET_TYPES: readonly BetTypeDef[] = [
  straight('lf_straight', [0, 1, 2], 'star3', 'LF', 'lf_three'),
  { ...group3('lf_box3', 0, 'LF'), group: 'lf_three' },
  { ...group6('lf_box6', 0, 'LF'), group: 'lf_three' },
  straight('lf_front2', [0, 1], 'star2', 'LF', 'lf_two'),
  straight('lf_back2', [1, 2], 'star2', 'LF', 'lf_two'),
  { ...fixedPosition('lf_fixed', 3, 'LF'), group: 'lf_two' },
  {
    id: 'lf_sum',
    family: 'LF',
    group: 'lf_sum',
    rows: [{ label: 'sum', tokens: Array.from({ length: 28 }, (_, s) => String(s)), bigFrom: 14 }],
    prizeKeys: SUM_WAYS.map((w) => `lf_sum_w${w}`),
    units: (picks) => picks[0]!.length,
    hits: (picks, result) => {
      const s = result[0]! + result[1]! + result[2]!;
      return picks[0]!.includes(String(s)) ? [`lf_sum_w${lfSumWays(s)}`] : [];
    },
  },
];

/** Seeded prizes for one 2.00 unit at prize group 1800, minor units: 2 × 0.9 ÷ the chance of a hit. */
export const LF_SEED_PRIZES: Record<string, bigint> = {
  star3: 180_000n, // 1,800.00 (1 in 1,000)
  group3: 60_000n, // 600.00 (3 in 1,000)
  group6: 30_000n, // 300.00 (6 in 1,000)
  star2: 18_000n, // 180.00 (1 in 100)
  fixed: 1_800n, // 18.00 (1 in 10)
  // The sum: 1,800.00 × 1 ÷ ways, floored to the cent (ways 1 … 75 in 1,000).
  ...Object.fromEntries(SUM_WAYS.map((w) => [`lf_sum_w${w}`, 180_000n / BigInt(w)])),
};
