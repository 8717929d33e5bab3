import type { ContractKind, ContractPeriodType } from '@app/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import type { Period, SettlementJob } from '../contracts/periods.ts';
import { activeThresholdOf, computePay } from '../contracts/terms.ts';
import * as data from './data.ts';
import { teamFiguresFor, teamRoundsFor } from './figures.ts';
import type { SettlementDeps } from './service.ts';

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
 *
 * Everything here runs inside the caller's transaction (`tx`).
 */

export const JOB_KIND: Record<SettlementJob, { kind: ContractKind; periodType: ContractPeriodType | null }> = {
  realtime: { kind: 'realtime', periodType: null },
  hourly: { kind: 'hourly', periodType: null },
  daily: { kind: 'daily', periodType: null },
  'dividend-D': { kind: 'dividend', periodType: 'D' },
  'dividend-W': { kind: 'dividend', periodType: 'W' },
  'dividend-H': { kind: 'dividend', periodType: 'H' },
  'dividend-M': { kind: 'dividend', periodType: 'M' },
};

const settlementKey = (job: string, periodKey: string, beneficiaryId: number) =>
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
const warmWallets = async (
  { wallet, prefetchWallets }: SettlementDeps,
  merchantId: number,
  rows: readonly data.SettlementRow[],
) => {
  if (!prefetchWallets) return;
  const ids = [
    ...new Set(rows.filter((r) => r.amount > 0n).flatMap((r) => [r.beneficiaryId, ...(r.payerId ? [r.payerId] : [])])),
  ];
  let currency: string | null = null;
  for (let i = 0; i < ids.length; i += 8) {
    const opened = await Promise.all(ids.slice(i, i + 8).map((id) => wallet.walletOf(merchantId, id)));
    currency ??= opened[0]?.currency ?? null;
  }
  if (currency) await wallet.systemAccount(merchantId, currency, 'commission');
};

type Outcome = 'paid' | 'awaiting_funds' | 'failed';
interface Moved {
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
const moveMoney = async ({ wallet }: SettlementDeps, tx: Db, row: data.SettlementRow): Promise<Moved> => {
  const transfer = (db: Db) =>
    wallet.transfer({
      db,
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
    const moved = row.payerId ? await tx.transaction((sp) => transfer(sp as unknown as Db)) : await transfer(tx);
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
const tellPaid = async ({ notifications }: SettlementDeps, tx: Db, row: data.SettlementRow) => {
  if (row.kind !== 'dividend' && row.kind !== 'daily') return;
  await notifications.notify(
    {
      merchantId: row.merchantId,
      memberId: row.beneficiaryId,
      kind: 'agent_pay',
      params: { amount: row.amount.toString(), period: row.periodKey, kind: row.kind },
    },
    tx,
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
  deps: SettlementDeps,
  tx: Db,
  merchantId: number,
  period: Period,
): Promise<SettleSummary> => {
  const summary = { ...emptySummary(), periods: 1 };
  const { kind, periodType } = JOB_KIND[period.job];
  const contracts = await deps.contracts.inForceAt(tx, merchantId, kind, periodType, period.end);
  if (!contracts.length) return summary;
  const people = new Map(
    (
      await deps.agents.findMembers(
        contracts.map((c) => c.downlineId),
        tx,
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
      : teamFiguresFor(beneficiaries, await data.memberWindows(tx, merchantId, period.start, period.end));
  const rounds =
    kind === 'realtime'
      ? teamRoundsFor(
          beneficiaries.map((b) => b.id),
          await data.roundWindows(tx, merchantId, period.start, period.end),
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
      status: amount === 0n ? ('zero' as const) : ('pending' as const),
      paidAt: amount === 0n ? now : null,
      amount,
      working,
      idempotencyKey: settlementKey(period.job, period.key, c.downlineId),
    };
  });
  // One row per (job, period, beneficiary): rows that already exist (an earlier or a concurrent run)
  // are not returned, so this run pays only what it claimed. A concurrent claimer waits here.
  const claimed = await data.claimRows(tx, values);
  const order = new Map(values.map((v, i) => [v.beneficiaryId, i]));
  claimed.sort((a, b) => order.get(a.beneficiaryId)! - order.get(b.beneficiaryId)!);
  await warmWallets(deps, merchantId, claimed);
  const moved: Moved[] = [];
  for (const row of claimed) {
    if (row.status === 'zero') {
      summary.settled += 1;
      continue;
    }
    const m = await moveMoney(deps, tx, row);
    moved.push(m);
    tally(summary, m, row.amount);
    if (m.status === 'paid') await tellPaid(deps, tx, row);
  }
  await data.finishRows(tx, moved, now);
  return summary;
};

/** Retries settlements that were left owed (an upline short of funds, a refused movement). */
export const retryOpen = async (
  deps: SettlementDeps,
  tx: Db,
  merchantId: number,
  limit = 200,
): Promise<SettleSummary> => {
  const summary = emptySummary();
  for (const { id } of await data.openRows(tx, merchantId, limit)) {
    const row = await data.lockRow(tx, id);
    if (!row || (row.status !== 'pending' && row.status !== 'awaiting_funds' && row.status !== 'failed')) continue;
    const m = await moveMoney(deps, tx, row);
    tally(summary, m, row.amount);
    if (m.status === 'paid') await tellPaid(deps, tx, row);
    await data.finishRows(tx, [m], new Date(), row.attempts);
  }
  return summary;
};
