import type { AppContext } from '../../context.ts';
import { autoConfirmOne } from './receipt.ts';

export const AUTO_CONFIRM_JOB = 'withdrawal.autoConfirm';

/**
 * One job per paid withdrawal, due at its confirm deadline (enqueued when it is marked paid). The
 * runner runs it inside the transaction that holds the job, and the update only touches a
 * withdrawal still paid and unanswered, so it settles each withdrawal exactly once, with any number
 * of server instances (docs/decisions: jobs on PostgreSQL).
 */
export const registerWithdrawalJobs = (ctx: AppContext) => {
  ctx.jobs.register(AUTO_CONFIRM_JOB, async ({ db, job, now }) => {
    const id = Number(job.payload.withdrawalId);
    await autoConfirmOne(db, id, now);
  });
};
