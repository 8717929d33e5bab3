import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { col, maybeOne, one, row, run } from '../db/rows.ts';

/**
 * A small job queue on PostgreSQL (works the same on PGlite), for work that must happen later and
 * exactly once, with any number of server instances (docs/decisions: "jobs on PostgreSQL").
 *
 *   jobs.register('withdrawal.autoConfirm', async ({ db, job, now }) => { ... });
 *   await jobs.enqueue({ name: 'withdrawal.autoConfirm', key: String(id), runAt, payload }, tx);
 *   jobs.every('agent.realtimeSalary', 5 * 60_000, async ({ db, job }) => { ... job.key is the period start ... });
 *
 * - A job is unique by (name, key): enqueueing it again is a no-op, so callers enqueue freely.
 * - A worker claims one due job with SELECT … FOR UPDATE SKIP LOCKED and runs the handler inside
 *   that same transaction: the handler's writes and the job's 'done' commit together, and if the
 *   process dies half-way the transaction rolls back and another worker runs the job again. So a
 *   job's database effects happen exactly once; effects outside the database must be idempotent.
 * - A failing handler's writes are rolled back (savepoint); the job is retried with backoff and
 *   marked 'failed' after maxAttempts.
 * - `every` schedules a recurring job once per completed period (key = the period's start, ISO),
 *   catching up periods missed while no server was running.
 * - Done jobs are kept `JOBS_KEEP_DAYS` and then deleted by the recurring `jobs.prune` (decision 091),
 *   except each name's latest key, from which `every` goes on; failed and pending jobs are kept.
 */

export interface JobRow {
  id: number;
  name: string;
  key: string;
  payload: Record<string, unknown>;
  runAt: Date;
  attempts: number;
  maxAttempts: number;
}

export interface JobContext {
  /** The transaction holding the job: write through it so the effects commit with the job. */
  db: Db;
  job: JobRow;
  /** The time the runner considers "now" (tests move it forward). */
  now: Date;
  /** Runs `fn` once the job's transaction has committed (pushes to browsers, caches); never on a rollback. */
  afterCommit: (fn: () => unknown) => void;
}

export type JobHandler = (ctx: JobContext) => Promise<void>;

interface Registered {
  handler: JobHandler;
  backoffMs: number;
}
interface Schedule {
  everyMs: number;
  catchUp: number;
}

export interface EnqueueInput {
  name: string;
  key: string;
  runAt?: Date;
  payload?: Record<string, unknown>;
  maxAttempts?: number;
}

type Logger = { error: (obj: object, msg: string) => void };

const Job = row({
  id: col.int,
  name: col.text,
  key: col.text,
  // jsonb arrives parsed from both drivers; a text payload (hand-written SQL) is read too.
  payload: z.preprocess((v) => (typeof v === 'string' ? JSON.parse(v) : v), z.record(z.string(), z.unknown())),
  runAt: col.date,
  attempts: col.int,
  maxAttempts: col.int,
});
const Inserted = row({ id: col.int });
const Deleted = row({ n: col.count });

/** How long a done job's row keeps its (name, key) taken (decision 091). */
export const JOBS_KEEP_DAYS = 30;
export const JOBS_PRUNE_JOB = 'jobs.prune';
const PRUNE_BATCH = 10_000;
const HOUR = 3_600_000;
const LastPeriod = row({ last: col.text.nullable() });

export class JobRunner {
  private handlers = new Map<string, Registered>();
  private schedules = new Map<string, Schedule>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<unknown> | null = null;
  private log: Logger = { error: (obj, msg) => console.error(msg, obj) };

  constructor(
    private readonly db: Db,
    private readonly opts: { pollMs: number } = { pollMs: 5000 },
  ) {}

  register(name: string, handler: JobHandler, opts: { backoffMs?: number } = {}): void {
    this.handlers.set(name, { handler, backoffMs: opts.backoffMs ?? 30_000 });
  }

  /** A recurring job, run once per completed period of `everyMs` (aligned to the Unix epoch). */
  every(name: string, everyMs: number, handler: JobHandler, opts: { catchUp?: number; backoffMs?: number } = {}): void {
    this.register(name, handler, opts);
    this.schedules.set(name, { everyMs, catchUp: opts.catchUp ?? 288 });
  }

  /** Adds a job unless one with the same name and key exists. Pass a transaction to enqueue atomically. */
  async enqueue(input: EnqueueInput, db: Db = this.db): Promise<boolean> {
    const inserted = await maybeOne(
      db,
      Inserted,
      sql`
        INSERT INTO jobs (name, key, payload, run_at, max_attempts)
        VALUES (${input.name}, ${input.key}, ${JSON.stringify(input.payload ?? {})}::jsonb,
                ${(input.runAt ?? new Date()).toISOString()}::timestamptz, ${input.maxAttempts ?? 10})
        ON CONFLICT (name, key) DO NOTHING
        RETURNING id`,
    );
    return inserted !== null;
  }

  /** Enqueues the completed periods of every recurring job that are not enqueued yet. */
  async schedulePeriods(now = new Date()): Promise<void> {
    for (const [name, s] of this.schedules) {
      const lastEnd = Math.floor(now.getTime() / s.everyMs) * s.everyMs;
      const { last } = await one(this.db, LastPeriod, sql`SELECT max(key) AS last FROM jobs WHERE name = ${name}`);
      const lastKnown = last ? Date.parse(last) : NaN;
      let start = Number.isFinite(lastKnown) ? lastKnown + s.everyMs : lastEnd - s.everyMs;
      start = Math.max(start, lastEnd - s.catchUp * s.everyMs);
      for (; start + s.everyMs <= lastEnd; start += s.everyMs) {
        await this.enqueue({
          name,
          key: new Date(start).toISOString(),
          runAt: new Date(start + s.everyMs),
          payload: { periodStart: new Date(start).toISOString(), periodEnd: new Date(start + s.everyMs).toISOString() },
        });
      }
    }
  }

  /**
   * Deletes up to `limit` jobs done before `before`, keeping each name's latest key (a recurring
   * job's schedule goes on from it); returns how many went. Safe beside running workers: a done job
   * is never claimed again, and an enqueue of a deleted (name, key) would need its subject to come
   * back after `JOBS_KEEP_DAYS`, which no caller does (decision 091).
   */
  async prune(before: Date, db: Db = this.db, limit = PRUNE_BATCH): Promise<number> {
    const { n } = await one(
      db,
      Deleted,
      sql`
        WITH gone AS (
          DELETE FROM jobs WHERE id IN (
            SELECT j.id FROM jobs j
             WHERE j.state = 'done' AND j.done_at < ${before.toISOString()}::timestamptz
               AND j.key <> (SELECT max(k.key) FROM jobs k WHERE k.name = j.name)
             ORDER BY j.done_at
             LIMIT ${limit})
          RETURNING 1)
        SELECT count(*) AS n FROM gone`,
    );
    return n;
  }

  /** The hourly prune of done jobs older than `keepDays` (decision 091). */
  pruneEveryHour(keepDays = JOBS_KEEP_DAYS): void {
    this.every(
      JOBS_PRUNE_JOB,
      HOUR,
      async ({ db, now }) => {
        await this.prune(new Date(now.getTime() - keepDays * 86_400_000), db);
      },
      { catchUp: 1, backoffMs: 60_000 },
    );
  }

  /** Runs due jobs one by one until none is left (or `limit`); returns how many ran. */
  async runDue(opts: { now?: Date; limit?: number } = {}): Promise<number> {
    const now = opts.now ?? new Date();
    const names = [...this.handlers.keys()];
    if (!names.length) return 0;
    let ran = 0;
    while (ran < (opts.limit ?? 1000)) {
      const claimed = await this.runOne(names, now);
      if (!claimed) break;
      ran++;
    }
    return ran;
  }

  private async runOne(names: string[], now: Date): Promise<boolean> {
    const namesLiteral = `{${names.map((n) => `"${n.replace(/["\\]/g, '')}"`).join(',')}}`;
    let committed: (() => unknown)[] = [];
    const claimed = await this.db.transaction(async (tx) => {
      const job: JobRow | null = await maybeOne(
        tx,
        Job,
        sql`
          SELECT id, name, key, payload, run_at, attempts, max_attempts FROM jobs
           WHERE state = 'pending' AND run_at <= ${now.toISOString()}::timestamptz AND name = ANY(${namesLiteral}::text[])
           ORDER BY run_at, id
           LIMIT 1
           FOR UPDATE SKIP LOCKED`,
      );
      if (!job) return false;
      const registered = this.handlers.get(job.name)!;
      const pending: (() => unknown)[] = [];
      try {
        await tx.transaction((sp) => registered.handler({ db: sp, job, now, afterCommit: (fn) => pending.push(fn) }));
        committed = pending;
        await run(
          tx,
          sql`
          UPDATE jobs SET state = 'done', attempts = attempts + 1, done_at = now(), last_error = NULL WHERE id = ${job.id}`,
        );
      } catch (err) {
        const attempts = job.attempts + 1;
        const failed = attempts >= job.maxAttempts;
        const retryAt = new Date(now.getTime() + registered.backoffMs * 2 ** Math.min(attempts - 1, 8));
        this.log.error({ err, job: { name: job.name, key: job.key, attempts } }, 'job failed');
        await run(
          tx,
          sql`
          UPDATE jobs SET attempts = ${attempts}, last_error = ${String((err as Error)?.message ?? err).slice(0, 1000)},
                 state = ${failed ? 'failed' : 'pending'}, run_at = ${retryAt.toISOString()}::timestamptz
           WHERE id = ${job.id}`,
        );
      }
      return true;
    });
    for (const fn of committed) {
      try {
        await fn();
      } catch (err) {
        this.log.error({ err }, "a job's after-commit step failed");
      }
    }
    return claimed;
  }

  /** Polls in the background (one server process or many). */
  start(log?: Logger): void {
    if (log) this.log = log;
    if (this.timer) return;
    const tick = () => {
      if (this.running) return;
      this.running = this.schedulePeriods()
        .then(() => this.runDue())
        .catch((err) => this.log.error({ err }, 'job runner tick failed'))
        .finally(() => {
          this.running = null;
        });
    };
    this.timer = setInterval(tick, this.opts.pollMs);
    this.timer.unref();
    tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
