import type { JobRunner } from '../../lib/jobs.ts';
import type { RedEnvelopeService } from './red-envelope/service.ts';
import { SETTLE_JOB, type AgentSettlementService } from './settlement/service.ts';
import type { AgentStatsService } from './stats/service.ts';

const MINUTE = 60_000;

export interface AgentJobDeps {
  agentStats: Pick<AgentStatsService, 'rollupAll' | 'merchantZones'>;
  agentSettlement: Pick<AgentSettlementService, 'scheduleDue' | 'retryOpen' | 'settleQueued'>;
  redEnvelopes: Pick<RedEnvelopeService, 'expire'>;
}

/**
 * The agent feature's scheduled work, on the shared job runner (safe with many server instances:
 * each job runs once, in its own transaction, which every handler passes on):
 * - agent.stats: every minute, rolls rounds and the ledger up into member_daily_stats;
 * - agent.schedule: every minute, queues each settlement period that has completed (catching up
 *   after downtime) and retries settlements left owed;
 * - agent.settle: one queued period of one job (real-time every 5 minutes, hourly, daily, and
 *   each dividend period), settled exactly once;
 * - agent.redEnvelopes: every minute, returns what expired envelopes still hold to their senders.
 */
export const registerAgentJobs = (
  jobs: Pick<JobRunner, 'every' | 'register'>,
  { agentStats, agentSettlement, redEnvelopes }: AgentJobDeps,
) => {
  jobs.every('agent.stats', MINUTE, ({ db, now }) => agentStats.rollupAll(db, now), { catchUp: 1, backoffMs: 10_000 });
  jobs.every(
    'agent.schedule',
    MINUTE,
    async ({ db, now }) => {
      await agentSettlement.scheduleDue(db, now);
      for (const m of await agentStats.merchantZones(db)) await agentSettlement.retryOpen(db, m.id);
    },
    { catchUp: 1, backoffMs: 10_000 },
  );
  jobs.register(
    SETTLE_JOB,
    async ({ db, job }) => {
      await agentSettlement.settleQueued(db, job.payload);
    },
    { backoffMs: 30_000 },
  );
  jobs.every('agent.redEnvelopes', MINUTE, ({ db, now }) => redEnvelopes.expire(db, now), {
    catchUp: 1,
    backoffMs: 10_000,
  });
};
