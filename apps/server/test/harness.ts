import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createContext, type AppContext } from '../src/context.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { seed } from '../src/seed/index.ts';
import { withDatabase } from './global-setup.ts';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** `inject` that parses the JSON envelope. */
  call<T = unknown>(
    opts: InjectOptions,
  ): Promise<{ status: number; body: TestEnvelope<T>; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

export interface TestEnvelope<T> {
  success: boolean;
  value: T;
  message: string;
  code?: string;
  fields?: Record<string, string>;
}

/** A fresh, migrated database for one test file: a PGlite clone, or a PostgreSQL template copy. */
export const freshDatabase = async (): Promise<{ database: Database; drop(): Promise<void> }> => {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `lotus_t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('pgTemplate')}"`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 10 });
    return {
      database,
      drop: async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        // pg's pool.end() resolves before its sockets have closed; a FORCE drop that kills them then
        // surfaces as an unhandled 57P01 error in the test run. Let them go first (briefly).
        for (let i = 0; i < 30; i++) {
          const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (rows[0].n === 0) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const tarball = fs.readFileSync(inject('pgliteTemplate'));
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([tarball]) });
  return { database, drop: async () => {} };
};

export const testConfig = (env: Record<string, string> = {}): Config =>
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false', SERVE_WEB: 'false', ...env });

export const createTestApp = async (
  opts: { env?: Record<string, string>; build?: BuildOptions } = {},
): Promise<TestApp> => {
  const config = testConfig(opts.env);
  const { database, drop } = await freshDatabase();
  const ctx = createContext(config, database);
  await seed(ctx, { demo: false });
  const app = await buildApp(ctx, {
    logger: process.env.TEST_LOG ? { level: 'error' } : false,
    serveWeb: false,
    ...opts.build,
  });
  await app.ready();
  return {
    app,
    ctx,
    call: async <T>(o: InjectOptions) => {
      const res = await app.inject(o);
      return { status: res.statusCode, body: res.json() as TestEnvelope<T>, headers: res.headers };
    },
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
};
