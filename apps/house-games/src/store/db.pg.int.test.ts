import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openHouseDb, type HouseDb } from './db.ts';

/**
 * House games' connections to PostgreSQL run without JIT (decision 121): a settlement claim whose row
 * estimate came from lagging statistics passed the JIT threshold and compiled 34 functions on every
 * call, more CPU than the statement itself.
 */
const base = process.env.DATABASE_URL!;
const name = `hg_jit_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
const url = (() => {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
})();
let db: HouseDb | undefined;

afterAll(async () => {
  await db?.close();
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await c.end();
});

describe('house games on PostgreSQL', () => {
  it('opens its connections with JIT off', async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    db = await openHouseDb({ url, dataDir: 'memory://' });
    const [plain] = await db.query<{ jit: string }>('SHOW jit');
    const inTx = await db.transaction(async (tx) => (await tx.query<{ jit: string }>('SHOW jit'))[0]!);
    expect(plain!.jit).toBe('off');
    expect(inTx.jit).toBe('off');
  });
});
