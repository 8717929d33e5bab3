import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { lotteryKit } from '../../../test/factories/lottery.ts';
import { rowsOf } from '../../../test/rows.ts';
import { bearer } from '../../../test/factories/wallet.ts';
import { checkLedger } from '../wallet/ledger-check/data.ts';

/**
 * Bets placed in batches (decision 078): many members' bets go together in one transaction, and a
 * bet the batch cannot take (a guarded member, a limit passed, a closed period) is judged alone, so
 * every answer is the one a bet placed by itself would get.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const kit = lotteryKit(() => t, '2096');
const GAME = 'lott-ssc-5-min';
const bigSmall = (numero: string, multiplier = 1) => ({
  gameCode: GAME,
  numero,
  betType: 'bsoe',
  picks: [['B'], [], [], [], [], []],
  multiplier,
});

describe('lottery bets in batches', () => {
  it('40 members betting at once go in shared batches: each bet debited once, with its round and exposure', async () => {
    const f = await kit.freshPeriod(GAME);
    const players = await Promise.all(Array.from({ length: 40 }, () => kit.player(100_000n)));
    const before = { ...t.ctx.lottery.placementStats };
    const results = await Promise.all(players.map((p) => kit.place(p, bigSmall(f.numero))));
    expect(results.map((r) => r.status)).toEqual(players.map(() => 200));
    const carried = t.ctx.lottery.placementStats.items - before.items;
    const batches = t.ctx.lottery.placementStats.batches - before.batches;
    // Every bet went through a batch, and batches carried several bets each.
    expect(carried).toBe(40);
    expect(batches).toBeLessThan(40);
    expect(t.ctx.lottery.placementStats.failed).toBe(before.failed);
    const ids = results.map((r) => r.body.value.id);
    expect(new Set(ids).size).toBe(40);
    for (const r of results) {
      expect(r.body.value.status).toBe('open');
      expect(r.body.value.numero).toBe(f.numero);
      expect(r.body.value.amount).toBe('200');
    }
    expect(await Promise.all(players.map(kit.balance))).toEqual(players.map(() => 100_000n - 200n));
    // One debit per bet under its key, one open round per bet, the number's exposure the sum of them.
    const [debits] = rowsOf<{ n: number }>(
      await t.ctx.db.execute(
        sql`SELECT count(*)::int AS n FROM ledger_transactions
             WHERE idempotency_key IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids.map((id) => `lottery:bet:${id}`))}::jsonb))`,
      ),
    );
    expect(debits!.n).toBe(40);
    const [rounds] = rowsOf<{ n: number; staked: string }>(
      await t.ctx.db.execute(
        sql`SELECT count(*)::int AS n, sum(bet_total)::text AS staked FROM game_rounds
             WHERE provider = 'LOTTERY' AND status = 'open' AND round_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids.map((id) => `bet-${id}`))}::jsonb))`,
      ),
    );
    expect(rounds).toEqual({ n: 40, staked: '8000' });
    const exposure = rowsOf<{ cell: string; amount: string }>(
      await t.ctx.db.execute(
        sql`SELECT e.cell, e.amount::text FROM lottery_exposure e JOIN lottery_periods p ON p.id = e.period_id
             WHERE p.numero = ${f.numero} AND p.game_code = ${GAME}`,
      ),
    );
    expect(exposure).toHaveLength(1);
    // Each bet of 200 on big at position 1 would cost the house its prize; 40 of them, forty times one.
    const one = await kit.place(players[0]!, bigSmall(f.numero));
    expect(one.status).toBe(200);
    const after = rowsOf<{ amount: string }>(
      await t.ctx.db.execute(
        sql`SELECT e.amount::text FROM lottery_exposure e JOIN lottery_periods p ON p.id = e.period_id
             WHERE p.numero = ${f.numero} AND p.game_code = ${GAME}`,
      ),
    );
    expect(BigInt(after[0]!.amount)).toBe((BigInt(exposure[0]!.amount) / 40n) * 41n);
    // Settled like any bet: every one exactly once.
    await t.ctx.db.transaction((tx) =>
      t.ctx.lottery.draw(tx, { merchantId: f.merchantId, gameCode: GAME, numero: f.numero }, () => undefined),
    );
    await t.ctx.db.transaction((tx) =>
      t.ctx.lottery.settleHeld(tx, { merchantId: f.merchantId, gameCode: GAME, numero: f.numero }, () => undefined),
    );
    const settled = rowsOf<{ status: string; n: number }>(
      await t.ctx.db.execute(
        sql`SELECT b.status, count(*)::int AS n FROM lottery_bets b JOIN lottery_periods p ON p.id = b.period_id
             WHERE p.numero = ${f.numero} AND p.game_code = ${GAME} GROUP BY b.status`,
      ),
    );
    expect(settled.reduce((s, r) => s + r.n, 0)).toBe(41);
    expect(settled.every((r) => r.status === 'won' || r.status === 'lost')).toBe(true);
    expect((await checkLedger(t.ctx.db)).breaches).toEqual([]);
  });

  it("a guarded member's bet is judged by player protection, not waved through with the batch", async () => {
    const f = await kit.freshPeriod(GAME);
    const guarded = await kit.player(100_000n);
    const free = await Promise.all(Array.from({ length: 5 }, () => kit.player(100_000n)));
    const limit = await t.call({
      method: 'PUT',
      url: '/wps/v2/protection/limits',
      headers: bearer(guarded.token),
      payload: { limit: 'wager_day', amount: '300' },
    });
    expect(limit.status, JSON.stringify(limit.body)).toBe(200);
    const results = await Promise.all([
      kit.place(guarded, bigSmall(f.numero, 2)),
      ...free.map((p) => kit.place(p, bigSmall(f.numero, 2))),
    ]);
    expect(results.slice(1).map((r) => r.status)).toEqual(free.map(() => 200));
    // 400 of stake past a daily wager limit of 300: refused by protection, nothing taken.
    expect(results[0]!.status).toBe(403);
    expect(await kit.balance(guarded)).toBe(100_000n);
    expect((await kit.place(guarded, bigSmall(f.numero, 1))).status).toBe(200);
    expect(await kit.balance(guarded)).toBe(100_000n - 200n);
  });

  it("two concurrent bets of one member cannot both slip under the member's limit for the period", async () => {
    const f = await kit.freshPeriod(GAME);
    const [was] = rowsOf<{ max: string }>(
      await t.ctx.db.execute(sql`SELECT max_period::text AS max FROM lottery_games WHERE game_code = ${GAME} LIMIT 1`),
    );
    await t.ctx.db.execute(sql`UPDATE lottery_games SET max_period = 1000 WHERE game_code = ${GAME}`);
    try {
      const p = await kit.player(100_000n);
      const others = await Promise.all(Array.from({ length: 6 }, () => kit.player(100_000n)));
      // 600 each: one fits under 1,000, two do not.
      const results = await Promise.all([
        kit.place(p, bigSmall(f.numero, 3)),
        kit.place(p, bigSmall(f.numero, 3)),
        ...others.map((o) => kit.place(o, bigSmall(f.numero, 3))),
      ]);
      const mine = results.slice(0, 2);
      expect(mine.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(mine.find((r) => r.status === 409)!.body.code).toBe('LOTTERY_LIMIT');
      expect(results.slice(2).every((r) => r.status === 200)).toBe(true);
      expect(await kit.balance(p)).toBe(100_000n - 600n);
    } finally {
      await t.ctx.db.execute(sql`UPDATE lottery_games SET max_period = ${was!.max}::bigint WHERE game_code = ${GAME}`);
    }
  });

  it("a game changed since it was kept for pricing (decision 112): the next bet gets the game's new limits, prizes and switch at once", async () => {
    const f = await kit.freshPeriod(GAME);
    const p = await kit.player(100_000n);
    const prizeSetOf = async (id: number) =>
      rowsOf<{ set: number }>(
        await t.ctx.db.execute(sql`SELECT prize_set_id::int AS set FROM lottery_bets WHERE id = ${id}`),
      )[0]!.set;
    // The first bet keeps the game's pricing for the next two seconds.
    const first = await kit.place(p, bigSmall(f.numero));
    expect(first.status).toBe(200);
    const [was] = rowsOf<{ max: string }>(
      await t.ctx.db.execute(sql`SELECT max_bet::text AS max FROM lottery_games WHERE game_code = ${GAME} LIMIT 1`),
    );
    try {
      // A lower maximum stake: a bet of 400 is refused right away, and nothing is taken.
      await t.ctx.db.execute(sql`UPDATE lottery_games SET max_bet = 300 WHERE game_code = ${GAME}`);
      const over = await kit.place(p, bigSmall(f.numero, 2));
      expect([over.status, over.body.code]).toEqual([400, 'LOTTERY_LIMIT']);
      expect(await kit.balance(p)).toBe(100_000n - 200n);
      await t.ctx.db.execute(sql`UPDATE lottery_games SET max_bet = ${was!.max}::bigint WHERE game_code = ${GAME}`);
      // New prizes: the next bet is sold at them, not at the kept ones.
      await t.ctx.db.execute(
        sql`UPDATE lottery_prizes SET prize = prize - 1 WHERE family = 'SSC' AND prize_key = 'bsoe'`,
      );
      const repriced = await kit.place(p, bigSmall(f.numero));
      expect(repriced.status).toBe(200);
      expect(await prizeSetOf(repriced.body.value.id)).not.toBe(await prizeSetOf(first.body.value.id));
      // Switched off: refused as a game that is not available.
      await t.ctx.db.execute(sql`UPDATE lottery_games SET enabled = false WHERE game_code = ${GAME}`);
      expect((await kit.place(p, bigSmall(f.numero))).status).toBe(404);
      expect(await kit.balance(p)).toBe(100_000n - 400n);
    } finally {
      await t.ctx.db.execute(
        sql`UPDATE lottery_games SET max_bet = ${was!.max}::bigint, enabled = true WHERE game_code = ${GAME}`,
      );
      await t.ctx.db.execute(
        sql`UPDATE lottery_prizes SET prize = prize + 1 WHERE family = 'SSC' AND prize_key = 'bsoe'`,
      );
    }
  });

  it('a batch for a closed period takes nothing: each bet is refused as it would be alone', async () => {
    const f = await kit.freshPeriod(GAME);
    const players = await Promise.all(Array.from({ length: 5 }, () => kit.player(100_000n)));
    await kit.closeNow(GAME, f.numero);
    const results = await Promise.all(players.map((p) => kit.place(p, bigSmall(f.numero))));
    expect(results.map((r) => [r.status, r.body.code])).toEqual(players.map(() => [409, 'LOTTERY_CLOSED']));
    expect(await Promise.all(players.map(kit.balance))).toEqual(players.map(() => 100_000n));
  });
});
