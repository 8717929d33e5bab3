import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { col, many, maybeOne, one, row, run } from '../../db/rows.ts';

/**
 * Rebate's queries (decision 071). Turnover is read from `game_rounds` the way the points and the
 * agent figures read it: closed rounds, stake less refunds, by the time they ended.
 */

const rateRow = row({ gameType: col.text, rateBp: col.int });
export type RateRow = ReturnType<typeof rateRow.parse>;

/** The brand's rates for a member level: per game type, the highest level at or under it. */
export const rates = (db: Db, merchantId: number, level = 0) =>
  many(
    db,
    rateRow,
    sql`SELECT DISTINCT ON (game_type) game_type, rate_bp FROM rebate_rates
         WHERE merchant_id = ${merchantId} AND level <= ${level}
         ORDER BY game_type, level DESC`,
  );

/** One level's own rates (what the console edits), 0 rates included (off from that level up). */
export const levelRates = (db: Db, merchantId: number, level: number) =>
  many(
    db,
    rateRow,
    sql`SELECT game_type, rate_bp FROM rebate_rates WHERE merchant_id = ${merchantId} AND level = ${level} ORDER BY game_type`,
  );

export const dailyAuto = async (db: Db, merchantId: number) =>
  (
    await maybeOne(
      db,
      row({ dailyAuto: col.bool }),
      sql`SELECT daily_auto FROM rebate_settings WHERE merchant_id = ${merchantId}`,
    )
  )?.dailyAuto ?? false;

/** Brands whose daily job pays. */
export const autoMerchants = async (db: Db) =>
  (await many(db, row({ merchantId: col.int }), sql`SELECT merchant_id FROM rebate_settings WHERE daily_auto`)).map(
    (r) => r.merchantId,
  );

export const saveSettings = async (
  db: Db,
  merchantId: number,
  q: { level: number; rates: { gameType: string; rateBp: number }[]; dailyAuto: boolean },
) => {
  await run(db, sql`DELETE FROM rebate_rates WHERE merchant_id = ${merchantId} AND level = ${q.level}`);
  for (const r of q.rates) {
    // Level 0 has nothing under it: a 0 rate there is the same as none. Above it, a 0 rate turns
    // the game type off for that level (and the levels above it without their own rate).
    if (r.rateBp === 0 && q.level === 0) continue;
    await run(
      db,
      sql`INSERT INTO rebate_rates (merchant_id, game_type, level, rate_bp) VALUES (${merchantId}, ${r.gameType}, ${q.level}, ${r.rateBp})`,
    );
  }
  await run(
    db,
    sql`INSERT INTO rebate_settings (merchant_id, daily_auto) VALUES (${merchantId}, ${q.dailyAuto})
        ON CONFLICT (merchant_id) DO UPDATE SET daily_auto = excluded.daily_auto, updated_at = now()`,
  );
};

const cursorRow = row({ gameType: col.text, paidThrough: col.date.nullable() });

/** Where each of the member's game types was paid up to (absent: never paid). */
export const cursors = (db: Db, memberId: number) =>
  many(db, cursorRow, sql`SELECT game_type, paid_through FROM rebate_cursors WHERE member_id = ${memberId}`);

/**
 * Locks the member's position in a game type (creating it) and returns where it stands. Every
 * payment holds this lock until its transaction ends, so two payments of one game type run one
 * after the other and the second sees where the first stopped.
 */
export const lockCursor = async (db: Db, q: { merchantId: number; memberId: number; gameType: string }) => {
  await run(
    db,
    sql`INSERT INTO rebate_cursors (member_id, game_type, merchant_id) VALUES (${q.memberId}, ${q.gameType}, ${q.merchantId})
        ON CONFLICT (member_id, game_type) DO NOTHING`,
  );
  return (
    await one(
      db,
      cursorRow,
      sql`SELECT game_type, paid_through FROM rebate_cursors
           WHERE member_id = ${q.memberId} AND game_type = ${q.gameType} FOR UPDATE`,
    )
  ).paidThrough;
};

export const moveCursor = (db: Db, memberId: number, gameType: string, to: Date) =>
  run(
    db,
    sql`UPDATE rebate_cursors SET paid_through = ${to.toISOString()}::timestamptz, updated_at = now()
         WHERE member_id = ${memberId} AND game_type = ${gameType}`,
  );

const turnoverRow = row({ gameType: col.text, turnover: col.sum });

/** The member's settled turnover per game type in (from, to]; `from` null: since the first round. */
export const turnover = (db: Db, memberId: number, gameType: string, from: Date | null, to: Date) =>
  one(
    db,
    row({ turnover: col.sum }),
    sql`SELECT sum(GREATEST(bet_total - refund_total, 0)) AS turnover FROM game_rounds
         WHERE member_id = ${memberId} AND game_type = ${gameType} AND status = 'closed'
           AND ended_at <= ${to.toISOString()}::timestamptz
           AND (${from?.toISOString() ?? null}::timestamptz IS NULL OR ended_at > ${from?.toISOString() ?? null}::timestamptz)`,
  ).then((r) => r.turnover);

/**
 * The member's settled turnover per game type since each type's position, up to `to` (one read
 * for the manualRebate page).
 */
export const accrued = (db: Db, merchantId: number, memberId: number, to: Date) =>
  many(
    db,
    turnoverRow,
    sql`SELECT r.game_type, sum(GREATEST(r.bet_total - r.refund_total, 0)) AS turnover
          FROM game_rounds r
          LEFT JOIN rebate_cursors c ON c.member_id = r.member_id AND c.game_type = r.game_type
         WHERE r.member_id = ${memberId} AND r.merchant_id = ${merchantId} AND r.status = 'closed'
           AND r.ended_at <= ${to.toISOString()}::timestamptz
           AND (c.paid_through IS NULL OR r.ended_at > c.paid_through)
         GROUP BY r.game_type`,
  );

/** Members and game types of a brand with settled rounds that ended in (from, to] (the job's day). */
export const playedIn = (db: Db, merchantId: number, from: Date, to: Date) =>
  many(
    db,
    row({ memberId: col.int, gameType: col.text }),
    sql`SELECT DISTINCT r.member_id, r.game_type FROM game_rounds r
          JOIN rebate_rates x ON x.merchant_id = r.merchant_id AND x.game_type = r.game_type AND x.rate_bp > 0
          JOIN members m ON m.id = r.member_id AND m.type <> 4
         WHERE r.merchant_id = ${merchantId} AND r.status = 'closed'
           AND r.ended_at > ${from.toISOString()}::timestamptz AND r.ended_at <= ${to.toISOString()}::timestamptz
         ORDER BY r.member_id, r.game_type`,
  );

const payoutRow = row({
  id: col.int,
  merchantId: col.int,
  memberId: col.int,
  gameType: col.text,
  source: col.text.transform((v) => v as 'claim' | 'daily'),
  period: col.text,
  fromAt: col.date.nullable(),
  toAt: col.date,
  turnover: col.bigint,
  rateBp: col.int,
  amount: col.bigint,
  createdAt: col.date,
});
export type PayoutRow = ReturnType<typeof payoutRow.parse>;

/** A payment, or null when its period (or its span's end) is paid already: the unique keys. */
export const insertPayout = (db: Db, q: Omit<PayoutRow, 'id' | 'createdAt'>): Promise<PayoutRow | null> =>
  maybeOne(
    db,
    payoutRow,
    sql`INSERT INTO rebate_payouts (merchant_id, member_id, game_type, source, period, from_at, to_at, turnover, rate_bp, amount)
        VALUES (${q.merchantId}, ${q.memberId}, ${q.gameType}, ${q.source}, ${q.period},
                ${q.fromAt?.toISOString() ?? null}::timestamptz, ${q.toAt.toISOString()}::timestamptz,
                ${q.turnover}, ${q.rateBp}, ${q.amount})
        ON CONFLICT DO NOTHING
        RETURNING id, merchant_id, member_id, game_type, source, period, from_at, to_at, turnover, rate_bp, amount, created_at`,
  );

export const payouts = (db: Db, memberId: number, limit = 50) =>
  many(
    db,
    payoutRow,
    sql`SELECT id, merchant_id, member_id, game_type, source, period, from_at, to_at, turnover, rate_bp, amount, created_at
          FROM rebate_payouts WHERE member_id = ${memberId} ORDER BY id DESC LIMIT ${limit}`,
  );

/** Payments per game type since `since` (the console's report). */
export const report = (db: Db, merchantId: number, since: Date) =>
  many(
    db,
    row({
      gameType: col.text,
      members: col.count,
      payouts: col.count,
      turnover: col.sum,
      amount: col.sum,
      claimed: col.sum,
      daily: col.sum,
    }),
    sql`SELECT game_type, count(DISTINCT member_id) AS members, count(*) AS payouts, sum(turnover) AS turnover,
               sum(amount) AS amount, sum(amount) FILTER (WHERE source = 'claim') AS claimed,
               sum(amount) FILTER (WHERE source = 'daily') AS daily
          FROM rebate_payouts WHERE merchant_id = ${merchantId} AND created_at >= ${since.toISOString()}::timestamptz
         GROUP BY game_type ORDER BY game_type`,
  );
