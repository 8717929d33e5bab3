/*
 * The South-East Asian lotteries' bet types (issue 18, decision 072), pure code shared by the server
 * and the browser like lottery-vn.ts. Every unit costs LOTTERY_UNIT (2.00) × the multiplier; each
 * hit pays its prize key's prize (for one 2.00 unit) × the multiplier. Results are the sheets of
 * SEA_TIERS (lottery-draw.ts).
 *
 * Thailand (result: first prize, front 3 ×2, back 3 ×2, back 2):
 * - 3 top: the last three digits of the first prize, in order;
 * - 3 tote: the same three digits in any order;
 * - 3 front / 3 back: one of the two 3-digit front / back prizes (paid per matching line);
 * - 2 top: the last two digits of the first prize; 2 bottom: the 2-digit back prize;
 * - running top / bottom: one digit anywhere in the 3 top / the 2 bottom (paid once).
 * Laos (result: one 6-digit number): 4 straight (last four), 3 straight (last three), 3 tote,
 * 2 top (last two), 2 bottom (the two digits before them, the first two of the last four).
 * 4D (Malaysia, Singapore, Cambodia; 23 numbers): big pays on any of the 23 by tier (1st, 2nd,
 * 3rd, starter, consolation); small only on the 1st, 2nd and 3rd. A number bought is four digits.
 */
import type { BetRow, BetTypeDef } from './lottery-bets.ts';
import { SEA_FAMILIES, isSeaFamily, type SeaFamily } from './lottery-draw.ts';

const two = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const one = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

/** The last `digits` digits of a number, as the string a member types ("07", "123"). */
const tail = (n: number, digits: number) => String(n % 10 ** digits).padStart(digits, '0');
const sorted = (s: string) => [...s].sort().join('');

const gridRow: BetRow = { label: 'pick', tokens: two };
const digitRow: BetRow = { label: 'pick', tokens: one };
const typedRow = (digits: number): BetRow => ({ label: 'pick', tokens: [], digits });

/** A type whose picks are one row and that wins when a pick equals one of the lines `drawn` names, per line. */
const match = (
  id: string,
  family: SeaFamily,
  group: BetTypeDef['group'],
  row: BetRow,
  drawn: (result: readonly number[]) => string[],
): BetTypeDef => ({
  id,
  family,
  group,
  rows: [row],
  prizeKeys: [id],
  units: (picks) => picks[0]!.length,
  hits: (picks, result) => {
    const lines = drawn(result);
    return picks[0]!.flatMap((p) => lines.filter((d) => d === p).map(() => id));
  },
});

/** Tote: three digits in any order, once per pick (the order of a pick does not matter). */
const tote = (id: string, family: SeaFamily, top3: (result: readonly number[]) => string): BetTypeDef => ({
  id,
  family,
  group: 'sea_3d',
  rows: [typedRow(3)],
  prizeKeys: [id],
  units: (picks) => picks[0]!.length,
  hits: (picks, result) => {
    const drawn = sorted(top3(result));
    return picks[0]!.filter((p) => sorted(p) === drawn).map(() => id);
  },
});

/** Running: a digit anywhere in the drawn digits, paid once per digit picked that appears. */
const running = (id: string, family: SeaFamily, digits: (result: readonly number[]) => string): BetTypeDef => ({
  id,
  family,
  group: 'sea_1d',
  rows: [digitRow],
  prizeKeys: [id],
  units: (picks) => picks[0]!.length,
  hits: (picks, result) => {
    const drawn = digits(result);
    return picks[0]!.filter((p) => drawn.includes(p)).map(() => id);
  },
});

const thaiTypes = (): BetTypeDef[] => {
  const f = 'SEA_TH' as const;
  const top3 = (r: readonly number[]) => tail(r[0] ?? 0, 3);
  const bottom2 = (r: readonly number[]) => tail(r[5] ?? 0, 2);
  return [
    match('th_top3', f, 'sea_3d', typedRow(3), (r) => [top3(r)]),
    tote('th_tote3', f, top3),
    match('th_front3', f, 'sea_3d', typedRow(3), (r) => [tail(r[1] ?? 0, 3), tail(r[2] ?? 0, 3)]),
    match('th_back3', f, 'sea_3d', typedRow(3), (r) => [tail(r[3] ?? 0, 3), tail(r[4] ?? 0, 3)]),
    match('th_top2', f, 'sea_2d', gridRow, (r) => [tail(r[0] ?? 0, 2)]),
    match('th_bottom2', f, 'sea_2d', gridRow, (r) => [bottom2(r)]),
    running('th_run_top', f, top3),
    running('th_run_bottom', f, bottom2),
  ];
};

const laoTypes = (): BetTypeDef[] => {
  const f = 'SEA_LA' as const;
  const n = (r: readonly number[]) => tail(r[0] ?? 0, 6);
  return [
    match('la_4', f, 'sea_4d', typedRow(4), (r) => [n(r).slice(2)]),
    match('la_3', f, 'sea_3d', typedRow(3), (r) => [n(r).slice(3)]),
    tote('la_tote3', f, (r) => n(r).slice(3)),
    match('la_2top', f, 'sea_2d', gridRow, (r) => [n(r).slice(4)]),
    match('la_2bottom', f, 'sea_2d', gridRow, (r) => [n(r).slice(2, 4)]),
  ];
};

/** The 4D tier of each of the 23 lines, in result order. */
const FOUR_D_TIERS: readonly string[] = [
  '1',
  '2',
  '3',
  ...Array<string>(10).fill('starter'),
  ...Array<string>(10).fill('consol'),
];
/** A 4D prize key: big1 … small3, big_starter, big_consol. */
const fourDKey = (size: 'big' | 'small', tier: string) => (/^\d$/.test(tier) ? `${size}${tier}` : `${size}_${tier}`);

const fourDTypes = (f: SeaFamily): BetTypeDef[] => {
  const bet = (id: string, size: 'big' | 'small', tiers: readonly string[]): BetTypeDef => ({
    id,
    family: f,
    group: 'sea_4d',
    rows: [typedRow(4)],
    prizeKeys: tiers.map((tier) => fourDKey(size, tier)),
    units: (picks) => picks[0]!.length,
    // A number is on the sheet once (23 different numbers): it pays the prize of its line's tier.
    hits: (picks, result) =>
      result.flatMap((n, i) => {
        const tier = FOUR_D_TIERS[i]!;
        return tiers.includes(tier) && picks[0]!.includes(tail(n, 4)) ? [fourDKey(size, tier)] : [];
      }),
  });
  return [bet('d4_big', 'big', ['1', '2', '3', 'starter', 'consol']), bet('d4_small', 'small', ['1', '2', '3'])];
};

/** Each SEA game's bet types. */
export const SEA_BET_TYPES: Record<SeaFamily, readonly BetTypeDef[]> = {
  SEA_TH: thaiTypes(),
  SEA_LA: laoTypes(),
  SEA_MY: fourDTypes('SEA_MY'),
  SEA_SG: fourDTypes('SEA_SG'),
  SEA_KH: fourDTypes('SEA_KH'),
};

export const SEA_BET_TYPE_IDS: readonly string[] = [
  ...new Set(SEA_FAMILIES.flatMap((f) => SEA_BET_TYPES[f].map((d) => d.id))),
];

/** A SEA bet type by id in any family that has it (the rows of an id are the same in every family). */
export const seaBetType = (id: string): BetTypeDef | undefined =>
  SEA_FAMILIES.map((f) => SEA_BET_TYPES[f].find((d) => d.id === id)).find(Boolean);

export const seaBetTypeOf = (family: string, id: string): BetTypeDef | undefined =>
  isSeaFamily(family) ? SEA_BET_TYPES[family].find((d) => d.id === id) : undefined;

/** The market's "1 pays N" as the prize of one 2.00 unit, in minor units. */
const pays = (n: number) => BigInt(Math.round(n * 2 * 100));

/** 4D prizes for 1 unit of the market's currency: big 1st/2nd/3rd/starter/consolation, small 1st/2nd/3rd. */
const fourD = (big: [number, number, number, number, number], small: [number, number, number]) => ({
  big1: pays(big[0]),
  big2: pays(big[1]),
  big3: pays(big[2]),
  big_starter: pays(big[3]),
  big_consol: pays(big[4]),
  small1: pays(small[0]),
  small2: pays(small[1]),
  small3: pays(small[2]),
});

/**
 * The seeded prizes for one 2.00 unit, per game (operator rows afterwards), from the usual market
 * values (decision 072): Thai "3 top pays 900, tote 150, 2 top/bottom 90, running 3.2/4.2"; Lao
 * 4 straight 6,000, 3 straight 900, tote 150, 2 digits 90; Magnum-style 4D (Malaysia; Cambodia's
 * 4D the same) big 2,500/1,000/500/180/60 and small 3,500/2,000/1,000; Singapore Pools 4D big
 * 2,000/1,000/490/250/60 and small 3,000/2,000/800.
 */
export const SEA_SEED_PRIZES: Record<SeaFamily, Record<string, bigint>> = {
  SEA_TH: {
    th_top3: pays(900), // 1,800.00
    th_tote3: pays(150), // 300.00
    th_front3: pays(450), // 900.00 per matching line
    th_back3: pays(450),
    th_top2: pays(90), // 180.00
    th_bottom2: pays(90),
    th_run_top: pays(3.2), // 6.40
    th_run_bottom: pays(4.2), // 8.40
  },
  SEA_LA: {
    la_4: pays(6_000), // 12,000.00
    la_3: pays(900),
    la_tote3: pays(150),
    la_2top: pays(90),
    la_2bottom: pays(90),
  },
  SEA_MY: fourD([2_500, 1_000, 500, 180, 60], [3_500, 2_000, 1_000]),
  SEA_SG: fourD([2_000, 1_000, 490, 250, 60], [3_000, 2_000, 800]),
  SEA_KH: fourD([2_500, 1_000, 500, 180, 60], [3_500, 2_000, 1_000]),
};
