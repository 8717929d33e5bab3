import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';

/**
 * A PostgreSQL database of the test file's own, next to the one DATABASE_URL names (the *.pg.int
 * tests run only when it is set): created before the file's tests and dropped after them. Call it
 * before anything whose own after-hooks use the database, so the drop runs last (after-hooks run in
 * reverse). `url` names the new database.
 */
export const pgTestDatabase = (prefix: string) => {
  const base = process.env.DATABASE_URL!;
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const u = new URL(base);
  u.pathname = `/${name}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  beforeAll(() => admin(`CREATE DATABASE "${name}"`));
  afterAll(() => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  return { url: u.toString() };
};
