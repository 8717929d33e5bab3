import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { col, many, maybeOne, row, run } from '../../../db/rows.ts';
import { addDays } from '../dashboard/period.ts';

/**
 * The dashboard roll-up's own reads and writes (decision 088): where each brand's roll-up stands
 * (`dashboard_state`) and the rounds re-summed per closed day (`dashboard_play_days`). Rounds belong
 * to the provider feature; they are only read here. The money side is the wallet's
 * (`wallet/reports/daily/data.ts`).
 */

const State = row({
  timezone: col.text,
  ledgerUpto: col.int,
  playRolledTo: col.text.nullable(),
  roundsMark: col.date.nullable(),
});
export type RollupState = ReturnType<typeof State.parse>;
const Zone = row({ id: col.int, timezone: col.text });
const Day = row({ day: col.text.nullable() });

const localDay = (column: string, tz: string) =>
  sql`to_char((${sql.raw(column)} AT TIME ZONE ${tz})::date, 'YYYY-MM-DD')`;
const dayStart = (day: string, tz: string) => sql`(${day}::date)::timestamp AT TIME ZONE ${tz}`;

/** Every brand and its time zone. */
export const merchantZones = (db: Db) => many(db, Zone, sql`SELECT id, timezone FROM merchants ORDER BY id`);

/** A brand's state row, created when missing, locked for the caller's transaction. */
export const lockState = async (db: Db, merchantId: number, timezone: string) => {
  await run(
    db,
    sql`INSERT INTO dashboard_state (merchant_id, timezone) VALUES (${merchantId}, ${timezone}) ON CONFLICT DO NOTHING`,
  );
  return (await maybeOne(
    db,
    State,
    sql`SELECT timezone, ledger_upto, to_char(play_rolled_to, 'YYYY-MM-DD') AS play_rolled_to, rounds_mark
          FROM dashboard_state WHERE merchant_id = ${merchantId} FOR UPDATE`,
  ))!;
};

export const saveState = (
  db: Db,
  merchantId: number,
  s: { timezone: string; ledgerUpto: number; playRolledTo: string; now: Date },
) =>
  run(
    db,
    sql`
    UPDATE dashboard_state
       SET timezone = ${s.timezone}, ledger_upto = ${s.ledgerUpto}, play_rolled_to = ${s.playRolledTo}::date,
           rounds_mark = ${s.now.toISOString()}::timestamptz, ran_at = ${s.now.toISOString()}::timestamptz
     WHERE merchant_id = ${merchantId}`,
  );

export const clearPlay = async (db: Db, merchantId: number) => {
  await run(db, sql`DELETE FROM dashboard_play_days WHERE merchant_id = ${merchantId}`);
  await run(db, sql`DELETE FROM dashboard_signup_days WHERE merchant_id = ${merchantId}`);
};

/** The local start days, up to `lastDay`, of rounds changed after `since` (index on updated_at). */
export const changedDays = async (db: Db, q: { merchantId: number; timezone: string; since: Date; lastDay: string }) =>
  (
    await many(
      db,
      Day,
      sql`
      SELECT DISTINCT ${localDay('r.started_at', q.timezone)} AS day FROM game_rounds r
       WHERE r.merchant_id = ${q.merchantId} AND r.updated_at > ${q.since.toISOString()}::timestamptz
         AND r.started_at < ${dayStart(addDays(q.lastDay, 1), q.timezone)}`,
    )
  )
    .map((d) => d.day)
    .filter((d): d is string => d !== null);

/** The local day of a brand's first round or first account, if any. */
export const firstRoundDay = async (db: Db, merchantId: number, timezone: string) =>
  (
    await maybeOne(
      db,
      Day,
      sql`SELECT ${localDay(
        `LEAST((SELECT min(r.started_at) FROM game_rounds r WHERE r.merchant_id = ${Number(merchantId)}),
               (SELECT min(m.created_at) FROM members m WHERE m.merchant_id = ${Number(merchantId)}))`,
        timezone,
      )} AS day`,
    )
  )?.day ?? null;

/** Re-sums one local day of rounds (started that day, not refunded) by vendor, game type and game. */
export const rollPlayDay = async (db: Db, merchantId: number, tz: string, day: string) => {
  await run(db, sql`DELETE FROM dashboard_play_days WHERE merchant_id = ${merchantId} AND day = ${day}::date`);
  await run(
    db,
    sql`
    INSERT INTO dashboard_play_days (merchant_id, day, vendor, game_type, game_code, rounds, turnover, ggr)
    SELECT ${merchantId}, ${day}::date, r.vassalage, r.game_type, r.game_code, count(*),
           sum(r.bet_total - r.refund_total), sum(r.bet_total - r.refund_total - r.win_total)
      FROM game_rounds r
     WHERE r.merchant_id = ${merchantId} AND r.status <> 'refunded'
       AND r.started_at >= ${dayStart(day, tz)} AND r.started_at < ${dayStart(addDays(day, 1), tz)}
     GROUP BY r.vassalage, r.game_type, r.game_code`,
  );
  // Accounts are never re-dated: a closed day's registrations are counted once, with the day's play.
  await run(db, sql`DELETE FROM dashboard_signup_days WHERE merchant_id = ${merchantId} AND day = ${day}::date`);
  await run(
    db,
    sql`
    INSERT INTO dashboard_signup_days (merchant_id, day, registrations)
    SELECT ${merchantId}, ${day}::date, count(*) FROM members m
     WHERE m.merchant_id = ${merchantId} AND m.type <> 4
       AND m.created_at >= ${dayStart(day, tz)} AND m.created_at < ${dayStart(addDays(day, 1), tz)}
    HAVING count(*) > 0`,
  );
};
