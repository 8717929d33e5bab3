import type { AppContext } from '../../context.ts';
import { expireEnvelopes } from './red-envelope/service.ts';
import { SETTLE_JOB, retryOpen, scheduleDue, settleQueued } from './settlement/service.ts';
import { merchantZones, rollupAll } from './stats/service.ts';

const MINUTE = 60_000;

/**
 * The agent feature's scheduled work, on the shared job runner (safe with many server instances:
 * each job runs once, in its own transaction):
 * - agent.stats: every minute, rolls rounds and the ledger up into member_daily_stats;
 * - agent.schedule: every minute, queues each settlement period that has completed (catching up
 *   after downtime) and retries settlements left owed;
 * - agent.settle: one queued period of one job (real-time every 5 minutes, hourly, daily, and
 *   each dividend period), settled exactly once;
 * - agent.redEnvelopes: every minute, returns what expired envelopes still hold to their senders.
 */
export const registerAgentJobs = (ctx: AppContext) => {
  ctx.jobs.every('agent.stats', MINUTE, ({ db, now }) => rollupAll(db, now), { catchUp: 1, backoffMs: 10_000 });
  ctx.jobs.every(
    'agent.schedule',
    MINUTE,
    async ({ db, now }) => {
      await scheduleDue(ctx, db, now);
      for (const m of await merchantZones(db)) await retryOpen(ctx, db, m.id);
    },
    { catchUp: 1, backoffMs: 10_000 },
  );
  ctx.jobs.register(
    SETTLE_JOB,
    async ({ db, job }) => {
      await settleQueued(ctx, db, job.payload);
    },
    { backoffMs: 30_000 },
  );
  ctx.jobs.every('agent.redEnvelopes', MINUTE, ({ db, now }) => expireEnvelopes(ctx, db, now), {
    catchUp: 1,
    backoffMs: 10_000,
  });
};
