/*
 * The lottery games desk's rules (issue 18, decision 081), pure code shared by the server (which
 * refuses) and the console (which explains before sending): each family's bet types and seeded
 * prizes, and the bounds an operator's prize must stay within.
 */
import { SSC_BET_TYPES, SSC_SEED_PRIZES, type BetTypeDef } from './lottery-bets.ts';
import { isSeaFamily, isVnFamily, type LotteryFamily } from './lottery-draw.ts';
import { HOUSE_BET_TYPES, HOUSE_SEED_PRIZES } from './lottery-house.ts';
import { SEA_BET_TYPES, SEA_SEED_PRIZES } from './lottery-sea.ts';
import { VN_BET_TYPES, VN_SEED_PRIZES } from './lottery-vn.ts';

/** A family's bet types (empty for a family that takes no bets). */
export const familyBetTypes = (family: LotteryFamily): readonly BetTypeDef[] => {
  if (family === 'SSC') return SSC_BET_TYPES;
  if (isVnFamily(family)) return VN_BET_TYPES[family];
  if (isSeaFamily(family)) return SEA_BET_TYPES[family];
  return HOUSE_BET_TYPES[family] ?? [];
};

/** A family's seeded prizes (one 2.00 unit at prize group 1800, minor units): the market's values. */
export const familySeedPrizes = (family: LotteryFamily): Readonly<Record<string, bigint>> => {
  if (family === 'SSC') return SSC_SEED_PRIZES;
  if (isVnFamily(family)) return VN_SEED_PRIZES;
  if (isSeaFamily(family)) return SEA_SEED_PRIZES[family];
  return HOUSE_SEED_PRIZES[family] ?? {};
};

/**
 * Families whose seeds are 2 × 0.9 ÷ the chance of a hit (a 90 % return at prize group 1800;
 * decisions 063, 076). Their return at the highest prize group (1980) is 99 % with the seed, so a
 * prize row of theirs may be lowered but not raised: the prize group is how their odds go up.
 */
export const NINETY_PERCENT_FAMILIES: ReadonlySet<LotteryFamily> = new Set(['SSC', 'PK10', 'LHC', 'LF']);

/** The families whose games use a prize group (the house's own draws); official lotteries pay their rows. */
export const usesPrizeGroup = (family: LotteryFamily) => !isVnFamily(family) && !isSeaFamily(family);

/**
 * The lowest and highest prize an operator may set for a prize key, from its seed: at least half of
 * it (a dropped zero is refused), at most the seed for the 90 % families, one and a half times it for
 * the market-priced ones (11 choose 5, Vietnam, South-East Asia: an extra zero is refused).
 */
export const prizeBounds = (family: LotteryFamily, seeded: bigint): { min: bigint; max: bigint } => ({
  min: (seeded + 1n) / 2n,
  max: NINETY_PERCENT_FAMILIES.has(family) ? seeded : (seeded * 3n) / 2n,
});

/** The longest a game may wait for an official result before the scheduler voids its period. */
export const LOTTERY_VOID_AFTER_MAX_HOURS = 168;
/** The longest report range, in local days. */
export const LOTTERY_REPORT_MAX_DAYS = 366;
