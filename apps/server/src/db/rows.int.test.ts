import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/harness.ts';
import type { Database } from './client.ts';
import { col, many, maybeOne, row, type Prepared } from './rows.ts';

/** A prepared statement answers the same rows on the root database and inside a transaction. */
let env: Awaited<ReturnType<typeof freshDatabase>>;
let database: Database;
beforeAll(async () => {
  env = await freshDatabase();
  database = env.database;
});
afterAll(async () => {
  await database.close();
  await env.drop();
});

const Pair = row({ n: col.int, label: col.text, total: col.bigint });
// $1 twice and the parameters out of order: the transaction path numbers them itself.
const pairs = (upTo: number, label: string): Prepared => ({
  name: 'test.rows.pairs',
  text: `SELECT g AS n, $2::text || g AS label, ($1::bigint * 1000000000000) + g AS total
           FROM generate_series(1, $1::integer) g ORDER BY g`,
  values: [upTo, label],
});

describe('prepared statements', () => {
  it('answers typed rows on the root database', async () => {
    expect(await many(database.db, Pair, pairs(2, 'x'))).toEqual([
      { n: 1, label: 'x1', total: 2000000000001n },
      { n: 2, label: 'x2', total: 2000000000002n },
    ]);
    expect(await maybeOne(database.db, Pair, pairs(0, 'x'))).toBeNull();
  });

  it('answers the same rows inside a transaction, and writes with it', async () => {
    const inside = await database.db.transaction(async (tx) => {
      await many(tx, row({}), {
        name: 'test.rows.temp',
        text: `CREATE TEMPORARY TABLE rows_test ON COMMIT DROP AS SELECT $1::text AS label`,
        values: ['kept'],
      });
      return {
        pairs: await many(tx, Pair, pairs(2, 'y')),
        label: await maybeOne(tx, row({ label: col.text }), sql`SELECT label FROM rows_test`),
      };
    });
    expect(inside).toEqual({
      pairs: [
        { n: 1, label: 'y1', total: 2000000000001n },
        { n: 2, label: 'y2', total: 2000000000002n },
      ],
      label: { label: 'kept' },
    });
  });
});
