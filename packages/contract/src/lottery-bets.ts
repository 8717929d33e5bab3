/*
 * The house lottery's bet types (issue 18), as pure code shared by the server (it prices, accepts
 * and settles) and the browser (it shows the units and the cost before the member confirms). No zod.
 *
 * A bet is a bet type and its picks: one row of tokens per position the type asks for (digits
 * "0"–"9", or B S O E for big/small/odd/even, or D T X for dragon/tiger/tie). It expands into
 * units; every unit costs LOTTERY_UNIT (2.00) × the multiplier. Settling counts hits per prize key;
 * each hit pays that key's prize (for one 2.00 unit, at the game's prize group) × the multiplier.
 *
 * The other house families' types are in their own modules (lottery-pk10.ts, lottery-11x5.ts,
 * lottery-lhc.ts, lottery-lf.ts, gathered by lottery-house.ts), built from the helpers exported here.
 */
import type { LotteryFamily } from './lottery-draw.ts';

/** One unit's cost in minor units (2.00 of the brand's currency). */
export const LOTTERY_UNIT = 200n;
export const LOTTERY_MAX_MULTIPLIER = 9999;
/** The most periods one chase covers (the same bet on the open period and the ones after it). */
export const LOTTERY_MAX_CHASE = 50;
/** The largest number of units one bet may expand into (a full 5-star straight board). */
export const LOTTERY_MAX_UNITS = 100_000;
/** The prize group the seeded prizes are given at; a game's group scales them (1700–1980). */
export const LOTTERY_BASE_PRIZE_GROUP = 1800;
export const LOTTERY_PRIZE_GROUP_MIN = 1700;
export const LOTTERY_PRIZE_GROUP_MAX = 1980;

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
const BSOE = ['B', 'S', 'O', 'E'] as const;
const DTX = ['D', 'T', 'X'] as const;

/** A row of the bet board: which position it is about and the tokens it offers. */
export interface BetRow {
  /** i18n key suffix of the row's label: p1…p5 (ten-thousands … units), sum, or pick. */
  label: string;
  tokens: readonly string[];
  /**
   * A row of typed numbers instead of a board of tokens: each pick is exactly this many digits
   * (Vietnamese 3- and 4-digit bets, where a board of 1,000 or 10,000 buttons would not serve).
   */
  digits?: number;
  /** The smallest "big" number of the row for its quick pick (default: the upper half of 0…9 / 00…99). */
  bigFrom?: number;
}

export interface BetTypeDef {
  id: string;
  family: LotteryFamily;
  /** The board groups bet types by this, in the order the types come (i18n key suffix lt_group_…). */
  group: string;
  rows: readonly BetRow[];
  /** Prize keys this type can hit; the first is the type's own. */
  prizeKeys: readonly string[];
  /** How many units the picks expand into (0: not a bet yet). */
  units: (picks: readonly (readonly string[])[]) => number;
  /**
   * The prize keys a bet hits on a result, once per hit. `numero` (yyyymmdd-nnnn) is the period's:
   * the Mark Six zodiac maps numbers to animals by the lunar year of its date.
   */
  hits: (picks: readonly (readonly string[])[], result: readonly number[], numero?: string) => string[];
}

export const digitRow = (label: string): BetRow => ({ label, tokens: DIGITS });
const POS = ['p1', 'p2', 'p3', 'p4', 'p5'] as const;

export const product = (picks: readonly (readonly string[])[]) => picks.reduce((n, row) => n * row.length, 1);
export const choose = (n: number, k: number) => {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return Math.round(r);
};

/** Ordered picks of different tokens, one from each row (the units of a PK10 or 11X5 straight bet). */
export const distinctTuples = (rows: readonly (readonly string[])[]): number => {
  const go = (i: number, used: Set<string>): number => {
    if (i === rows.length) return 1;
    let n = 0;
    for (const t of rows[i]!)
      if (!used.has(t)) {
        used.add(t);
        n += go(i + 1, used);
        used.delete(t);
      }
    return n;
  };
  return rows.every((r) => r.length > 0) ? go(0, new Set()) : 0;
};

/** Straight on consecutive positions: every row needs a pick; one unit per combination. */
export const straight = (
  id: string,
  positions: number[],
  prizeKey = id,
  family: LotteryFamily = 'SSC',
  group = 'star',
): BetTypeDef => ({
  id,
  family,
  group,
  rows: positions.map((p) => digitRow(POS[p]!)),
  prizeKeys: [prizeKey],
  units: (picks) => (picks.every((r) => r.length > 0) ? product(picks) : 0),
  hits: (picks, result) => (positions.every((p, i) => picks[i]!.includes(String(result[p]))) ? [prizeKey] : []),
});

/** The three digits at positions [a, a+1, a+2] as a sorted multiset. */
const three = (result: readonly number[], from: number) => [result[from]!, result[from + 1]!, result[from + 2]!];

/** Group 3: two picked digits a ≠ b as (pair, single); wins when the three digits are {a, a, b}. */
export const group3 = (id: string, from: number, family: LotteryFamily = 'SSC'): BetTypeDef => ({
  id,
  family,
  group: 'group',
  rows: [digitRow('pick')],
  prizeKeys: ['group3'],
  units: (picks) => (picks[0]!.length >= 2 ? picks[0]!.length * (picks[0]!.length - 1) : 0),
  hits: (picks, result) => {
    const d = three(result, from);
    const distinct = new Set(d);
    if (distinct.size !== 2) return [];
    return [...distinct].every((x) => picks[0]!.includes(String(x))) ? ['group3'] : [];
  },
});

/** Group 6: three or more digits; one unit per 3-set; wins when the three digits are that set, all different. */
export const group6 = (id: string, from: number, family: LotteryFamily = 'SSC'): BetTypeDef => ({
  id,
  family,
  group: 'group',
  rows: [digitRow('pick')],
  prizeKeys: ['group6'],
  units: (picks) => choose(picks[0]!.length, 3),
  hits: (picks, result) => {
    const d = three(result, from);
    if (new Set(d).size !== 3) return [];
    return d.every((x) => picks[0]!.includes(String(x))) ? ['group6'] : [];
  },
});

/** One digit per position picked on any of `count` positions; each drawn at its position is a hit. */
export const fixedPosition = (id: string, count: number, family: LotteryFamily = 'SSC'): BetTypeDef => ({
  id,
  family,
  group: 'position',
  rows: POS.slice(0, count).map(digitRow),
  prizeKeys: ['fixed'],
  units: (picks) => picks.reduce((n, r) => n + r.length, 0),
  hits: (picks, result) => picks.flatMap((row, p) => (row.includes(String(result[p])) ? ['fixed'] : [])),
});

const sizeOf = (digit: number) => (digit >= 5 ? 'B' : 'S');
const parityOf = (n: number) => (n % 2 === 1 ? 'O' : 'E');
/** The sum of the five digits (0–45) is big at 23 and above. */
const sumSize = (sum: number) => (sum >= 23 ? 'B' : 'S');

const defs: BetTypeDef[] = [
  straight('star5', [0, 1, 2, 3, 4]),
  straight('star4', [1, 2, 3, 4]),
  straight('front3', [0, 1, 2], 'star3'),
  straight('middle3', [1, 2, 3], 'star3'),
  straight('last3', [2, 3, 4], 'star3'),
  straight('last2', [3, 4], 'star2'),
  group3('front3_group3', 0),
  group3('middle3_group3', 1),
  group3('last3_group3', 2),
  group6('front3_group6', 0),
  group6('middle3_group6', 1),
  group6('last3_group6', 2),
  fixedPosition('fixed', POS.length),
  {
    id: 'any3',
    family: 'SSC',
    group: 'position',
    rows: [digitRow('pick')],
    prizeKeys: ['any3'],
    units: (picks) => picks[0]!.length,
    hits: (picks, result) => {
      const last = new Set(three(result, 2));
      return picks[0]!.filter((d) => last.has(Number(d))).map(() => 'any3');
    },
  },
  {
    id: 'bsoe',
    family: 'SSC',
    group: 'double',
    rows: [...POS.map((label) => ({ label, tokens: BSOE })), { label: 'sum', tokens: BSOE }],
    prizeKeys: ['bsoe'],
    units: (picks) => picks.reduce((n, r) => n + r.length, 0),
    hits: (picks, result) => {
      const sum = result.reduce((a, b) => a + b, 0);
      return picks.flatMap((row, p) => {
        const size = p < 5 ? sizeOf(result[p]!) : sumSize(sum);
        const parity = parityOf(p < 5 ? result[p]! : sum);
        return row.filter((t) => t === size || t === parity).map(() => 'bsoe');
      });
    },
  },
  {
    id: 'dragon_tiger',
    family: 'SSC',
    group: 'double',
    rows: [{ label: 'dt', tokens: DTX }],
    prizeKeys: ['dragon_tiger', 'tie'],
    units: (picks) => picks[0]!.length,
    hits: (picks, result) => {
      const [first, last] = [result[0]!, result[4]!];
      const outcome = first > last ? 'D' : first < last ? 'T' : 'X';
      return picks[0]!.includes(outcome) ? [outcome === 'X' ? 'tie' : 'dragon_tiger'] : [];
    },
  },
];

export const SSC_BET_TYPES: readonly BetTypeDef[] = defs;
export const LOTTERY_BET_TYPES: Record<string, BetTypeDef> = Object.fromEntries(defs.map((d) => [d.id, d]));

/**
 * The seeded prizes for one 2.00 unit at prize group 1800, in minor units (issue 18 and the
 * reference notes): each is 2 × 0.9 ÷ (chance of a hit), so every bet type returns 90 % at 1800.
 */
export const SSC_SEED_PRIZES: Record<string, bigint> = {
  star5: 18_000_000n, // 180,000.00 (1 in 100,000)
  star4: 1_800_000n, // 18,000.00
  star3: 180_000n, // 1,800.00
  star2: 18_000n, // 180.00
  group3: 60_000n, // 600.00 (3 in 1,000)
  group6: 30_000n, // 300.00 (6 in 1,000)
  fixed: 1_800n, // 18.00 (1 in 10)
  any3: 664n, // 6.64 (one digit among the last three: 271 in 1,000)
  bsoe: 360n, // 3.60 (1 in 2)
  dragon_tiger: 400n, // 4.00 (45 in 100)
  tie: 1_800n, // 18.00 (1 in 10)
};

export type Picks = string[][];

/** Why a bet's picks are not a bet, or null when they are. */
export const checkPicks = (def: BetTypeDef, picks: readonly (readonly string[])[]): string | null => {
  if (picks.length !== def.rows.length) return `This bet type takes ${def.rows.length} rows of picks`;
  for (const [i, row] of picks.entries()) {
    const allowed = def.rows[i]!.tokens;
    if (new Set(row).size !== row.length) return 'A pick appears twice in a row';
    const digits = def.rows[i]!.digits;
    if (digits !== undefined) {
      const pattern = new RegExp(`^\\d{${digits}}$`);
      if (row.some((t) => !pattern.test(t))) return `Each number here has ${digits} digits`;
    } else if (row.some((t) => !allowed.includes(t))) return 'A pick is not on this board';
  }
  const units = def.units(picks);
  if (units < 1) return 'Pick enough numbers for at least one bet';
  if (units > LOTTERY_MAX_UNITS) return `At most ${LOTTERY_MAX_UNITS} units per bet`;
  return null;
};

/** A bet's cost in minor units. */
export const betCost = (units: number, multiplier: number): bigint => BigInt(units) * LOTTERY_UNIT * BigInt(multiplier);

/** One prize key's prize at a prize group, in minor units (floored). */
export const prizeAt = (basePrize: bigint, prizeGroup: number): bigint =>
  (basePrize * BigInt(prizeGroup)) / BigInt(LOTTERY_BASE_PRIZE_GROUP);

/** What a bet wins on a result: the sum over its hits of the prize × the multiplier. */
export const betWin = (
  def: BetTypeDef,
  picks: readonly (readonly string[])[],
  result: readonly number[],
  multiplier: number,
  prizes: Readonly<Record<string, bigint>>,
  numero?: string,
): bigint => def.hits(picks, result, numero).reduce((sum, key) => sum + (prizes[key] ?? 0n) * BigInt(multiplier), 0n);

/**
 * What a bet adds to the house's exposure per number (decision 076): for each pick of each row,
 * the cell `<betType>:<row>:<pick>` and the multiplier × the type's largest prize, the most that
 * pick can win on one hit. An operator caps each cell per period (`max_exposure`).
 */
export const betExposure = (
  def: BetTypeDef,
  picks: readonly (readonly string[])[],
  multiplier: number,
  prizes: Readonly<Record<string, bigint>>,
): { cell: string; amount: bigint }[] => {
  const top = def.prizeKeys.reduce((m, k) => ((prizes[k] ?? 0n) > m ? (prizes[k] ?? 0n) : m), 0n);
  return picks
    .flatMap((row, r) => row.map((token) => ({ cell: `${def.id}:${r}:${token}`, amount: top * BigInt(multiplier) })))
    .sort((a, b) => (a.cell < b.cell ? -1 : a.cell > b.cell ? 1 : 0));
};

/** A cell's parts: the bet type, the row index and the pick. */
export const exposureCell = (cell: string) => {
  const [betType = '', row = '0', pick = ''] = cell.split(':');
  return { betType, row: Number(row), pick };
};
