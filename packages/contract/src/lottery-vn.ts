/*
 * The Vietnamese lotteries' bet types (issue 18, decision 068), pure code shared by the server and
 * the browser like the SSC types of lottery-bets.ts. Every unit costs LOTTERY_UNIT (2.00) × the
 * multiplier; each hit pays its prize key's prize (for one 2.00 unit) × the multiplier.
 *
 * - đề: the last two digits of the special prize; one unit per number picked.
 * - đầu / đuôi: the tens / units digit of those two (the đề number's head and tail).
 * - 3 càng: the last three digits of the special.
 * - bao lô 2/3/4: the number against the last 2/3/4 digits of every result line that has that many
 *   digits; the stake is paid once per such line (North 27/23/20 lines, South and Central 18/17/16)
 *   and each line that matches pays once ("paid per hit": a number on two lines pays twice).
 * - xiên 2/3/4: 2–4 two-digit lô numbers that must all appear; one unit per combination of the
 *   numbers picked, each winning combination pays once.
 */
import { LOTTERY_BET_TYPES, LOTTERY_UNIT, type BetRow, type BetTypeDef } from './lottery-bets.ts';
import { isVnFamily, vnWidths, type VnFamily } from './lottery-draw.ts';
import { SEA_BET_TYPE_IDS, seaBetTypeOf } from './lottery-sea.ts';
import { HOUSE_BET_TYPE_IDS, houseBetType } from './lottery-house.ts';

const two = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const one = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

const choose = (n: number, k: number) => {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return Math.round(r);
};

/** The last `digits` digits of a line, as the string a member types ("07", "123"). */
const tail = (n: number, digits: number) => String(n % 10 ** digits).padStart(digits, '0');

/** How many lines of a region's sheet have at least `digits` digits (the lines a lô of that size plays on). */
export const vnLines = (family: VnFamily, digits: number) => vnWidths(family).filter((w) => w >= digits).length;

const pickRow: BetRow = { label: 'pick', tokens: two };
const typedRow = (digits: number): BetRow => ({ label: 'pick', tokens: [], digits });

const special = (result: readonly number[]) => result[0] ?? 0;

const defsFor = (family: VnFamily): BetTypeDef[] => {
  const widths = vnWidths(family);
  const lines = (result: readonly number[], digits: number) =>
    result.filter((_, i) => widths[i]! >= digits).map((n) => tail(n, digits));
  const lo = (id: string, digits: number): BetTypeDef => ({
    id,
    family,
    group: 'vn_lo',
    rows: [digits === 2 ? pickRow : typedRow(digits)],
    prizeKeys: [id],
    units: (picks) => picks[0]!.length * vnLines(family, digits),
    hits: (picks, result) => {
      const drawn = lines(result, digits);
      return picks[0]!.flatMap((p) => drawn.filter((d) => d === p).map(() => id));
    },
  });
  const xien = (id: string, k: number): BetTypeDef => ({
    id,
    family,
    group: 'vn_xien',
    rows: [pickRow],
    prizeKeys: [id],
    units: (picks) => choose(picks[0]!.length, k),
    hits: (picks, result) => {
      const drawn = new Set(lines(result, 2));
      const inDraw = picks[0]!.filter((p) => drawn.has(p)).length;
      return Array.from({ length: choose(inDraw, k) }, () => id);
    },
  });
  return [
    {
      id: 'de',
      family,
      group: 'vn_de',
      rows: [pickRow],
      prizeKeys: ['de'],
      units: (picks) => picks[0]!.length,
      hits: (picks, result) => (picks[0]!.includes(tail(special(result), 2)) ? ['de'] : []),
    },
    {
      id: 'dau',
      family,
      group: 'vn_de',
      rows: [{ label: 'dau', tokens: one }],
      prizeKeys: ['dau'],
      units: (picks) => picks[0]!.length,
      hits: (picks, result) => (picks[0]!.includes(tail(special(result), 2)[0]!) ? ['dau'] : []),
    },
    {
      id: 'duoi',
      family,
      group: 'vn_de',
      rows: [{ label: 'duoi', tokens: one }],
      prizeKeys: ['duoi'],
      units: (picks) => picks[0]!.length,
      hits: (picks, result) => (picks[0]!.includes(tail(special(result), 1)) ? ['duoi'] : []),
    },
    {
      id: 'cang3',
      family,
      group: 'vn_de',
      rows: [typedRow(3)],
      prizeKeys: ['cang3'],
      units: (picks) => picks[0]!.length,
      hits: (picks, result) => (picks[0]!.includes(tail(special(result), 3)) ? ['cang3'] : []),
    },
    lo('lo2', 2),
    lo('lo3', 3),
    lo('lo4', 4),
    xien('xien2', 2),
    xien('xien3', 3),
    xien('xien4', 4),
  ];
};

/** Each region's bet types (the same ids; the lô types cost by the region's lines). */
export const VN_BET_TYPES: Record<VnFamily, readonly BetTypeDef[]> = {
  VN_NORTH: defsFor('VN_NORTH'),
  VN_CENTRAL: defsFor('VN_CENTRAL'),
  VN_SOUTH: defsFor('VN_SOUTH'),
};

export const VN_BET_TYPE_IDS: readonly string[] = VN_BET_TYPES.VN_NORTH.map((d) => d.id);

/**
 * The seeded prizes for one 2.00 unit, in minor units, the same for every region (each region's
 * prizes are their own operator rows): the market's "1 ăn N" as 2.00 × N.
 */
export const VN_SEED_PRIZES: Record<string, bigint> = {
  de: 16_000n, // 160.00: đề 1 ăn 80 (1 in 100)
  dau: 1_600n, // 16.00: 1 ăn 8 (1 in 10)
  duoi: 1_600n, // 16.00: 1 ăn 8
  cang3: 140_000n, // 1,400.00: 3 càng 1 ăn 700 (1 in 1,000)
  lo2: 19_800n, // 198.00 per hit: the market's 27,000 staked, 99,000 per hit (North), per line 2.00 → 198.00
  lo3: 180_000n, // 1,800.00 per hit: 1 ăn 900 per line
  lo4: 1_776_000n, // 17,760.00 per hit: 1 ăn 8,880 per line
  xien2: 3_400n, // 34.00: 1 ăn 17
  xien3: 13_000n, // 130.00: 1 ăn 65
  xien4: 50_000n, // 500.00: 1 ăn 250
};

/** A unit's cost (the same unit as every lottery bet). */
export const VN_UNIT = LOTTERY_UNIT;

/** A bet type of a game's family, or undefined (SSC ids for SSC games, the region's for VN games, the game's for SEA, lottery-house.ts's). */
export const betTypeOf = (family: string, id: string): BetTypeDef | undefined => {
  if (family === 'SSC') return Object.hasOwn(LOTTERY_BET_TYPES, id) ? LOTTERY_BET_TYPES[id] : undefined;
  if (isVnFamily(family)) return VN_BET_TYPES[family].find((d) => d.id === id);
  return seaBetTypeOf(family, id) ?? houseBetType(family, id);
};

/** Every bet type id of any family (the place body's first check; the game's family decides the rest). */
export const ALL_BET_TYPE_IDS: ReadonlySet<string> = new Set([
  ...Object.keys(LOTTERY_BET_TYPES),
  ...VN_BET_TYPE_IDS,
  ...SEA_BET_TYPE_IDS,
  ...HOUSE_BET_TYPE_IDS,
]);
