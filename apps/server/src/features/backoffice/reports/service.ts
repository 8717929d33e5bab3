import {
  AGENT_TYPES,
  isAgentType,
  REPORT_MAX_DAYS,
  REPORT_MEMBER_ROWS,
  STATEMENT_MAX_ROWS,
  type ReportDayRow,
  type ReportMemberRow,
  type ReportTeamRow,
} from '@app/contract';
import type { Db } from '../../../db/client.ts';
import { AppError, notFound } from '../../../http/errors.ts';
import type { MerchantService } from '../../merchant/service.ts';
import type { WalletReports } from '../../wallet/reports/service.ts';
import { testAccountIds } from '../dashboard/data.ts';
import { moneyOfRange } from '../dashboard/service.ts';
import { checkRange, periodDays } from '../dashboard/period.ts';
import * as data from './data.ts';

export interface ReportsDeps {
  db: Db;
  merchants: Pick<MerchantService, 'brand'>;
  walletReports: Pick<WalletReports, 'moneyDays' | 'moneyByGroup' | 'memberStatement'>;
}

type Range = { from: string; to: string };
type MoneyRow = Awaited<ReturnType<WalletReports['moneyByGroup']>>[number];
type Money = Omit<MoneyRow, 'key'>;

const NO_MONEY: Money = {
  houseNet: 0n,
  bets: 0n,
  rollbacks: 0n,
  deposits: 0n,
  depositCount: 0,
  withdrawals: 0n,
  withdrawalCount: 0,
  bonuses: 0n,
  salaries: 0n,
  dividends: 0n,
  activePlayers: 0,
};

/** The figures every money row carries, as the dashboard reads them (decision 069). */
const figuresOf = (m: Money = NO_MONEY) => {
  const bets = m.bets - m.rollbacks;
  return {
    bets: String(bets),
    wins: String(bets - m.houseNet),
    ggr: String(m.houseNet),
    bonuses: String(m.bonuses),
    ngr: String(m.houseNet - m.bonuses),
    deposits: String(m.deposits),
    depositCount: m.depositCount,
    withdrawals: String(m.withdrawals),
    withdrawalCount: m.withdrawalCount,
  };
};

/** The prefix every account of an agent's team has in its tree path (the agent's own path). */
const teamPrefix = (a: { id: number; treePath: string }) => {
  const own = `/${a.id}/`;
  const path = a.treePath.endsWith('/') ? a.treePath : `${a.treePath}/`;
  return path.endsWith(own) ? path : `${path}${a.id}/`;
};

/**
 * The operator's reports (issue 21, decision 084): money from the ledger's postings through the
 * wallet's reports, play from the rounds, over local days in the brand's time zone, test accounts
 * left out. Each answers every row at once; the console exports the same rows as CSV.
 */
export const createReportsService = ({ db, merchants, walletReports }: ReportsDeps) => {
  const periodOf = async (merchantId: number, q: Range) => {
    checkRange(q.from, q.to, REPORT_MAX_DAYS);
    const brand = await merchants.brand(merchantId);
    const period = { merchantId, timezone: brand.merchant.timezone, from: q.from, to: q.to };
    return { period, header: { timezone: period.timezone, currency: brand.merchant.currency, from: q.from, to: q.to } };
  };

  return {
    /** Every day of the range (days without movements as zeros) and the range's totals. */
    async days(merchantId: number, q: Range) {
      const { period, header } = await periodOf(merchantId, q);
      // From the dashboard's daily roll-up (decision 088), as the dashboard reads it.
      const { byDay: days, total } = await moneyOfRange(walletReports, {
        ...period,
        leaveOut: await testAccountIds(db, merchantId),
      });
      const rows: ReportDayRow[] = periodDays(q.from, q.to).map((day) => {
        const m = days.get(day);
        return { day, ...figuresOf(m), activePlayers: m?.activePlayers ?? 0 };
      });
      return {
        ...header,
        rows,
        totals: { day: q.from, ...figuresOf(total), activePlayers: total.activePlayers },
      };
    },

    async games(
      merchantId: number,
      q: Range & { by: 'vendor' | 'gameType' | 'both'; vendor?: string | undefined; gameType?: string | undefined },
    ) {
      const { period, header } = await periodOf(merchantId, q);
      const filter = { vendor: q.vendor, gameType: q.gameType };
      const [rows, players] = await Promise.all([
        data.games(db, { ...period, ...filter, by: q.by }),
        data.gamePlayers(db, { ...period, ...filter }),
      ]);
      const sum = (f: (r: data.GameRowT) => bigint) => rows.reduce((n, r) => n + f(r), 0n);
      const out = (r: data.GameRowT) => ({
        vendor: r.vendor,
        gameType: r.gameType,
        rounds: r.rounds,
        players: r.players,
        turnover: String(r.turnover),
        wins: String(r.wins),
        ggr: String(r.turnover - r.wins),
      });
      return {
        ...header,
        rows: rows.map(out),
        totals: {
          rounds: rows.reduce((n, r) => n + r.rounds, 0),
          players,
          turnover: String(sum((r) => r.turnover)),
          wins: String(sum((r) => r.wins)),
          ggr: String(sum((r) => r.turnover - r.wins)),
        },
      };
    },

    /**
     * Agent teams, each the whole subtree: the named agent's own team first and then the team of
     * each agent directly under it; without a name, the team of each top agent.
     */
    async teams(merchantId: number, q: Range & { agent?: string | undefined }) {
      const { period, header } = await periodOf(merchantId, q);
      let heads: data.Account[];
      if (q.agent) {
        const agent = await data.accountByUsername(db, merchantId, q.agent);
        if (!agent || !isAgentType(agent.type)) {
          throw new AppError('NOT_FOUND', 'No agent with this username', 404, null, {
            agent: 'No agent with this username',
          });
        }
        heads = [agent, ...(await data.agentsUnder(db, merchantId, agent.id, AGENT_TYPES))];
      } else {
        heads = await data.agentsUnder(db, merchantId, null, AGENT_TYPES);
      }
      if (heads.length === 0) return { ...header, rows: [] };
      const withPrefix = heads.map((h) => ({ id: h.id, prefix: teamPrefix(h) }));
      const [money, sizes] = await Promise.all([
        walletReports.moneyByGroup({ ...period, groups: data.teamGroups(merchantId, withPrefix) }),
        data.teamSizes(db, merchantId, withPrefix),
      ]);
      const byHead = new Map(money.map((m) => [Number(m.key), m]));
      const size = new Map(sizes.map((s) => [s.id, s.n]));
      const rows: ReportTeamRow[] = heads.map((h) => {
        const m = byHead.get(h.id);
        return {
          agentId: h.id,
          agent: h.username,
          type: h.type,
          members: size.get(h.id) ?? 0,
          activePlayers: m?.activePlayers ?? 0,
          ...figuresOf(m),
        };
      });
      return { ...header, rows };
    },

    /** Members by their play over the range, the most turnover first (at most REPORT_MEMBER_ROWS). */
    async members(merchantId: number, q: Range & { username?: string | undefined }) {
      const { period, header } = await periodOf(merchantId, q);
      const money = await walletReports.moneyByGroup({ ...period, groups: data.memberGroups(merchantId, q.username) });
      const top = money
        .sort((a, b) =>
          a.bets - a.rollbacks < b.bets - b.rollbacks
            ? 1
            : a.bets - a.rollbacks > b.bets - b.rollbacks
              ? -1
              : Number(a.key) - Number(b.key),
        )
        .slice(0, REPORT_MEMBER_ROWS);
      const named = new Map(
        (
          await data.membersNamed(
            db,
            period,
            top.map((m) => Number(m.key)),
          )
        ).map((n) => [n.id, n]),
      );
      const rows: ReportMemberRow[] = top.map((m) => {
        const id = Number(m.key);
        return {
          memberId: id,
          username: named.get(id)?.username ?? '',
          rounds: named.get(id)?.rounds ?? 0,
          ...figuresOf(m),
        };
      });
      return { ...header, rows, limit: REPORT_MEMBER_ROWS };
    },

    /** Every movement of a member's wallet over the range with the balance after each. */
    async statement(merchantId: number, q: Range & { memberId: number }) {
      const { period, header } = await periodOf(merchantId, q);
      const member = await data.accountById(db, merchantId, q.memberId);
      if (!member) throw notFound('No such member');
      const { lines, opening } = await walletReports.memberStatement({
        ...period,
        memberId: member.id,
        limit: STATEMENT_MAX_ROWS + 1,
      });
      const truncated = lines.length > STATEMENT_MAX_ROWS;
      const shown = lines.slice(0, STATEMENT_MAX_ROWS);
      return {
        ...header,
        memberId: member.id,
        username: member.username,
        testAccount: member.testAccount,
        opening: String(opening),
        closing: String(shown.at(-1)?.balanceAfter ?? opening),
        rows: shown.map((l) => ({
          id: l.id,
          at: l.createdAt.toISOString(),
          kind: l.kind,
          reference: l.reference,
          amount: String(l.amount),
          balance: String(l.balanceAfter),
        })),
        truncated,
      };
    },
  };
};

export type ReportsService = ReturnType<typeof createReportsService>;
