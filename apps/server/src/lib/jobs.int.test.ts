import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { JobRunner } from './jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.db.execute(sql`CREATE TABLE job_effects (job text NOT NULL, n int NOT NULL)`);
});
afterAll(() => t.close());

const effects = async (job: string) =>
  (
    (await t.ctx.db.execute(sql`SELECT n FROM job_effects WHERE job = ${job} ORDER BY n`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows.map((r) => r.n);
const jobRow = async (name: string, key: string) =>
  (
    (await t.ctx.db.execute(
      sql`SELECT state, attempts, last_error FROM jobs WHERE name = ${name} AND key = ${key}`,
    )) as unknown as {
      rows: { state: string; attempts: number; last_error: string | null }[];
    }
  ).rows[0];

describe('job runner', () => {
  it('enqueues a (name, key) once and runs it once, even with two runners at the same time', async () => {
    const runners = [new JobRunner(t.ctx.db), new JobRunner(t.ctx.db)];
    for (const r of runners) {
      r.register('test.once', async ({ db, job }) => {
        await db.execute(sql`INSERT INTO job_effects VALUES ('once', ${Number(job.payload.n)})`);
      });
    }
    expect(await runners[0]!.enqueue({ name: 'test.once', key: 'k1', payload: { n: 1 } })).toBe(true);
    expect(await runners[1]!.enqueue({ name: 'test.once', key: 'k1', payload: { n: 99 } })).toBe(false);
    await Promise.all(runners.map((r) => r.runDue()));
    await Promise.all(runners.map((r) => r.runDue()));
    expect(await effects('once')).toEqual([1]);
    expect(await jobRow('test.once', 'k1')).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('does not run a job before it is due', async () => {
    const r = new JobRunner(t.ctx.db);
    r.register('test.later', async ({ db }) => {
      await db.execute(sql`INSERT INTO job_effects VALUES ('later', 1)`);
    });
    const runAt = new Date(Date.now() + 3_600_000);
    await r.enqueue({ name: 'test.later', key: 'k', runAt });
    expect(await r.runDue()).toBe(0);
    expect(await r.runDue({ now: new Date(runAt.getTime() + 1) })).toBe(1);
    expect(await effects('later')).toEqual([1]);
  });

  it('rolls a failing job’s writes back, retries with backoff, and gives up after its attempts', async () => {
    const r = new JobRunner(t.ctx.db);
    r.register(
      'test.fail',
      async ({ db }) => {
        await db.execute(sql`INSERT INTO job_effects VALUES ('fail', 1)`);
        throw new Error('upstream down');
      },
      { backoffMs: 1000 },
    );
    (r as unknown as { log: { error: () => void } }).log = { error: () => {} };
    await r.enqueue({ name: 'test.fail', key: 'k', maxAttempts: 2 });
    const now = new Date();
    expect(await r.runDue({ now })).toBe(1);
    expect(await jobRow('test.fail', 'k')).toMatchObject({
      state: 'pending',
      attempts: 1,
      last_error: 'upstream down',
    });
    expect(await r.runDue({ now })).toBe(0);
    expect(await r.runDue({ now: new Date(now.getTime() + 1500) })).toBe(1);
    expect(await jobRow('test.fail', 'k')).toMatchObject({ state: 'failed', attempts: 2 });
    expect(await effects('fail')).toEqual([]);
  });

  it('schedules one job per completed period and catches up periods missed while down', async () => {
    const r = new JobRunner(t.ctx.db);
    const seen: string[] = [];
    r.every('test.period', 60_000, async ({ job }) => {
      seen.push(job.key);
    });
    const t0 = Date.UTC(2026, 0, 1, 12, 0, 30);
    await r.schedulePeriods(new Date(t0));
    await r.runDue({ now: new Date(t0) });
    expect(seen).toEqual(['2026-01-01T11:59:00.000Z']);
    // Three minutes later (the server was down): the three missed minutes, in order, once each.
    await r.schedulePeriods(new Date(t0 + 180_000));
    await r.schedulePeriods(new Date(t0 + 180_000));
    await r.runDue({ now: new Date(t0 + 180_000) });
    expect(seen).toEqual([
      '2026-01-01T11:59:00.000Z',
      '2026-01-01T12:00:00.000Z',
      '2026-01-01T12:01:00.000Z',
      '2026-01-01T12:02:00.000Z',
    ]);
  });

  it("prunes done jobs past the keep, keeping each name's latest key, failed and pending ones; the schedule goes on", async () => {
    const r = new JobRunner(t.ctx.db);
    const seen: string[] = [];
    r.every('test.prune.every', 60_000, async ({ job }) => {
      seen.push(job.key);
    });
    r.register('test.prune.once', async () => {});
    const t0 = Date.UTC(2026, 1, 1, 12, 0, 30);
    await r.schedulePeriods(new Date(t0));
    await r.schedulePeriods(new Date(t0 + 180_000));
    for (const key of ['a', 'b', 'c']) await r.enqueue({ name: 'test.prune.once', key });
    await r.runDue({ now: new Date(t0 + 180_000) });
    await r.runDue();
    expect(seen.length).toBe(4);
    await r.enqueue({ name: 'test.prune.once', key: 'later', runAt: new Date(Date.now() + 3_600_000) });
    await t.ctx.db.execute(
      sql`INSERT INTO jobs (name, key, run_at, state) VALUES ('test.prune.once', 'z', now(), 'failed')`,
    );
    // Everything done so far is 40 days old; one job finished yesterday.
    await t.ctx.db.execute(
      sql`UPDATE jobs SET done_at = now() - interval '40 days' WHERE name LIKE 'test.prune.%' AND state = 'done'`,
    );
    await t.ctx.db.execute(
      sql`UPDATE jobs SET done_at = now() - interval '1 day' WHERE name = 'test.prune.once' AND key = 'a'`,
    );
    const keys = async () =>
      (
        (await t.ctx.db.execute(
          sql`SELECT name || ':' || key || ':' || state AS k FROM jobs WHERE name LIKE 'test.prune.%' ORDER BY 1`,
        )) as unknown as { rows: { k: string }[] }
      ).rows.map((x) => x.k);
    const before = new Date(Date.now() - 30 * 86_400_000);
    // A batch of one, then the rest.
    expect(await r.prune(before, t.ctx.db, 1)).toBe(1);
    expect(await r.prune(before)).toBe(4);
    expect(await r.prune(before)).toBe(0);
    expect(await keys()).toEqual([
      'test.prune.every:2026-02-01T12:02:00.000Z:done',
      'test.prune.once:a:done',
      'test.prune.once:later:pending',
      'test.prune.once:z:failed',
    ]);
    // The recurring job goes on from its latest key: no pruned period comes back.
    await r.schedulePeriods(new Date(t0 + 240_000));
    await r.runDue({ now: new Date(t0 + 240_000) });
    expect(seen).toEqual([
      '2026-02-01T11:59:00.000Z',
      '2026-02-01T12:00:00.000Z',
      '2026-02-01T12:01:00.000Z',
      '2026-02-01T12:02:00.000Z',
      '2026-02-01T12:03:00.000Z',
    ]);
  });
});
