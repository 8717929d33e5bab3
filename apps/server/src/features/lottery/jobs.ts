import type { JobRunner } from '../../lib/jobs.ts';
import { DRAW_JOB, SCHEDULE_JOB, type LotteryService } from './service.ts';

/**
 * The house lottery's jobs (decision 063), exactly once with any number of instances:
 * - `lottery.schedule`, once a minute: every brand's games get their current and next periods
 *   (each with its seed and its draw job) ahead of time;
 * - `lottery.draw`, one per period (key merchant:game:numero), due at the draw: draws the numbers
 *   from the period's seed and settles its bets in the job's transaction.
 */
export const registerLotteryJobs = (jobs: JobRunner, { lottery }: { lottery: LotteryService }) => {
  jobs.every(SCHEDULE_JOB, 60_000, ({ db, now }) => lottery.scheduleAll(db, now), { catchUp: 1, backoffMs: 5_000 });
  jobs.register(
    DRAW_JOB,
    async ({ db, job, afterCommit }) => {
      const p = job.payload as { merchantId: number; gameCode: string; numero: string };
      await lottery.draw(db, p, afterCommit);
    },
    { backoffMs: 2_000 },
  );
};
