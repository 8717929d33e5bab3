import type { JobRunner } from '../../lib/jobs.ts';
import type { ReferralService } from './service.ts';

const EVERY = 5 * 60_000;

/**
 * referral.settle: every five minutes, the invitees with a configured reward not paid yet: the
 * turnover target reached since, or a reward held back while the referrer was under a time-out or
 * exclusion. Registration and first-deposit rewards are normally paid at once (in the registering
 * and crediting transactions); each reward's unique key (invitee, stage) pays it once either way.
 */
export const registerReferralJobs = (
  jobs: Pick<JobRunner, 'every'>,
  { referral }: { referral: Pick<ReferralService, 'settlePending'> },
) => {
  jobs.every('referral.settle', EVERY, async ({ db }) => void (await referral.settlePending(db)), {
    catchUp: 1,
    backoffMs: 60_000,
  });
};
