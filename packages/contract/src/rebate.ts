import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { GAME_TYPES, gameType } from './enums.ts';
import { minorUnitsOut } from './money.ts';
import { rebateOperatorRoutes, rebateRoutes } from './routes/rebate.ts';
import { MAX_VIP_LEVELS } from './vip.ts';

/**
 * Rebate (issue 19, decision 071). The operator sets a rate per game type (basis points of the
 * valid turnover: 80 = 0.80%); a member's settled turnover (closed rounds, stake less refunds)
 * accrues since the last payment of that game type and is paid by a claim on manualRebate or, when
 * the brand turns it on, by the daily job after the brand's day ends: once per member, period and
 * game type, never the same turnover twice.
 */

/** The highest rate an operator may set: 10% of the turnover. */
export const MAX_REBATE_RATE_BP = 1000;

export const REBATE_SOURCES = ['claim', 'daily'] as const;
export const rebateSource = z.enum(REBATE_SOURCES);

/** What one game type has accrued for the member since its last payment. */
export const rebateAccrual = z.object({
  gameType,
  rateBp: z.number(),
  /** Settled turnover since the last payment (or since the first round). */
  turnover: minorUnitsOut,
  /** The rebate it pays now (turnover × rate, rounded down). */
  amount: minorUnitsOut,
  /** The end of the last payment of this game type; null: never paid. */
  since: z.string().nullable(),
});
export type RebateAccrual = z.infer<typeof rebateAccrual>;

/** One payment (a claim's game type or a day's automatic payment). */
export const rebatePayout = z.object({
  id: z.number(),
  gameType,
  source: rebateSource,
  /** The brand's day for the daily job; empty for a claim. */
  day: z.string(),
  fromAt: z.string().nullable(),
  toAt: z.string(),
  turnover: minorUnitsOut,
  rateBp: z.number(),
  amount: minorUnitsOut,
  createdAt: z.string(),
});
export type RebatePayout = z.infer<typeof rebatePayout>;

export const rebateOverview = z.object({
  /** Every game type with a rate, with what it has accrued. */
  accruals: z.array(rebateAccrual),
  /** What a claim pays now. */
  total: minorUnitsOut,
  /** Game types with something to claim (the menu's badge). */
  count: z.number(),
  /** The daily job pays what is left at the end of each brand day. */
  dailyAuto: z.boolean(),
  /** Player protection: a member under a time-out or exclusion is paid no rebate while it lasts. */
  allowed: z.boolean(),
  history: z.array(rebatePayout),
});
export type RebateOverview = z.infer<typeof rebateOverview>;

export const rebateEndpoints = {
  overview: defineEndpoint({ ...rebateRoutes.overview, response: rebateOverview }),
  /** Pays every game type's accrued rebate; 409 NOTHING_TO_CLAIM when nothing is due. */
  claim: defineEndpoint({
    ...rebateRoutes.claim,
    body: z.strictObject({}),
    response: z.object({ total: minorUnitsOut, paid: z.array(rebatePayout) }),
  }),
};

export const rebateRate = z.strictObject({
  gameType,
  rateBp: z
    .number()
    .int('Whole basis points (80 = 0.80%)')
    .min(0)
    .max(MAX_REBATE_RATE_BP, `At most ${MAX_REBATE_RATE_BP} basis points (10%)`),
});

/**
 * The rate table's member level (decision 071, amended by 074): 0 is members without a VIP level;
 * 1…n are the brand's VIP levels (a level the brand does not have is refused with 400).
 */
export const rebateLevel = z.number().int().min(0).max(MAX_VIP_LEVELS);

export const rebateSettings = z.object({
  /** The level these rates belong to. */
  level: z.number(),
  /** Every level the desk can edit: 0 (no name) and the brand's VIP levels by name. */
  levels: z.array(z.object({ level: z.number(), name: z.string().nullable() })),
  /**
   * The level's own rates. A game type without one at a level above 0 pays what the levels under
   * it give (`below`); a 0 rate turns that game type off at that level and above.
   */
  rates: z.array(z.object({ gameType, rateBp: z.number() })),
  /** What the levels under this one give per game type (empty for level 0). */
  below: z.array(z.object({ gameType, rateBp: z.number() })),
  dailyAuto: z.boolean(),
});
export type RebateSettings = z.infer<typeof rebateSettings>;

export const rebateSaveBody = z.strictObject({
  /** The level whose rates these are (0 when left out). */
  level: rebateLevel.default(0),
  rates: z
    .array(rebateRate)
    .max(GAME_TYPES.length)
    .refine((v) => new Set(v.map((r) => r.gameType)).size === v.length, 'Give each game type once'),
  dailyAuto: z.boolean(),
});
/** What the desk saves (the level may be left out: 0). */
export type RebateSaveBody = z.input<typeof rebateSaveBody>;

export const rebateReport = z.object({
  days: z.number(),
  rows: z.array(
    z.object({
      gameType,
      members: z.number(),
      payouts: z.number(),
      turnover: minorUnitsOut,
      amount: minorUnitsOut,
      claimed: minorUnitsOut,
      daily: minorUnitsOut,
    }),
  ),
  total: minorUnitsOut,
});
export type RebateReport = z.infer<typeof rebateReport>;

export const rebateOperatorEndpoints = {
  /** The rates of one level (0 when not given); 400 for a level the brand does not have. */
  settings: defineEndpoint({
    ...rebateOperatorRoutes.settings,
    query: z.strictObject({ level: z.coerce.number().int().min(0).max(MAX_VIP_LEVELS).default(0) }),
    response: rebateSettings,
  }),
  /** Saves one level's rates and the daily switch; 400 for a level the brand does not have. */
  save: defineEndpoint({ ...rebateOperatorRoutes.save, body: rebateSaveBody, response: rebateSettings }),
  /** Payments of the last `days` days per game type. */
  report: defineEndpoint({
    ...rebateOperatorRoutes.report,
    query: z.strictObject({ days: z.coerce.number().int().min(1).max(90).default(7) }),
    response: rebateReport,
  }),
};
