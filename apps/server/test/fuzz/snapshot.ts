import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { rowsOf } from '../rows.ts';

/**
 * What a refused request must leave as it was: the row count of every table, and a hash of the full
 * contents of every table except the few a mere request touches by design (session last-seen times,
 * the job runner's clock, short-lived keys such as captchas and rate-limit counters).
 */
const TOUCHED_BY_ANY_REQUEST = new Set(['sessions', 'operator_sessions', 'jobs', 'job_runs', 'ephemeral']);

export type Snapshot = Record<string, string>;

let tables: string[] | null = null;

const tableNames = async (db: Db) => {
  tables ??= rowsOf<{ name: string }>(
    await db.execute(
      sql`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    ),
  ).map((r) => r.name);
  return tables;
};

export const snapshot = async (db: Db): Promise<Snapshot> => {
  const names = await tableNames(db);
  const columns = names.map((name) => {
    const id = `"${name.replaceAll('"', '""')}"`;
    return TOUCHED_BY_ANY_REQUEST.has(name)
      ? `(SELECT count(*)::text FROM ${id}) AS ${id}`
      : `(SELECT count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') FROM ${id} t) AS ${id}`;
  });
  const [row] = rowsOf<Record<string, string>>(await db.execute(sql.raw(`SELECT ${columns.join(', ')}`)));
  return row ?? {};
};

/** The tables whose count or contents differ, with both states shortened. */
export const diff = (before: Snapshot, after: Snapshot): string[] =>
  Object.keys({ ...before, ...after })
    .filter((k) => before[k] !== after[k])
    .map((k) => `${k}: ${short(before[k])} -> ${short(after[k])}`);

const short = (v: string | undefined) => (v === undefined ? '-' : v.length > 20 ? `${v.split(':')[0]}:${hash(v)}` : v);
const hash = (v: string) => createHash('sha256').update(v).digest('hex').slice(0, 8);
