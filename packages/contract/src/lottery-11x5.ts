/*
 * 11 choose 5's bet types (issue 18), pure code like the SSC types of lottery-bets.ts. A result is
 * five different numbers of 1–11 in draw order; picks are two-digit tokens "01"–"11".
 *
 * - any k (k = 2…8): one unit per set of k picked numbers. For k ≤ 5 a set wins when all its
 *   numbers are drawn; for k ≥ 6 when it holds all five drawn numbers.
 * - first 1: the first number drawn.
 * - first 2 / first 3 straight: a number per place, one unit per ordered set of different numbers.
 * - first 2 / first 3 group: one unit per set of 2 (3); wins when the first two (three) drawn are
 *   that set in any order.
 */
import { choose, distinctTuples, type BetRow, type BetTypeDef } from './lottery-bets.ts';

const balls = Array.from({ length: 11 }, (_, i) => String(i + 1).padStart(2, '0'));
const ballRow = (label: string): BetRow => ({ label, tokens: balls, bigFrom: 6 });
const ball = (n: number) => String(n).padStart(2, '0');

const any = (k: number): BetTypeDef => ({
  id: `x5_any${k}`,
  family: '11X5',
  group: 'x5_any',
  rows: [ballRow('pick')],
  prizeKeys: [`x5_any${k}`],
  units: (picks) => choose(picks[0]!.length, k),
  hits: (picks, result) => {
    const drawn = new Set(result.map(ball));
    const hit = picks[0]!.filter((p) => drawn.has(p)).length;
    const wins = k <= 5 ? choose(hit, k) : hit === 5 ? choose(picks[0]!.length - 5, k - 5) : 0;
    return Array.from({ length: wins }, () => `x5_any${k}`);
  },
});

const firstStraight = (id: string, k: number): BetTypeDef => ({
  id,
  family: '11X5',
  group: 'x5_first',
  rows: ['p1', 'p2', 'p3'].slice(0, k).map(ballRow),
  prizeKeys: [id],
  units: distinctTuples,
  hits: (picks, result) => (picks.every((row, i) => row.includes(ball(result[i]!))) ? [id] : []),
});

const firstGroup = (id: string, k: number): BetTypeDef => ({
  id,
  family: '11X5',
  group: 'x5_first',
  rows: [ballRow('pick')],
  prizeKeys: [id],
  units: (picks) => choose(picks[0]!.length, k),
  hits: (picks, result) => (result.slice(0, k).every((n) => picks[0]!.includes(ball(n))) ? [id] : []),
});

export const X5_BET_TYPES: readonly BetTypeDef[] = [
  ...[2, 3, 4, 5, 6, 7, 8].map(any),
  firstStraight('x5_first1', 1),
  firstStraight('x5_first2', 2),
  firstGroup('x5_first2_group', 2),
  firstStraight('x5_first3', 3),
  firstGroup('x5_first3_group', 3),
];

/** The market's prizes for one 2.00 unit (issue 18), minor units, at prize group 1800. */
export const X5_SEED_PRIZES: Record<string, bigint> = {
  x5_any2: 600n, // 6.00
  x5_any3: 1_900n, // 19.00
  x5_any4: 7_800n, // 78.00
  x5_any5: 54_000n, // 540.00
  x5_any6: 9_000n, // 90.00
  x5_any7: 2_600n, // 26.00
  x5_any8: 900n, // 9.00
  x5_first1: 1_300n, // 13.00
  x5_first2: 13_000n, // 130.00
  x5_first2_group: 6_500n, // 65.00
  x5_first3: 117_000n, // 1,170.00
  x5_first3_group: 19_500n, // 195.00
};
