import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { col, many, one, row } from '../../../db/rows.ts';

/**
 * The dashboard's figures that are not money movements (decision 069): rounds by game type, vendor
 * and game; registrations and first deposits per local day; the desks' queues. The money itself is
 * read through the wallet's reports, never here.
 */

export interface Period {
  merchantId: number;
  timezone: string;
  /** First and last local day, yyyy-MM-dd. */
  from: string;
  to: string;
}

const inPeriod = (column: SQL, q: Period) =>
  sql`${column} >= (${q.from}::date)::timestamp AT TIME ZONE ${q.timezone}
      AND ${column} < (${q.to}::date + 1)::timestamp AT TIME ZONE ${q.timezone}`;
const dayOf = (column: SQL, q: Period) => sql`to_char((${column} AT TIME ZONE ${q.timezone})::date, 'YYYY-MM-DD')`;

/** The brand's test accounts, a subquery of member ids: left out of every figure (decision 084). */
export const testAccounts = (merchantId: number) =>
  sql`SELECT id FROM members WHERE merchant_id = ${merchantId} AND test_account`;
const notTest = (column: SQL, q: Period) => sql`${column} NOT IN (${testAccounts(q.merchantId)})`;

const Slice = row({
  key: col.text,
  vendor: col.text,
  gameType: col.text,
  rounds: col.count,
  turnover: col.sum,
  ggr: col.sum,
});
export type SliceRow = ReturnType<typeof Slice.parse>;

/**
 * Rounds started in the period, not refunded, grouped by game type, vendor or game (the top ones by
 * turnover). Turnover is the stake net of refunds; GGR the stake less the wins.
 */
export const roundSlices = (db: Db, q: Period, by: 'gameType' | 'vendor' | 'game', limit: number) => {
  const key = by === 'gameType' ? sql`r.game_type` : by === 'vendor' ? sql`r.vassalage` : sql`r.game_code`;
  const extra =
    by === 'game' ? sql`min(r.vassalage) AS vendor, min(r.game_type) AS game_type` : sql`'' AS vendor, '' AS game_type`;
  return many(
    db,
    Slice,
    sql`
      SELECT ${key} AS key, ${extra}, count(*) AS rounds, sum(r.bet_total - r.refund_total) AS turnover,
             sum(r.bet_total - r.refund_total - r.win_total) AS ggr
        FROM game_rounds r
       WHERE r.merchant_id = ${q.merchantId} AND r.status <> 'refunded' AND ${inPeriod(sql`r.started_at`, q)}
         AND ${notTest(sql`r.member_id`, q)}
       GROUP BY 1
       ORDER BY turnover DESC, key
       LIMIT ${limit}`,
  );
};

const DayCount = row({ day: col.text, n: col.count });

/** New accounts per local day (trial accounts, type 4, are not registrations). */
export const registrationsByDay = (db: Db, q: Period) =>
  many(
    db,
    DayCount,
    sql`
      SELECT ${dayOf(sql`m.created_at`, q)} AS day, count(*) AS n
        FROM members m
       WHERE m.merchant_id = ${q.merchantId} AND m.type <> 4 AND NOT m.test_account AND ${inPeriod(sql`m.created_at`, q)}
       GROUP BY 1`,
  );

/** Members whose first credited deposit ever was credited on each local day. */
export const firstDepositsByDay = (db: Db, q: Period) =>
  many(
    db,
    DayCount,
    sql`
      SELECT ${dayOf(sql`d.decided_at`, q)} AS day, count(*) AS n
        FROM deposits d
       WHERE d.merchant_id = ${q.merchantId} AND d.status = 'credited' AND ${inPeriod(sql`d.decided_at`, q)}
         AND ${notTest(sql`d.member_id`, q)}
         AND NOT EXISTS (SELECT 1 FROM deposits e
                          WHERE e.member_id = d.member_id AND e.id < d.id AND e.status = 'credited')
       GROUP BY 1`,
  );

const Pending = row({ deposits: col.count, withdrawals: col.count, cases: col.count });

/** What waits on the desks now: deposits to review, withdrawals to approve or pay, open receipt cases. */
export const pendingQueues = (db: Db, merchantId: number) =>
  one(
    db,
    Pending,
    sql`
      SELECT (SELECT count(*) FROM deposits WHERE merchant_id = ${merchantId} AND status = 'pending') AS deposits,
             (SELECT count(*) FROM withdrawals WHERE merchant_id = ${merchantId} AND status IN ('pending', 'approved')) AS withdrawals,
             (SELECT count(*) FROM withdrawals WHERE merchant_id = ${merchantId} AND case_status = 'open') AS cases`,
  );
