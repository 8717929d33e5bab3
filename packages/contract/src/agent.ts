import { z } from 'zod';
import { amountField } from './money.ts';
import { defineEndpoint } from './endpoint.ts';
import { agentRoutes } from './routes/agent.ts';
import { memberRedEnvelopeRoutes } from './routes/member-red-envelope.ts';
import { operatorAgentAnnouncementRoutes } from './routes/operator-agent-announcement.ts';
import { gameType } from './enums.ts';
import { partyRef } from './agent-contracts.ts';

/**
 * The agent centre (spec §2 "Agent centre"): team overview, register centre, downline management,
 * team betting, user loss, my income, downline transactions, account details, announcements and
 * red envelopes. Every call is for agents only (auth 'agent'); every account it names must be in
 * the caller's own team, or the answer is 404.
 *
 * Dates are local days (yyyy-MM-dd) in the brand's time zone, both ends included. Money is a
 * decimal string of minor units.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647);
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(20);
/** Calendar validity (2026-02-30) is the report service's check, which names it and the missing end. */
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as yyyy-MM-dd');
const money = z.string();
/** Positive minor units as typed by a person. */
const amountInput = amountField('Enter an amount in whole minor units', { trim: true, min: 1n });
const username = z.string().trim().min(1).max(40);

export const agentPage = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    pageNum: z.number(),
    pageSize: z.number(),
    total: z.number(),
    totalPages: z.number(),
  });

export const PERIOD_PRESETS = [
  'today',
  'yesterday',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
  'custom',
] as const;
export const periodPreset = z.enum(PERIOD_PRESETS);
/** The longest custom range a report accepts. */
export const MAX_REPORT_DAYS = 93;

/** A report period: a preset, or custom from/to days. */
export const reportPeriodQuery = {
  period: periodPreset.default('today'),
  from: isoDay.optional(),
  to: isoDay.optional(),
};
export const resolvedPeriod = z.object({ from: z.string(), to: z.string(), timezone: z.string() });

export const teamFigures = z.object({
  /** Accounts in the scope (direct downlines, or the whole team below the agent). */
  size: z.number(),
  newMembers: z.number(),
  /** Members with a valid bet in the period. */
  activeMembers: z.number(),
  deposits: money,
  withdrawals: money,
  rounds: z.number(),
  bets: money,
  validBets: money,
  wins: money,
  /** Members' profit and loss: wins minus bets (negative when the team lost). */
  profitLoss: money,
});
export type TeamFigures = z.infer<typeof teamFigures>;

export const teamOverviewValue = z.object({
  period: resolvedPeriod,
  direct: teamFigures,
  team: teamFigures,
  /** Figures are rolled up from rounds and the ledger; this is how fresh they are. */
  asOf: z.string().nullable(),
});

/** The team below the agent per local day: valid bets, members with a valid bet, members' profit and loss. */
export const teamTrendValue = z.object({
  timezone: z.string(),
  from: z.string(),
  to: z.string(),
  days: z.array(z.object({ day: z.string(), validBets: money, activeMembers: z.number(), profitLoss: money })),
  asOf: z.string().nullable(),
});

export const downlineRow = z.object({
  id: z.number(),
  account: z.string(),
  nickname: z.string().nullable(),
  type: z.number(),
  isAgent: z.boolean(),
  status: z.string(),
  upline: z.string().nullable(),
  depth: z.number(),
  /** Its own team size (agents). */
  teamSize: z.number(),
  balance: money,
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** Its own play in the period. */
  validBets: money,
  profitLoss: money,
  /** Contract kinds in force with the caller (direct downlines). */
  contracts: z.array(z.string()),
  /** A direct downline: the caller may transfer to it and offer it contracts. */
  direct: z.boolean(),
  /** It still logs in with a one-time password (never shown here): the agent may issue a new one. */
  oneTimePasswordPending: z.boolean(),
});

export const downlineQuery = z.strictObject({
  search: z.string().trim().max(40).optional(),
  type: z.enum(['member', 'agent']).optional(),
  scope: z.enum(['direct', 'team']).default('direct'),
  ...reportPeriodQuery,
  page,
  pageSize,
});

export const transferBody = z.strictObject({
  downlineId: id,
  amount: amountInput,
  paymentPassword: z.string().min(1, 'Input cannot be empty').max(64),
  /** Client-made id of this transfer: a retried request moves the money once. */
  requestId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid request id'),
  remark: z.string().trim().max(100).default(''),
});

export const AGENT_CHILD_TYPES: Record<number, readonly number[]> = { 1: [1, 2], 2: [2], 41: [41, 42], 42: [42] };

export const registerDownlineBody = z.strictObject({
  username,
  /** 0 for a member, or an agent type the caller may create (AGENT_CHILD_TYPES). */
  type: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(41), z.literal(42)]),
  nickname: z.string().trim().min(1).max(24).optional(),
  /** Create it under one of the caller's downline agents instead of the caller itself. */
  uplineId: id.optional(),
});

export const registerDownlineValue = z.object({
  id: z.number(),
  account: z.string(),
  type: z.number(),
  upline: z.string(),
  /**
   * The account's own one-time password (decision 055): answered here once and never again (only
   * its hash is kept); it logs in until `oneTimePasswordExpiresAt` and must be changed at once.
   */
  oneTimePassword: z.string(),
  oneTimePasswordExpiresAt: z.string(),
  mustChangePassword: z.literal(true),
});

export const downlinePasswordBody = z.strictObject({
  /** A downline the agent created whose one-time password has not been replaced by its owner yet. */
  memberId: id,
});

export const downlinePasswordValue = z.object({
  id: z.number(),
  account: z.string(),
  oneTimePassword: z.string(),
  oneTimePasswordExpiresAt: z.string(),
});

export const affiliateLinksValue = z.object({
  code: z.string(),
  links: z.array(z.object({ domain: z.string(), url: z.string(), mirror: z.boolean() })),
  /** Account types the agent can create in the register centre. */
  creatableTypes: z.array(z.number()),
  /** spec §9: QR size 120 with margin 5. */
  qr: z.object({ size: z.number(), margin: z.number() }),
});

export const teamBetRow = z.object({
  id: z.number(),
  account: z.string(),
  roundId: z.string(),
  gameType: z.string(),
  vassalage: z.string(),
  gameCode: z.string(),
  bet: money,
  validBet: money,
  win: money,
  profitLoss: money,
  status: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
});

export const teamBetQuery = z.strictObject({
  username: username.optional(),
  gameType: z.union([gameType, z.literal('ALL')]).optional(),
  scope: z.enum(['direct', 'team']).default('team'),
  ...reportPeriodQuery,
  page,
  pageSize,
});

export const pnlRow = z.object({
  memberId: z.number(),
  account: z.string(),
  isAgent: z.boolean(),
  upline: z.string().nullable(),
  rounds: z.number(),
  bets: money,
  validBets: money,
  wins: money,
  profitLoss: money,
  deposits: money,
  withdrawals: money,
});

export const pnlQuery = z.strictObject({
  username: username.optional(),
  scope: z.enum(['direct', 'team']).default('team'),
  ...reportPeriodQuery,
  page,
  pageSize,
});

/** My income: contract pay received per kind, and what the agent paid its own downlines. */
export const incomeRow = z.object({
  day: z.string(),
  kind: z.enum(['dividend', 'daily', 'hourly', 'realtime']),
  receivedCount: z.number(),
  received: money,
  paidCount: z.number(),
  paid: money,
});
export const incomeValue = z.object({
  period: resolvedPeriod,
  totals: z.object({ received: money, paid: money, net: money }),
  list: z.array(incomeRow),
});

export const DOWNLINE_TX_KINDS = [
  'deposit',
  'withdrawal',
  'transfer',
  'bet',
  'win',
  'bonus',
  'salary',
  'dividend',
  'red_envelope',
  'other',
] as const;
export const downlineTxRow = z.object({
  id: z.number(),
  account: z.string(),
  /** The ledger's own kind (`agent_transfer`, `withdrawal_hold`…), for support and exports. */
  kind: z.string(),
  /** What a person reads: the transaction-type filter the kind falls under ('other' when none). */
  category: z.enum(DOWNLINE_TX_KINDS),
  /** Signed change of the downline's balance. */
  amount: money,
  balanceAfter: money,
  reference: z.string().nullable(),
  createdAt: z.string(),
});
export const downlineTxQuery = z.strictObject({
  username: username.optional(),
  kind: z.enum(DOWNLINE_TX_KINDS).optional(),
  scope: z.enum(['direct', 'team']).default('team'),
  ...reportPeriodQuery,
  page,
  pageSize,
});

export const accountDetailsValue = z.object({
  id: z.number(),
  account: z.string(),
  nickname: z.string().nullable(),
  type: z.number(),
  upline: z.string().nullable(),
  affiliateCode: z.string().nullable(),
  balance: money,
  currency: z.string(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  teamSize: z.number(),
  directCount: z.number(),
  contracts: z.array(
    z.object({
      id: z.number(),
      kind: z.string(),
      status: z.string(),
      payer: z.string(),
      activeFrom: z.string().nullable(),
    }),
  ),
  timezone: z.string(),
});

export const announcementItem = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  pinned: z.boolean(),
  publishedAt: z.string(),
});

export const RED_ENVELOPE_SPLITS = ['fixed', 'random'] as const;
export const redEnvelopeBody = z.strictObject({
  totalAmount: amountInput,
  shareCount: z.coerce.number().int().min(1).max(500),
  split: z.enum(RED_ENVELOPE_SPLITS),
  message: z.string().trim().max(100).default(''),
  /** 1 hour to 7 days. */
  expiresInHours: z.coerce.number().int().min(1).max(168).default(24),
  /** Limit to these direct downlines; all direct downlines when absent. */
  recipients: z.array(id).min(1).max(500).optional(),
  paymentPassword: z.string().min(1, 'Input cannot be empty').max(64),
  requestId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid request id'),
});

export const redEnvelopeView = z.object({
  id: z.number(),
  sender: partyRef,
  totalAmount: money,
  shareCount: z.number(),
  split: z.enum(RED_ENVELOPE_SPLITS),
  message: z.string(),
  claimedCount: z.number(),
  claimedAmount: money,
  refundedAmount: money,
  status: z.enum(['open', 'finished', 'expired']),
  expiresAt: z.string(),
  createdAt: z.string(),
  /** For a recipient: what it claimed (null when not yet). */
  myClaim: money.nullable(),
});
export const redEnvelopeDetail = redEnvelopeView.extend({
  claims: z.array(z.object({ account: z.string(), amount: money, claimedAt: z.string() })),
  recipients: z.array(z.string()).nullable(),
});

export const agentEndpoints = {
  teamOverview: defineEndpoint({
    ...agentRoutes.teamOverview,
    query: z.strictObject(reportPeriodQuery),
    response: teamOverviewValue,
  }),
  teamTrend: defineEndpoint({ ...agentRoutes.teamTrend, query: z.strictObject({}), response: teamTrendValue }),
  downlines: defineEndpoint({
    ...agentRoutes.downlines,
    query: downlineQuery,
    response: agentPage(downlineRow).extend({ period: resolvedPeriod }),
  }),
  transfer: defineEndpoint({
    ...agentRoutes.transfer,
    body: transferBody,
    response: z.object({
      transactionId: z.number(),
      balance: money,
      downline: z.string(),
      amount: money,
      replay: z.boolean(),
    }),
  }),
  registerDownline: defineEndpoint({
    ...agentRoutes.registerDownline,
    body: registerDownlineBody,
    response: registerDownlineValue,
  }),
  reissueDownlinePassword: defineEndpoint({
    ...agentRoutes.reissueDownlinePassword,
    body: downlinePasswordBody,
    response: downlinePasswordValue,
  }),
  affiliateLinks: defineEndpoint({ ...agentRoutes.affiliateLinks, response: affiliateLinksValue }),
  teamBets: defineEndpoint({
    ...agentRoutes.teamBets,
    query: teamBetQuery,
    response: agentPage(teamBetRow).extend({
      period: resolvedPeriod,
      totals: z.object({ bet: money, validBet: money, win: money, profitLoss: money }),
    }),
  }),
  profitLoss: defineEndpoint({
    ...agentRoutes.profitLoss,
    query: pnlQuery,
    response: agentPage(pnlRow).extend({
      period: resolvedPeriod,
      totals: z.object({
        bets: money,
        validBets: money,
        wins: money,
        profitLoss: money,
        deposits: money,
        withdrawals: money,
      }),
    }),
  }),
  income: defineEndpoint({ ...agentRoutes.income, query: z.strictObject(reportPeriodQuery), response: incomeValue }),
  downlineTransactions: defineEndpoint({
    ...agentRoutes.downlineTransactions,
    query: downlineTxQuery,
    response: agentPage(downlineTxRow).extend({ period: resolvedPeriod }),
  }),
  accountDetails: defineEndpoint({ ...agentRoutes.accountDetails, response: accountDetailsValue }),
  announcements: defineEndpoint({
    ...agentRoutes.announcements,
    query: z.strictObject({ page, pageSize: z.coerce.number().int().min(1).max(50).default(10) }),
    response: agentPage(announcementItem),
  }),
  sendRedEnvelope: defineEndpoint({ ...agentRoutes.sendRedEnvelope, body: redEnvelopeBody, response: redEnvelopeView }),
  redEnvelopes: defineEndpoint({
    ...agentRoutes.redEnvelopes,
    query: z.strictObject({ status: z.enum(['open', 'finished', 'expired']).optional(), page, pageSize }),
    response: agentPage(redEnvelopeView),
  }),
  redEnvelope: defineEndpoint({
    ...agentRoutes.redEnvelope,
    query: z.strictObject({ id }),
    response: redEnvelopeDetail,
  }),
};

/** Red envelopes from the member's side: the ones it may claim, and claiming one. */
export const memberRedEnvelopeEndpoints = {
  list: defineEndpoint({
    ...memberRedEnvelopeRoutes.list,
    query: z.strictObject({ page, pageSize }),
    response: agentPage(redEnvelopeView),
  }),
  claim: defineEndpoint({
    ...memberRedEnvelopeRoutes.claim,
    body: z.strictObject({ id }),
    response: z.object({ envelope: redEnvelopeView, amount: money, balance: money }),
  }),
};

export const agentAnnouncementBody = z.strictObject({
  title: z
    .record(z.string().regex(/^[A-Z]{2}$/), z.string().trim().min(1).max(120))
    .refine((r) => Object.keys(r).length > 0, 'Add a title'),
  content: z
    .record(z.string().regex(/^[A-Z]{2}$/), z.string().trim().min(1).max(5000))
    .refine((r) => Object.keys(r).length > 0, 'Add the content'),
  pinned: z.boolean().default(false),
  enabled: z.boolean().default(true),
  startAt: z.iso.datetime({ offset: true }).optional(),
  endAt: z.iso.datetime({ offset: true }).nullable().optional(),
});

export const operatorAgentAnnouncementEndpoints = {
  list: defineEndpoint({
    ...operatorAgentAnnouncementRoutes.list,
    query: z.strictObject({ page, pageSize }),
    response: agentPage(
      announcementItem.extend({
        enabled: z.boolean(),
        endAt: z.string().nullable(),
        titles: z.record(z.string(), z.string()),
      }),
    ),
  }),
  create: defineEndpoint({
    ...operatorAgentAnnouncementRoutes.create,
    body: agentAnnouncementBody,
    response: z.object({ id: z.number() }),
  }),
  update: defineEndpoint({
    ...operatorAgentAnnouncementRoutes.update,
    body: agentAnnouncementBody.extend({ id }),
    response: z.object({ id: z.number() }),
  }),
};
