import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { col, many, maybeOne, row } from '../../../db/rows.ts';

/** The official lotteries' result deadline (decision 081): which periods are past it. */

const dueRow = row({ periodId: col.int, merchantId: col.int, gameCode: col.text, numero: col.text });

/**
 * Official periods still without a result (status open) whose draw was at least the game's
 * `void_after_seconds` before `now`, the oldest first.
 */
export const duePeriods = (db: Db, now: Date, limit: number) =>
  many(
    db,
    dueRow,
    sql`SELECT p.id AS period_id, p.merchant_id, p.game_code, p.numero
          FROM lottery_games g
          JOIN lottery_periods p ON p.merchant_id = g.merchant_id AND p.game_code = g.game_code
         WHERE g.official AND g.void_after_seconds IS NOT NULL AND p.status = 'open'
           AND p.draw_at + make_interval(secs => g.void_after_seconds) <= ${now.toISOString()}::timestamptz
         ORDER BY p.draw_at, p.id
         LIMIT ${limit}`,
  );

/**
 * The period, locked for update, if it is still past its deadline without a result at `now` (by
 * the game's setting now: an operator may have moved or removed the deadline since it was found).
 */
export const lockIfDue = (tx: Db, periodId: number, now: Date) =>
  maybeOne(
    tx,
    row({ id: col.int }),
    sql`SELECT p.id FROM lottery_periods p
          JOIN lottery_games g ON g.merchant_id = p.merchant_id AND g.game_code = p.game_code
         WHERE p.id = ${periodId} AND g.official AND g.void_after_seconds IS NOT NULL AND p.status = 'open'
           AND p.draw_at + make_interval(secs => g.void_after_seconds) <= ${now.toISOString()}::timestamptz
           FOR UPDATE OF p`,
  );
