import { SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import type { Db } from './client.ts';

/**
 * The data boundary for raw SQL (decision 045). Drizzle's query builder already answers typed,
 * camelCase rows; a hand-written `sql` query answers driver rows in snake_case, with int8 and
 * numeric as strings (node-postgres) or bigint/number (PGlite), and timestamps as Date or string.
 * `many`/`one`/`maybeOne` read such a query through a row schema written in the domain's camelCase
 * (`row({ memberId: col.int, betTotal: col.money })`): each key reads its snake_case column, each
 * column codec turns both drivers' shapes into one domain type, and a row that does not fit is a
 * programming error that names the column.
 *
 * A query is drizzle's `sql` template, or a `Prepared` statement for the hot paths.
 */

const integerLike = z.union([z.number(), z.bigint(), z.string().regex(/^-?\d+$/)]);

export const col = {
  /** A 4-byte or small 8-byte integer (ids, counts) as a number; refuses what a number cannot hold. */
  int: integerLike.transform((v, ctx) => {
    const n = Number(v);
    if (!Number.isSafeInteger(n)) {
      ctx.addIssue({ code: 'custom', message: `not a safe integer: ${String(v)}` });
      return z.NEVER;
    }
    return n;
  }),
  /** int8 / numeric(…, 0) as bigint: money in minor units, points, sequence numbers. */
  bigint: integerLike.transform((v) => BigInt(v)),
  /** A sum or other aggregate that is NULL over no rows: 0n then. */
  sum: integerLike.nullable().transform((v) => (v === null ? 0n : BigInt(v))),
  /** count(*) and other aggregates that PostgreSQL types as int8, as a number. */
  count: integerLike.nullable().transform((v) => (v === null ? 0 : Number(v))),
  /** A fractional numeric as a number (rates, ratios); never money. */
  decimal: z.union([z.number(), z.string()]).transform((v) => Number(v)),
  text: z.string(),
  bool: z.boolean(),
  /** timestamptz as a Date. */
  date: z.union([z.date(), z.string()]).transform((v) => (v instanceof Date ? v : new Date(v))),
  /** A jsonb column, parsed by the caller's own schema where it matters. */
  json: z.unknown(),
} as const;

type Shape = Record<string, z.ZodType>;
export type RowOf<S extends Shape> = { [K in keyof S]: z.output<S[K]> };

export interface RowSchema<T> {
  parse(raw: Record<string, unknown>): T;
}

const snakeOf = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A row schema in camelCase whose keys read the query's snake_case columns. */
export const row = <S extends Shape>(shape: S): RowSchema<RowOf<S>> => {
  const columns = Object.entries(shape).map(([key, codec]) => ({ key, column: snakeOf(key), codec }));
  return {
    parse(raw) {
      const out: Record<string, unknown> = {};
      for (const { key, column, codec } of columns) {
        const parsed = codec.safeParse(raw[column]);
        if (!parsed.success) {
          throw new Error(
            `column ${column}: ${parsed.error.issues[0]?.message ?? 'does not fit'} (${String(raw[column])})`,
          );
        }
        out[key] = parsed.data;
      }
      return out as RowOf<S>;
    },
  };
};

/**
 * A hot statement written with its own placeholders ($1, $2, …). On node-postgres outside a
 * transaction it is a named prepared statement straight on the pool: parsed and planned once per
 * connection, not once per call. On PGlite it is the embedded client's own query; inside a
 * transaction (either driver) it goes through drizzle like any other query.
 */
export interface Prepared {
  name: string;
  text: string;
  values: unknown[];
}

type Rows = { rows?: Record<string, unknown>[] };
type Client = { query(text: string, values: unknown[]): Promise<Rows> };

/** The same statement as drizzle SQL, for a transaction's own connection. */
const asSql = ({ text, values }: Prepared): SQL => {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => (i % 2 ? sql.param(values[Number(part) - 1]) : sql.raw(part))));
};

const rawRows = async (db: Db, query: SQL | Prepared): Promise<Record<string, unknown>[]> => {
  if (query instanceof SQL) {
    const result: unknown = await db.execute(query);
    return (result as Rows).rows ?? [];
  }
  // Only the root database carries its driver's client; a transaction has its own connection.
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    return (await client.query({ name: query.name, text: query.text, values: query.values })).rows;
  }
  if (client) return (await (client as Client).query(query.text, query.values)).rows ?? [];
  const result: unknown = await db.execute(asSql(query));
  return (result as Rows).rows ?? [];
};

/** Every row of a raw query, typed. */
export const many = async <T>(db: Db, schema: RowSchema<T>, query: SQL | Prepared): Promise<T[]> =>
  (await rawRows(db, query)).map((r) => schema.parse(r));

/** The first row of a raw query, typed, or null. */
export const maybeOne = async <T>(db: Db, schema: RowSchema<T>, query: SQL | Prepared): Promise<T | null> => {
  const [first] = await rawRows(db, query);
  return first ? schema.parse(first) : null;
};

/** The one row a raw query must answer (an aggregate, an INSERT … RETURNING). */
export const one = async <T>(db: Db, schema: RowSchema<T>, query: SQL | Prepared): Promise<T> => {
  const found = await maybeOne(db, schema, query);
  if (!found) throw new Error('the query answered no row');
  return found;
};

/** A raw statement whose rows nobody reads (DDL, an UPDATE without RETURNING). */
export const run = async (db: Db, query: SQL | Prepared): Promise<void> => {
  await rawRows(db, query);
};
