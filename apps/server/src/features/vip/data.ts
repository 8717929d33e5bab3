import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { col, many, maybeOne, one, row, run } from '../../db/rows.ts';

/**
 * VIP's queries (decision 074). Turnover is read from `game_rounds` as rebate and points read it:
 * closed rounds, stake less refunds, by the time they ended. Deposits come from the wallet.
 */

const settingsRow = row({ windowDays: col.int, match: col.text.transform((v) => v as 'all' | 'any') });
export type SettingsRow = ReturnType<typeof settingsRow.parse>;

export const settings = async (db: Db, merchantId: number): Promise<SettingsRow> =>
  (await maybeOne(
    db,
    settingsRow,
    sql`SELECT window_days, match FROM vip_settings WHERE merchant_id = ${merchantId}`,
  )) ?? {
    windowDays: 90,
    match: 'all',
  };

const levelRow = row({
  level: col.int,
  name: col.text,
  icon: col.text,
  depositMin: col.bigint,
  turnoverMin: col.bigint,
  keepDeposit: col.bigint,
  keepTurnover: col.bigint,
  upgradeBonus: col.bigint,
  weeklyBonus: col.bigint,
  monthlyBonus: col.bigint,
  birthdayBonus: col.bigint,
  withdrawDailyMax: col.bigint.nullable(),
  withdrawDailyCount: col.int.nullable(),
  pointsBonusBp: col.int,
});
export type LevelRow = ReturnType<typeof levelRow.parse>;

/** The brand's levels, lowest first. */
export const levels = (db: Db, merchantId: number) =>
  many(
    db,
    levelRow,
    sql`SELECT level, name, icon, deposit_min, turnover_min, keep_deposit, keep_turnover, upgrade_bonus, weekly_bonus,
               monthly_bonus, birthday_bonus, withdraw_daily_max, withdraw_daily_count, points_bonus_bp
          FROM vip_levels WHERE merchant_id = ${merchantId} ORDER BY level`,
  );

export const saveSettings = async (
  db: Db,
  merchantId: number,
  q: { windowDays: number; match: string; levels: Omit<LevelRow, 'level'>[] },
) => {
  await run(
    db,
    sql`INSERT INTO vip_settings (merchant_id, window_days, match) VALUES (${merchantId}, ${q.windowDays}, ${q.match})
        ON CONFLICT (merchant_id) DO UPDATE SET window_days = excluded.window_days, match = excluded.match, updated_at = now()`,
  );
  await run(db, sql`DELETE FROM vip_levels WHERE merchant_id = ${merchantId}`);
  for (const [i, l] of q.levels.entries()) {
    await run(
      db,
      sql`INSERT INTO vip_levels (merchant_id, level, name, icon, deposit_min, turnover_min, keep_deposit, keep_turnover,
                                  upgrade_bonus, weekly_bonus, monthly_bonus, birthday_bonus, withdraw_daily_max,
                                  withdraw_daily_count, points_bonus_bp)
          VALUES (${merchantId}, ${i + 1}, ${l.name}, ${l.icon}, ${l.depositMin}, ${l.turnoverMin}, ${l.keepDeposit},
                  ${l.keepTurnover}, ${l.upgradeBonus}, ${l.weeklyBonus}, ${l.monthlyBonus}, ${l.birthdayBonus},
                  ${l.withdrawDailyMax}, ${l.withdrawDailyCount}, ${l.pointsBonusBp})`,
    );
  }
  // Members above the new top level come down to it.
  await run(
    db,
    sql`UPDATE vip_members SET level = ${q.levels.length}, changed_at = now()
         WHERE merchant_id = ${merchantId} AND level > ${q.levels.length}`,
  );
};

/** The member's settled turnover in (from, to]. */
export const turnover = async (db: Db, memberId: number, from: Date, to: Date) =>
  (
    await one(
      db,
      row({ turnover: col.sum }),
      sql`SELECT sum(GREATEST(bet_total - refund_total, 0)) AS turnover FROM game_rounds
           WHERE member_id = ${memberId} AND status = 'closed'
             AND ended_at > ${from.toISOString()}::timestamptz AND ended_at <= ${to.toISOString()}::timestamptz`,
    )
  ).turnover;

/** The member's level (0 when never set). */
export const levelOf = async (db: Db, memberId: number) =>
  (await maybeOne(db, row({ level: col.int }), sql`SELECT level FROM vip_members WHERE member_id = ${memberId}`))
    ?.level ?? 0;

/** Locks the member's level row (creating it at 0): level changes of one member run one after the other. */
export const lockLevel = async (db: Db, merchantId: number, memberId: number) => {
  await run(
    db,
    sql`INSERT INTO vip_members (member_id, merchant_id, level) VALUES (${memberId}, ${merchantId}, 0)
        ON CONFLICT (member_id) DO NOTHING`,
  );
  return (
    await one(db, row({ level: col.int }), sql`SELECT level FROM vip_members WHERE member_id = ${memberId} FOR UPDATE`)
  ).level;
};

export const setLevel = (db: Db, memberId: number, level: number) =>
  run(db, sql`UPDATE vip_members SET level = ${level}, changed_at = now() WHERE member_id = ${memberId}`);

/** Members (not trial accounts) of a brand with rounds settled in (from, to] (`game_rounds_ended_idx`). */
export const playedIn = async (db: Db, merchantId: number, from: Date, to: Date) =>
  (
    await many(
      db,
      row({ memberId: col.int }),
      sql`SELECT DISTINCT r.member_id FROM game_rounds r
            JOIN members m ON m.id = r.member_id AND m.type <> 4
           WHERE r.merchant_id = ${merchantId} AND r.status = 'closed'
             AND r.ended_at > ${from.toISOString()}::timestamptz AND r.ended_at <= ${to.toISOString()}::timestamptz
           ORDER BY r.member_id`,
    )
  ).map((r) => r.memberId);

/** Members of a brand at a level (0: every member without one is not listed; use levels ≥ 1). */
export const membersAt = async (db: Db, merchantId: number, level: number) =>
  (
    await many(
      db,
      row({ memberId: col.int }),
      sql`SELECT member_id FROM vip_members WHERE merchant_id = ${merchantId} AND level = ${level} ORDER BY member_id`,
    )
  ).map((r) => r.memberId);

/** Members at level 1 or more, with their level (the weekly, monthly and keep-level reviews). */
export const ranked = (db: Db, merchantId: number) =>
  many(
    db,
    row({ memberId: col.int, level: col.int }),
    sql`SELECT member_id, level FROM vip_members WHERE merchant_id = ${merchantId} AND level > 0 ORDER BY member_id`,
  );

/** Brands with a VIP club configured (at least one level). */
export const merchantsWithLevels = async (db: Db) =>
  (
    await many(db, row({ merchantId: col.int }), sql`SELECT DISTINCT merchant_id FROM vip_levels ORDER BY merchant_id`)
  ).map((r) => r.merchantId);

/** Real members of a brand whose birthday (yyyy-MM-dd) falls on month-day `md` ('MM-dd'). */
export const birthdaysOn = async (db: Db, merchantId: number, md: string) =>
  (
    await many(
      db,
      row({ memberId: col.int }),
      sql`SELECT id AS member_id FROM members
           WHERE merchant_id = ${merchantId} AND type <> 4 AND status = 'active' AND substr(birthday, 6, 5) = ${md}
           ORDER BY id`,
    )
  ).map((r) => r.memberId);

const bonusRow = row({
  id: col.int,
  kind: col.text.transform((v) => v as 'upgrade' | 'weekly' | 'monthly' | 'birthday'),
  level: col.int,
  period: col.text,
  amount: col.bigint,
  createdAt: col.date,
});
export type BonusRow = ReturnType<typeof bonusRow.parse>;

/** A bonus row, or null when this (member, kind, period) is paid already. */
export const insertBonus = (
  db: Db,
  q: { merchantId: number; memberId: number; kind: string; level: number; period: string; amount: bigint },
) =>
  maybeOne(
    db,
    bonusRow,
    sql`INSERT INTO vip_bonuses (merchant_id, member_id, kind, level, period, amount)
        VALUES (${q.merchantId}, ${q.memberId}, ${q.kind}, ${q.level}, ${q.period}, ${q.amount})
        ON CONFLICT DO NOTHING
        RETURNING id, kind, level, period, amount, created_at`,
  );

export const bonuses = (db: Db, memberId: number, limit = 50) =>
  many(
    db,
    bonusRow,
    sql`SELECT id, kind, level, period, amount, created_at FROM vip_bonuses
         WHERE member_id = ${memberId} ORDER BY id DESC LIMIT ${limit}`,
  );

export const distribution = (db: Db, merchantId: number) =>
  many(
    db,
    row({ level: col.int, members: col.count }),
    sql`SELECT level, count(*) AS members FROM vip_members WHERE merchant_id = ${merchantId} GROUP BY level ORDER BY level`,
  );

/** Real members of the brand (the distribution's level 0 is those without a level above 0). */
export const memberCount = async (db: Db, merchantId: number) =>
  (
    await one(
      db,
      row({ n: col.count }),
      sql`SELECT count(*) AS n FROM members WHERE merchant_id = ${merchantId} AND type <> 4`,
    )
  ).n;

export const bonusReport = (db: Db, merchantId: number, since: Date) =>
  many(
    db,
    row({ kind: col.text.transform((v) => v as BonusRow['kind']), count: col.count, amount: col.sum }),
    sql`SELECT kind, count(*) AS count, sum(amount) AS amount FROM vip_bonuses
         WHERE merchant_id = ${merchantId} AND created_at >= ${since.toISOString()}::timestamptz
         GROUP BY kind ORDER BY kind`,
  );
