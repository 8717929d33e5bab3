import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { GAME_TYPES, gameType } from './enums.ts';
import { minorUnitsOut } from './money.ts';
import { rebateOperatorRoutes, rebateRoutes } from './routes/rebate.ts';

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

export const rebateSettings = z.object({
  rates: z.array(z.object({ gameType, rateBp: z.number() })),
  dailyAuto: z.boolean(),
});
export type RebateSettings = z.infer<typeof rebateSettings>;

export const rebateSaveBody = z.strictObject({
  rates: z
    .array(rebateRate)
    .max(GAME_TYPES.length)
    .refine((v) => new Set(v.map((r) => r.gameType)).size === v.length, 'Give each game type once'),
  dailyAuto: z.boolean(),
});

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
  settings: defineEndpoint({ ...rebateOperatorRoutes.settings, response: rebateSettings }),
  save: defineEndpoint({ ...rebateOperatorRoutes.save, body: rebateSaveBody, response: rebateSettings }),
  /** Payments of the last `days` days per game type. */
  report: defineEndpoint({
    ...rebateOperatorRoutes.report,
    query: z.strictObject({ days: z.coerce.number().int().min(1).max(90).default(7) }),
    response: rebateReport,
  }),
};
