import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createContext } from '../context.ts';
import { seed } from '../seed/index.ts';
import { testConfig } from '../../test/harness.ts';
import { withDatabase } from '../../test/global-setup.ts';
import { migrationsFolder, openDatabase, type Database } from './client.ts';

/**
 * Two server processes started together on an empty database (a deployment starting its
 * instances at once, the cluster test): before the start-up lock both ran the migrations and one
 * died on "relation already exists". Now one migrates and seeds while the other waits, then finds
 * the work done.
 */
const base = process.env.DATABASE_URL!;
const name = `lotus_start_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
const opened: Database[] = [];

afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  // pg's pool.end() resolves before its sockets have closed: let them go before the drop.
  for (let i = 0; i < 50; i++) {
    const { rows } = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
    if ((rows[0] as { n: number }).n === 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await c.end();
});

describe('starting several processes on one empty database', () => {
  it('migrates and seeds once: one process at a time', async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = withDatabase(base, name);

    // What main.ts does at every start, in three "processes" (each its own pool and lock session).
    const start = async () => {
      const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
      opened.push(database);
      await database.exclusively(async () => {
        await database.migrate();
        const ctx = createContext(testConfig(), database);
        await seed(ctx, { demo: false });
        await ctx.close();
      });
    };
    await Promise.all([start(), start(), start()]);

    const check = new pg.Client({ connectionString: url });
    await check.connect();
    const counts = await check.query<{ merchants: number; operators: number; migrations: number }>(`
      SELECT (SELECT count(*)::int FROM merchants) AS merchants,
             (SELECT count(*)::int FROM operators) AS operators,
             (SELECT count(*)::int FROM drizzle.__drizzle_migrations) AS migrations`);
    await check.end();
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    expect(counts.rows[0]).toEqual({ merchants: 1, operators: 1, migrations: journal.entries.length });
  });

  it('releases the lock when the work fails, so the next process can start', async () => {
    const database = await openDatabase({ databaseUrl: withDatabase(base, name), poolSize: 1 });
    opened.push(database);
    await expect(database.exclusively(() => Promise.reject(new Error('start failed')))).rejects.toThrow('start failed');
    await expect(database.exclusively(async () => 'started')).resolves.toBe('started');
  });
});
