import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { minorUnitsOut } from './money.ts';
import { backofficeRoutes } from './routes/backoffice.ts';
import { isoDay } from './wallet.ts';

/**
 * The operator's back office (issue 21, decision 069): the business dashboard over a period of local
 * days in the brand's time zone, and the members desk (search, a member's page, audited actions).
 * Amounts are minor units as strings.
 */

export const DASHBOARD_PERIODS = ['today', 'yesterday', '7d', '30d', 'range'] as const;
export const dashboardPeriod = z.enum(DASHBOARD_PERIODS);
/** The longest range the dashboard reads at once. */
export const DASHBOARD_MAX_DAYS = 366;

const money = minorUnitsOut;

/** One local day's figures (also the totals of a period, with `day` the period's first day). */
export const dashboardDay = z.object({
  day: z.string(),
  /** Stakes net of rolled-back bets. */
  bets: money,
  wins: money,
  /** Gross gaming revenue: bets − wins (the house's side of play). */
  ggr: money,
  /** Paid from the bonus account (promotions, points redeemed for cash), net of forfeits. */
  bonuses: money,
  /** GGR − bonuses. */
  ngr: money,
  deposits: money,
  depositCount: z.number(),
  /** Members whose first credited deposit ever falls in the day. */
  firstDeposits: z.number(),
  withdrawals: money,
  withdrawalCount: z.number(),
  registrations: z.number(),
  /** Members who placed a bet (over a period: distinct members over the whole period). */
  activePlayers: z.number(),
  /** Paid by the house to agents from the commission account. */
  salaries: money,
  dividends: money,
});
export type DashboardDay = z.infer<typeof dashboardDay>;

export const dashboardSlice = z.object({
  key: z.string(),
  /** For top games: the vendor (vassalage) and game type of the game code in `key`. */
  vendor: z.string().optional(),
  gameType: z.string().optional(),
  rounds: z.number(),
  turnover: money,
  ggr: money,
});

export const dashboardValue = z.object({
  timezone: z.string(),
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  /** The period of the same length just before, for comparison. */
  previousFrom: z.string(),
  previousTo: z.string(),
  totals: dashboardDay,
  previousTotals: dashboardDay,
  days: z.array(dashboardDay),
  /** Day by day, aligned with `days` (the n-th day before the period's n-th day). */
  previousDays: z.array(dashboardDay),
  byGameType: z.array(dashboardSlice),
  byVendor: z.array(dashboardSlice),
  topGames: z.array(dashboardSlice),
  pending: z.object({ deposits: z.number(), withdrawals: z.number(), cases: z.number() }),
});
export type DashboardValue = z.infer<typeof dashboardValue>;

export const MEMBER_SEARCH_FIELDS = ['username', 'id', 'mobile', 'email', 'payee', 'ip'] as const;
export const memberSearchField = z.enum(MEMBER_SEARCH_FIELDS);

const memberId = z.coerce.number().int().positive().max(2_147_483_647);
/** Why the operator acts: kept in the audit log with the action. */
const reason = z.string().trim().min(3, 'Give a reason of at least 3 characters').max(500);

export const memberRow = z.object({
  id: z.number(),
  username: z.string(),
  type: z.number(),
  status: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  payeeName: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  /** Kept out of the dashboard and every report (decision 084). */
  testAccount: z.boolean(),
});
export type MemberRow = z.infer<typeof memberRow>;

const when = z.string();
export const memberPage = z.object({
  profile: memberRow.extend({
    nickname: z.string().nullable(),
    birthday: z.string().nullable(),
    affiliateCode: z.string().nullable(),
    frozenAt: z.string().nullable(),
    totpEnabled: z.boolean(),
    /** The password is a one-time password someone else set, not yet replaced. */
    oneTimePassword: z.boolean(),
    /** Too many failed logins: refused until the window passes or an operator clears it. */
    locked: z.boolean(),
    loginFailures: z.number(),
    liveSessions: z.number(),
  }),
  balance: money.nullable(),
  playBalance: money.nullable(),
  /** From the top of the tree down to the direct upline. */
  uplines: z.array(z.object({ id: z.number(), username: z.string(), type: z.number() })),
  logins: z.array(
    z.object({
      at: when,
      ip: z.string(),
      country: z.string().nullable(),
      device: z.string(),
      method: z.string(),
      success: z.boolean(),
      reason: z.string().nullable(),
    }),
  ),
  deposits: z.array(z.object({ id: z.number(), at: when, amount: money, status: z.string(), channel: z.string() })),
  withdrawals: z.array(z.object({ id: z.number(), at: when, amount: money, status: z.string() })),
  bets: z.array(
    z.object({
      id: z.number(),
      at: when,
      vendor: z.string(),
      gameCode: z.string(),
      gameType: z.string(),
      status: z.string(),
      bet: money,
      win: money,
    }),
  ),
  bonuses: z.array(z.object({ id: z.number(), at: when, kind: z.string(), amount: money })),
  notes: z.array(z.object({ id: z.number(), at: when, operator: z.string().nullable(), text: z.string() })),
});
export type MemberPage = z.infer<typeof memberPage>;

const actionBody = z.strictObject({ memberId, reason });

/** The types an operator may give an account: a member, or one of the agent types (trial accounts stay trial). */
export const ASSIGNABLE_MEMBER_TYPES = [0, 1, 2, 41, 42] as const;

export const backofficeEndpoints = {
  dashboard: defineEndpoint({
    ...backofficeRoutes.dashboard,
    query: z.strictObject({
      period: dashboardPeriod.default('7d'),
      /** With period `range`: the first and last local day, at most 366 days. */
      from: isoDay.optional(),
      to: isoDay.optional(),
    }),
    response: dashboardValue,
  }),
  members: defineEndpoint({
    ...backofficeRoutes.members,
    query: z.strictObject({
      by: memberSearchField.default('username'),
      q: z.string().trim().min(1, 'Enter what to search for').max(100),
      page: z.coerce.number().int().min(1).max(1_000).default(1),
    }),
    response: z.object({ list: z.array(memberRow), total: z.number(), page: z.number(), pageSize: z.number() }),
  }),
  member: defineEndpoint({
    ...backofficeRoutes.member,
    query: z.strictObject({ id: memberId }),
    response: memberPage,
  }),
  freeze: defineEndpoint({ ...backofficeRoutes.freeze, body: actionBody, response: memberPage }),
  unfreeze: defineEndpoint({ ...backofficeRoutes.unfreeze, body: actionBody, response: memberPage }),
  forceLogout: defineEndpoint({ ...backofficeRoutes.forceLogout, body: actionBody, response: memberPage }),
  /** The one-time password is in this answer only; the member must replace it at the next login. */
  resetPassword: defineEndpoint({
    ...backofficeRoutes.resetPassword,
    body: actionBody,
    response: z.object({ oneTimePassword: z.string(), expiresAt: z.string(), member: memberPage }),
  }),
  clearLocks: defineEndpoint({ ...backofficeRoutes.clearLocks, body: actionBody, response: memberPage }),
  addNote: defineEndpoint({
    ...backofficeRoutes.addNote,
    body: z.strictObject({ memberId, text: z.string().trim().min(1, 'Write the note').max(2000) }),
    response: memberPage,
  }),
  /** A member becomes an agent (1, 2, 41, 42) or an agent a member, within the agent type rules. */
  changeType: defineEndpoint({
    ...backofficeRoutes.changeType,
    body: z.strictObject({
      memberId,
      reason,
      type: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(41), z.literal(42)]),
    }),
    response: memberPage,
  }),
  /** The member, with its whole team when it is an agent, goes under another agent (decision 079). */
  move: defineEndpoint({
    ...backofficeRoutes.move,
    body: z.strictObject({
      memberId,
      reason,
      /** The new upline's username. */
      upline: z.string().trim().min(1, 'Enter the new upline').max(40),
    }),
    response: memberPage,
  }),
};
