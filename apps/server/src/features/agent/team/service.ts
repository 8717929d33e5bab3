import {
  isAgentType,
  type BodyOutput,
  type DOWNLINE_TX_KINDS,
  type QueryOutput,
  type agentEndpoints,
} from '@app/contract';
import type { Db } from '../../../db/client.ts';
import type { MerchantService } from '../../merchant/service.ts';
import type { NotificationService } from '../../notification/service.ts';
import type { KindMatch, WalletReports } from '../../wallet/reports/service.ts';
import type { WalletService } from '../../wallet/service.ts';
import type { AgentContractService } from '../contracts/service.ts';
import { subtreePrefix } from '../policy.ts';
import type { AgentSelf, AgentService } from '../service.ts';
import type { AgentSettlementService } from '../settlement/service.ts';
import type { AgentStatsService } from '../stats/service.ts';
import { accountDetails, transferToDownline } from './account.ts';
import * as data from './data.ts';
import { periodValue, resolvePeriod } from './period.ts';

/** How many days the team overview's trend charts show. */
const TREND_DAYS = 30;

type Q<K extends keyof typeof agentEndpoints> = QueryOutput<(typeof agentEndpoints)[K]>;

export interface TeamDeps {
  db: Db;
  merchants: Pick<MerchantService, 'brand'>;
  wallet: Pick<WalletService, 'balance' | 'transfer'>;
  notifications: Pick<NotificationService, 'send' | 'balanceChanged'>;
  walletReports: Pick<WalletReports, 'ownerPostings'>;
  agents: AgentService;
  contracts: Pick<AgentContractService, 'inForceKindsGivenBy' | 'openReceived'>;
  stats: Pick<AgentStatsService, 'teamOverview' | 'teamTrend' | 'statsAsOf' | 'memberTotals' | 'memberStatements'>;
  settlement: Pick<AgentSettlementService, 'income'>;
}

/** Ledger kinds behind each transaction-type filter of the downline transaction page ('other': none of them). */
const TX_KINDS: Record<Exclude<(typeof DOWNLINE_TX_KINDS)[number], 'other'>, readonly string[]> = {
  deposit: ['deposit'],
  withdrawal: ['withdraw%'],
  transfer: ['%transfer%'],
  bet: ['bet'],
  win: ['win'],
  bonus: ['bonus%', 'promo%', 'rebate%'],
  salary: ['salary'],
  dividend: ['dividend'],
  red_envelope: ['red_envelope%'],
};
const kindMatch = (kind: (typeof DOWNLINE_TX_KINDS)[number]): KindMatch =>
  kind === 'other' ? { like: Object.values(TX_KINDS).flat(), exclude: true } : { like: TX_KINDS[kind] };

/** A LIKE pattern as a regular expression ('%' any run, '_' any one character). */
const likePattern = (p: string) =>
  new RegExp(
    `^${[...p].map((c) => (c === '%' ? '.*' : c === '_' ? '.' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('')}$`,
  );
const CATEGORY_PATTERNS = (
  Object.entries(TX_KINDS) as [Exclude<(typeof DOWNLINE_TX_KINDS)[number], 'other'>, readonly string[]][]
).map(([category, patterns]) => [category, patterns.map(likePattern)] as const);
/** The filter a ledger kind falls under, exactly as the filter's SQL would place it. */
export const txCategoryOf = (kind: string): (typeof DOWNLINE_TX_KINDS)[number] =>
  CATEGORY_PATTERNS.find(([, patterns]) => patterns.some((re) => re.test(kind)))?.[0] ?? 'other';

const paging = (page: number, pageSize: number, total: number) => ({
  pageNum: page,
  pageSize,
  total,
  totalPages: Math.ceil(total / pageSize),
});

/**
 * The agent's team pages (decision 017): overview, downlines, team bets, profit and loss,
 * transactions, the agent's own account and income, and transfers to direct downlines.
 */
export const createAgentTeamService = (deps: TeamDeps) => {
  const { db, merchants, agents, stats } = deps;
  const periodFor = async (agent: AgentSelf, q: Parameters<typeof resolvePeriod>[0]) =>
    resolvePeriod(q, (await merchants.brand(agent.merchantId)).merchant.timezone);

  /** The report's member filter: one named member of the team (404 otherwise), or a scope. */
  const scopeOf = async (
    agent: AgentSelf,
    q: { username?: string | undefined; scope: 'direct' | 'team' },
  ): Promise<data.Scope> => {
    const member = q.username ? await agents.teamMemberByUsername(agent, q.username) : null;
    return { agentId: agent.id, prefix: agent.prefix, direct: q.scope === 'direct', memberId: member?.id };
  };

  return {
    /** Team overview: the direct downlines and the whole team below the agent, over a period. */
    async overview(agent: AgentSelf, q: Q<'teamOverview'>) {
      const p = await periodFor(agent, q);
      return { period: periodValue(p), ...(await stats.teamOverview(agent, p)) };
    },

    /** The overview's trend: the whole team's last 30 local days, every day present (issue 21). */
    async trend(agent: AgentSelf) {
      const today = await periodFor(agent, { period: 'today' });
      const days: string[] = [];
      for (let i = TREND_DAYS - 1; i >= 0; i--) {
        days.push(new Date(Date.parse(`${today.toDay}T00:00:00Z`) - i * 86_400_000).toISOString().slice(0, 10));
      }
      const [rows, asOf] = await Promise.all([
        stats.teamTrend(agent, days[0]!, today.toDay),
        stats.statsAsOf(agent.merchantId),
      ]);
      const byDay = new Map(rows.map((r) => [r.day, r]));
      return {
        timezone: today.timezone,
        from: days[0]!,
        to: today.toDay,
        days: days.map((day) => {
          const r = byDay.get(day);
          return {
            day,
            validBets: String(r?.validBet ?? 0n),
            activeMembers: r?.active ?? 0,
            profitLoss: String(r?.profitLoss ?? 0n),
          };
        }),
        asOf: asOf?.toISOString() ?? null,
      };
    },

    /** downlineManagmentView: the downlines with their own figures for the period. */
    async downlines(agent: AgentSelf, q: Q<'downlines'>) {
      const p = await periodFor(agent, q);
      const { rows, total } = await agents.listDownlines({
        agentId: agent.id,
        prefix: agent.prefix,
        direct: q.scope === 'direct',
        search: q.search,
        type: q.type,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      const ids = rows.map((r) => r.id);
      const [sizes, totals, uplines, contracts, balances] = await Promise.all([
        agents.teamSizes(rows.filter((r) => isAgentType(r.type)).map((r) => ({ id: r.id, prefix: subtreePrefix(r) }))),
        stats.memberTotals(ids, p.fromDay, p.toDay),
        agents.findMembers([...new Set(rows.map((r) => r.uplineId).filter((x): x is number => x !== null))]),
        deps.contracts.inForceKindsGivenBy(agent.id, ids),
        Promise.all(rows.map((r) => deps.wallet.balance(agent.merchantId, r.id).then((b) => b.balance))),
      ]);
      const uplineName = new Map(uplines.map((u) => [u.id, u.username]));
      return {
        list: rows.map((r, i) => {
          const t = totals.get(r.id);
          return {
            id: r.id,
            account: r.username,
            nickname: r.nickname,
            type: r.type,
            isAgent: isAgentType(r.type),
            status: r.status,
            upline: r.uplineId ? (uplineName.get(r.uplineId) ?? null) : null,
            depth: r.depth - agent.depth,
            teamSize: sizes.get(r.id) ?? 0,
            balance: balances[i]!.toString(),
            createdAt: r.createdAt.toISOString(),
            lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
            validBets: (t?.validBet ?? 0n).toString(),
            profitLoss: ((t?.win ?? 0n) - (t?.bet ?? 0n)).toString(),
            contracts: contracts.get(r.id) ?? [],
            direct: r.uplineId === agent.id,
            oneTimePasswordPending: r.passwordSetBy === 'agent',
          };
        }),
        ...paging(q.page, q.pageSize, total),
        period: periodValue(p),
      };
    },

    transfer: (agent: AgentSelf, body: BodyOutput<(typeof agentEndpoints)['transfer']>) =>
      transferToDownline(deps, agent, body),

    /** personalHistoryCopy: the team's rounds. */
    async bets(agent: AgentSelf, q: Q<'teamBets'>) {
      const p = await periodFor(agent, q);
      const r = await data.teamBets(db, {
        merchantId: agent.merchantId,
        scope: await scopeOf(agent, q),
        gameType: q.gameType === 'ALL' ? undefined : q.gameType,
        start: p.start,
        end: p.end,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      return {
        list: r.rows.map((x) => ({
          id: x.id,
          account: x.account,
          roundId: x.roundId,
          gameType: x.gameType,
          vassalage: x.vassalage,
          gameCode: x.gameCode,
          bet: x.stake.toString(),
          validBet: (x.status === 'closed' && x.stake > 0n ? x.stake : 0n).toString(),
          win: x.win.toString(),
          profitLoss: (x.status === 'open' ? 0n : x.win - x.stake).toString(),
          status: x.status,
          startedAt: x.startedAt.toISOString(),
          endedAt: x.endedAt?.toISOString() ?? null,
        })),
        ...paging(q.page, q.pageSize, r.total),
        period: periodValue(p),
        totals: {
          bet: r.totals.bet.toString(),
          validBet: r.totals.validBet.toString(),
          win: r.totals.win.toString(),
          profitLoss: (r.totals.win - r.totals.bet).toString(),
        },
      };
    },

    /** palStatementsAgentCopy: each member's profit and loss over the period. */
    async profitLoss(agent: AgentSelf, q: Q<'profitLoss'>) {
      const p = await periodFor(agent, q);
      const scope = await scopeOf(agent, q);
      const r = await stats.memberStatements({
        merchantId: agent.merchantId,
        agentId: agent.id,
        prefix: agent.prefix,
        direct: scope.direct,
        memberId: scope.memberId,
        fromDay: p.fromDay,
        toDay: p.toDay,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      const people = new Map((await agents.findMembers(r.rows.map((x) => x.memberId))).map((m) => [m.id, m]));
      const uplines = new Map(
        (await agents.findMembers([...new Set([...people.values()].map((m) => m.uplineId ?? 0))])).map((m) => [
          m.id,
          m.username,
        ]),
      );
      const t = r.totals;
      return {
        list: r.rows.map((x) => {
          const m = people.get(x.memberId);
          return {
            memberId: x.memberId,
            account: m?.username ?? '',
            isAgent: isAgentType(m?.type ?? 0),
            upline: uplines.get(m?.uplineId ?? 0) ?? null,
            rounds: x.rounds,
            bets: x.bet.toString(),
            validBets: x.validBet.toString(),
            wins: x.win.toString(),
            profitLoss: (x.win - x.bet).toString(),
            deposits: x.deposit.toString(),
            withdrawals: x.withdrawal.toString(),
          };
        }),
        ...paging(q.page, q.pageSize, r.total),
        period: periodValue(p),
        totals: {
          bets: t.bet.toString(),
          validBets: t.validBet.toString(),
          wins: t.win.toString(),
          profitLoss: (t.win - t.bet).toString(),
          deposits: t.deposit.toString(),
          withdrawals: t.withdrawal.toString(),
        },
      };
    },

    /** agentDownlineTransactionDetailsCopy: movements on the team's wallets, read through the wallet's reports. */
    async transactions(agent: AgentSelf, q: Q<'downlineTransactions'>) {
      const p = await periodFor(agent, q);
      const r = await deps.walletReports.ownerPostings({
        merchantId: agent.merchantId,
        owners: data.scopeMemberIds(await scopeOf(agent, q)),
        kinds: q.kind ? kindMatch(q.kind) : undefined,
        start: p.start,
        end: p.end,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      const owners = new Map(
        (await agents.findMembers([...new Set(r.rows.map((x) => x.ownerId))])).map((m) => [m.id, m.username]),
      );
      return {
        list: r.rows.map((x) => ({
          id: x.id,
          account: owners.get(x.ownerId) ?? '',
          kind: x.kind,
          category: txCategoryOf(x.kind),
          amount: x.amount.toString(),
          balanceAfter: x.balanceAfter.toString(),
          reference: x.reference,
          createdAt: x.createdAt.toISOString(),
        })),
        ...paging(q.page, q.pageSize, r.total),
        period: periodValue(p),
      };
    },

    account: (agent: AgentSelf) => accountDetails(deps, agent),

    /** My income: pay received and paid down over a period. */
    async income(agent: AgentSelf, q: Q<'income'>) {
      const p = await periodFor(agent, q);
      return { period: periodValue(p), ...(await deps.settlement.income(agent, p)) };
    },
  };
};

export type AgentTeamService = ReturnType<typeof createAgentTeamService>;
