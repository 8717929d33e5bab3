import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { col, maybeOne, row, run } from './rows.ts';

/**
 * The repeatable step of `database.migrate()` (decision 047). Drizzle's migrations run once each, in
 * order; the SQL files in `src/db/functions/` (the ledger's functions and triggers) are the current
 * definitions of what they hold, written as CREATE OR REPLACE, and are applied after the migrations
 * whenever a file's text differs from the one applied last.
 *
 * - One transaction: a file goes in whole or not at all.
 * - One at a time: a transaction-level advisory lock, so servers starting together apply it once and
 *   never race on the same function (PostgreSQL refuses two concurrent replacements of one).
 * - Skipped when the file's hash is the one recorded, so a restart leaves the functions (and the
 *   plans cached for them) alone, and takes no lock on the ledger's tables.
 */
export const functionsFolder = path.resolve(import.meta.dirname, 'functions');

/** The same marker as drizzle's migrations: one statement per chunk. */
const BREAKPOINT = /^--> statement-breakpoint$/m;

export interface FunctionsFile {
  name: string;
  hash: string;
  statements: string[];
}

/** A chunk with nothing but comments and blank lines is not a statement. */
const isStatement = (chunk: string) => chunk.split('\n').some((line) => line.trim() && !line.trim().startsWith('--'));

export const functionsFiles = (folder = functionsFolder): FunctionsFile[] =>
  fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => {
      const text = fs.readFileSync(path.join(folder, name), 'utf8');
      return {
        name,
        hash: createHash('sha256').update(text).digest('hex'),
        statements: text.split(BREAKPOINT).filter(isStatement),
      };
    });

const Applied = row({ hash: col.text });

/**
 * Applies each functions file whose hash is not the one recorded for it (every file with `force`),
 * and answers the names of those applied. Runs after drizzle's migrations, which create the tables
 * and the `drizzle` schema the record lives in.
 */
export const applyFunctions = async (
  db: Db,
  opts: { force?: boolean; files?: FunctionsFile[] } = {},
): Promise<string[]> => {
  const files = opts.files ?? functionsFiles();
  return db.transaction(async (tx) => {
    await run(tx, sql`SELECT pg_advisory_xact_lock(hashtext('lotus: repeatable migrations'))`);
    await run(tx, sql`CREATE SCHEMA IF NOT EXISTS drizzle`);
    await run(
      tx,
      sql`CREATE TABLE IF NOT EXISTS drizzle.__repeatable_migrations (
            name text PRIMARY KEY, hash text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const applied: string[] = [];
    for (const file of files) {
      const recorded = await maybeOne(
        tx,
        Applied,
        sql`SELECT hash FROM drizzle.__repeatable_migrations WHERE name = ${file.name}`,
      );
      if (!opts.force && recorded?.hash === file.hash) continue;
      for (const statement of file.statements) await run(tx, sql.raw(statement));
      await run(
        tx,
        sql`INSERT INTO drizzle.__repeatable_migrations (name, hash) VALUES (${file.name}, ${file.hash})
            ON CONFLICT (name) DO UPDATE SET hash = EXCLUDED.hash, applied_at = now()`,
      );
      applied.push(file.name);
    }
    return applied;
  });
};
