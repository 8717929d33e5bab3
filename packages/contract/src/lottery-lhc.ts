/*
 * Mark Six (LHC)'s bet types (issue 18), pure code like the SSC types of lottery-bets.ts. A result
 * is six numbers of 1–49 and the special (the seventh); picks of numbers are "01"–"49".
 *
 * - special number: one unit per number; wins when it is the special.
 * - special two-sided: big (25–48) / small (1–24), odd / even; a special of 49 is a tie for all four,
 *   which gives the stake back (prize key lhc_tie, one unit's cost).
 * - zodiac: the special's animal. Numbers map to animals by the lunar year of the draw's date: the
 *   year's animal holds 1, 13, 25, 37 and 49, and each next number the animal before it.
 * - colour wave: the special's colour (red, blue, green: the Hong Kong Mark Six sets).
 * - any of six: one unit per number; wins when it is one of the six regular numbers.
 */
import { LOTTERY_UNIT, type BetRow, type BetTypeDef } from './lottery-bets.ts';

const numbers = Array.from({ length: 49 }, (_, i) => String(i + 1).padStart(2, '0'));
const numberRow = (label: string): BetRow => ({ label, tokens: numbers, bigFrom: 25 });
const num = (n: number) => String(n).padStart(2, '0');
const special = (result: readonly number[]) => result[6]!;

/** The twelve animals in the zodiac's order (Rat first), as pick tokens. */
export const ZODIAC = ['RAT', 'OX', 'TIG', 'RAB', 'DRA', 'SNA', 'HOR', 'GOA', 'MON', 'ROO', 'DOG', 'PIG'] as const;

/** Lunar new year's day (Gregorian yyyymmdd) of the years the platform draws in. */
const LUNAR_NEW_YEAR: Record<number, string> = {
  2020: '20200125',
  2021: '20210212',
  2022: '20220201',
  2023: '20230122',
  2024: '20240210',
  2025: '20250129',
  2026: '20260217',
  2027: '20270206',
  2028: '20280126',
  2029: '20290213',
  2030: '20300203',
  2031: '20310123',
  2032: '20320211',
  2033: '20330131',
  2034: '20340219',
  2035: '20350208',
};

/**
 * The index in ZODIAC of the lunar year's animal on a date (yyyymmdd): the Gregorian year's, or the
 * year before's until its lunar new year (outside the table: 4 February, the start of spring).
 */
export const zodiacYear = (day: string): number => {
  const year = Number(day.slice(0, 4));
  const newYear = LUNAR_NEW_YEAR[year] ?? `${year}0204`;
  const lunar = day < newYear ? year - 1 : year;
  return (((lunar - 2020) % 12) + 12) % 12; // 2020 was a Rat year
};

/** The animal (index in ZODIAC) of a number 1–49 in the lunar year whose animal is `yearAnimal`. */
export const zodiacOf = (n: number, yearAnimal: number) => (((yearAnimal - (n - 1)) % 12) + 12) % 12;

/** The numbers each animal holds in a lunar year (the board shows them under the animal). */
export const zodiacNumbers = (yearAnimal: number): number[][] =>
  ZODIAC.map((_, a) => Array.from({ length: 49 }, (_, i) => i + 1).filter((n) => zodiacOf(n, yearAnimal) === a));

export const WAVES = {
  RED: [1, 2, 7, 8, 12, 13, 18, 19, 23, 24, 29, 30, 34, 35, 40, 45, 46],
  BLU: [3, 4, 9, 10, 14, 15, 20, 25, 26, 31, 36, 37, 41, 42, 47, 48],
  GRN: [5, 6, 11, 16, 17, 21, 22, 27, 28, 32, 33, 38, 39, 43, 44, 49],
} as const;
export const waveOf = (n: number) =>
  (Object.keys(WAVES) as (keyof typeof WAVES)[]).find((w) => (WAVES[w] as readonly number[]).includes(n))!;

export const LHC_BET_TYPES: readonly BetTypeDef[] = [
  {
    id: 'lhc_special',
    family: 'LHC',
    group: 'lhc_special',
    rows: [numberRow('special')],
    prizeKeys: ['lhc_special'],
    units: (picks) => picks[0]!.length,
    hits: (picks, result) => (picks[0]!.includes(num(special(result))) ? ['lhc_special'] : []),
  },
  {
    id: 'lhc_special_bsoe',
    family: 'LHC',
    group: 'lhc_special',
    rows: [{ label: 'special', tokens: ['B', 'S', 'O', 'E'] }],
    prizeKeys: ['lhc_bsoe', 'lhc_tie'],
    units: (picks) => picks[0]!.length,
    hits: (picks, result) => {
      const s = special(result);
      if (s === 49) return picks[0]!.map(() => 'lhc_tie');
      const own = [s >= 25 ? 'B' : 'S', s % 2 === 1 ? 'O' : 'E'];
      return picks[0]!.filter((t) => own.includes(t)).map(() => 'lhc_bsoe');
    },
  },
  {
    id: 'lhc_zodiac',
    family: 'LHC',
    group: 'lhc_special',
    rows: [{ label: 'zodiac', tokens: ZODIAC }],
    prizeKeys: ['lhc_zodiac', 'lhc_zodiac_year'],
    units: (picks) => picks[0]!.length,
    hits: (picks, result, numero) => {
      if (!numero || !/^\d{8}/.test(numero)) return [];
      const year = zodiacYear(numero.slice(0, 8));
      const animal = zodiacOf(special(result), year);
      if (!picks[0]!.includes(ZODIAC[animal]!)) return [];
      return [animal === year ? 'lhc_zodiac_year' : 'lhc_zodiac'];
    },
  },
  {
    id: 'lhc_wave',
    family: 'LHC',
    group: 'lhc_special',
    rows: [{ label: 'wave', tokens: ['RED', 'BLU', 'GRN'] }],
    prizeKeys: ['lhc_wave_red', 'lhc_wave'],
    units: (picks) => picks[0]!.length,
    hits: (picks, result) => {
      const w = waveOf(special(result));
      return picks[0]!.includes(w) ? [w === 'RED' ? 'lhc_wave_red' : 'lhc_wave'] : [];
    },
  },
  {
    id: 'lhc_any6',
    family: 'LHC',
    group: 'lhc_regular',
    rows: [numberRow('pick')],
    prizeKeys: ['lhc_any6'],
    units: (picks) => picks[0]!.length,
    hits: (picks, result) => {
      const six = new Set(result.slice(0, 6).map(num));
      return picks[0]!.filter((p) => six.has(p)).map(() => 'lhc_any6');
    },
  },
];

/**
 * Seeded prizes for one 2.00 unit at prize group 1800, minor units: 2 × 0.9 ÷ the chance of a hit
 * (a 90 % return at 1800). The two-sided prize counts the tie's stake back in that return.
 */
export const LHC_SEED_PRIZES: Record<string, bigint> = {
  lhc_special: 8_820n, // 88.20 (1 in 49)
  lhc_bsoe: 359n, // 3.59: (1.80 − 2.00 × 1/49) ÷ 24/49
  lhc_tie: LOTTERY_UNIT, // 2.00: the stake back on 49
  lhc_zodiac: 2_205n, // 22.05: an animal of four numbers (4 in 49)
  lhc_zodiac_year: 1_764n, // 17.64: the year's animal, five numbers (5 in 49)
  lhc_wave_red: 518n, // 5.18 (17 in 49)
  lhc_wave: 551n, // 5.51: blue or green (16 in 49)
  lhc_any6: 1_470n, // 14.70 (6 in 49)
};
