import type { JobRunner } from '../../lib/jobs.ts';
import type { RebateService } from './service.ts';

const HOUR = 3_600_000;

/**
 * rebate.daily: once per completed hour (catching up two days after downtime). In the hour where a
 * brand's day ends, the brands that pay rebate automatically pay every member what that day's
 * settled turnover (and anything unpaid before it) has accrued, minus what claims already paid. The
 * job runner runs each hour once whatever the number of servers, in one transaction with the
 * payments; the payments' unique key (member, game type, day) would refuse a second run anyway.
 */
export const registerRebateJobs = (
  jobs: Pick<JobRunner, 'every'>,
  { rebate }: { rebate: Pick<RebateService, 'payDaily'> },
) => {
  jobs.every(
    'rebate.daily',
    HOUR,
    async ({ db, job, afterCommit }) => {
      const start = new Date(job.key);
      await rebate.payDaily(db, start, new Date(start.getTime() + HOUR), afterCommit);
    },
    { catchUp: 48, backoffMs: 60_000 },
  );
};
