import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { seedHash, type LotteryBet, type LotteryDeskPeriod } from '@app/contract';
import { DRAW_JOB } from '../../src/features/lottery/service.ts';
import type { TestApp } from '../harness.ts';
import { rowsOf } from '../rows.ts';
import { bearer, createMember, fund, sessionFor, type TestMember } from './wallet.ts';

export type LotteryPlayer = { m: TestMember; token: string };

/**
 * The official lotteries' integration tests' helpers (decisions 068 and 072): members with money,
 * bets and the desk's calls, periods of a test's own (open now, closing and drawing when it says),
 * and the rows to check. `app` gives the test's app (created in its beforeAll).
 */
export const lotteryKit = (app: () => TestApp, numeroYear = '2098') => {
  let fixtures = 0;
  const player = async (funds = 1_000_000n): Promise<LotteryPlayer> => {
    const m = await createMember(app().ctx, {});
    await fund(app().ctx, m, funds);
    return { m, token: await sessionFor(app().ctx, m) };
  };
  const balance = async (p: LotteryPlayer) => (await app().ctx.wallet.balance(p.m.merchantId, p.m.id)).balance;
  const place = (p: LotteryPlayer, body: object) =>
    app().call<LotteryBet>({ method: 'POST', url: '/lotto/lgw/bets', headers: bearer(p.token), payload: body });
  const op = (token: string, url: string, payload: object) =>
    app().call<LotteryDeskPeriod & { settled: number }>({ method: 'POST', url, headers: bearer(token), payload });

  /** A period of its own: open now, closing `closeInMs` from now, drawing an hour later, with its draw job. */
  const freshPeriod = async (gameCode: string, closeInMs = 3_600_000) => {
    const numero = `${numeroYear}${String(101 + Math.floor(fixtures / 9000)).padStart(4, '0')}-${String(1000 + (fixtures++ % 9000)).padStart(4, '0')}`;
    const seed = randomBytes(32).toString('hex');
    const t = app();
    const merchantId = await t.ctx.merchants.resolveId('localhost');
    const closeAt = new Date(Date.now() + closeInMs);
    const drawAt = new Date(closeAt.getTime() + 3_600_000);
    await t.ctx.db.execute(
      sql`INSERT INTO lottery_periods (merchant_id, game_code, numero, open_at, close_at, draw_at, seed, seed_hash)
          VALUES (${merchantId}, ${gameCode}, ${numero}, now() - interval '1 minute', ${closeAt.toISOString()}::timestamptz,
                  ${drawAt.toISOString()}::timestamptz, ${seed}, ${seedHash(seed)})`,
    );
    await t.ctx.jobs.enqueue({
      name: DRAW_JOB,
      key: `${merchantId}:${gameCode}:${numero}`,
      runAt: drawAt,
      payload: { merchantId, gameCode, numero },
    });
    return { numero, seed, drawAt, merchantId };
  };
  const closeNow = (gameCode: string, numero: string) =>
    app().ctx.db.execute(
      sql`UPDATE lottery_periods SET close_at = now() WHERE game_code = ${gameCode} AND numero = ${numero}`,
    );
  const periodRow = async (gameCode: string, numero: string) =>
    rowsOf<{ status: string; result: number[] | string | null; result_source: string | null }>(
      await app().ctx.db.execute(
        sql`SELECT status, result, result_source FROM lottery_periods WHERE game_code = ${gameCode} AND numero = ${numero}`,
      ),
    )[0]!;
  const betStatus = async (id: number) =>
    rowsOf<{ status: string; win: string }>(
      await app().ctx.db.execute(sql`SELECT status, win::text AS win FROM lottery_bets WHERE id = ${id}`),
    )[0]!;
  return { player, balance, place, op, freshPeriod, closeNow, periodRow, betStatus };
};
