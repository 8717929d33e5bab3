import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createContext, type AppContext } from '../../src/context.ts';
import { openDatabase } from '../../src/db/client.ts';
import { seed } from '../../src/seed/index.ts';
import { withDatabase } from '../global-setup.ts';
import { testConfig } from '../harness.ts';

/**
 * A fresh PostgreSQL database (a copy of the migrated template) with its URL, for tests that need
 * more connections than the harness gives or a second process on the same database.
 */
export const createPgContext = async (
  poolSize: number,
): Promise<{ url: string; ctx: AppContext; close(): Promise<void> }> => {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('needs DATABASE_URL');
  const name = `lotus_s_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('pgTemplate')}"`);
  await admin.end();
  const url = withDatabase(base, name);
  const database = await openDatabase({ databaseUrl: url, poolSize });
  const ctx = createContext(testConfig(), database);
  await seed(ctx, { demo: false });
  return {
    url,
    ctx,
    close: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      // Let the pool's connections finish closing: forcing them would surface as client errors.
      for (let i = 0; i < 50; i++) {
        const r = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if ((r.rows[0] as { n: number }).n === 0) break;
        await new Promise((res) => setTimeout(res, 100));
      }
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
};
