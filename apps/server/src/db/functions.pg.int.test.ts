import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDatabase } from '../../test/global-setup.ts';
import { freshDatabase } from '../../test/harness.ts';
import { openDatabase, type Database } from './client.ts';
import { applyFunctions } from './functions.ts';
import { col, one, row, run } from './rows.ts';

/**
 * Servers that start together (PostgreSQL only: PGlite has one connection, so nothing can race).
 * PostgreSQL refuses two concurrent replacements of one function ("tuple concurrently updated"); the
 * advisory lock makes them take turns.
 */
const SERVERS = 6;

let env: Awaited<ReturnType<typeof freshDatabase>>;
let servers: Database[];
beforeAll(async () => {
  env = await freshDatabase();
  const { name } = await one(env.database.db, row({ name: col.text }), sql`SELECT current_database() AS name`);
  const url = withDatabase(process.env.DATABASE_URL!, name);
  servers = await Promise.all(Array.from({ length: SERVERS }, () => openDatabase({ databaseUrl: url, poolSize: 2 })));
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await env.database.close();
  await env.drop();
});

describe('the functions step of servers starting together', () => {
  it('applies a changed file once, whichever server gets there first', async () => {
    await run(env.database.db, sql`UPDATE drizzle.__repeatable_migrations SET hash = 'older'`);
    const applied = await Promise.all(servers.map((s) => applyFunctions(s.db)));
    expect(applied.flat()).toEqual(['ledger.sql', 'provider.sql']);
  });

  it('lets every server replace the functions at once without failing', async () => {
    for (let round = 0; round < 3; round++) {
      const applied = await Promise.all(servers.map((s) => applyFunctions(s.db, { force: true })));
      expect(applied.flat()).toHaveLength(SERVERS * 2);
    }
  });

  it('migrates every server at once, the functions step included', async () => {
    await Promise.all(servers.map((s) => s.migrate()));
    expect(await applyFunctions(env.database.db)).toEqual([]);
  });
});
