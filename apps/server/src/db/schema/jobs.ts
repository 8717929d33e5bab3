import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Scheduled and recurring jobs run by src/lib/jobs.ts. A job is unique by (name, key), so enqueueing
 * the same work twice (two server instances, a retried request, a replayed period) is harmless; a
 * worker claims a due job with SELECT … FOR UPDATE SKIP LOCKED and runs it inside that transaction.
 * Infrastructure, not tenant data: the payload names the merchant when the work belongs to one.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    /** pending → done, or failed after maxAttempts. */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_name_key_uq').on(t.name, t.key),
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`state = 'pending'`),
    /** The prune's order (decision 091). */
    index('jobs_done_idx')
      .on(t.doneAt)
      .where(sql`state = 'done'`),
  ],
);
