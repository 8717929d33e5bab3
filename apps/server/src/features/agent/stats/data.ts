import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

/**
 * The read model behind every team figure: member_daily_stats, one row per member and local day,
 * rolled up from closed rounds (re-summed per day, so late and refunded rounds correct themselves)
 * and from the ledger (append-only, counted once past a cursor). Reads sum index range scans on
 * (merchant, tree_path prefix, day) or (upline, day), never the raw rounds.
 *
 * Rounds and the ledger belong to the game-provider and wallet features; this file only reads
 * them, and only here.
 */

export const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? []) as T[];
const big = (v: unknown) => (v === null || v === undefined ? 0n : BigInt(String(v)));

/**
 * What a closed round counts as. Stake: bets minus refunds. A round's valid bet is its stake (the
 * round store has no separate valid-bet figure; all settled stakes count).
 */
export const ROUND_STAKE = sql.raw('(r.bet_total - r.refund_total)');
export const ROUND_VALID_BET = sql.raw('GREATEST(r.bet_total - r.refund_total, 0)');
/** Ledger kinds counted as deposits and (net) withdrawals of a member. */
const DEPOSIT_KINDS = sql.raw(`t.kind = 'deposit'`);
const WITHDRAW_KINDS = sql.raw(`t.kind LIKE 'withdraw%'`);

export interface MerchantZone {
  id: number;
  timezone: string;
  features: { dividendContract: boolean; realtimeSalaryContract: boolean };
}

/**
 * Every brand's time zone and contract switches, read through the caller's connection: jobs run
 * inside a transaction, and on the embedded database a second connection would wait for it.
 */
export const merchantZones = async (db: Db, id?: number): Promise<MerchantZone[]> =>
  rowsOf<{ id: number; timezone: string; features: unknown }>(
    await db.execute(
      sql`SELECT id, timezone, features FROM merchants ${id === undefined ? sql`` : sql`WHERE id = ${id}`} ORDER BY id`,
    ),
  ).map((r) => {
    const f = (typeof r.features === 'string' ? JSON.parse(r.features) : r.features) as Record<string, unknown>;
    return {
      id: Number(r.id),
      timezone: String(r.timezone),
      features: {
        dividendContract: f.dividendContract === true,
        realtimeSalaryContract: f.realtimeSalaryContract === true,
      },
    };
  });

/** Re-sums one local day of closed rounds per member; rows whose rounds vanished drop to zero. */
export const rollupRoundsDay = async (db: Db, q: { merchantId: number; day: string; start: Date; end: Date }) => {
  await db.execute(sql`
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
     WHERE (s.rounds, s.bet, s.valid_bet, s.win) IS DISTINCT FROM (excluded.rounds, excluded.bet, excluded.valid_bet, excluded.win)`);
  await db.execute(sql`
    UPDATE member_daily_stats s SET rounds = 0, bet = 0, valid_bet = 0, win = 0, updated_at = now()
     WHERE s.merchant_id = ${q.merchantId} AND s.day = ${q.day}::date AND s.rounds > 0
       AND NOT EXISTS (SELECT 1 FROM game_rounds r
                        WHERE r.member_id = s.member_id AND r.merchant_id = ${q.merchantId} AND r.status = 'closed'
                          AND r.ended_at >= ${q.start.toISOString()}::timestamptz AND r.ended_at < ${q.end.toISOString()}::timestamptz)`);
};

export const readCursor = async (db: Db, merchantId: number, source: string, lock = false) => {
  const [row] = rowsOf<{ position: string | number; ran_at: string | Date }>(
    await db.execute(sql`
      SELECT position, ran_at FROM agent_rollup_cursors WHERE merchant_id = ${merchantId} AND source = ${source}
      ${lock ? sql`FOR UPDATE` : sql``}`),
  );
  return row ? { position: Number(row.position), ranAt: new Date(row.ran_at) } : null;
};

export const writeCursor = async (db: Db, merchantId: number, source: string, position: number, ranAt: Date) => {
  await db.execute(sql`
    INSERT INTO agent_rollup_cursors (merchant_id, source, position, ran_at)
    VALUES (${merchantId}, ${source}, ${position}, ${ranAt.toISOString()}::timestamptz)
    ON CONFLICT (merchant_id, source) DO UPDATE SET position = excluded.position, ran_at = excluded.ran_at`);
};

/**
 * The last ledger transaction id that is safe to count: ids are given at insert, so a movement
 * may commit after a later id; anything younger than `settleMs` is left for the next run.
 */
export const ledgerSafeUpTo = async (db: Db, merchantId: number, after: number, before: Date, batch: number) => {
  const rows = rowsOf<{ id: string | number; recent: boolean }>(
    await db.execute(sql`
      SELECT id, created_at >= ${before.toISOString()}::timestamptz AS recent FROM ledger_transactions
       WHERE id > ${after} AND merchant_id = ${merchantId} ORDER BY id LIMIT ${batch}`),
  );
  let upto = after;
  for (const r of rows) {
    if (r.recent) break;
    upto = Number(r.id);
  }
  return upto;
};

/** Adds the deposits and withdrawals of ledger transactions (after, upto] to each member's day. */
export const rollupLedger = async (
  db: Db,
  q: { merchantId: number; after: number; upto: number; timezone: string },
) => {
  if (q.upto <= q.after) return;
  await db.execute(sql`
    INSERT INTO member_daily_stats AS s (member_id, day, merchant_id, tree_path, upline_id, deposit, withdrawal, updated_at)
    SELECT a.member_id, a.day, m.merchant_id, m.tree_path, m.upline_id, a.deposit, a.withdrawal, now()
      FROM (SELECT la.owner_id AS member_id, (t.created_at AT TIME ZONE ${q.timezone})::date AS day,
                   sum(CASE WHEN ${DEPOSIT_KINDS} THEN p.amount ELSE 0 END) AS deposit,
                   sum(CASE WHEN ${WITHDRAW_KINDS} THEN -p.amount ELSE 0 END) AS withdrawal
              FROM ledger_transactions t
              JOIN ledger_postings p ON p.transaction_id = t.id
              JOIN ledger_accounts la ON la.id = p.account_id AND la.owner_id IS NOT NULL
             WHERE t.merchant_id = ${q.merchantId} AND t.id > ${q.after} AND t.id <= ${q.upto}
               AND (${DEPOSIT_KINDS} OR ${WITHDRAW_KINDS})
             GROUP BY 1, 2) a
      JOIN members m ON m.id = a.member_id
    ON CONFLICT (member_id, day) DO UPDATE
       SET deposit = s.deposit + excluded.deposit, withdrawal = s.withdrawal + excluded.withdrawal, updated_at = now()`);
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

const totalsOf = (r: Record<string, unknown> | undefined): StatsTotals => ({
  active: Number(r?.active ?? 0),
  rounds: Number(r?.rounds ?? 0),
  bet: big(r?.bet),
  validBet: big(r?.valid_bet),
  win: big(r?.win),
  deposit: big(r?.deposit),
  withdrawal: big(r?.withdrawal),
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
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT ${members} FILTER (WHERE valid_bet > 0) AS active, sum(rounds) AS rounds, sum(bet) AS bet,
             sum(valid_bet) AS valid_bet, sum(win) AS win, sum(deposit) AS deposit, sum(withdrawal) AS withdrawal,
             ${members} FILTER (WHERE valid_bet > 0 AND ${d}) AS d_active, sum(rounds) FILTER (WHERE ${d}) AS d_rounds,
             sum(bet) FILTER (WHERE ${d}) AS d_bet, sum(valid_bet) FILTER (WHERE ${d}) AS d_valid_bet, sum(win) FILTER (WHERE ${d}) AS d_win,
             sum(deposit) FILTER (WHERE ${d}) AS d_deposit, sum(withdrawal) FILTER (WHERE ${d}) AS d_withdrawal
        FROM member_daily_stats
       WHERE merchant_id = ${q.merchantId} AND tree_path LIKE ${`${q.prefix}%`} AND member_id <> ${q.agentId}
         AND day >= ${q.fromDay}::date AND day <= ${q.toDay}::date`),
  );
  const r = row ?? {};
  const direct = Object.fromEntries(
    Object.entries(r)
      .filter(([k]) => k.startsWith('d_'))
      .map(([k, v]) => [k.slice(2), v]),
  );
  return { team: totalsOf(r), direct: totalsOf(direct) };
};

/** Per-member totals over local days for a page of members (downline rows). */
export const memberTotals = async (db: Db, memberIds: readonly number[], fromDay: string, toDay: string) => {
  const out = new Map<number, StatsTotals>();
  if (!memberIds.length) return out;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT member_id, count(*) FILTER (WHERE valid_bet > 0) AS active, sum(rounds) AS rounds, sum(bet) AS bet,
             sum(valid_bet) AS valid_bet, sum(win) AS win, sum(deposit) AS deposit, sum(withdrawal) AS withdrawal
        FROM member_daily_stats
       WHERE member_id = ANY(${`{${memberIds.join(',')}}`}::int[]) AND day >= ${fromDay}::date AND day <= ${toDay}::date
       GROUP BY member_id`),
  );
  for (const r of rows) out.set(Number(r.member_id), totalsOf(r));
  return out;
};

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
  const [rows, totals] = await Promise.all([
    db.execute(sql`
      SELECT s.member_id, sum(s.rounds) AS rounds, sum(s.bet) AS bet, sum(s.valid_bet) AS valid_bet, sum(s.win) AS win,
             sum(s.deposit) AS deposit, sum(s.withdrawal) AS withdrawal, count(*) OVER () AS total
        FROM member_daily_stats s WHERE ${where}
       GROUP BY s.member_id
       ORDER BY sum(s.win) - sum(s.bet), s.member_id
       LIMIT ${q.limit} OFFSET ${q.offset}`),
    db.execute(sql`
      SELECT sum(s.rounds) AS rounds, sum(s.bet) AS bet, sum(s.valid_bet) AS valid_bet, sum(s.win) AS win,
             sum(s.deposit) AS deposit, sum(s.withdrawal) AS withdrawal
        FROM member_daily_stats s WHERE ${where}`),
  ]);
  const list = rowsOf<Record<string, unknown>>(rows);
  const countRows = list.length
    ? Number(list[0]!.total)
    : q.offset > 0
      ? Number(
          rowsOf<{ n: string | number }>(
            await db.execute(sql`SELECT count(DISTINCT s.member_id) AS n FROM member_daily_stats s WHERE ${where}`),
          )[0]?.n ?? 0,
        )
      : 0;
  return {
    rows: list.map((r) => ({ memberId: Number(r.member_id), ...totalsOf(r) })),
    total: countRows,
    totals: totalsOf(rowsOf<Record<string, unknown>>(totals)[0]),
  };
};
