import { z } from 'zod';
import { memberPage } from './backoffice.ts';
import { defineEndpoint } from './endpoint.ts';
import { minorUnitsOut } from './money.ts';
import { reportsRoutes } from './routes/reports.ts';
import { isoDay } from './wallet.ts';

/**
 * The operator's reports (issue 21, decision 084). Every report covers local days [from, to] in the
 * brand's time zone (at most REPORT_MAX_DAYS), leaves test accounts out, and answers every row at
 * once: the console shows them and exports the same rows as CSV. Amounts are minor units as strings.
 */

/** The longest range a report reads at once. */
export const REPORT_MAX_DAYS = 366;
/** The most rows of the member report (the top ones by turnover). */
export const REPORT_MEMBER_ROWS = 500;
/** The most movements one statement answers; `truncated` says there were more. */
export const STATEMENT_MAX_ROWS = 5000;
export const REPORT_GAME_GROUPS = ['vendor', 'gameType', 'both'] as const;

const money = minorUnitsOut;
const range = { from: isoDay, to: isoDay };
const memberId = z.coerce.number().int().positive().max(2_147_483_647);
const reason = z.string().trim().min(3, 'Give a reason of at least 3 characters').max(500);
const filterText = z.string().trim().max(64).optional();

/** Money over a period from the ledger: what every money report row carries. */
const moneyFigures = {
  /** Stakes net of rolled-back bets. */
  bets: money,
  wins: money,
  /** Bets − wins: what the house accounts gained. */
  ggr: money,
  bonuses: money,
  /** GGR − bonuses. */
  ngr: money,
  deposits: money,
  depositCount: z.number(),
  withdrawals: money,
  withdrawalCount: z.number(),
};

export const reportDayRow = z.object({ day: z.string(), ...moneyFigures, activePlayers: z.number() });
export const reportGameRow = z.object({
  vendor: z.string(),
  gameType: z.string(),
  rounds: z.number(),
  players: z.number(),
  /** Stakes net of refunds. */
  turnover: money,
  wins: money,
  ggr: money,
});
export const reportTeamRow = z.object({
  agentId: z.number(),
  agent: z.string(),
  type: z.number(),
  /** Accounts in the team: the agent and everyone under it. */
  members: z.number(),
  activePlayers: z.number(),
  ...moneyFigures,
});
export const reportMemberRow = z.object({
  memberId: z.number(),
  username: z.string(),
  rounds: z.number(),
  ...moneyFigures,
});
export const statementRow = z.object({
  id: z.number(),
  at: z.string(),
  kind: z.string(),
  reference: z.string().nullable(),
  /** Signed: into the wallet positive, out of it negative. */
  amount: money,
  /** The wallet's balance right after this movement. */
  balance: money,
});

const header = { timezone: z.string(), currency: z.string(), from: z.string(), to: z.string() };
const totalsOf = <T extends z.ZodRawShape>(shape: T) => z.object(shape);

export const reportsEndpoints = {
  days: defineEndpoint({
    ...reportsRoutes.days,
    query: z.strictObject(range),
    response: z.object({
      ...header,
      rows: z.array(reportDayRow),
      totals: reportDayRow,
    }),
  }),
  games: defineEndpoint({
    ...reportsRoutes.games,
    query: z.strictObject({
      ...range,
      by: z.enum(REPORT_GAME_GROUPS).default('both'),
      /** Only this vendor (vassalage) or game type. */
      vendor: filterText,
      gameType: filterText,
    }),
    response: z.object({
      ...header,
      rows: z.array(reportGameRow),
      totals: totalsOf({ rounds: z.number(), players: z.number(), turnover: money, wins: money, ggr: money }),
    }),
  }),
  teams: defineEndpoint({
    ...reportsRoutes.teams,
    query: z.strictObject({
      ...range,
      /** The agent whose direct downline agents' teams to show (with its own team first); none: the top agents. */
      agent: filterText,
    }),
    response: z.object({ ...header, rows: z.array(reportTeamRow) }),
  }),
  members: defineEndpoint({
    ...reportsRoutes.members,
    query: z.strictObject({
      ...range,
      /** Usernames starting with this. */
      username: filterText,
    }),
    response: z.object({ ...header, rows: z.array(reportMemberRow), limit: z.number() }),
  }),
  statement: defineEndpoint({
    ...reportsRoutes.statement,
    query: z.strictObject({ ...range, memberId }),
    response: z.object({
      ...header,
      memberId: z.number(),
      username: z.string(),
      testAccount: z.boolean(),
      /** The balance before the first movement of the range. */
      opening: money,
      closing: money,
      rows: z.array(statementRow),
      truncated: z.boolean(),
    }),
  }),
  markTest: defineEndpoint({
    ...reportsRoutes.markTest,
    body: z.strictObject({ memberId, reason }),
    response: memberPage,
  }),
  unmarkTest: defineEndpoint({
    ...reportsRoutes.unmarkTest,
    body: z.strictObject({ memberId, reason }),
    response: memberPage,
  }),
};
export type ReportDayRow = z.infer<typeof reportDayRow>;
export type ReportGameRow = z.infer<typeof reportGameRow>;
export type ReportTeamRow = z.infer<typeof reportTeamRow>;
export type ReportMemberRow = z.infer<typeof reportMemberRow>;
export type StatementRow = z.infer<typeof statementRow>;
