import type { LotteryFamily } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { col, many, maybeOne, one, row, run } from '../../../db/rows.ts';

/** The lottery games desk's and the GGR report's queries (decision 081). Every query names its merchant. */

const settingsRow = row({
  gameCode: col.text,
  family: col.text.transform((v) => v as LotteryFamily),
  official: col.bool,
  enabled: col.bool,
  intervalSeconds: col.int,
  closeSeconds: col.int,
  prizeGroup: col.int,
  minBet: col.bigint,
  maxBet: col.bigint,
  maxPeriod: col.bigint,
  maxExposure: col.bigint,
  voidAfterSeconds: col.int.nullable(),
  timeZone: col.text.nullable(),
});
export type SettingsRow = ReturnType<typeof settingsRow.parse>;

const settingsSelect = sql`
  SELECT game_code, family, official, enabled, interval_seconds, close_seconds, prize_group, min_bet, max_bet,
         max_period, max_exposure, void_after_seconds, time_zone
    FROM lottery_games`;

export const listSettings = (db: Db, merchantId: number) =>
  many(
    db,
    settingsRow,
    sql`${settingsSelect} WHERE merchant_id = ${merchantId} ORDER BY official, family, interval_seconds, game_code`,
  );

/** A game's settings, locked for this transaction (the audit's "before" is what the update replaces). */
export const lockSettings = (tx: Db, merchantId: number, gameCode: string) =>
  maybeOne(
    tx,
    settingsRow,
    sql`${settingsSelect} WHERE merchant_id = ${merchantId} AND game_code = ${gameCode} FOR UPDATE`,
  );

export const updateSettings = (
  tx: Db,
  merchantId: number,
  gameCode: string,
  s: { enabled: boolean; closeSeconds: number; prizeGroup: number; voidAfterSeconds: number | null },
) =>
  run(
    tx,
    sql`UPDATE lottery_games SET enabled = ${s.enabled}, close_seconds = ${s.closeSeconds}, prize_group = ${s.prizeGroup},
                                 void_after_seconds = ${s.voidAfterSeconds}::int
         WHERE merchant_id = ${merchantId} AND game_code = ${gameCode}`,
  );

/**
 * New closing seconds reach the periods created ahead that have not opened yet (by the database's
 * clock); the open period keeps the close its members were shown.
 */
export const recloseAhead = (tx: Db, merchantId: number, gameCode: string, closeSeconds: number) =>
  run(
    tx,
    sql`UPDATE lottery_periods
           SET close_at = greatest(open_at, draw_at - make_interval(secs => ${closeSeconds}))
         WHERE merchant_id = ${merchantId} AND game_code = ${gameCode} AND status = 'open'
           AND open_at > clock_timestamp()`,
  );

export const updateLimits = (
  tx: Db,
  merchantId: number,
  gameCode: string,
  l: { minBet: bigint; maxBet: bigint; maxPeriod: bigint; maxExposure: bigint },
) =>
  run(
    tx,
    sql`UPDATE lottery_games SET min_bet = ${l.minBet}, max_bet = ${l.maxBet}, max_period = ${l.maxPeriod},
                                 max_exposure = ${l.maxExposure}
         WHERE merchant_id = ${merchantId} AND game_code = ${gameCode}`,
  );

const prizeRow = row({ prizeKey: col.text, prize: col.bigint });

export const prizesOf = (db: Db, merchantId: number, family: LotteryFamily) =>
  many(
    db,
    prizeRow,
    sql`SELECT prize_key, prize FROM lottery_prizes WHERE merchant_id = ${merchantId} AND family = ${family}
         ORDER BY prize_key`,
  );

/** The family's prize rows, locked (the audit's "before"). */
export const lockPrizes = (tx: Db, merchantId: number, family: LotteryFamily) =>
  many(
    tx,
    prizeRow,
    sql`SELECT prize_key, prize FROM lottery_prizes WHERE merchant_id = ${merchantId} AND family = ${family}
         ORDER BY prize_key FOR UPDATE`,
  );

export const setPrize = (tx: Db, merchantId: number, family: LotteryFamily, prizeKey: string, prize: bigint) =>
  run(
    tx,
    sql`INSERT INTO lottery_prizes (merchant_id, family, prize_key, prize)
        VALUES (${merchantId}, ${family}, ${prizeKey}, ${prize})
        ON CONFLICT (merchant_id, family, prize_key) DO UPDATE SET prize = excluded.prize`,
  );

const reportRow = row({
  gameCode: col.text,
  bets: col.sum,
  wins: col.sum,
  refunds: col.sum,
  open: col.sum,
  betCount: col.count,
  players: col.count,
});
export type ReportRow = ReturnType<typeof reportRow.parse>;

/**
 * Per game, the bets placed from the first local day's midnight to the end of the last one in the
 * brand's zone: stakes, wins, refunds and stakes still open, how many bets and how many members
 * (and once more over all games, `gameCode` ''). Read from the bets, whose amounts are the wallet's.
 */
export const report = async (db: Db, q: { merchantId: number; timezone: string; from: string; to: string }) => {
  const figures = sql`sum(b.amount) AS bets, sum(b.win) AS wins,
         sum(CASE WHEN b.status IN ('cancelled', 'refunded') THEN b.amount ELSE 0 END) AS refunds,
         sum(CASE WHEN b.status = 'open' THEN b.amount ELSE 0 END) AS open,
         count(*) AS bet_count, count(DISTINCT b.member_id) AS players`;
  const where = sql`b.merchant_id = ${q.merchantId}
     AND b.created_at >= (${q.from}::date)::timestamp AT TIME ZONE ${q.timezone}
     AND b.created_at < (${q.to}::date + 1)::timestamp AT TIME ZONE ${q.timezone}`;
  const [games, total] = await Promise.all([
    many(db, reportRow, sql`SELECT b.game_code, ${figures} FROM lottery_bets b WHERE ${where} GROUP BY b.game_code`),
    one(db, reportRow, sql`SELECT '' AS game_code, ${figures} FROM lottery_bets b WHERE ${where}`),
  ]);
  return { games, total };
};
