import type { JobRunner } from '../../lib/jobs.ts';
import type { WithdrawalService } from './service.ts';

export const AUTO_CONFIRM_JOB = 'withdrawal.autoConfirm';

/**
 * One job per paid withdrawal, due at its confirm deadline (enqueued when it is marked paid). The
 * runner runs it inside the transaction that holds the job, and the update only touches a
 * withdrawal still paid and unanswered, so it settles each withdrawal exactly once, with any number
 * of server instances (docs/decisions: jobs on PostgreSQL).
 */
export const registerWithdrawalJobs = (jobs: JobRunner, { withdrawals }: { withdrawals: WithdrawalService }) => {
  jobs.register(AUTO_CONFIRM_JOB, async ({ db, job, now }) => {
    await withdrawals.autoConfirm(Number(job.payload.withdrawalId), now, db);
  });
};
