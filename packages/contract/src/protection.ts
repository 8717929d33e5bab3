import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { amountField, minorUnitsOut } from './money.ts';
import { protectionOperatorRoutes, protectionRoutes } from './routes/protection.ts';

/**
 * Player protection (issue 24; decision 061 maps each rule to the standard it meets, 062 records
 * the choices). A limit is named by what it counts and its period: money limits per brand day,
 * week (from Monday) and calendar month in the brand's time zone, and a session time limit in
 * minutes.
 */
export const PROTECTION_LIMITS = [
  'deposit_day',
  'deposit_week',
  'deposit_month',
  'loss_day',
  'loss_week',
  'loss_month',
  'wager_day',
  'wager_week',
  'wager_month',
  'session',
] as const;
export const protectionLimit = z.enum(PROTECTION_LIMITS);
export type ProtectionLimit = z.infer<typeof protectionLimit>;
export const LIMIT_PERIODS = ['day', 'week', 'month', 'session'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
export const LIMIT_KINDS = ['deposit', 'loss', 'wager', 'session'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const limitParts = (l: ProtectionLimit): { kind: LimitKind; period: LimitPeriod } => {
  if (l === 'session') return { kind: 'session', period: 'session' };
  const [kind, period] = l.split('_') as [LimitKind, LimitPeriod];
  return { kind, period };
};

/** Time-outs (cool-off): effective at once, not reversible early. */
export const TIME_OUT_PERIODS = ['24h', '7d', '30d', '6w'] as const;
export const timeOutPeriod = z.enum(TIME_OUT_PERIODS);
/** Self-exclusion: at least 6 months; indefinite has no end. */
export const EXCLUSION_PERIODS = ['6m', '1y', '5y', 'indefinite'] as const;
export const exclusionPeriod = z.enum(EXCLUSION_PERIODS);
export const RESTRICTION_KINDS = ['time_out', 'exclusion'] as const;
export type RestrictionKind = (typeof RESTRICTION_KINDS)[number];

/** Reality-check interval bounds in minutes (the player picks within them; the brand sets the default). */
export const REALITY_CHECK_MINUTES = { min: 15, max: 120, fallback: 60 } as const;
/** A session time limit in minutes: 15 minutes to 24 hours. */
export const SESSION_LIMIT_MINUTES = { min: 15, max: 1440 } as const;
/** An increase or removal waits this long, then the player confirms it (UKGC RTS 12). */
export const LIMIT_COOLING_HOURS = 24;
/** After a self-exclusion ends, a request to re-open waits this long. */
export const REOPEN_WAIT_HOURS = 24;

/** The error codes a refusal carries (HTTP 403), with `value` = a `ProtectionRefusal`. */
export const PROTECTION_CODES = {
  limit: 'PROTECTION_LIMIT',
  timeOut: 'PROTECTION_TIME_OUT',
  excluded: 'PROTECTION_EXCLUDED',
  session: 'PROTECTION_SESSION_LIMIT',
  registration: 'PROTECTION_EXCLUDED_DETAILS',
  /** A withdraw-only session (a self-excluded player) called anything but the wallet and withdrawal. */
  withdrawOnly: 'PROTECTION_WITHDRAW_ONLY',
} as const;
/** The session step of a self-excluded player's withdraw-only login (issue 24). */
export const WITHDRAW_ONLY_STEP = 'withdraw_only';

export const protectionRefusal = z.object({
  limit: protectionLimit.nullable(),
  restriction: z.enum(RESTRICTION_KINDS).nullable(),
  /** What is left of the limit in its period (minor units, or minutes for the session limit). */
  remaining: minorUnitsOut.nullable(),
  /** When the limit's period starts again, or when the restriction ends (null: indefinite). */
  resetsAt: z.string().nullable(),
});
export type ProtectionRefusal = z.infer<typeof protectionRefusal>;

const limitAmount = amountField('Enter a whole amount', { notZero: true });

export const limitView = z.object({
  limit: protectionLimit,
  /** The player's own limit (null: none). */
  own: minorUnitsOut.nullable(),
  /** A stricter limit the operator set, with its reason. */
  operator: minorUnitsOut.nullable(),
  /** The brand's default (applies while the player has none of their own) and maximum. */
  brandDefault: minorUnitsOut.nullable(),
  brandMax: minorUnitsOut.nullable(),
  /** The lowest applicable limit: the one enforced. */
  effective: minorUnitsOut.nullable(),
  /** An increase or removal waiting: `amount` null means removal; confirmable once `from` has passed. */
  pending: z.object({ amount: minorUnitsOut.nullable(), from: z.string(), confirmable: z.boolean() }).nullable(),
  used: minorUnitsOut.nullable(),
  remaining: minorUnitsOut.nullable(),
  resetsAt: z.string().nullable(),
});
export type LimitView = z.infer<typeof limitView>;

export const restrictionView = z.object({
  id: z.number(),
  kind: z.enum(RESTRICTION_KINDS),
  period: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  setBy: z.enum(['player', 'operator']),
  reason: z.string().nullable(),
  reopenRequestedAt: z.string().nullable(),
  reopenedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type RestrictionView = z.infer<typeof restrictionView>;

export const protectionStatus = z.object({
  timeZone: z.string(),
  currency: z.string(),
  limits: z.array(limitView),
  restriction: restrictionView.nullable(),
  realityCheck: z.object({ minutes: z.number(), brandDefault: z.number(), own: z.number().nullable() }),
  session: z.object({ startedAt: z.string(), limitMinutes: z.number().nullable(), endsAt: z.string().nullable() }),
  previousLogin: z.object({ at: z.string(), ip: z.string() }).nullable(),
});
export type ProtectionStatus = z.infer<typeof protectionStatus>;

export const sessionFigures = z.object({
  startedAt: z.string(),
  minutes: z.number(),
  /** Stakes, returns and net result (returns − stakes) of this session, in minor units. */
  wagered: minorUnitsOut,
  returned: minorUnitsOut,
  net: minorUnitsOut,
  currency: z.string(),
  realityCheckMinutes: z.number(),
});
export type SessionFigures = z.infer<typeof sessionFigures>;

const confirmed = z.literal(true, 'Please confirm');

export const protectionEndpoints = {
  status: defineEndpoint({ ...protectionRoutes.status, response: protectionStatus }),
  /** Sets a limit (amount) or asks for its removal (null). Lower: at once; higher or removed: after 24 h and a confirmation. */
  setLimit: defineEndpoint({
    ...protectionRoutes.setLimit,
    body: z.strictObject({ limit: protectionLimit, amount: limitAmount.nullable() }),
    response: protectionStatus,
  }),
  confirmLimit: defineEndpoint({
    ...protectionRoutes.confirmLimit,
    body: z.strictObject({ limit: protectionLimit }),
    response: protectionStatus,
  }),
  timeOut: defineEndpoint({
    ...protectionRoutes.timeOut,
    body: z.strictObject({ period: timeOutPeriod, confirm: confirmed }),
    response: restrictionView,
  }),
  exclude: defineEndpoint({
    ...protectionRoutes.exclude,
    body: z.strictObject({ period: exclusionPeriod, confirm: confirmed }),
    response: restrictionView,
  }),
  realityCheck: defineEndpoint({
    ...protectionRoutes.realityCheck,
    body: z.strictObject({
      minutes: z.number().int().min(REALITY_CHECK_MINUTES.min).max(REALITY_CHECK_MINUTES.max).nullable(),
    }),
    response: protectionStatus,
  }),
  session: defineEndpoint({ ...protectionRoutes.session, response: sessionFigures }),
  demoElapse: defineEndpoint({
    ...protectionRoutes.demoElapse,
    body: z.strictObject({
      hours: z
        .number()
        .int()
        .min(1)
        .max(24 * 366),
    }),
    response: protectionStatus,
  }),
};

const limitTable = z.partialRecord(protectionLimit, limitAmount.nullable());
export const protectionSettings = z.object({
  defaults: z.partialRecord(protectionLimit, minorUnitsOut.nullable()),
  maxima: z.partialRecord(protectionLimit, minorUnitsOut.nullable()),
  realityCheckMinutes: z.number(),
});
export type ProtectionSettings = z.infer<typeof protectionSettings>;

const memberId = z.coerce.number().int().positive().max(2_147_483_647);
const reason = z.string().trim().min(3, 'Give a reason').max(500);

export const protectionMemberRow = z.object({
  memberId: z.number(),
  account: z.string(),
  limits: z.array(z.object({ limit: protectionLimit, effective: minorUnitsOut })),
  restriction: restrictionView.nullable(),
  updatedAt: z.string(),
});
export const protectionEvent = z.object({
  id: z.number(),
  action: z.string(),
  limit: protectionLimit.nullable(),
  amount: minorUnitsOut.nullable(),
  detail: z.string().nullable(),
  by: z.enum(['player', 'operator', 'system']),
  at: z.string(),
});

export const protectionOperatorEndpoints = {
  settings: defineEndpoint({ ...protectionOperatorRoutes.settings, response: protectionSettings }),
  saveSettings: defineEndpoint({
    ...protectionOperatorRoutes.saveSettings,
    body: z.strictObject({
      defaults: limitTable,
      maxima: limitTable,
      realityCheckMinutes: z.number().int().min(REALITY_CHECK_MINUTES.min).max(REALITY_CHECK_MINUTES.max),
    }),
    response: protectionSettings,
  }),
  members: defineEndpoint({
    ...protectionOperatorRoutes.members,
    query: z.strictObject({
      account: z.string().trim().max(64).optional(),
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
    }),
    response: z.object({
      list: z.array(protectionMemberRow),
      pageNum: z.number(),
      pageSize: z.number(),
      total: z.number(),
      totalPages: z.number(),
    }),
  }),
  member: defineEndpoint({
    ...protectionOperatorRoutes.member,
    query: z.strictObject({ memberId }),
    response: z.object({
      memberId: z.number(),
      account: z.string(),
      currency: z.string(),
      limits: z.array(limitView),
      restrictions: z.array(restrictionView),
      history: z.array(protectionEvent),
    }),
  }),
  /** Makes a limit stricter (never looser than it is). */
  tighten: defineEndpoint({
    ...protectionOperatorRoutes.tighten,
    body: z.strictObject({ memberId, limit: protectionLimit, amount: limitAmount, reason }),
    response: z.object({ ok: z.literal(true) }),
  }),
  exclude: defineEndpoint({
    ...protectionOperatorRoutes.exclude,
    body: z.strictObject({ memberId, period: z.union([timeOutPeriod, exclusionPeriod]), reason }),
    response: restrictionView,
  }),
};
