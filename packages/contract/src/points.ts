import { z } from 'zod';
import { localizedText } from './content.ts';
import { defineEndpoint } from './endpoint.ts';
import { GAME_TYPES } from './enums.ts';
import { INT4_MAX } from './input.ts';
import { amountField, minorUnitsOut } from './money.ts';
import { pointsOperatorRoutes, pointsRoutes } from './routes/points.ts';
import { paged, pagingQuery, recordId } from './wallet.ts';

/**
 * The points mall (issue 20, decision 067). Points are whole numbers that never expire (spec §9);
 * each change is an entry with its reason. Members earn them from valid turnover at a ratio per
 * game type, spend them on mall items (cash credited at once; goods as a request an operator
 * approves or rejects, rejected points coming back) and convert them to cash at the exchange-rate
 * table. Redeeming and converting ask for the payment password.
 */

export const POINTS_REASONS = ['earned', 'redeemed', 'returned', 'converted', 'adjusted', 'mission'] as const;
export const POINTS_ITEM_KINDS = ['cash', 'goods', 'bonus'] as const;
/** Spec §4: a goods request is in process until an operator approves or rejects it. */
export const POINTS_REDEEM_STATUSES = ['in_process', 'approved', 'rejected'] as const;
/** Days of valid turnover an item's amount requirement looks back over. */
export const POINTS_REQUIREMENT_DAYS = 30;
/** The most of one item a redeem may ask for. */
export const POINTS_MAX_QUANTITY = 10;

const pointsCount = z.number().int();
const paymentPassword = z.string().min(1, 'Input cannot be empty').max(64);

export const pointsEntry = z.object({
  id: z.number(),
  /** Changed points: positive when earned or returned, negative when spent. */
  change: pointsCount,
  balanceAfter: pointsCount,
  reason: z.enum(POINTS_REASONS),
  /** An operator's adjustment: the reason they gave; else "". */
  note: z.string(),
  createdAt: z.string(),
});
export type PointsEntry = z.infer<typeof pointsEntry>;

export const pointsItem = z.object({
  id: z.number(),
  kind: z.enum(POINTS_ITEM_KINDS),
  /** The name per language (the client shows its language, else the first given). */
  name: z.record(z.string(), z.string()),
  image: z.string(),
  stock: z.number(),
  pointsCost: z.number(),
  cashAmount: minorUnitsOut,
  /** Valid turnover needed over the last POINTS_REQUIREMENT_DAYS days; "0" when none. */
  amountRequirement: minorUnitsOut,
  /** Bonus items: the wagering owed, as a multiple of the bonus credited; else 0. */
  wageringMultiple: z.number(),
  enabled: z.boolean(),
  sort: z.number(),
});
export type PointsItem = z.infer<typeof pointsItem>;

export const pointsEarnRule = z.object({ gameType: z.enum(GAME_TYPES), turnoverPerPoint: minorUnitsOut });
export const pointsExchangeRate = z.object({ minPoints: z.number(), amountPer100: minorUnitsOut });
export type PointsEarnRule = z.infer<typeof pointsEarnRule>;
export type PointsExchangeRate = z.infer<typeof pointsExchangeRate>;

export const pointsRedeem = z.object({
  id: z.number(),
  itemId: z.number(),
  itemName: z.record(z.string(), z.string()),
  kind: z.enum(POINTS_ITEM_KINDS),
  quantity: z.number(),
  points: z.number(),
  /** Redeem amount: the cash credited (cash items), else "0". */
  amount: minorUnitsOut,
  /** Bonus items: the wagering the bonus carries (a withdrawal waits for it); else "0". */
  wageringRequired: minorUnitsOut,
  status: z.enum(POINTS_REDEEM_STATUSES),
  remark: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type PointsRedeem = z.infer<typeof pointsRedeem>;

export const pointsEndpoints = {
  balance: defineEndpoint({ ...pointsRoutes.balance, response: z.object({ balance: pointsCount }) }),
  /** The mall's items on offer, the earning ratios and the exchange-rate table. */
  config: defineEndpoint({
    ...pointsRoutes.config,
    response: z.object({
      items: z.array(pointsItem),
      rules: z.array(pointsEarnRule),
      rates: z.array(pointsExchangeRate),
      requirementDays: z.number(),
      /** The member's valid turnover over the last requirementDays days (for amount requirements). */
      turnover: minorUnitsOut,
      /** Redeeming and converting ask for it: without one, the page says where to set it. */
      hasPaymentPassword: z.boolean(),
      /** The member's VIP perk on conversions: extra cash in basis points (500 = +5%; decision 074). */
      vipBonusBp: z.number(),
      /**
       * The exchange table by VIP level: every level's conversion bonus (basis points) and the
       * member's level (0: none). No levels when the brand's VIP club is off.
       */
      vip: z.object({
        level: z.number(),
        levels: z.array(z.object({ level: z.number(), name: z.string(), bonusBp: z.number() })),
      }),
    }),
  }),
  /** Points details: the member's entries, newest first. */
  list: defineEndpoint({ ...pointsRoutes.list, query: z.strictObject(pagingQuery), response: paged(pointsEntry) }),
  /** Redeem history, newest first. */
  redeems: defineEndpoint({
    ...pointsRoutes.redeems,
    query: z.strictObject(pagingQuery),
    response: paged(pointsRedeem),
  }),
  redeem: defineEndpoint({
    ...pointsRoutes.redeem,
    body: z.strictObject({
      itemId: z.number().int().positive().max(INT4_MAX),
      quantity: z.number().int().min(1).max(POINTS_MAX_QUANTITY).default(1),
      paymentPassword,
    }),
    response: z.object({ redeem: pointsRedeem, balance: pointsCount }),
  }),
  convert: defineEndpoint({
    ...pointsRoutes.convert,
    body: z.strictObject({ points: z.number().int().positive().max(INT4_MAX), paymentPassword }),
    response: z.object({ points: pointsCount, amount: minorUnitsOut, balance: pointsCount }),
  }),
};

/* ---------------------------------------------------------------- operator side */

const imageRef = z
  .string()
  .trim()
  .max(60_000)
  .refine(
    (v) => v === '' || /^(https:\/\/|\/wps\/|data:image\/svg\+xml[;,])/.test(v),
    'Use an uploaded image, an https address or an SVG data URL',
  );

export const pointsItemInput = z
  .strictObject({
    /** Absent: a new item. */
    id: z.number().int().positive().max(INT4_MAX).optional(),
    kind: z.enum(POINTS_ITEM_KINDS),
    name: localizedText(80),
    image: imageRef.default(''),
    stock: z.number().int().min(0).max(INT4_MAX),
    pointsCost: z.number().int().min(1).max(INT4_MAX),
    cashAmount: amountField('Use whole minor units such as 1000').default('0'),
    amountRequirement: amountField('Use whole minor units such as 100000').default('0'),
    wageringMultiple: z.number().int().min(0).max(100).default(0),
    enabled: z.boolean().default(true),
    sort: z.number().int().min(-100000).max(100000).default(0),
  })
  .refine((v) => (v.kind !== 'goods') === (v.cashAmount !== '0'), {
    message: 'A cash or bonus item credits an amount; a goods item credits none',
    path: ['cashAmount'],
  })
  .refine((v) => v.kind === 'bonus' || v.wageringMultiple === 0, {
    message: 'Only a bonus item carries wagering',
    path: ['wageringMultiple'],
  });
export type PointsItemInput = z.input<typeof pointsItemInput>;

export const pointsDeskRedeem = pointsRedeem.extend({ memberId: z.number(), account: z.string() });
export type PointsDeskRedeem = z.infer<typeof pointsDeskRedeem>;

/** Points issued and redeemed over a period of the brand's days (the desk's report). */
export const pointsReport = z.object({
  from: z.string(),
  to: z.string(),
  /** Points given: earned from play, returned on rejection, added by operators. */
  earned: z.number(),
  returned: z.number(),
  adjustedIn: z.number(),
  /** Points taken: redeemed for items, converted to cash, removed by operators (positive numbers). */
  redeemed: z.number(),
  converted: z.number(),
  adjustedOut: z.number(),
  /** The cash paid for points in the period (cash and bonus items, conversions). */
  cashPaid: minorUnitsOut,
  /** Requests made in the period, per item kind and status. */
  requests: z.array(
    z.object({
      kind: z.enum(POINTS_ITEM_KINDS),
      status: z.enum(POINTS_REDEEM_STATUSES),
      count: z.number(),
      points: z.number(),
    }),
  ),
  /** Every member's points now, and how many members hold any. */
  outstanding: z.number(),
  holders: z.number(),
});
export type PointsReport = z.infer<typeof pointsReport>;

/** A real calendar day from 2000 on (yyyy-MM-dd): "2026-02-30" and "0000-00-00" are refused. */
const reportDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a day such as 2026-11-01')
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && d >= '2000-01-01' && new Date(t).toISOString().slice(0, 10) === d;
  }, 'Use a real day such as 2026-11-01');

const turnoverPerPoint = amountField('Use whole minor units above 0', { min: 1n });
const amountPer100 = amountField('Use whole minor units above 0', { min: 1n });

export const pointsOperatorEndpoints = {
  items: defineEndpoint({ ...pointsOperatorRoutes.items, response: z.object({ list: z.array(pointsItem) }) }),
  saveItem: defineEndpoint({ ...pointsOperatorRoutes.saveItem, body: pointsItemInput, response: pointsItem }),
  redeems: defineEndpoint({
    ...pointsOperatorRoutes.redeems,
    query: z.strictObject({ status: z.enum(POINTS_REDEEM_STATUSES).default('in_process'), ...pagingQuery }),
    response: paged(pointsDeskRedeem),
  }),
  /** Approves or rejects a request in process; a rejection returns its points (exactly once). */
  decide: defineEndpoint({
    ...pointsOperatorRoutes.decide,
    body: z.strictObject({
      id: recordId,
      decision: z.enum(['approved', 'rejected']),
      remark: z.string().trim().max(300).default(''),
    }),
    response: pointsDeskRedeem,
  }),
  rules: defineEndpoint({
    ...pointsOperatorRoutes.rules,
    response: z.object({ rules: z.array(pointsEarnRule), rates: z.array(pointsExchangeRate) }),
  }),
  /** Replaces the earning ratios and the exchange-rate table. */
  saveRules: defineEndpoint({
    ...pointsOperatorRoutes.saveRules,
    body: z.strictObject({
      rules: z
        .array(z.strictObject({ gameType: z.enum(GAME_TYPES), turnoverPerPoint }))
        .max(GAME_TYPES.length)
        .refine((r) => new Set(r.map((x) => x.gameType)).size === r.length, 'One ratio per game type'),
      rates: z
        .array(z.strictObject({ minPoints: z.number().int().min(1).max(INT4_MAX), amountPer100 }))
        .max(20)
        .refine((r) => new Set(r.map((x) => x.minPoints)).size === r.length, 'One rate per minimum'),
    }),
    response: z.object({ rules: z.array(pointsEarnRule), rates: z.array(pointsExchangeRate) }),
  }),
  /** Adds or removes a member's points with a reason the member sees (finance, audited). */
  adjust: defineEndpoint({
    ...pointsOperatorRoutes.adjust,
    body: z.strictObject({
      account: z.string().trim().min(1, 'Input cannot be empty').max(64),
      points: z
        .number()
        .int()
        .min(-INT4_MAX)
        .max(INT4_MAX)
        .refine((v) => v !== 0, 'Add or remove at least one point'),
      note: z.string().trim().min(1, 'Input cannot be empty').max(200),
    }),
    response: z.object({ memberId: z.number(), account: z.string(), balance: pointsCount }),
  }),
  /** Points issued and redeemed between two of the brand's days (both included; default the last 30). */
  report: defineEndpoint({
    ...pointsOperatorRoutes.report,
    query: z.strictObject({ from: reportDay.optional(), to: reportDay.optional() }),
    response: pointsReport,
  }),
};
