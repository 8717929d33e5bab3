import type { QueryOutput, agentContractEndpoints } from '@app/contract';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../http/errors.ts';
import type { SettlementJob } from '../contracts/periods.ts';
import { findMembers, teamMember, type AgentSelf } from '../service.ts';
import { resolvePeriod, type ReportPeriod } from '../team/period.ts';
import { merchantZones } from '../stats/service.ts';
import * as data from './data.ts';
import { emptySummary, retryOpen, scheduleDue, settlePeriod, type SettleSummary } from './service.ts';

type ListQuery = QueryOutput<(typeof agentContractEndpoints)['settlements']>;

const views = async (ctx: AppContext, rows: readonly data.SettlementRow[]) => {
  const ids = [...new Set(rows.flatMap((r) => [r.beneficiaryId, ...(r.payerId ? [r.payerId] : [])]))];
  const people = new Map((await findMembers(ctx.db, ids)).map((m) => [m.id, m]));
  const ref = (id: number) => ({
    id,
    account: people.get(id)?.username ?? '',
    nickname: people.get(id)?.nickname ?? null,
  });
  return rows.map((r) => ({
    id: r.id,
    contractId: r.contractId,
    kind: r.kind as 'daily',
    job: r.job,
    periodKey: r.periodKey,
    periodStart: r.periodStart.toISOString(),
    periodEnd: r.periodEnd.toISOString(),
    beneficiary: ref(r.beneficiaryId),
    payer: r.payerId ? ref(r.payerId) : null,
    status: r.status as 'paid',
    amount: r.amount.toString(),
    createdAt: r.createdAt.toISOString(),
    paidAt: r.paidAt?.toISOString() ?? null,
  }));
};

/** Settlement records received by the agent, or paid by it to its downlines (agentDailyWages2 & co). */
export const listSettlements = async (ctx: AppContext, agent: AgentSelf, q: ListQuery) => {
  if (q.downlineId) await teamMember(ctx.db, agent, q.downlineId);
  const tz = (await ctx.merchants.brand(agent.merchantId)).merchant.timezone;
  const range =
    q.from || q.to ? resolvePeriod({ period: 'custom', from: q.from ?? q.to, to: q.to ?? q.from }, tz) : null;
  const { rows, total, totalAmount } = await data.listRows(ctx.db, {
    merchantId: agent.merchantId,
    kind: q.kind,
    role: q.role,
    memberId: agent.id,
    downlineId: q.role === 'paid' ? q.downlineId : undefined,
    start: range?.start,
    end: range?.end,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  return {
    list: await views(ctx, rows),
    pageNum: q.page,
    pageSize: q.pageSize,
    total,
    totalPages: Math.ceil(total / q.pageSize),
    totalAmount: totalAmount.toString(),
  };
};

/** One record with its working; readable by the agent paid and by the upline who paid it. */
export const settlementDetail = async (ctx: AppContext, agent: AgentSelf, id: number) => {
  const row = await data.findRow(ctx.db, id);
  if (!row || row.merchantId !== agent.merchantId || (row.beneficiaryId !== agent.id && row.payerId !== agent.id)) {
    throw new AppError('NOT_FOUND', 'No such settlement', 404);
  }
  const [view] = await views(ctx, [row]);
  return {
    ...view!,
    working: row.working as never,
    ledgerTransactionId: row.ledgerTransactionId,
    idempotencyKey: row.idempotencyKey,
  };
};

export const incomeReport = async (ctx: AppContext, agent: AgentSelf, p: ReportPeriod) => {
  const rows = await data.incomeByDay(ctx.db, { memberId: agent.id, start: p.start, end: p.end, timezone: p.timezone });
  const received = rows.reduce((s, r) => s + r.received, 0n);
  const paid = rows.reduce((s, r) => s + r.paid, 0n);
  return {
    totals: { received: received.toString(), paid: paid.toString(), net: (received - paid).toString() },
    list: rows.map((r) => ({
      ...r,
      kind: r.kind as 'daily',
      received: r.received.toString(),
      paid: r.paid.toString(),
    })),
  };
};

const add = (a: SettleSummary, b: SettleSummary) => {
  a.periods += b.periods;
  a.settled += b.settled;
  a.paid += b.paid;
  a.awaitingFunds += b.awaitingFunds;
  a.amount += b.amount;
};

/**
 * The operator's "settle now": queues and settles, at once and in one transaction, every period
 * of the job completed by `asOf` that is not settled yet, then retries what was left owed. Only a
 * demo brand may name a future instant (to show a day's settlement without waiting for midnight).
 */
export const runSettlementNow = async (ctx: AppContext, merchantId: number, job: SettlementJob, asOfIso?: string) => {
  const asOf = asOfIso ? new Date(asOfIso) : new Date();
  if (asOf.getTime() > Date.now() + 1000 && !ctx.config.DEMO_MODE) {
    throw new AppError('VALIDATION_FAILED', 'asOf cannot be in the future', 400, null, {
      asOf: 'asOf cannot be in the future',
    });
  }
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as typeof ctx.db;
    const total = emptySummary();
    for (const q of await scheduleDue(ctx, db, asOf, { jobs: [job], merchants: await merchantZones(db, merchantId) })) {
      add(total, await settlePeriod(ctx, db, merchantId, q.period));
    }
    add(total, await retryOpen(ctx, db, merchantId));
    return { ...total, amount: total.amount.toString() };
  });
};
