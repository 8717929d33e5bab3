import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { MIGRATIONS } from './migrations.ts';

/**
 * The provider's own database (seeds, bets, crash rounds, the callback outbox). It is never the
 * platform's: an outside vendor keeps its own books. PostgreSQL when a URL is given, else PGlite.
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}
export interface HouseDb extends Queryable {
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  driver: 'pg' | 'pglite';
  /** This database's install id (a short random tag in every round id). */
  install: string;
}

export const openHouseDb = async (opts: { url?: string | undefined; dataDir: string }): Promise<HouseDb> => {
  let db: HouseDb;
  if (opts.url) {
    // No JIT, as on the platform (decision 121): short statements run thousands of times.
    const pool = new pg.Pool({ connectionString: opts.url, max: 10, options: '-c jit=off' });
    const q = async <T>(client: pg.Pool | pg.PoolClient, sql: string, params: unknown[] = []) =>
      (await client.query(sql, params)).rows as T[];
    db = {
      install: '',
      driver: 'pg',
      query: (sql, params) => q(pool, sql, params),
      transaction: async (fn) => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const out = await fn({ query: (sql, params) => q(client, sql, params) });
          await client.query('COMMIT');
          return out;
        } catch (err) {
          await client.query('ROLLBACK').catch(() => {});
          throw err;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  } else {
    if (!opts.dataDir.startsWith('memory://')) fs.mkdirSync(opts.dataDir, { recursive: true });
    const client = await PGlite.create(opts.dataDir);
    db = {
      install: '',
      driver: 'pglite',
      query: async (sql, params = []) => (await client.query(sql, params)).rows as never,
      transaction: (fn) =>
        client.transaction((tx) =>
          fn({ query: async (sql, params = []) => (await tx.query(sql, params)).rows as never }),
        ),
      close: () => client.close(),
    };
  }
  await migrate(db);
  const [row] = await db.query<{ id: string }>('SELECT id FROM hg_install LIMIT 1');
  db.install = row!.id;
  return db;
};

const migrate = async (db: HouseDb) => {
  await db.query(
    'CREATE TABLE IF NOT EXISTS hg_migrations (id integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set((await db.query<{ id: number }>('SELECT id FROM hg_migrations')).map((r) => Number(r.id)));
  for (const [i, sql] of MIGRATIONS.entries()) {
    if (done.has(i)) continue;
    await db.transaction(async (tx) => {
      for (const statement of sql
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean))
        await tx.query(statement);
      await tx.query('INSERT INTO hg_migrations (id) VALUES ($1)', [i]);
    });
  }
};
