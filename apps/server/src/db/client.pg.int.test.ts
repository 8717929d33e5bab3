import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';

/**
 * The platform's connections to PostgreSQL run without JIT (decision 121): its statements are short
 * and run thousands of times, and a row estimate from lagging statistics can put one past the JIT
 * threshold, where compiling costs more CPU than running.
 */
let database: Database | undefined;
afterAll(async () => {
  await database?.close();
});

describe('the platform on PostgreSQL', () => {
  it('opens its connections with JIT off', async () => {
    database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, poolSize: 2 });
    const rows = (await database.db.execute(sql`SHOW jit`)) as unknown as { rows: { jit: string }[] };
    expect(rows.rows[0]!.jit).toBe('off');
  });
});
