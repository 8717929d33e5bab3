import type { JobRunner } from '../../lib/jobs.ts';
import type { PointsService } from './service.ts';

const MINUTE = 60_000;

/**
 * points.earn: once per completed minute (catching up a day after downtime), every member's valid
 * turnover of rounds that ended in that minute becomes points at the brand's ratio per game type
 * (remainders carry over, so the period's length loses nothing). The job runner runs each minute
 * once whatever the number of servers, in one transaction with the points it writes; each account
 * remembers its last period, so the same minute a second time changes nothing.
 */
export const registerPointsJobs = (
  jobs: Pick<JobRunner, 'every'>,
  { points }: { points: Pick<PointsService, 'earnPeriod'> },
) => {
  jobs.every(
    'points.earn',
    MINUTE,
    async ({ db, job }) => {
      // The key is the period's start (JobRunner.every); a period is one minute.
      const start = new Date(job.key);
      const end = new Date(start.getTime() + MINUTE);
      await points.earnPeriod(db, { start, end, key: `earn:${start.toISOString()}` });
    },
    { catchUp: 24 * 60, backoffMs: 10_000 },
  );
};
