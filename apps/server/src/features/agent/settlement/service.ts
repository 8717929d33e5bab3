import type { QueryOutput, agentContractEndpoints } from '@app/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import type { JobRunner } from '../../../lib/jobs.ts';
import type { MerchantService } from '../../merchant/service.ts';
import type { NotificationService } from '../../notification/service.ts';
import type { WalletService } from '../../wallet/service.ts';
import { kindsEnabled, type AgentContractService } from '../contracts/service.ts';
import {
  SETTLEMENT_JOBS,
  completedPeriods,
  periodFromKey,
  type Period,
  type SettlementJob,
} from '../contracts/periods.ts';
import type { AgentSelf, AgentService } from '../service.ts';
import type { AgentStatsService, MerchantZone } from '../stats/service.ts';
import type { ReportPeriod } from '../team/period.ts';
import * as data from './data.ts';
import { JOB_KIND, emptySummary, retryOpen, settlePeriod, type SettleSummary } from './settle.ts';
import { incomeReport, listSettlements, settlementDetail } from './views.ts';

export type { SettleSummary } from './settle.ts';

export const SETTLE_JOB = 'agent.settle';

export interface SettlementDeps {
  db: Db;
  wallet: Pick<WalletService, 'transfer' | 'walletOf' | 'systemAccount'>;
  notifications: Pick<NotificationService, 'notify'>;
  jobs: Pick<JobRunner, 'enqueue'>;
  merchants: Pick<MerchantService, 'brand'>;
  agents: AgentService;
  contracts: AgentContractService;
  stats: Pick<AgentStatsService, 'merchantZones'>;
  /** Look a run's wallets up before it starts, on their own connections (PostgreSQL; see settle.ts). */
  prefetchWallets: boolean;
  /** How long after a period ends it is settled (AGENT_SETTLEMENT_GRACE_SECONDS). */
  graceSeconds: number;
  /** A demo brand may settle as of a future instant (DEMO_MODE). */
  demoMode: boolean;
}

type ListQuery = QueryOutput<(typeof agentContractEndpoints)['settlements']>;

const add = (a: SettleSummary, b: SettleSummary) => {
  a.periods += b.periods;
  a.settled += b.settled;
  a.paid += b.paid;
  a.awaitingFunds += b.awaitingFunds;
  a.amount += b.amount;
};

/**
 * Queues (in the caller's transaction) every completed period of every job not queued yet, per
 * brand, from where the last tick stopped, or from the first contract's acceptance: periods missed
 * while no server ran are caught up, oldest first. Returns what it queued.
 */
const scheduleDue = async (
  deps: SettlementDeps,
  tx: Db,
  now: Date,
  opts: { jobs?: readonly SettlementJob[]; merchants?: readonly MerchantZone[] } = {},
): Promise<{ merchantId: number; period: Period }[]> => {
  const queued: { merchantId: number; period: Period }[] = [];
  const until = new Date(now.getTime() - deps.graceSeconds * 1000);
  for (const m of opts.merchants ?? (await deps.stats.merchantZones(tx))) {
    const enabled = kindsEnabled(m.features);
    for (const job of opts.jobs ?? SETTLEMENT_JOBS) {
      const { kind, periodType } = JOB_KIND[job];
      if (!enabled.includes(kind)) continue;
      const cursor = await data.readCursor(tx, m.id, job);
      const windows = await deps.contracts.forceWindows(tx, m.id, kind, periodType, cursor);
      if (!windows.length) continue;
      // Nothing is owed before the first contract still relevant was accepted.
      const first = Math.min(...windows.map((w) => w.from.getTime()));
      const after = new Date(Math.max(cursor?.getTime() ?? first, first));
      const periods = completedPeriods(job, after, until, m.timezone, 2000);
      for (const period of periods) {
        // Only periods some contract is in force at the end of; the rest would settle nothing.
        const end = period.end.getTime();
        if (!windows.some((w) => w.from.getTime() < end && (!w.to || w.to.getTime() >= end))) continue;
        await deps.jobs.enqueue(
          {
            name: SETTLE_JOB,
            key: `${m.id}:${job}:${period.key}`,
            runAt: new Date(end + deps.graceSeconds * 1000),
            payload: { merchantId: m.id, job, periodKey: period.key },
          },
          tx,
        );
        queued.push({ merchantId: m.id, period });
      }
      if (periods.length) await data.writeCursor(tx, m.id, job, periods.at(-1)!.end);
    }
  }
  return queued;
};

/**
 * Agents' pay (decision 016): the exactly-once settlement of each period (settle.ts), its
 * scheduling on the job runner, the operator's "settle now", and the records agents read.
 * Job handlers pass their own transaction (`tx`).
 */
export const createAgentSettlementService = (deps: SettlementDeps) => ({
  settlePeriod: (tx: Db, merchantId: number, period: Period) => settlePeriod(deps, tx, merchantId, period),
  retryOpen: (tx: Db, merchantId: number, limit?: number) => retryOpen(deps, tx, merchantId, limit),
  scheduleDue: (tx: Db, now: Date, opts?: Parameters<typeof scheduleDue>[3]) => scheduleDue(deps, tx, now, opts),

  /** Settles one queued period (the job's payload names it). */
  async settleQueued(tx: Db, payload: Record<string, unknown>) {
    const merchantId = Number(payload.merchantId);
    const job = SETTLEMENT_JOBS.find((j) => j === payload.job);
    const [zone] = await deps.stats.merchantZones(tx, merchantId);
    const period = zone && job ? periodFromKey(job, String(payload.periodKey), zone.timezone) : null;
    if (!period) throw new Error(`Unknown settlement period ${String(payload.job)} ${String(payload.periodKey)}`);
    return settlePeriod(deps, tx, merchantId, period);
  },

  /**
   * The operator's "settle now": queues and settles, at once and in one transaction, every period
   * of the job completed by `asOf` that is not settled yet, then retries what was left owed. Only
   * a demo brand may name a future instant (to show a day's settlement without waiting for midnight).
   */
  async runNow(merchantId: number, job: SettlementJob, asOfIso?: string) {
    const asOf = asOfIso ? new Date(asOfIso) : new Date();
    if (asOf.getTime() > Date.now() + 1000 && !deps.demoMode) {
      throw new AppError('VALIDATION_FAILED', 'asOf cannot be in the future', 400, null, {
        asOf: 'asOf cannot be in the future',
      });
    }
    return deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const total = emptySummary();
      const merchants = await deps.stats.merchantZones(tx, merchantId);
      for (const q of await scheduleDue(deps, tx, asOf, { jobs: [job], merchants })) {
        add(total, await settlePeriod(deps, tx, merchantId, q.period));
      }
      add(total, await retryOpen(deps, tx, merchantId));
      return { ...total, amount: total.amount.toString() };
    });
  },

  list: (agent: AgentSelf, q: ListQuery) => listSettlements(deps, agent, q),
  detail: (agent: AgentSelf, id: number) => settlementDetail(deps, agent, id),
  income: (agent: AgentSelf, p: ReportPeriod) => incomeReport(deps, agent, p),
});

export type AgentSettlementService = ReturnType<typeof createAgentSettlementService>;
