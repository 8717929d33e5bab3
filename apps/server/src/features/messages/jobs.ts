import type { JobRunner } from '../../lib/jobs.ts';
import { MESSAGE_DELIVER_JOB, type MessageService } from './service.ts';

/**
 * messages.deliver (decision 075): one job per message (key: its id), enqueued with the message for
 * its send time. The runner claims it on one server and runs it in its transaction with the
 * delivery; the delivery checks `sent_at` under a row lock, so even a second run delivers nothing.
 */
export const registerMessageJobs = (
  jobs: Pick<JobRunner, 'register'>,
  { messages }: { messages: Pick<MessageService, 'deliver'> },
) => {
  jobs.register(
    MESSAGE_DELIVER_JOB,
    async ({ db, job, now, afterCommit }) => {
      await messages.deliver(db, Number(job.key), now, afterCommit);
    },
    { backoffMs: 30_000 },
  );
};
