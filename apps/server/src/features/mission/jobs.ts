import type { JobRunner } from '../../lib/jobs.ts';
import type { MissionService } from './service.ts';

const HOUR = 3_600_000;

/**
 * leaderboard.settle: once per completed hour (catching up two days after downtime). In the hour
 * where a board's day (or week) ends in its brand's time zone, the finished period's places are
 * paid. The job runner runs each hour once whatever the number of servers, in one transaction with
 * the prizes; the (board, period) row would refuse a second settlement anyway.
 */
export const registerMissionJobs = (
  jobs: Pick<JobRunner, 'every'>,
  { missions }: { missions: Pick<MissionService, 'settleBoards'> },
) => {
  jobs.every(
    'leaderboard.settle',
    HOUR,
    async ({ db, job, afterCommit }) => {
      const start = new Date(job.key);
      await missions.settleBoards(db, start, new Date(start.getTime() + HOUR), afterCommit);
    },
    { catchUp: 48, backoffMs: 60_000 },
  );
};
