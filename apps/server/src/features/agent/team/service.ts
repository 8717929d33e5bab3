import { isAgentType, type BodyOutput, type QueryOutput, type agentEndpoints } from '@app/contract';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../http/errors.ts';
import { inForceKindsGivenBy, openReceived } from '../contracts/service.ts';
import { subtreePrefix } from '../policy.ts';
import {
  checkPaymentPassword,
  directMember,
  findMember,
  findMembers,
  listDownlines,
  teamCounts,
  teamMemberByUsername,
  teamSizes,
  type AgentSelf,
} from '../service.ts';
import { memberStatements, memberTotals } from '../stats/service.ts';
import * as data from './data.ts';
import { periodValue, resolvePeriod } from './period.ts';

type Q<K extends keyof typeof agentEndpoints> = QueryOutput<(typeof agentEndpoints)[K]>;

const timezoneOf = async (ctx: AppContext, merchantId: number) =>
  (await ctx.merchants.brand(merchantId)).merchant.timezone;
const paging = (page: number, pageSize: number, total: number) => ({
  pageNum: page,
  pageSize,
  total,
  totalPages: Math.ceil(total / pageSize),
});

/** The report's member filter: one named member of the team (404 otherwise), or a scope. */
const scopeOf = async (
  ctx: AppContext,
  agent: AgentSelf,
  q: { username?: string | undefined; scope: 'direct' | 'team' },
): Promise<data.Scope> => {
  const member = q.username ? await teamMemberByUsername(ctx.db, agent, q.username) : null;
  return { agentId: agent.id, prefix: agent.prefix, direct: q.scope === 'direct', memberId: member?.id };
};

/** downlineManagmentView: the downlines with their own figures for the period. */
export const downlineRows = async (ctx: AppContext, agent: AgentSelf, q: Q<'downlines'>) => {
  const p = resolvePeriod(q, await timezoneOf(ctx, agent.merchantId));
  const { rows, total } = await listDownlines(ctx.db, {
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
    teamSizes(
      ctx.db,
      rows.filter((r) => isAgentType(r.type)).map((r) => ({ id: r.id, prefix: subtreePrefix(r) })),
    ),
    memberTotals(ctx.db, ids, p.fromDay, p.toDay),
    findMembers(ctx.db, [...new Set(rows.map((r) => r.uplineId).filter((x): x is number => x !== null))]),
    inForceKindsGivenBy(ctx.db, agent.id, ids),
    Promise.all(rows.map((r) => ctx.wallet.balance(agent.merchantId, r.id).then((b) => b.balance))),
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
      };
    }),
    ...paging(q.page, q.pageSize, total),
    period: periodValue(p),
  };
};

/** Moves money from the agent's wallet to a direct downline's (once per request id). */
export const transferToDownline = async (
  ctx: AppContext,
  agent: AgentSelf,
  body: BodyOutput<(typeof agentEndpoints)['transfer']>,
) => {
  const target = await directMember(ctx.db, agent, body.downlineId, 'transfers');
  if (target.status !== 'active') throw new AppError('ACCOUNT_FROZEN', 'This account is not active', 409);
  if (target.type === 4) throw new AppError('TRIAL_NOT_ALLOWED', 'Trial accounts cannot receive money', 409);
  await checkPaymentPassword(ctx, agent, body.paymentPassword);
  const amount = BigInt(body.amount);
  const moved = await ctx.wallet.transfer({
    merchantId: agent.merchantId,
    key: `agent-transfer:${agent.id}:${body.requestId}`,
    from: { member: agent.id },
    to: { member: target.id },
    amount,
    kind: 'agent_transfer',
    reference: `agent-transfer:${agent.id}:${target.id}`,
    meta: { remark: body.remark },
  });
  if (!moved.replay) {
    await ctx.notifications
      .send({
        merchantId: agent.merchantId,
        memberId: target.id,
        kind: 'transfer_received',
        params: { from: agent.nickname || agent.username, amount: amount.toString() },
      })
      .catch(() => undefined);
    await ctx.notifications.balanceChanged(target.id, 'agent_transfer').catch(() => undefined);
  }
  return {
    transactionId: moved.transactionId,
    balance: (moved.balance ?? 0n).toString(),
    downline: target.username,
    amount: amount.toString(),
    replay: moved.replay,
  };
};

/** personalHistoryCopy: the team's rounds. */
export const teamBets = async (ctx: AppContext, agent: AgentSelf, q: Q<'teamBets'>) => {
  const p = resolvePeriod(q, await timezoneOf(ctx, agent.merchantId));
  const r = await data.teamBets(ctx.db, {
    merchantId: agent.merchantId,
    scope: await scopeOf(ctx, agent, q),
    gameType: q.gameType === 'ALL' ? undefined : q.gameType,
    start: p.start,
    end: p.end,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  return {
    list: r.rows,
    ...paging(q.page, q.pageSize, r.total),
    period: periodValue(p),
    totals: {
      bet: r.totals.bet.toString(),
      validBet: r.totals.validBet.toString(),
      win: r.totals.win.toString(),
      profitLoss: (r.totals.win - r.totals.bet).toString(),
    },
  };
};

/** palStatementsAgentCopy: each member's profit and loss over the period. */
export const profitLoss = async (ctx: AppContext, agent: AgentSelf, q: Q<'profitLoss'>) => {
  const p = resolvePeriod(q, await timezoneOf(ctx, agent.merchantId));
  const scope = await scopeOf(ctx, agent, q);
  const r = await memberStatements(ctx.db, {
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
  const people = new Map(
    (
      await findMembers(
        ctx.db,
        r.rows.map((x) => x.memberId),
      )
    ).map((m) => [m.id, m]),
  );
  const uplines = new Map(
    (await findMembers(ctx.db, [...new Set([...people.values()].map((m) => m.uplineId ?? 0))])).map((m) => [
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
};

/** agentDownlineTransactionDetailsCopy: movements on the team's wallets. */
export const downlineTransactions = async (ctx: AppContext, agent: AgentSelf, q: Q<'downlineTransactions'>) => {
  const p = resolvePeriod(q, await timezoneOf(ctx, agent.merchantId));
  const r = await data.downlineTransactions(ctx.db, {
    merchantId: agent.merchantId,
    scope: await scopeOf(ctx, agent, q),
    kind: q.kind,
    start: p.start,
    end: p.end,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  return { list: r.rows, ...paging(q.page, q.pageSize, r.total), period: periodValue(p) };
};

/** Account details: the agent's own account, balance, team and contracts. */
export const accountDetails = async (ctx: AppContext, agent: AgentSelf) => {
  const brand = await ctx.merchants.brand(agent.merchantId);
  const [wallet, upline, counts, contracts] = await Promise.all([
    ctx.wallet.balance(agent.merchantId, agent.id),
    agent.uplineId ? findMember(ctx.db, agent.uplineId) : Promise.resolve(null),
    teamCounts(ctx.db, agent),
    openReceived(ctx.db, agent.id),
  ]);
  return {
    id: agent.id,
    account: agent.username,
    nickname: agent.nickname,
    type: agent.type,
    upline: upline?.username ?? null,
    affiliateCode: agent.affiliateCode,
    balance: wallet.balance.toString(),
    currency: wallet.currency,
    createdAt: agent.createdAt.toISOString(),
    lastLoginAt: agent.lastLoginAt?.toISOString() ?? null,
    teamSize: counts.team,
    directCount: counts.direct,
    contracts: contracts.map((c) => ({
      id: c.id,
      kind: c.kind,
      status: c.status,
      payer: c.payer,
      activeFrom: c.activeFrom?.toISOString() ?? null,
    })),
    timezone: brand.merchant.timezone,
  };
};
