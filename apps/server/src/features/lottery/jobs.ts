import type { JobRunner } from '../../lib/jobs.ts';
import { DEADLINE_SWEEP_JOB, DEADLINE_VOID_JOB, type LotteryDeadline } from './deadline/service.ts';
import { DRAW_JOB, SCHEDULE_JOB, SETTLE_JOB, type LotteryService } from './service.ts';

/**
 * The lottery's jobs (decisions 063 and 068), exactly once with any number of instances:
 * - `lottery.schedule`, once a minute: every brand's games get their current and next periods
 *   (each with its seed and its draw job) ahead of time;
 * - `lottery.draw`, one per period (key merchant:game:numero), due at the draw: draws the numbers
 *   from the period's seed (an official game: takes the feed's result) and commits them with a
 *   `lottery.settle` job for its bets (decision 106), due at once (an official game: after its hold);
 * - `lottery.settle`, one per drawn period with bets (same key): settles it, in chunks committed on
 *   several connections, unless a correction waits for its second operator;
 * - `lottery.deadline`, once a minute: official periods without a result past their game's deadline
 *   each get a `lottery.void` job (same key as the draw), which voids the period and refunds its bets.
 */
export const registerLotteryJobs = (
  jobs: JobRunner,
  { lottery, lotteryDeadline }: { lottery: LotteryService; lotteryDeadline: LotteryDeadline },
) => {
  jobs.every(SCHEDULE_JOB, 60_000, ({ db, now }) => lottery.scheduleAll(db, now), { catchUp: 1, backoffMs: 5_000 });
  jobs.register(
    DRAW_JOB,
    async ({ db, job, afterCommit }) => {
      const p = job.payload as { merchantId: number; gameCode: string; numero: string };
      await lottery.draw(db, p, afterCommit);
    },
    { backoffMs: 2_000 },
  );
  jobs.register(
    SETTLE_JOB,
    async ({ db, job, afterCommit }) => {
      const p = job.payload as { merchantId: number; gameCode: string; numero: string };
      await lottery.settleHeld(db, p, afterCommit);
    },
    { backoffMs: 2_000 },
  );
  jobs.every(DEADLINE_SWEEP_JOB, 60_000, ({ db, now }) => lotteryDeadline.sweep(db, now), {
    catchUp: 1,
    backoffMs: 5_000,
  });
  jobs.register(
    DEADLINE_VOID_JOB,
    async ({ db, job, now, afterCommit }) => {
      const p = job.payload as { merchantId: number; periodId: number };
      await lotteryDeadline.voidDue(db, p, now, afterCommit);
    },
    { backoffMs: 5_000 },
  );
};
