import type { JobRunner } from '../../lib/jobs.ts';
import type { UploadService } from './service.ts';

export const UPLOAD_CLEANUP_JOB = 'upload.cleanup';
const HOUR = 3_600_000;

/**
 * Every hour, the uploads made more than a day ago that no deposit or withdrawal refers to are
 * deleted (decision 055). A recurring job of the shared runner: each hour's run is one job row,
 * claimed by one instance and done in its transaction, so it runs once per period however many
 * instances there are.
 */
export const registerUploadJobs = (
  jobs: Pick<JobRunner, 'every'>,
  { uploads }: { uploads: Pick<UploadService, 'deleteUnattached'> },
) => {
  jobs.every(
    UPLOAD_CLEANUP_JOB,
    HOUR,
    async ({ db, now }) => {
      await uploads.deleteUnattached(db, now);
    },
    { catchUp: 1, backoffMs: 60_000 },
  );
};
