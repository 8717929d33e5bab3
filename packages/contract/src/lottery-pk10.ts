/*
 * PK10's bet types (issue 18), pure code like the SSC types of lottery-bets.ts. A result is the
 * finishing order of cars 1–10: result[0] is the car in 1st place. Picks of cars are two-digit
 * tokens "01"–"10".
 *
 * - position number: a car per place, any places; each car that finishes at its place is a hit.
 * - top 2 / top 3 straight: a car per place; one unit per ordered set of different cars.
 * - top 2 / top 3 group: cars in one row; one unit per set of 2 (3); wins when the first two (three)
 *   places are that set in any order.
 * - big (6–10) / small (1–5), odd / even per place.
 * - dragon / tiger: place i against place 11−i (i = 1…5); dragon when place i's car is higher.
 * - sum of 1st and 2nd (3–19): the sum itself (prize by how many ordered pairs make it), or
 *   big (12–19) / small (3–11) / odd / even on it (prizes by their own chances: 40 or 50 in 90).
 */
import { choose, distinctTuples, type BetRow, type BetTypeDef } from './lottery-bets.ts';

const cars = Array.from({ length: 10 }, (_, i) => String(i + 1).padStart(2, '0'));
const PLACES = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9', 'p10'] as const;
const carRow = (label: string): BetRow => ({ label, tokens: cars, bigFrom: 6 });
const BSOE = ['B', 'S', 'O', 'E'] as const;
const car = (n: number) => String(n).padStart(2, '0');

const topStraight = (id: string, k: number): BetTypeDef => ({
  id,
  family: 'PK10',
  group: 'pk10_top',
  rows: PLACES.slice(0, k).map(carRow),
  prizeKeys: [id],
  units: distinctTuples,
  hits: (picks, result) => (picks.every((row, i) => row.includes(car(result[i]!))) ? [id] : []),
});

const topGroup = (id: string, k: number): BetTypeDef => ({
  id,
  family: 'PK10',
  group: 'pk10_top',
  rows: [carRow('pick')],
  prizeKeys: [id],
  units: (picks) => choose(picks[0]!.length, k),
  hits: (picks, result) => (result.slice(0, k).every((n) => picks[0]!.includes(car(n))) ? [id] : []),
});

/** How many ordered pairs of different cars sum to s (2 for 3 and 19 … 10 for 11). */
export const pk10SumWays = (s: number) => {
  let n = 0;
  for (let a = 1; a <= 10; a++) if (s - a >= 1 && s - a <= 10 && s - a !== a) n++;
  return n;
};
const SUMS = Array.from({ length: 17 }, (_, i) => String(i + 3).padStart(2, '0'));
const sumKey = (s: number) => `pk10_sum_w${pk10SumWays(s)}`;

export const PK10_BET_TYPES: readonly BetTypeDef[] = [
  {
    id: 'pk10_position',
    family: 'PK10',
    group: 'pk10_position',
    rows: PLACES.map(carRow),
    prizeKeys: ['pk10_position'],
    units: (picks) => picks.reduce((n, r) => n + r.length, 0),
    hits: (picks, result) => picks.flatMap((row, p) => (row.includes(car(result[p]!)) ? ['pk10_position'] : [])),
  },
  topStraight('pk10_top2', 2),
  topGroup('pk10_top2_group', 2),
  topStraight('pk10_top3', 3),
  topGroup('pk10_top3_group', 3),
  {
    id: 'pk10_bsoe',
    family: 'PK10',
    group: 'pk10_double',
    rows: PLACES.map((label) => ({ label, tokens: BSOE })),
    prizeKeys: ['pk10_bsoe'],
    units: (picks) => picks.reduce((n, r) => n + r.length, 0),
    hits: (picks, result) =>
      picks.flatMap((row, p) => {
        const n = result[p]!;
        const own = [n >= 6 ? 'B' : 'S', n % 2 === 1 ? 'O' : 'E'];
        return row.filter((t) => own.includes(t)).map(() => 'pk10_bsoe');
      }),
  },
  {
    id: 'pk10_dragon_tiger',
    family: 'PK10',
    group: 'pk10_double',
    rows: [1, 2, 3, 4, 5].map((i) => ({ label: `dt${i}`, tokens: ['D', 'T'] })),
    prizeKeys: ['pk10_dragon_tiger'],
    units: (picks) => picks.reduce((n, r) => n + r.length, 0),
    hits: (picks, result) =>
      picks.flatMap((row, i) => {
        const outcome = result[i]! > result[9 - i]! ? 'D' : 'T';
        return row.includes(outcome) ? ['pk10_dragon_tiger'] : [];
      }),
  },
  {
    id: 'pk10_sum',
    family: 'PK10',
    group: 'pk10_sum',
    rows: [{ label: 'sum12', tokens: SUMS, bigFrom: 12 }],
    prizeKeys: ['pk10_sum_w2', 'pk10_sum_w4', 'pk10_sum_w6', 'pk10_sum_w8', 'pk10_sum_w10'],
    units: (picks) => picks[0]!.length,
    hits: (picks, result) => {
      const s = result[0]! + result[1]!;
      return picks[0]!.includes(String(s).padStart(2, '0')) ? [sumKey(s)] : [];
    },
  },
  {
    id: 'pk10_sum_bsoe',
    family: 'PK10',
    group: 'pk10_sum',
    rows: [{ label: 'sum12', tokens: BSOE }],
    prizeKeys: ['pk10_sum_big', 'pk10_sum_small', 'pk10_sum_odd', 'pk10_sum_even'],
    units: (picks) => picks[0]!.length,
    hits: (picks, result) => {
      const s = result[0]! + result[1]!;
      const keys: string[] = [];
      if (picks[0]!.includes(s >= 12 ? 'B' : 'S')) keys.push(s >= 12 ? 'pk10_sum_big' : 'pk10_sum_small');
      if (picks[0]!.includes(s % 2 === 1 ? 'O' : 'E')) keys.push(s % 2 === 1 ? 'pk10_sum_odd' : 'pk10_sum_even');
      return keys;
    },
  },
];

/**
 * Seeded prizes for one 2.00 unit at prize group 1800, minor units: 2 × 0.9 ÷ the chance of a hit,
 * as for SSC (a 90 % return at 1800).
 */
export const PK10_SEED_PRIZES: Record<string, bigint> = {
  pk10_position: 1_800n, // 18.00 (1 in 10)
  pk10_top2: 16_200n, // 162.00 (1 in 90)
  pk10_top2_group: 8_100n, // 81.00 (1 in 45)
  pk10_top3: 129_600n, // 1,296.00 (1 in 720)
  pk10_top3_group: 21_600n, // 216.00 (1 in 120)
  pk10_bsoe: 360n, // 3.60 (1 in 2)
  pk10_dragon_tiger: 360n, // 3.60 (1 in 2)
  pk10_sum_w2: 8_100n, // 81.00: 3, 4, 18, 19 (2 in 90)
  pk10_sum_w4: 4_050n, // 40.50: 5, 6, 16, 17 (4 in 90)
  pk10_sum_w6: 2_700n, // 27.00: 7, 8, 14, 15 (6 in 90)
  pk10_sum_w8: 2_025n, // 20.25: 9, 10, 12, 13 (8 in 90)
  pk10_sum_w10: 1_620n, // 16.20: 11 (10 in 90)
  pk10_sum_big: 405n, // 4.05: 12–19 (40 in 90)
  pk10_sum_small: 324n, // 3.24: 3–11 (50 in 90)
  pk10_sum_odd: 324n, // 3.24 (50 in 90)
  pk10_sum_even: 405n, // 4.05 (40 in 90)
};
