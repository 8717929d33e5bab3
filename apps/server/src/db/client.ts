import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { applyFunctions } from './functions.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** One type for both drivers: features never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /** Drizzle's migrations, then the functions files of src/db/functions (functions.ts, decision 047). */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process does the same on this database: a start's migrations and
   * seed, so instances started together on an empty or older database do them one at a time.
   * PostgreSQL: a session advisory lock held on a connection of its own (the pool stays free for
   * the work). The embedded database belongs to one process.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, to clone a migrated database. */
  dump?(): Promise<Blob>;
}

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Directory for the embedded database; `memory://` keeps it in memory. */
  dataDir?: string;
  /** A dumped PGlite data directory to start from (tests clone a migrated database this way). */
  loadDataDir?: Blob | File;
  poolSize?: number;
}

export const openDatabase = async (opts: DatabaseOptions): Promise<Database> => {
  if (opts.databaseUrl) {
    // No JIT: our statements are short and run thousands of times; compiling one costs more than it
    // saves, and a row estimate from lagging statistics put settlement's past the threshold (decision 121).
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 20, options: '-c jit=off' });
    // An idle connection the server ended (a restart, a dropped database) leaves the pool; the next
    // query opens a new one. Unheard, the pool's 'error' event would end the process.
    pool.on('error', () => undefined);
    // bigint (int8) columns come back as strings from pg; drizzle maps them per column mode.
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      driver: 'pg',
      migrate: async () => {
        await migratePg(db as never, { migrationsFolder });
        await applyFunctions(db);
      },
      exclusively: async (work) => {
        const holder = new pg.Client({ connectionString: opts.databaseUrl });
        await holder.connect();
        try {
          await holder.query(`SELECT pg_advisory_lock(hashtext('lotus:start'))`);
          return await work();
        } finally {
          // Ending the session releases its advisory lock, also when the work failed.
          await holder.end();
        }
      },
      close: () => pool.end(),
    };
  }
  const dir = opts.dataDir ?? 'memory://';
  if (!dir.startsWith('memory://')) fs.mkdirSync(dir, { recursive: true });
  // pg_trgm: migration 0004 creates the extension (the name search itself now runs in memory, decision 039).
  const extensions = { pg_trgm };
  const client = await PGlite.create(
    dir,
    opts.loadDataDir ? { loadDataDir: opts.loadDataDir, extensions } : { extensions },
  );
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder });
      await applyFunctions(db);
    },
    exclusively: (work) => work(),
    close: () => client.close(),
    dump: () => client.dumpDataDir('gzip'),
  };
};
