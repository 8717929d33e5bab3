import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHouseDb, type HouseDb } from './db.ts';

/**
 * Settlement rewrites each bet's status, win and outcome, and each posting's status: those updates
 * stay on their page (HOT, decision 121), so no index of the table gets a new entry for them.
 */
let db: HouseDb;
beforeAll(async () => {
  db = await openHouseDb({ dataDir: 'memory://' });
});
afterAll(async () => {
  await db.close();
});

describe('house games store', () => {
  it('leaves room on the pages of the tables a settlement updates', async () => {
    const rows = await db.query<{ relname: string; reloptions: string[] | null }>(
      `SELECT relname, reloptions FROM pg_class WHERE relname IN ('hg_bets', 'hg_sport_postings', 'hg_sport_legs') ORDER BY relname`,
    );
    expect(rows.map((r) => [r.relname, r.reloptions])).toEqual([
      ['hg_bets', ['fillfactor=45']],
      ['hg_sport_legs', ['fillfactor=50']],
      ['hg_sport_postings', ['fillfactor=50']],
    ]);
  });

  it("keeps a bet's status out of every index, so settling a bet is a HOT update", async () => {
    const [idx] = await db.query<{ def: string }>(`SELECT pg_get_indexdef('hg_bets_fight_idx'::regclass) AS def`);
    expect(idx!.def).not.toContain('status');
    const hot = await db.transaction(async (tx) => {
      const [s] = await tx.query<{ id: string }>(
        `INSERT INTO hg_sessions (token_hash, game_code, vassalage, currency, currency_exponent, language, demo, demo_balance, expires_at)
         VALUES ('hot-test', 'SBK', 'house', 'BRL', 2, 'en', true, 0, now() + interval '1 hour') RETURNING id`,
      );
      const [b] = await tx.query<{ id: string }>(
        `INSERT INTO hg_bets (owner, session_id, game, game_code, round_id, amount, currency, demo, status)
         VALUES ('hot-test', $1, 'sports', 'SBK', 'hot-test-round', 100, 'BRL', true, 'open') RETURNING id`,
        [s!.id],
      );
      // The claim's update, then the mark's, as settleEvent writes them.
      await tx.query(
        `UPDATE hg_bets SET win = 250, status = 'settling', outcome = '{"kind":"sports","result":"WIN"}' WHERE id = $1`,
        [b!.id],
      );
      await tx.query(`UPDATE hg_bets SET status = 'settled', balance_after = 1250, settled_at = now() WHERE id = $1`, [
        b!.id,
      ]);
      const [n] = await tx.query<{ hot: string; all: string }>(
        `SELECT pg_stat_get_xact_tuples_hot_updated('hg_bets'::regclass) AS hot,
                pg_stat_get_xact_tuples_updated('hg_bets'::regclass) AS all`,
      );
      return n!;
    });
    expect(Number(hot.all)).toBe(2);
    expect(Number(hot.hot)).toBe(2);
  });
});
