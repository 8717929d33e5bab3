import type { ContractKind } from '@app/contract';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import { contractsInForceAt, forceWindows, kindsEnabled } from '../contracts/service.ts';
import {
  SETTLEMENT_JOBS,
  completedPeriods,
  periodFromKey,
  type Period,
  type SettlementJob,
} from '../contracts/periods.ts';
import { activeThresholdOf, computePay } from '../contracts/terms.ts';
import { findMembers } from '../service.ts';
import { merchantZones, type MerchantZone } from '../stats/service.ts';
import * as data from './data.ts';
import { teamFiguresFor, teamRoundsFor } from './figures.ts';

/**
 * Settlement: each contract's pay for each completed period, paid exactly once.
 *
 * - A period is settled by the contracts in force at its end, on the whole period's figures
 *   (closed rounds by the time they ended), with the merchant's time zone deciding the periods.
 * - One row per (job, period, beneficiary) is claimed under a unique index and a row lock before
 *   any money moves; it keeps the working and the amount, and names the ledger idempotency key
 *   `agent:<job>:<period>:<beneficiary>`. Whatever runs it again (a retried job, a replayed period,
 *   a second scheduler) finds the row and pays nothing twice; the wallet refuses a second
 *   movement under the same key as a last line of defence.
 * - The house pays top-level contracts from its commission account; an upline pays its
 *   downline's contract from its own wallet. Contracts are settled top-down, so an upline's own
 *   commission for the period lands before it pays its downlines; when its balance still cannot
 *   cover one, the row waits ('awaiting_funds') and is retried on every scheduling tick.
 */

export const JOB_KIND: Record<SettlementJob, { kind: ContractKind; periodType: string | null }> = {
  realtime: { kind: 'realtime', periodType: null },
  hourly: { kind: 'hourly', periodType: null },
  daily: { kind: 'daily', periodType: null },
  'dividend-D': { kind: 'dividend', periodType: 'D' },
  'dividend-W': { kind: 'dividend', periodType: 'W' },
  'dividend-H': { kind: 'dividend', periodType: 'H' },
  'dividend-M': { kind: 'dividend', periodType: 'M' },
};

export const settlementKey = (job: string, periodKey: string, beneficiaryId: number) =>
  `agent:${job}:${periodKey}:${beneficiaryId}`;

export interface SettleSummary {
  periods: number;
  settled: number;
  paid: number;
  awaitingFunds: number;
  amount: bigint;
}
export const emptySummary = (): SettleSummary => ({ periods: 0, settled: 0, paid: 0, awaitingFunds: 0, amount: 0n });

const errorCode = (err: unknown) => (err instanceof AppError ? err.code : null);

/**
 * On PostgreSQL, looks up (and opens if needed) the wallets a run will move money between before
 * it starts, on their own connections, so the wallet's account cache answers inside the run's
 * transaction instead of a query per leg. The embedded database has one connection, which the
 * run's transaction holds: there a lookup costs no round trip anyway, and it is skipped.
 */
const warmWallets = async (ctx: AppContext, merchantId: number, rows: readonly data.SettlementRow[]) => {
  if (ctx.database.driver !== 'pg') return;
  const ids = [
    ...new Set(rows.filter((r) => r.amount > 0n).flatMap((r) => [r.beneficiaryId, ...(r.payerId ? [r.payerId] : [])])),
  ];
  let currency: string | null = null;
  for (let i = 0; i < ids.length; i += 8) {
    const opened = await Promise.all(ids.slice(i, i + 8).map((id) => ctx.wallet.walletOf(merchantId, id)));
    currency ??= opened[0]?.currency ?? null;
  }
  if (currency) await ctx.wallet.systemAccount(merchantId, currency, 'commission');
};

type Outcome = 'paid' | 'awaiting_funds' | 'failed';
export interface Moved {
  id: number;
  status: Outcome;
  ledgerTransactionId: number | null;
  error: string | null;
}

/**
 * Moves the money of one claimed row (in a savepoint of the caller's transaction) and says what
 * happened; the caller writes it. A wallet refusal (an upline short of funds, an account the
 * ledger refuses) leaves the row open for a retry; anything unexpected aborts the whole run,
 * which is then retried as a whole.
 */
export const moveMoney = async (ctx: AppContext, db: Db, row: data.SettlementRow): Promise<Moved> => {
  const transfer = (tx: Db) =>
    ctx.wallet.transfer({
      db: tx,
      merchantId: row.merchantId,
      key: row.idempotencyKey,
      from: row.payerId ? { member: row.payerId } : { system: 'commission' },
      to: { member: row.beneficiaryId },
      amount: row.amount,
      kind: row.kind === 'dividend' ? 'dividend' : 'salary',
      reference: `agent-settlement:${row.id}`,
      meta: { job: row.job, periodKey: row.periodKey, contractId: row.contractId },
    });
  try {
    // The house's commission account may go below zero; only an upline's wallet can refuse.
    const moved = row.payerId ? await db.transaction((sp) => transfer(sp as unknown as Db)) : await transfer(db);
    return { id: row.id, status: 'paid', ledgerTransactionId: moved.transactionId, error: null };
  } catch (err) {
    const code = errorCode(err);
    if (!code || !row.payerId) throw err;
    return {
      id: row.id,
      status: code === 'INSUFFICIENT_FUNDS' ? 'awaiting_funds' : 'failed',
      ledgerTransactionId: null,
      error: `${code}: ${(err as Error).message}`.slice(0, 500),
    };
  }
};

/**
 * A platform message for pay that arrived, stored with the payment (dividends and daily salary:
 * hourly and 5-minute pay would flood the inbox; their records are in the agent centre).
 */
const tellPaid = async (ctx: AppContext, db: Db, row: data.SettlementRow) => {
  if (row.kind !== 'dividend' && row.kind !== 'daily') return;
  await ctx.notifications.notify(
    {
      merchantId: row.merchantId,
      memberId: row.beneficiaryId,
      kind: 'agent_pay',
      params: { amount: row.amount.toString(), period: row.periodKey, kind: row.kind },
    },
    db,
  );
};

const tally = (s: SettleSummary, m: Moved, amount: bigint) => {
  s.settled += 1;
  if (m.status === 'paid') {
    s.paid += 1;
    s.amount += amount;
  } else s.awaitingFunds += 1;
};

/** Settles every contract of a job for one period, inside the caller's transaction. */
export const settlePeriod = async (
  ctx: AppContext,
  db: Db,
  merchantId: number,
  period: Period,
): Promise<SettleSummary> => {
  const summary = { ...emptySummary(), periods: 1 };
  const { kind, periodType } = JOB_KIND[period.job];
  const contracts = await contractsInForceAt(db, merchantId, kind, periodType, period.end);
  if (!contracts.length) return summary;
  const people = new Map(
    (
      await findMembers(
        db,
        contracts.map((c) => c.downlineId),
      )
    ).map((m) => [m.id, m]),
  );
  // Top-down: an upline's own commission for the period is paid before it pays its downlines.
  contracts.sort(
    (a, b) => (people.get(a.downlineId)?.depth ?? 0) - (people.get(b.downlineId)?.depth ?? 0) || a.id - b.id,
  );

  const beneficiaries = contracts.map((c) => ({ id: c.downlineId, activeThreshold: activeThresholdOf(c.terms) }));
  const figures =
    kind === 'realtime'
      ? null
      : teamFiguresFor(beneficiaries, await data.memberWindows(db, merchantId, period.start, period.end));
  const rounds =
    kind === 'realtime'
      ? teamRoundsFor(
          beneficiaries.map((b) => b.id),
          await data.roundWindows(db, merchantId, period.start, period.end),
        )
      : null;

  const now = new Date();
  const values = contracts.map((c) => {
    const working = computePay(
      c.terms,
      figures ? { figures: figures.get(c.downlineId)! } : { rounds: rounds!.get(c.downlineId)! },
    );
    const amount = BigInt(working.amount);
    return {
      merchantId,
      contractId: c.id,
      job: period.job,
      kind,
      periodKey: period.key,
      periodStart: period.start,
      periodEnd: period.end,
      beneficiaryId: c.downlineId,
      payerId: c.payer === 'upline' ? c.uplineId : null,
      // Nothing to move: the record is complete as it is written.
      status: amount === 0n ? 'zero' : 'pending',
      paidAt: amount === 0n ? now : null,
      amount,
      working: working as unknown as Record<string, unknown>,
      idempotencyKey: settlementKey(period.job, period.key, c.downlineId),
    };
  });
  // One row per (job, period, beneficiary): rows that already exist (an earlier or a concurrent run)
  // are not returned, so this run pays only what it claimed. A concurrent claimer waits here.
  const claimed = await data.claimRows(db, values);
  const order = new Map(values.map((v, i) => [v.beneficiaryId, i]));
  claimed.sort((a, b) => order.get(a.beneficiaryId)! - order.get(b.beneficiaryId)!);
  await warmWallets(ctx, merchantId, claimed);
  const moved: Moved[] = [];
  for (const row of claimed) {
    if (row.status === 'zero') {
      summary.settled += 1;
      continue;
    }
    const m = await moveMoney(ctx, db, row);
    moved.push(m);
    tally(summary, m, row.amount);
    if (m.status === 'paid') await tellPaid(ctx, db, row);
  }
  await data.finishRows(db, moved, now);
  return summary;
};

/** Retries settlements that were left owed (an upline short of funds, a refused movement). */
export const retryOpen = async (ctx: AppContext, db: Db, merchantId: number, limit = 200): Promise<SettleSummary> => {
  const summary = emptySummary();
  for (const { id } of await data.openRows(db, merchantId, limit)) {
    const row = await data.lockRow(db, id);
    if (!row || (row.status !== 'pending' && row.status !== 'awaiting_funds' && row.status !== 'failed')) continue;
    const m = await moveMoney(ctx, db, row);
    tally(summary, m, row.amount);
    if (m.status === 'paid') await tellPaid(ctx, db, row);
    await data.finishRows(db, [m], new Date(), row.attempts);
  }
  return summary;
};

/**
 * Queues (in the caller's transaction) every completed period of every job not queued yet, per
 * brand, from where the last tick stopped, or from the first contract's acceptance: periods missed
 * while no server ran are caught up, oldest first. Returns what it queued.
 */
export const scheduleDue = async (
  ctx: AppContext,
  db: Db,
  now: Date,
  opts: { jobs?: readonly SettlementJob[]; merchants?: readonly MerchantZone[] } = {},
): Promise<{ merchantId: number; period: Period }[]> => {
  const queued: { merchantId: number; period: Period }[] = [];
  const until = new Date(now.getTime() - ctx.config.AGENT_SETTLEMENT_GRACE_SECONDS * 1000);
  for (const m of opts.merchants ?? (await merchantZones(db))) {
    const enabled = kindsEnabled(m.features) as readonly string[];
    for (const job of opts.jobs ?? SETTLEMENT_JOBS) {
      const { kind, periodType } = JOB_KIND[job];
      if (!enabled.includes(kind)) continue;
      const cursor = await data.readCursor(db, m.id, job);
      const windows = await forceWindows(db, m.id, kind, periodType, cursor);
      if (!windows.length) continue;
      // Nothing is owed before the first contract still relevant was accepted.
      const first = Math.min(...windows.map((w) => w.from.getTime()));
      const after = new Date(Math.max(cursor?.getTime() ?? first, first));
      const periods = completedPeriods(job, after, until, m.timezone, 2000);
      for (const period of periods) {
        // Only periods some contract is in force at the end of; the rest would settle nothing.
        const end = period.end.getTime();
        if (!windows.some((w) => w.from.getTime() < end && (!w.to || w.to.getTime() >= end))) continue;
        await ctx.jobs.enqueue(
          {
            name: SETTLE_JOB,
            key: `${m.id}:${job}:${period.key}`,
            runAt: new Date(end + ctx.config.AGENT_SETTLEMENT_GRACE_SECONDS * 1000),
            payload: { merchantId: m.id, job, periodKey: period.key },
          },
          db,
        );
        queued.push({ merchantId: m.id, period });
      }
      if (periods.length) await data.writeCursor(db, m.id, job, periods.at(-1)!.end);
    }
  }
  return queued;
};

export const SETTLE_JOB = 'agent.settle';

/** Settles one queued period (the job's payload names it). */
export const settleQueued = async (ctx: AppContext, db: Db, payload: Record<string, unknown>) => {
  const merchantId = Number(payload.merchantId);
  const job = String(payload.job) as SettlementJob;
  const [zone] = await merchantZones(db, merchantId);
  const period = zone && JOB_KIND[job] ? periodFromKey(job, String(payload.periodKey), zone.timezone) : null;
  if (!period) throw new Error(`Unknown settlement period ${job} ${String(payload.periodKey)}`);
  return settlePeriod(ctx, db, merchantId, period);
};
