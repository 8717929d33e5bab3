import { afterAll, describe, expect, it } from 'vitest';
import { pgTestDatabase } from '../../test/pg-database.ts';
import { openHouseDb, type HouseDb } from './db.ts';

/**
 * House games' connections to PostgreSQL run without JIT (decision 121): a settlement claim whose row
 * estimate came from lagging statistics passed the JIT threshold and compiled 34 functions on every
 * call, more CPU than the statement itself.
 */
const { url } = pgTestDatabase('hg_jit');
let db: HouseDb | undefined;
afterAll(() => db?.close());

describe('house games on PostgreSQL', () => {
  it('opens its connections with JIT off', async () => {
    db = await openHouseDb({ url, dataDir: 'memory://' });
    const [plain] = await db.query<{ jit: string }>('SHOW jit');
    const inTx = await db.transaction(async (tx) => (await tx.query<{ jit: string }>('SHOW jit'))[0]!);
    expect(plain!.jit).toBe('off');
    expect(inTx.jit).toBe('off');
  });
});
