import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDatabase } from '../../test/global-setup.ts';
import { migrationsFolder, openDatabase, type Database, type Db } from './client.ts';
import { applyFunctions, functionsFiles, functionsFolder } from './functions.ts';
import { col, many, one, row } from './rows.ts';

/**
 * The ledger's functions file (decision 047): it defines what the migrations defined, it is the whole
 * truth about the ledger's functions and triggers in a migrated database, and applying it again
 * changes nothing.
 */

/**
 * Functions and triggers whose definition in the file has moved on, on purpose, from what
 * migrations 0003–0018 left. Empty: the file took them over unchanged. Name one here when you change
 * it in the file (its bare name); the test then compares the others.
 */
const CHANGED_SINCE_THE_MIGRATIONS: string[] = [
  // Decision 119: a batch of wins only may move a member account several times.
  'ledger_post_moves',
];

const Definition = row({ name: col.text, definition: col.text });
/** Every ledger function and every trigger on a ledger table, as the database would write it back. */
const definitions = async (db: Db) =>
  Object.fromEntries(
    (
      await many(
        db,
        Definition,
        sql`SELECT 'function ' || p.proname AS name, pg_get_functiondef(p.oid) AS definition
              FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
             WHERE n.nspname = 'public' AND p.proname LIKE 'ledger\\_%'
            UNION ALL
            SELECT 'trigger ' || t.tgname, pg_get_triggerdef(t.oid) || ' (enabled: ' || t.tgenabled::text || ')'
              FROM pg_trigger t
             WHERE NOT t.tgisinternal AND t.tgrelid::regclass::text LIKE 'ledger\\_%'`,
      )
    ).map((d) => [d.name, d.definition]),
  );

const Version = row({ version: col.int });
/** The row version of a function's catalogue entry: it moves whenever the function is replaced. */
const versionOf = async (db: Db, name: string) =>
  (
    await one(
      db,
      Version,
      sql`SELECT xmin::text::bigint AS version FROM pg_proc WHERE proname = ${name} AND pronamespace = 'public'::regnamespace`,
    )
  ).version;

/** An empty database of the driver under test (PostgreSQL when DATABASE_URL is set). */
const emptyDatabase = async (): Promise<{ database: Database; drop(): Promise<void> }> => {
  const url = process.env.DATABASE_URL;
  if (!url) return { database: await openDatabase({ dataDir: 'memory://' }), drop: async () => {} };
  const name = `lotus_f_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(statement);
    await c.end();
  };
  await admin(`CREATE DATABASE "${name}"`);
  const database = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 2 });
  return {
    database,
    drop: async () => {
      await database.close();
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
};

const Recorded = row({ hash: col.text });
const recordedHash = async () =>
  (await one(db, Recorded, sql`SELECT hash FROM drizzle.__repeatable_migrations WHERE name = 'ledger.sql'`)).hash;

const migrationsOnly = (database: Database) =>
  database.driver === 'pg'
    ? migratePg(database.db as never, { migrationsFolder })
    : migratePglite(database.db as never, { migrationsFolder });

let env: Awaited<ReturnType<typeof emptyDatabase>>;
let db: Db;
let fromMigrations: Record<string, string>;
beforeAll(async () => {
  env = await emptyDatabase();
  db = env.database.db;
  await migrationsOnly(env.database);
  fromMigrations = await definitions(db);
}, 120_000);
afterAll(() => env.drop());

describe('the ledger functions file', () => {
  it('installs exactly what the migrations installed', async () => {
    expect(await applyFunctions(db)).toEqual(['ledger.sql', 'provider.sql']);
    const fromFile = await definitions(db);
    const unchanged = (all: Record<string, string>) =>
      Object.fromEntries(
        Object.entries(all).filter(([name]) => !CHANGED_SINCE_THE_MIGRATIONS.includes(name.split(' ')[1]!)),
      );
    expect(Object.keys(fromFile).sort()).toEqual(Object.keys(fromMigrations).sort());
    expect(unchanged(fromFile)).toEqual(unchanged(fromMigrations));
  });

  it('defines every ledger function and trigger the database has, and nothing else', async () => {
    const text = fs.readFileSync(path.join(functionsFolder, 'ledger.sql'), 'utf8');
    const declared = [...text.matchAll(/^CREATE OR REPLACE (FUNCTION|TRIGGER) (\w+)/gm)].map(
      ([, kind, name]) => `${kind!.toLowerCase()} ${name}`,
    );
    expect(declared.sort()).toEqual(Object.keys(await definitions(db)).sort());
    // Every statement of the file is one of those definitions: nothing else hides in it.
    expect(functionsFiles().find((f) => f.name === 'ledger.sql')!.statements).toHaveLength(declared.length);
  });

  it('is skipped while its hash is the one applied, and changes nothing when applied again', async () => {
    const before = await definitions(db);
    const version = await versionOf(db, 'ledger_post');
    await env.database.migrate();
    expect(await applyFunctions(db)).toEqual([]);
    expect(await versionOf(db, 'ledger_post')).toBe(version);

    expect(await applyFunctions(db, { force: true })).toEqual(['ledger.sql', 'provider.sql']);
    expect(await versionOf(db, 'ledger_post')).not.toBe(version);
    expect(await definitions(db)).toEqual(before);
  });

  it('applies a file whose text changed, whole or not at all', async () => {
    const [ledger] = functionsFiles();
    const before = await definitions(db);
    // A file that replaces a function and then fails: the replacement does not stay, nor the hash.
    const broken = {
      ...ledger!,
      hash: 'broken',
      statements: [
        `CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$`,
        'SELECT no_such_function()',
      ],
    };
    await expect(applyFunctions(db, { files: [broken] })).rejects.toThrow();
    expect(await definitions(db)).toEqual(before);
    expect(await recordedHash()).toBe(ledger!.hash);

    expect(await applyFunctions(db, { files: [{ ...ledger!, hash: 'edited' }] })).toEqual(['ledger.sql']);
    expect(await recordedHash()).toBe('edited');
    // The file on disk differs from what was applied last: the next start applies it again.
    expect(await applyFunctions(db)).toEqual(['ledger.sql']);
    expect(await applyFunctions(db)).toEqual([]);
    expect(await definitions(db)).toEqual(before);
  });
});
