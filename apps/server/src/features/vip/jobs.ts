import type { JobRunner } from '../../lib/jobs.ts';
import type { VipService } from './service.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;

/**
 * VIP's jobs (decision 074). The job runner runs each (job, key) once whatever the number of
 * servers, in one transaction with its writes; the bonuses' unique (member, kind, period) and the
 * wallet's keys refuse a second payment anyway.
 *
 * - `vip.levels`, once per completed minute: members whose rounds settled in it have their level
 *   reviewed (upgrades and their bonuses).
 * - `vip.review`, enqueued with a credited deposit (key `<member>:deposit:<id>`): that member's review.
 * - `vip.calendar`, once per completed hour: in the hour a brand's day starts, birthday bonuses;
 *   on Mondays the weekly bonus, on the 1st the monthly bonus and the keep-level review.
 */
export const registerVipJobs = (
  jobs: Pick<JobRunner, 'every' | 'register'>,
  { vip }: { vip: Pick<VipService, 'reviewPlayed' | 'calendar' | 'review'> },
) => {
  jobs.every(
    'vip.levels',
    MINUTE,
    async ({ db, job, afterCommit }) => {
      const start = new Date(job.key);
      await vip.reviewPlayed(db, start, new Date(start.getTime() + MINUTE), afterCommit);
    },
    { catchUp: 60 * 24, backoffMs: 30_000 },
  );
  jobs.register(
    'vip.review',
    async ({ db, job, now, afterCommit }) => {
      const { merchantId, memberId } = job.payload as { merchantId: number; memberId: number };
      await vip.review(db, { merchantId, memberId }, now, afterCommit);
    },
    { backoffMs: 30_000 },
  );
  jobs.every(
    'vip.calendar',
    HOUR,
    async ({ db, job, afterCommit }) => {
      const start = new Date(job.key);
      await vip.calendar(db, start, new Date(start.getTime() + HOUR), afterCommit);
    },
    { catchUp: 48, backoffMs: 60_000 },
  );
};
