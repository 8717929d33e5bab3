import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { X5_SEED_PRIZES } from './lottery-11x5.ts';
import { LOTTERY_UNIT, betCost, betWin, checkPicks, type BetTypeDef } from './lottery-bets.ts';
import type { LotteryFamily } from './lottery-draw.ts';
import { HOUSE_BET_TYPES, HOUSE_SEED_PRIZES } from './lottery-house.ts';
import { LF_SEED_PRIZES } from './lottery-lf.ts';
import { LHC_SEED_PRIZES, WAVES, ZODIAC, zodiacNumbers, zodiacYear } from './lottery-lhc.ts';
import { PK10_SEED_PRIZES } from './lottery-pk10.ts';
import { lotteryPlaceBody } from './lottery.ts';
import { betTypeOf } from './lottery-vn.ts';

type Family = 'PK10' | '11X5' | 'LHC' | 'LF';
const def = (family: Family, id: string) => betTypeOf(family, id)!;
const prizesOf = (family: Family) => HOUSE_SEED_PRIZES[family]!;
const win = (family: Family, id: string, picks: string[][], result: number[], multiplier = 1, numero?: string) =>
  betWin(def(family, id), picks, result, multiplier, prizesOf(family), numero);
const units = (family: Family, id: string, picks: string[][]) => def(family, id).units(picks);
const empty = (n: number) => Array.from({ length: n }, () => [] as string[]);
const at = (n: number, row: string[], size: number) => empty(size).map((r, i) => (i === n ? row : r));

// A PK10 result: car 3 first, car 8 second, … car 1 last.
const PK = [3, 8, 10, 1, 6, 2, 9, 5, 7, 4];

describe('PK10 prizes on hand-worked results', () => {
  it('position number: each car at its place, per hit', () => {
    expect(units('PK10', 'pk10_position', at(0, ['03', '04'], 10))).toBe(2);
    expect(win('PK10', 'pk10_position', at(0, ['03', '04'], 10), PK)).toBe(1_800n);
    const two = empty(10);
    two[0] = ['03'];
    two[9] = ['04', '05'];
    expect(win('PK10', 'pk10_position', two, PK, 3)).toBe(2n * 1_800n * 3n);
    expect(win('PK10', 'pk10_position', at(1, ['03'], 10), PK)).toBe(0n);
  });

  it('top 2 and top 3 straight and group', () => {
    expect(
      units('PK10', 'pk10_top2', [
        ['03', '08'],
        ['03', '08'],
      ]),
    ).toBe(2);
    expect(win('PK10', 'pk10_top2', [['03'], ['08']], PK)).toBe(16_200n);
    expect(win('PK10', 'pk10_top2', [['08'], ['03']], PK)).toBe(0n);
    expect(units('PK10', 'pk10_top3', [['03'], ['08'], ['03', '08', '10']])).toBe(1);
    expect(win('PK10', 'pk10_top3', [['03'], ['08'], ['10']], PK)).toBe(129_600n);
    expect(units('PK10', 'pk10_top2_group', [['03', '08', '01']])).toBe(3);
    expect(win('PK10', 'pk10_top2_group', [['08', '03', '01']], PK)).toBe(8_100n);
    expect(units('PK10', 'pk10_top3_group', [['03', '08', '10', '01']])).toBe(4);
    expect(win('PK10', 'pk10_top3_group', [['10', '08', '03', '01']], PK)).toBe(21_600n);
    expect(win('PK10', 'pk10_top3_group', [['10', '08', '01']], PK)).toBe(0n);
  });

  it('big (6 and up) / small, odd / even per place', () => {
    // 1st is car 3: small and odd; 3rd is car 10: big and even.
    expect(win('PK10', 'pk10_bsoe', at(0, ['B', 'S', 'O', 'E'], 10), PK)).toBe(2n * 360n);
    expect(win('PK10', 'pk10_bsoe', at(2, ['B', 'E'], 10), PK)).toBe(2n * 360n);
    expect(win('PK10', 'pk10_bsoe', at(4, ['S'], 10), PK)).toBe(0n); // car 6 is big
  });

  it('dragon / tiger: place i against place 11 − i', () => {
    // 1st 3 vs 10th 4: tiger; 2nd 8 vs 9th 7: dragon; 5th 6 vs 6th 2: dragon.
    expect(win('PK10', 'pk10_dragon_tiger', [['T'], ['D'], [], [], ['D']], PK)).toBe(3n * 360n);
    expect(win('PK10', 'pk10_dragon_tiger', [['D'], ['T'], [], [], []], PK)).toBe(0n);
  });

  it('sum of 1st and 2nd: the value, and its big/small/odd/even', () => {
    // 3 + 8 = 11: ten ordered pairs make it; small, odd.
    expect(win('PK10', 'pk10_sum', [['11', '12']], PK)).toBe(1_620n);
    expect(win('PK10', 'pk10_sum', [['03']], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBe(8_100n);
    expect(win('PK10', 'pk10_sum', [['19']], [10, 9, 1, 2, 3, 4, 5, 6, 7, 8])).toBe(8_100n);
    expect(win('PK10', 'pk10_sum_bsoe', [['B', 'S', 'O', 'E']], PK)).toBe(324n + 324n);
    // 10 + 9 = 19: big and odd.
    expect(win('PK10', 'pk10_sum_bsoe', [['B', 'O']], [10, 9, 1, 2, 3, 4, 5, 6, 7, 8])).toBe(405n + 324n);
    // 4 + 8 = 12: big and even.
    expect(win('PK10', 'pk10_sum_bsoe', [['B', 'E']], [4, 8, 1, 2, 3, 5, 6, 7, 9, 10])).toBe(405n + 405n);
  });
});

// An 11X5 result: 04 09 01 11 06.
const X5 = [4, 9, 1, 11, 6];

describe('11 choose 5 prizes on hand-worked results (the issue’s 2-unit prizes)', () => {
  it('any 2 … any 5: a set wins when all its numbers are drawn', () => {
    expect(units('11X5', 'x5_any2', [['04', '09', '02']])).toBe(3);
    // {04,09} wins; {04,02} and {09,02} do not.
    expect(win('11X5', 'x5_any2', [['04', '09', '02']], X5)).toBe(600n);
    // Four drawn numbers picked: C(4,2) = 6 winning pairs.
    expect(win('11X5', 'x5_any2', [['04', '09', '01', '11']], X5)).toBe(6n * 600n);
    expect(win('11X5', 'x5_any3', [['04', '09', '01']], X5)).toBe(1_900n);
    expect(win('11X5', 'x5_any4', [['04', '09', '01', '06']], X5)).toBe(7_800n);
    expect(win('11X5', 'x5_any5', [['06', '11', '01', '09', '04']], X5)).toBe(54_000n);
    expect(win('11X5', 'x5_any5', [['06', '11', '01', '09', '05']], X5)).toBe(0n);
  });

  it('any 6 … any 8: a set wins when it holds all five drawn numbers', () => {
    expect(win('11X5', 'x5_any6', [['04', '09', '01', '11', '06', '02']], X5)).toBe(9_000n);
    // Seven picks holding all five: C(2,1) = 2 of the 7 sets of six win.
    expect(units('11X5', 'x5_any6', [['04', '09', '01', '11', '06', '02', '03']])).toBe(7);
    expect(win('11X5', 'x5_any6', [['04', '09', '01', '11', '06', '02', '03']], X5)).toBe(2n * 9_000n);
    expect(win('11X5', 'x5_any7', [['04', '09', '01', '11', '06', '02', '03']], X5)).toBe(2_600n);
    expect(win('11X5', 'x5_any8', [['04', '09', '01', '11', '06', '02', '03', '05']], X5)).toBe(900n);
    expect(win('11X5', 'x5_any8', [['04', '09', '01', '11', '02', '03', '05', '07']], X5)).toBe(0n);
  });

  it('first 1, first 2 and first 3 straight and group', () => {
    expect(win('11X5', 'x5_first1', [['04', '05']], X5)).toBe(1_300n);
    expect(win('11X5', 'x5_first2', [['04'], ['09']], X5)).toBe(13_000n);
    expect(win('11X5', 'x5_first2', [['09'], ['04']], X5)).toBe(0n);
    expect(win('11X5', 'x5_first2_group', [['09', '04']], X5)).toBe(6_500n);
    expect(win('11X5', 'x5_first3', [['04'], ['09'], ['01']], X5, 2)).toBe(2n * 117_000n);
    expect(win('11X5', 'x5_first3_group', [['01', '04', '09', '11']], X5)).toBe(19_500n);
    expect(units('11X5', 'x5_first3', [['04', '09'], ['04', '09'], ['01']])).toBe(2);
  });
});

describe('Mark Six prizes on hand-worked results', () => {
  // Six regular numbers and the special 25.
  const LHC = [3, 12, 19, 33, 40, 47, 25];

  it('special number, any of six', () => {
    expect(win('LHC', 'lhc_special', [['25', '03']], LHC)).toBe(8_820n);
    expect(win('LHC', 'lhc_any6', [['03', '12', '25']], LHC)).toBe(2n * 1_470n);
  });

  it('special big (25 and up) / small, odd / even; 49 gives the stake back', () => {
    expect(win('LHC', 'lhc_special_bsoe', [['B', 'S', 'O', 'E']], LHC)).toBe(2n * 359n);
    expect(win('LHC', 'lhc_special_bsoe', [['S', 'E']], [1, 2, 3, 4, 5, 6, 24])).toBe(2n * 359n);
    const tie = [1, 2, 3, 4, 5, 6, 49];
    expect(win('LHC', 'lhc_special_bsoe', [['B', 'O']], tie)).toBe(2n * LOTTERY_UNIT);
    expect(win('LHC', 'lhc_special_bsoe', [['B', 'O']], tie)).toBe(betCost(2, 1));
  });

  it('zodiac by the lunar year of the draw', () => {
    // 2026 is a Horse year from 17 February; before it, the Snake year of 2025.
    expect(ZODIAC[zodiacYear('20261126')]).toBe('HOR');
    expect(ZODIAC[zodiacYear('20260216')]).toBe('SNA');
    expect(zodiacNumbers(zodiacYear('20261126'))[ZODIAC.indexOf('HOR')]).toEqual([1, 13, 25, 37, 49]);
    // Horse year: 2 is the Snake, 12 the Goat (counting back from the Horse).
    expect(zodiacNumbers(zodiacYear('20261126'))[ZODIAC.indexOf('SNA')]).toEqual([2, 14, 26, 38]);
    expect(zodiacNumbers(zodiacYear('20261126'))[ZODIAC.indexOf('GOA')]).toEqual([12, 24, 36, 48]);
    // The special 25 is the Horse in 2026 (the year's animal, five numbers) …
    expect(win('LHC', 'lhc_zodiac', [['HOR']], LHC, 1, '20261126-0001')).toBe(1_764n);
    // … and the Snake's in the Snake year, before lunar new year.
    expect(win('LHC', 'lhc_zodiac', [['HOR']], LHC, 1, '20260201-0001')).toBe(0n);
    expect(win('LHC', 'lhc_zodiac', [['SNA']], LHC, 1, '20260201-0001')).toBe(1_764n);
    // 26 in the Horse year is the Snake: an animal of four numbers.
    expect(win('LHC', 'lhc_zodiac', [['SNA', 'RAT']], [1, 2, 3, 4, 5, 6, 26], 1, '20261126-0001')).toBe(2_205n);
  });

  it('colour wave of the special', () => {
    expect(WAVES.RED.length + WAVES.BLU.length + WAVES.GRN.length).toBe(49);
    expect(new Set([...WAVES.RED, ...WAVES.BLU, ...WAVES.GRN]).size).toBe(49);
    expect(win('LHC', 'lhc_wave', [['BLU']], LHC)).toBe(551n); // 25 is blue
    expect(win('LHC', 'lhc_wave', [['RED', 'GRN']], LHC)).toBe(0n);
    expect(win('LHC', 'lhc_wave', [['RED']], [3, 12, 19, 33, 40, 47, 1])).toBe(518n);
  });
});

describe('Pick 3 prizes on hand-worked results', () => {
  const LF = [5, 0, 5];
  it('straight, box, 2-digit, 1-digit by position, sum', () => {
    expect(win('LF', 'lf_straight', [['5'], ['0', '1'], ['5']], LF)).toBe(180_000n);
    expect(win('LF', 'lf_box3', [['0', '5', '7']], LF)).toBe(60_000n);
    expect(win('LF', 'lf_box6', [['0', '5', '7']], LF)).toBe(0n);
    expect(win('LF', 'lf_box6', [['1', '2', '3']], [3, 1, 2])).toBe(30_000n);
    expect(win('LF', 'lf_front2', [['5'], ['0']], LF)).toBe(18_000n);
    expect(win('LF', 'lf_back2', [['0'], ['5']], LF)).toBe(18_000n);
    expect(win('LF', 'lf_fixed', [['5'], ['1'], ['5']], LF)).toBe(2n * 1_800n);
    // 5 + 0 + 5 = 10: 63 of the 1,000 draws make it → 1,800.00 ÷ 63 = 28.57.
    expect(win('LF', 'lf_sum', [['10', '11']], LF)).toBe(2_857n);
    expect(win('LF', 'lf_sum', [['0']], [0, 0, 0])).toBe(180_000n);
    expect(win('LF', 'lf_sum', [['13']], [4, 4, 5])).toBe(180_000n / 75n);
  });
});

/* ------------------------------------------------------------------ the independent reference */

/** Every k-subset of a list. */
const subsets = <T>(xs: readonly T[], k: number): T[][] =>
  k === 0 ? [[]] : xs.flatMap((x, i) => subsets(xs.slice(i + 1), k - 1).map((s) => [x, ...s]));
/** Every tuple taking one from each row. */
const tuples = (rows: readonly (readonly string[])[]): string[][] =>
  rows.reduce<string[][]>((acc, row) => acc.flatMap((t) => row.map((x) => [...t, x])), [[]]);
const sameSet = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort((x, y) => x - y).join() === [...b].sort((x, y) => x - y).join();
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** A unit of a bet: the prize key it wins on a result, or null. */
type Unit = (result: number[], numero: string) => string | null;

/** How many ordered pairs of different cars sum to s, counted by listing them. */
const pairWays = (s: number) =>
  tuples([Array.from({ length: 10 }, (_, i) => String(i + 1)), Array.from({ length: 10 }, (_, i) => String(i + 1))])
    .map((t) => t.map(Number))
    .filter(([a, b]) => a !== b && a! + b! === s).length;
/** How many of the 1,000 three-digit draws sum to s, by listing them. */
const tripleWays = (s: number) =>
  Array.from({ length: 1000 }, (_, n) => [Math.floor(n / 100), Math.floor(n / 10) % 10, n % 10]).filter(
    (d) => sum(d) === s,
  ).length;

/** The lunar year's animal by dates worked out by hand (the draws the property test uses). */
const YEAR_ANIMAL: Record<string, string> = {
  '20250301': 'SNA',
  '20260216': 'SNA',
  '20260217': 'HOR',
  '20261126': 'HOR',
  '20270206': 'GOA',
};
/** The animal of n: the year's animal holds 1, then one animal back per number. */
const animalOf = (n: number, day: string) => {
  let a = ZODIAC.indexOf(YEAR_ANIMAL[day] as (typeof ZODIAC)[number]);
  for (let i = 1; i < n; i++) a = a === 0 ? 11 : a - 1;
  return ZODIAC[a]!;
};

const perToken =
  (picks: string[][], wins: (row: number, token: string, result: number[], numero: string) => string | null) =>
  (): Unit[] =>
    picks.flatMap((row, r) => row.map((tok) => (result: number[], numero: string) => wins(r, tok, result, numero)));

const referenceUnits = (id: string, picks: string[][]): Unit[] => {
  const n = (t: string) => Number(t);
  const straightOf = (key: string) =>
    tuples(picks)
      .filter((t) => new Set(t).size === t.length)
      .map((t) => (r: number[]) => (t.every((x, i) => n(x) === r[i]) ? key : null));
  const groupOf = (key: string, k: number) =>
    subsets(picks[0]!, k).map((s) => (r: number[]) => (sameSet(s.map(n), r.slice(0, k)) ? key : null));
  const sizeParity = (tok: string, v: number, bigFrom: number) =>
    tok === 'B' ? v >= bigFrom : tok === 'S' ? v < bigFrom : tok === 'O' ? v % 2 === 1 : v % 2 === 0;
  switch (id) {
    case 'pk10_position':
      return perToken(picks, (p, tok, r) => (r[p] === n(tok) ? id : null))();
    case 'pk10_top2':
    case 'pk10_top3':
      return straightOf(id);
    case 'pk10_top2_group':
    case 'pk10_top3_group':
      return groupOf(id, Number(id.charAt(8)));
    case 'pk10_bsoe':
      return perToken(picks, (p, tok, r) => (sizeParity(tok, r[p]!, 6) ? id : null))();
    case 'pk10_dragon_tiger':
      return perToken(picks, (i, tok, r) => ((tok === 'D') === r[i]! > r[9 - i]! ? id : null))();
    case 'pk10_sum':
      return perToken(picks, (_, tok, r) => (r[0]! + r[1]! === n(tok) ? `pk10_sum_w${pairWays(n(tok))}` : null))();
    case 'pk10_sum_bsoe':
      return perToken(picks, (_, tok, r) => {
        const s = r[0]! + r[1]!;
        const word = { B: 'big', S: 'small', O: 'odd', E: 'even' }[tok]!;
        return sizeParity(tok, s, 12) ? `pk10_sum_${word}` : null;
      })();
    case 'x5_first1':
    case 'x5_first2':
    case 'x5_first3':
      return straightOf(id);
    case 'x5_first2_group':
    case 'x5_first3_group':
      return groupOf(id, Number(id.charAt(8)));
    case 'lhc_special':
      return perToken(picks, (_, tok, r) => (r[6] === n(tok) ? id : null))();
    case 'lhc_any6':
      return perToken(picks, (_, tok, r) => (r.slice(0, 6).includes(n(tok)) ? id : null))();
    case 'lhc_special_bsoe':
      return perToken(picks, (_, tok, r) =>
        r[6] === 49 ? 'lhc_tie' : sizeParity(tok, r[6]!, 25) ? 'lhc_bsoe' : null,
      )();
    case 'lhc_zodiac':
      return perToken(picks, (_, tok, r, numero) => {
        const day = numero.slice(0, 8);
        if (animalOf(r[6]!, day) !== tok) return null;
        return tok === YEAR_ANIMAL[day] ? 'lhc_zodiac_year' : 'lhc_zodiac';
      })();
    case 'lhc_wave':
      return perToken(picks, (_, tok, r) => {
        const set = WAVES[tok as keyof typeof WAVES] as readonly number[];
        return set.includes(r[6]!) ? (tok === 'RED' ? 'lhc_wave_red' : 'lhc_wave') : null;
      })();
    case 'lf_straight':
      return straightLoose(picks, [0, 1, 2], 'star3');
    case 'lf_front2':
      return straightLoose(picks, [0, 1], 'star2');
    case 'lf_back2':
      return straightLoose(picks, [1, 2], 'star2');
    case 'lf_box3':
      // A unit is (the doubled digit, the single one).
      return tuples([picks[0]!, picks[0]!])
        .filter(([a, b]) => a !== b)
        .map(
          ([a, b]) =>
            (r: number[]) =>
              sameSet([n(a!), n(a!), n(b!)], r) ? 'group3' : null,
        );
    case 'lf_box6':
      return subsets(picks[0]!, 3).map((s) => (r: number[]) => (sameSet(s.map(n), r) ? 'group6' : null));
    case 'lf_fixed':
      return perToken(picks, (p, tok, r) => (r[p] === n(tok) ? 'fixed' : null))();
    case 'lf_sum':
      return perToken(picks, (_, tok, r) => (sum(r) === n(tok) ? `lf_sum_w${tripleWays(n(tok))}` : null))();
  }
  const anyK = /^x5_any(\d)$/.exec(id);
  if (anyK) {
    const k = Number(anyK[1]);
    return subsets(picks[0]!, k).map((s) => (r: number[]) => {
      const nums = s.map(n);
      return (k <= 5 ? nums.every((x) => r.includes(x)) : r.every((x) => nums.includes(x))) ? id : null;
    });
  }
  throw new Error(`no reference for ${id}`);
};

/** Straight on positions where digits may repeat (Pick 3): every tuple is a unit. */
const straightLoose = (picks: string[][], positions: number[], key: string): Unit[] =>
  tuples(picks).map((t) => (r: number[]) => (t.every((x, i) => Number(x) === r[positions[i]!]) ? key : null));

/** Random results of each family, with the edges (49, repeated digits) often. */
const resultOf: Record<Family, fc.Arbitrary<number[]>> = {
  PK10: fc.shuffledSubarray([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], { minLength: 10, maxLength: 10 }),
  '11X5': fc.shuffledSubarray([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], { minLength: 5, maxLength: 5 }),
  LHC: fc
    .shuffledSubarray(
      Array.from({ length: 49 }, (_, i) => i + 1),
      { minLength: 7, maxLength: 7 },
    )
    .chain((r) => fc.constantFrom(r, [...r.filter((x) => x !== 49).slice(0, 6), 49])),
  LF: fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: 3, maxLength: 3 })
    .chain((r) => fc.constantFrom(r, [r[0]!, r[0]!, r[1]!], [r[0]!, r[1]!, r[1]!])),
};

/** Random picks of a bet type: each token of each row taken with a chance drawn for the bet. */
const picksOf = (d: BetTypeDef) =>
  fc
    .tuple(
      fc.double({ min: 0.05, max: 0.9, noNaN: true }),
      fc.tuple(
        ...d.rows.map((row) =>
          fc.array(fc.double({ min: 0, max: 1, noNaN: true }), {
            minLength: row.tokens.length,
            maxLength: row.tokens.length,
          }),
        ),
      ),
    )
    .map(([chance, draws]) => d.rows.map((row, i) => row.tokens.filter((_, j) => draws[i]![j]! < chance)));

const FAMILIES: Family[] = ['PK10', '11X5', 'LHC', 'LF'];

describe('settlement equals an independent reference (fast-check)', () => {
  for (const family of FAMILIES)
    for (const d of HOUSE_BET_TYPES[family as LotteryFamily]!)
      it(`${family} ${d.id}`, () => {
        let bets = 0;
        let wins = 0;
        fc.assert(
          fc.property(
            picksOf(d),
            resultOf[family],
            fc.integer({ min: 1, max: 50 }),
            fc.constantFrom(...Object.keys(YEAR_ANIMAL)),
            (picks, result, multiplier, day) => {
              if (checkPicks(d, picks) !== null) return;
              bets++;
              const numero = `${day}-0001`;
              const ref = referenceUnits(d.id, picks);
              expect(d.units(picks)).toBe(ref.length);
              const P = prizesOf(family);
              const expected = ref
                .map((u) => u(result, numero))
                .filter((k): k is string => k !== null)
                .reduce((s, k) => s + P[k]! * BigInt(multiplier), 0n);
              expect(betWin(d, picks, result, multiplier, P, numero)).toBe(expected);
              if (expected > 0n) wins++;
            },
          ),
          { numRuns: 300 },
        );
        // Enough real bets, and some of them winning, for the comparison to mean something.
        expect(bets).toBeGreaterThan(100);
        expect(wins).toBeGreaterThan(3);
      });
});

describe('the house families’ bet types', () => {
  it('every prize key a type can hit has a seeded prize, and ids are unique', () => {
    const ids = new Set<string>();
    for (const family of FAMILIES)
      for (const d of HOUSE_BET_TYPES[family]!) {
        expect(ids.has(d.id), d.id).toBe(false);
        ids.add(d.id);
        expect(d.family).toBe(family);
        for (const k of d.prizeKeys) expect(prizesOf(family)[k], `${d.id} ${k}`).toBeGreaterThan(0n);
      }
    expect(Object.keys(PK10_SEED_PRIZES).length + Object.keys(X5_SEED_PRIZES).length).toBeGreaterThan(20);
    expect(LHC_SEED_PRIZES.lhc_tie).toBe(LOTTERY_UNIT);
    expect(LF_SEED_PRIZES.lf_sum_w1).toBe(180_000n);
  });

  it('the place body takes a PK10 bet of ten rows and refuses picks off the board', () => {
    const ok = lotteryPlaceBody.safeParse({
      gameCode: 'lott-pk10-1-min',
      numero: '20261126-0001',
      betType: 'pk10_position',
      picks: at(9, ['10'], 10),
      multiplier: 1,
    });
    expect(ok.success).toBe(true);
    const bad = lotteryPlaceBody.safeParse({
      gameCode: 'lott-11x5-1-min',
      numero: '20261126-0001',
      betType: 'x5_any2',
      picks: [['01', '12']],
      multiplier: 1,
    });
    expect(bad.success).toBe(false);
    expect(betTypeOf('SSC', 'pk10_position')).toBeUndefined();
    expect(betTypeOf('PK10', 'star5')).toBeUndefined();
  });
});
