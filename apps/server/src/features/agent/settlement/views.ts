import type { QueryOutput, agentContractEndpoints } from '@app/contract';
import { AppError } from '../../../http/errors.ts';
import type { AgentSelf } from '../service.ts';
import { resolvePeriod, type ReportPeriod } from '../team/period.ts';
import * as data from './data.ts';
import type { SettlementDeps } from './service.ts';

type ListQuery = QueryOutput<(typeof agentContractEndpoints)['settlements']>;

const views = async ({ agents }: SettlementDeps, rows: readonly data.SettlementRow[]) => {
  const ids = [...new Set(rows.flatMap((r) => [r.beneficiaryId, ...(r.payerId ? [r.payerId] : [])]))];
  const people = new Map((await agents.findMembers(ids)).map((m) => [m.id, m]));
  const ref = (id: number) => ({
    id,
    account: people.get(id)?.username ?? '',
    nickname: people.get(id)?.nickname ?? null,
  });
  return rows.map((r) => ({
    id: r.id,
    contractId: r.contractId,
    kind: r.kind,
    job: r.job,
    periodKey: r.periodKey,
    periodStart: r.periodStart.toISOString(),
    periodEnd: r.periodEnd.toISOString(),
    beneficiary: ref(r.beneficiaryId),
    payer: r.payerId ? ref(r.payerId) : null,
    status: r.status,
    amount: r.amount.toString(),
    createdAt: r.createdAt.toISOString(),
    paidAt: r.paidAt?.toISOString() ?? null,
  }));
};

/** Settlement records received by the agent, or paid by it to its downlines (agentDailyWages2 & co). */
export const listSettlements = async (deps: SettlementDeps, agent: AgentSelf, q: ListQuery) => {
  if (q.downlineId) await deps.agents.teamMember(agent, q.downlineId);
  const tz = (await deps.merchants.brand(agent.merchantId)).merchant.timezone;
  const range =
    q.from || q.to ? resolvePeriod({ period: 'custom', from: q.from ?? q.to, to: q.to ?? q.from }, tz) : null;
  const { rows, total, totalAmount } = await data.listRows(deps.db, {
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
    list: await views(deps, rows),
    pageNum: q.page,
    pageSize: q.pageSize,
    total,
    totalPages: Math.ceil(total / q.pageSize),
    totalAmount: totalAmount.toString(),
  };
};

/** One record with its working; readable by the agent paid and by the upline who paid it. */
export const settlementDetail = async (deps: SettlementDeps, agent: AgentSelf, id: number) => {
  const row = await data.findRow(deps.db, id);
  if (!row || row.merchantId !== agent.merchantId || (row.beneficiaryId !== agent.id && row.payerId !== agent.id)) {
    throw new AppError('NOT_FOUND', 'No such settlement', 404);
  }
  const [view] = await views(deps, [row]);
  return {
    ...view!,
    working: row.working,
    ledgerTransactionId: row.ledgerTransactionId,
    idempotencyKey: row.idempotencyKey,
  };
};

/** My income: pay received and paid down per local day and kind. */
export const incomeReport = async ({ db }: SettlementDeps, agent: AgentSelf, p: ReportPeriod) => {
  const rows = await data.incomeByDay(db, { memberId: agent.id, start: p.start, end: p.end, timezone: p.timezone });
  const received = rows.reduce((s, r) => s + r.received, 0n);
  const paid = rows.reduce((s, r) => s + r.paid, 0n);
  return {
    totals: { received: received.toString(), paid: paid.toString(), net: (received - paid).toString() },
    list: rows.map((r) => ({ ...r, received: r.received.toString(), paid: r.paid.toString() })),
  };
};
