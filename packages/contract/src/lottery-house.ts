/*
 * The house families' bet types and seeded prizes beside SSC's (issue 18): PK10, 11 choose 5,
 * Mark Six and Pick 3, each in its own module. A family missing here takes no bets yet.
 */
import type { BetTypeDef } from './lottery-bets.ts';
import type { LotteryFamily } from './lottery-draw.ts';
import { X5_BET_TYPES, X5_SEED_PRIZES } from './lottery-11x5.ts';
import { LF_BET_TYPES, LF_SEED_PRIZES } from './lottery-lf.ts';
import { LHC_BET_TYPES, LHC_SEED_PRIZES } from './lottery-lhc.ts';
import { PK10_BET_TYPES, PK10_SEED_PRIZES } from './lottery-pk10.ts';

export const HOUSE_BET_TYPES: Partial<Record<LotteryFamily, readonly BetTypeDef[]>> = {
  PK10: PK10_BET_TYPES,
  '11X5': X5_BET_TYPES,
  LHC: LHC_BET_TYPES,
  LF: LF_BET_TYPES,
};

export const HOUSE_SEED_PRIZES: Partial<Record<LotteryFamily, Record<string, bigint>>> = {
  PK10: PK10_SEED_PRIZES,
  '11X5': X5_SEED_PRIZES,
  LHC: LHC_SEED_PRIZES,
  LF: LF_SEED_PRIZES,
};

export const HOUSE_BET_TYPE_IDS: readonly string[] = Object.values(HOUSE_BET_TYPES).flatMap((defs) =>
  defs.map((d) => d.id),
);

/** Any family's bet type by its id (ids are unique across families), for the place body's check. */
export const houseBetType = (family: string, id: string): BetTypeDef | undefined =>
  Object.hasOwn(HOUSE_BET_TYPES, family)
    ? HOUSE_BET_TYPES[family as LotteryFamily]!.find((d) => d.id === id)
    : undefined;
