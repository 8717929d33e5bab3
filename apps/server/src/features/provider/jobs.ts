import type { JobRunner } from '../../lib/jobs.ts';
import type { ProviderService } from './service.ts';

const MINUTE = 60_000;

/**
 * The provider feature's scheduled work on the shared job runner:
 * - provider.transferStatus: every minute, asks transfer-model vendors about moves still pending
 *   after 30 seconds (a timeout or a lost answer) and settles them.
 */
export const registerProviderJobs = (jobs: JobRunner, { providers }: { providers: ProviderService }) => {
  jobs.every(
    'provider.transferStatus',
    MINUTE,
    async ({ db }) => {
      await providers.transfers.checkPending(30, 100, undefined, db);
    },
    { catchUp: 1, backoffMs: 10_000 },
  );
};
