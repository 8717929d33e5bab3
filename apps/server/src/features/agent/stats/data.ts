import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { col, many, maybeOne, one, row, run } from '../../../db/rows.ts';
import { merchants } from '../../../db/schema/index.ts';

/**
 * The read model behind every team figure: member_daily_stats, one row per member and local day,
 * rolled up from closed rounds (re-summed per day, so late and refunded rounds correct themselves)
 * and from the wallet's ledger reports (append-only, counted once past a cursor). Reads sum index
 * range scans on (merchant, tree_path prefix, day) or (upline, day), never the raw rounds.
 *
 * Rounds belong to the game-provider feature; this file only reads them, and only here. The
 * ledger is read through the wallet's reports, never here.
 */

/**
 * What a closed round counts as. Stake: bets minus refunds. A round's valid bet is its stake (the
 * round store has no separate valid-bet figure; all settled stakes count).
 */
export const ROUND_STAKE = sql.raw('(r.bet_total - r.refund_total)');
export const ROUND_VALID_BET = sql.raw('GREATEST(r.bet_total - r.refund_total, 0)');

export interface MerchantZone {
  id: number;
  timezone: string;
  features: { dividendContract: boolean; realtimeSalaryContract: boolean };
}

/**
 * Every brand's time zone and contract switches, read through the caller's connection: jobs run
 * inside a transaction, and on the embedded database a second connection would wait for it.
 */
export const merchantZones = async (db: Db, id?: number): Promise<MerchantZone[]> => {
  const rows = await db
    .select({ id: merchants.id, timezone: merchants.timezone, features: merchants.features })
    .from(merchants)
    .where(id === undefined ? undefined : eq(merchants.id, id))
    .orderBy(asc(merchants.id));
  return rows.map((r) => ({
    id: r.id,
    timezone: r.timezone,
    features: {
      dividendContract: r.features.dividendContract === true,
      realtimeSalaryContract: r.features.realtimeSalaryContract === true,
    },
  }));
};

/** Re-sums one local day of closed rounds per member; rows whose rounds vanished drop to zero. */
export const rollupRoundsDay = async (db: Db, q: { merchantId: number; day: string; start: Date; end: Date }) => {
  await run(
    db,
    sql`
    INSERT INTO member_daily_stats AS s (member_id, day, merchant_id, tree_path, upline_id, rounds, bet, valid_bet, win, updated_at)
    SELECT a.member_id, ${q.day}::date, m.merchant_id, m.tree_path, m.upline_id, a.rounds, a.bet, a.valid_bet, a.win, now()
      FROM (SELECT r.member_id, count(*)::int AS rounds, sum(${ROUND_STAKE}) AS bet, sum(${ROUND_VALID_BET}) AS valid_bet,
                   sum(r.win_total) AS win
              FROM game_rounds r
             WHERE r.merchant_id = ${q.merchantId} AND r.status = 'closed'
               AND r.ended_at >= ${q.start.toISOString()}::timestamptz AND r.ended_at < ${q.end.toISOString()}::timestamptz
             GROUP BY r.member_id) a
      JOIN members m ON m.id = a.member_id
    ON CONFLICT (member_id, day) DO UPDATE
       SET rounds = excluded.rounds, bet = excluded.bet, valid_bet = excluded.valid_bet, win = excluded.win, updated_at = now()
     WHERE (s.rounds, s.bet, s.valid_bet, s.win) IS DISTINCT FROM (excluded.rounds, excluded.bet, excluded.valid_bet, excluded.win)`,
  );
  await run(
    db,
    sql`
    UPDATE member_daily_stats s SET rounds = 0, bet = 0, valid_bet = 0, win = 0, updated_at = now()
     WHERE s.merchant_id = ${q.merchantId} AND s.day = ${q.day}::date AND s.rounds > 0
       AND NOT EXISTS (SELECT 1 FROM game_rounds r
                        WHERE r.member_id = s.member_id AND r.merchant_id = ${q.merchantId} AND r.status = 'closed'
                          AND r.ended_at >= ${q.start.toISOString()}::timestamptz AND r.ended_at < ${q.end.toISOString()}::timestamptz)`,
  );
};

const Cursor = row({ position: col.int, ranAt: col.date });

export const readCursor = (db: Db, merchantId: number, source: string, lock = false) =>
  maybeOne(
    db,
    Cursor,
    sql`
      SELECT position, ran_at FROM agent_rollup_cursors WHERE merchant_id = ${merchantId} AND source = ${source}
      ${lock ? sql`FOR UPDATE` : sql``}`,
  );

export const writeCursor = (db: Db, merchantId: number, source: string, position: number, ranAt: Date) =>
  run(
    db,
    sql`
    INSERT INTO agent_rollup_cursors (merchant_id, source, position, ran_at)
    VALUES (${merchantId}, ${source}, ${position}, ${ranAt.toISOString()}::timestamptz)
    ON CONFLICT (merchant_id, source) DO UPDATE SET position = excluded.position, ran_at = excluded.ran_at`,
  );

/** Adds deposits and withdrawals (from the wallet's ledger report) to each member's day. */
export const addMoneyDays = async (
  db: Db,
  days: readonly { ownerId: number; day: string; deposit: bigint; withdrawal: bigint }[],
) => {
  if (!days.length) return;
  const list = (values: readonly (number | string | bigint)[]) => `{${values.join(',')}}`;
  await run(
    db,
    sql`
    INSERT INTO member_daily_stats AS s (member_id, day, merchant_id, tree_path, upline_id, deposit, withdrawal, updated_at)
    SELECT a.member_id, a.day, m.merchant_id, m.tree_path, m.upline_id, a.deposit, a.withdrawal, now()
      FROM unnest(${list(days.map((d) => d.ownerId))}::int[], ${list(days.map((d) => d.day))}::date[],
                  ${list(days.map((d) => d.deposit))}::bigint[], ${list(days.map((d) => d.withdrawal))}::bigint[])
           AS a(member_id, day, deposit, withdrawal)
      JOIN members m ON m.id = a.member_id
    ON CONFLICT (member_id, day) DO UPDATE
       SET deposit = s.deposit + excluded.deposit, withdrawal = s.withdrawal + excluded.withdrawal, updated_at = now()`,
  );
};

export interface StatsTotals {
  active: number;
  rounds: number;
  bet: bigint;
  validBet: bigint;
  win: bigint;
  deposit: bigint;
  withdrawal: bigint;
}

const sums = {
  rounds: col.count,
  bet: col.sum,
  validBet: col.sum,
  win: col.sum,
  deposit: col.sum,
  withdrawal: col.sum,
};
const totals = { active: col.count, ...sums };
const Sums = row(sums);
const TeamAndDirect = row({
  ...totals,
  dActive: col.count,
  dRounds: col.count,
  dBet: col.sum,
  dValidBet: col.sum,
  dWin: col.sum,
  dDeposit: col.sum,
  dWithdrawal: col.sum,
});

/**
 * The whole team's and the direct downlines' totals over local days in one pass (an index-only
 * scan of member_daily_stats_team_cover: the direct downlines are part of the team).
 */
export const teamAndDirectTotals = async (
  db: Db,
  q: { merchantId: number; agentId: number; prefix: string; fromDay: string; toDay: string },
): Promise<{ team: StatsTotals; direct: StatsTotals }> => {
  const d = sql`upline_id = ${q.agentId}`;
  // One row per member and day: over a single day, counting rows counts members.
  const members = q.fromDay === q.toDay ? sql`count(*)` : sql`count(DISTINCT member_id)`;
  const r = await one(
    db,
    TeamAndDirect,
    sql`
      SELECT ${members} FILTER (WHERE valid_bet > 0) AS active, sum(rounds) AS rounds, sum(bet) AS bet,
             sum(valid_bet) AS valid_bet, sum(win) AS win, sum(deposit) AS deposit, sum(withdrawal) AS withdrawal,
             ${members} FILTER (WHERE valid_bet > 0 AND ${d}) AS d_active, sum(rounds) FILTER (WHERE ${d}) AS d_rounds,
             sum(bet) FILTER (WHERE ${d}) AS d_bet, sum(valid_bet) FILTER (WHERE ${d}) AS d_valid_bet, sum(win) FILTER (WHERE ${d}) AS d_win,
             sum(deposit) FILTER (WHERE ${d}) AS d_deposit, sum(withdrawal) FILTER (WHERE ${d}) AS d_withdrawal
        FROM member_daily_stats
       WHERE merchant_id = ${q.merchantId} AND tree_path LIKE ${`${q.prefix}%`} AND member_id <> ${q.agentId}
         AND day >= ${q.fromDay}::date AND day <= ${q.toDay}::date`,
  );
  return {
    team: {
      active: r.active,
      rounds: r.rounds,
      bet: r.bet,
      validBet: r.validBet,
      win: r.win,
      deposit: r.deposit,
      withdrawal: r.withdrawal,
    },
    direct: {
      active: r.dActive,
      rounds: r.dRounds,
      bet: r.dBet,
      validBet: r.dValidBet,
      win: r.dWin,
      deposit: r.dDeposit,
      withdrawal: r.dWithdrawal,
    },
  };
};

const MemberTotals = row({ memberId: col.int, ...totals });

/** Per-member totals over local days for a page of members (downline rows). */
export const memberTotals = async (db: Db, memberIds: readonly number[], fromDay: string, toDay: string) => {
  if (!memberIds.length) return new Map<number, StatsTotals>();
  const rows = await many(
    db,
    MemberTotals,
    sql`
      SELECT member_id, count(*) FILTER (WHERE valid_bet > 0) AS active, sum(rounds) AS rounds, sum(bet) AS bet,
             sum(valid_bet) AS valid_bet, sum(win) AS win, sum(deposit) AS deposit, sum(withdrawal) AS withdrawal
        FROM member_daily_stats
       WHERE member_id = ANY(${`{${memberIds.join(',')}}`}::int[]) AND day >= ${fromDay}::date AND day <= ${toDay}::date
       GROUP BY member_id`,
  );
  return new Map<number, StatsTotals>(rows.map(({ memberId, ...t }) => [memberId, t]));
};

const Statement = row({ memberId: col.int, ...sums, total: col.count });
const Count = row({ n: col.count });

/** One row per member with activity in the period (user loss / P&L statements), paged, biggest loss first. */
export const memberStatements = async (
  db: Db,
  q: {
    merchantId: number;
    agentId: number;
    prefix: string;
    direct: boolean;
    memberId?: number | undefined;
    fromDay: string;
    toDay: string;
    limit: number;
    offset: number;
  },
) => {
  const scope = q.memberId
    ? sql`s.member_id = ${q.memberId}`
    : q.direct
      ? sql`s.upline_id = ${q.agentId}`
      : sql`s.merchant_id = ${q.merchantId} AND s.tree_path LIKE ${`${q.prefix}%`} AND s.member_id <> ${q.agentId}`;
  const where = sql`${scope} AND s.day >= ${q.fromDay}::date AND s.day <= ${q.toDay}::date`;
  const [rows, overall] = await Promise.all([
    many(
      db,
      Statement,
      sql`
      SELECT s.member_id, sum(s.rounds) AS rounds, sum(s.bet) AS bet, sum(s.valid_bet) AS valid_bet, sum(s.win) AS win,
             sum(s.deposit) AS deposit, sum(s.withdrawal) AS withdrawal, count(*) OVER () AS total
        FROM member_daily_stats s WHERE ${where}
       GROUP BY s.member_id
       ORDER BY sum(s.win) - sum(s.bet), s.member_id
       LIMIT ${q.limit} OFFSET ${q.offset}`,
    ),
    one(
      db,
      Sums,
      sql`
      SELECT sum(s.rounds) AS rounds, sum(s.bet) AS bet, sum(s.valid_bet) AS valid_bet, sum(s.win) AS win,
             sum(s.deposit) AS deposit, sum(s.withdrawal) AS withdrawal
        FROM member_daily_stats s WHERE ${where}`,
    ),
  ]);
  const total = rows.length
    ? rows[0]!.total
    : q.offset > 0
      ? (await one(db, Count, sql`SELECT count(DISTINCT s.member_id) AS n FROM member_daily_stats s WHERE ${where}`)).n
      : 0;
  return {
    rows: rows.map(({ total: _, ...r }) => r),
    total,
    totals: overall,
  };
};

const TrendDay = row({ day: col.text, validBet: col.sum, active: col.count, profitLoss: col.sum });

/** The whole team's figures per local day (an index range scan of member_daily_stats_team_cover). */
export const teamTrend = (
  db: Db,
  q: { merchantId: number; agentId: number; prefix: string; fromDay: string; toDay: string },
) =>
  many(
    db,
    TrendDay,
    sql`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(valid_bet) AS valid_bet, count(*) FILTER (WHERE valid_bet > 0) AS active,
             sum(win - bet) AS profit_loss
        FROM member_daily_stats
       WHERE merchant_id = ${q.merchantId} AND tree_path LIKE ${`${q.prefix}%`} AND member_id <> ${q.agentId}
         AND day >= ${q.fromDay}::date AND day <= ${q.toDay}::date
       GROUP BY day
       ORDER BY day`,
  );
