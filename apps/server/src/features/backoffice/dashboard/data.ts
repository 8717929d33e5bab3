import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { col, many, maybeOne, one, row } from '../../../db/rows.ts';
import { addDays } from './period.ts';

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

const PlaySlice = row({
  by: col.text,
  key: col.text,
  vendor: col.text,
  gameType: col.text,
  rounds: col.count,
  turnover: col.sum,
  ggr: col.sum,
  rolledTo: col.text.nullable(),
});

const RolledTo = row({ day: col.text.nullable() });
const rolledToOf = (q: { merchantId: number; timezone: string }) =>
  sql`SELECT (SELECT to_char(play_rolled_to, 'YYYY-MM-DD') FROM dashboard_state
               WHERE merchant_id = ${q.merchantId} AND timezone = ${q.timezone}) AS day`;

/**
 * The same slices as `roundSlices`, all three in one statement, from the daily roll-up (decision
 * 088): the days rolled up (dashboard_play_days, every member's) less the left-out members' rounds
 * of those days, plus the rounds of the days after them (today) read live. With no roll-up (or one
 * in another time zone) everything is live. The last rolled-up day is read first and given to the
 * statement as a value (so the live part is an index range of today's rounds, not the period's);
 * the statement reads it again and the read is repeated if the job moved it in between.
 */
export const playSlices = async (
  db: Db,
  q: Period & { leaveOut: readonly number[]; sliceLimit: number; topLimit: number },
) => {
  for (let attempt = 0; ; attempt++) {
    const rolledTo = (await maybeOne(db, RolledTo, rolledToOf(q)))?.day ?? null;
    const rows = await playSlicesAt(db, q, rolledTo);
    const seen = rows.length ? rows[0]!.rolledTo : ((await maybeOne(db, RolledTo, rolledToOf(q)))?.day ?? null);
    if (seen === rolledTo || attempt >= 2) {
      const of = (by: string) => rows.filter((r) => r.by === by).map(({ by: _, rolledTo: __, ...r }) => r);
      return { byGameType: of('gameType'), byVendor: of('vendor'), topGames: of('game') };
    }
  }
};

const playSlicesAt = (
  db: Db,
  q: Period & { leaveOut: readonly number[]; sliceLimit: number; topLimit: number },
  rolledTo: string | null,
) => {
  const ids = `{${q.leaveOut.join(',')}}`;
  const tz = q.timezone;
  const start = (day: string) => sql`(${day}::date)::timestamp AT TIME ZONE ${tz}`;
  // Rolled-up days: [from, rolledEnd]; live days: [liveFrom, to].
  const rolledEnd = rolledTo !== null && rolledTo >= q.from ? (rolledTo < q.to ? rolledTo : q.to) : null;
  const liveFrom = rolledTo !== null && addDays(rolledTo, 1) > q.from ? addDays(rolledTo, 1) : q.from;
  const parts: SQL[] = [];
  if (rolledEnd !== null) {
    parts.push(sql`
      SELECT d.vendor, d.game_type, d.game_code, d.rounds::bigint AS rounds, d.turnover, d.ggr
        FROM dashboard_play_days d
       WHERE d.merchant_id = ${q.merchantId} AND d.day BETWEEN ${q.from}::date AND ${rolledEnd}::date`);
    if (q.leaveOut.length) {
      parts.push(sql`
      SELECT r.vassalage, r.game_type, r.game_code, -count(*), -sum(r.bet_total - r.refund_total),
             -sum(r.bet_total - r.refund_total - r.win_total)
        FROM game_rounds r
       WHERE r.member_id = ANY(${ids}::int[]) AND r.merchant_id = ${q.merchantId} AND r.status <> 'refunded'
         AND r.started_at >= ${start(q.from)} AND r.started_at < ${start(addDays(rolledEnd, 1))}
       GROUP BY 1, 2, 3`);
    }
  }
  if (liveFrom <= q.to) {
    parts.push(sql`
      SELECT r.vassalage, r.game_type, r.game_code, count(*), sum(r.bet_total - r.refund_total),
             sum(r.bet_total - r.refund_total - r.win_total)
        FROM game_rounds r
       WHERE r.merchant_id = ${q.merchantId} AND r.status <> 'refunded'
         AND r.started_at >= ${start(liveFrom)} AND r.started_at < ${start(addDays(q.to, 1))}
         ${q.leaveOut.length ? sql`AND r.member_id <> ALL(${ids}::int[])` : sql``}
       GROUP BY 1, 2, 3`);
  }
  if (!parts.length) return Promise.resolve([]);
  return many(
    db,
    PlaySlice,
    sql`
    WITH parts (vendor, game_type, game_code, rounds, turnover, ggr) AS (${sql.join(parts, sql` UNION ALL `)}
    ), g AS (
      SELECT GROUPING(game_type, vendor, game_code) AS g,
             CASE GROUPING(game_type, vendor, game_code) WHEN 3 THEN game_type WHEN 5 THEN vendor ELSE game_code END AS key,
             min(vendor) AS min_vendor, min(game_type) AS min_type,
             sum(rounds) AS rounds, sum(turnover) AS turnover, sum(ggr) AS ggr
        FROM parts
       GROUP BY GROUPING SETS ((game_type), (vendor), (game_code))
      HAVING sum(rounds) > 0
    )
    SELECT CASE g WHEN 3 THEN 'gameType' WHEN 5 THEN 'vendor' ELSE 'game' END AS by, key,
           CASE WHEN g = 6 THEN min_vendor ELSE '' END AS vendor, CASE WHEN g = 6 THEN min_type ELSE '' END AS game_type,
           rounds, turnover, ggr, (${rolledToOf(q)}) AS rolled_to
      FROM (SELECT g.*, row_number() OVER (PARTITION BY g.g ORDER BY g.turnover DESC, g.key) AS rank FROM g) x
     WHERE rank <= CASE WHEN g = 6 THEN ${q.topLimit}::int ELSE ${q.sliceLimit}::int END
     ORDER BY g, rank`,
  );
};

/** The ids of a brand's test accounts (a partial index holds them), left out of every figure. */
export const testAccountIds = async (db: Db, merchantId: number) =>
  (await many(db, row({ id: col.int }), sql`${testAccounts(merchantId)} ORDER BY id`)).map((r) => r.id);

const DayCount = row({ day: col.text, n: col.count });

/**
 * New accounts per local day (trial accounts, type 4, are not registrations): the days rolled up
 * (decision 088) less the test accounts registered on them, and the days after them live.
 */
export const registrationsByDay = async (db: Db, q: Period) => {
  const rolledTo = (await maybeOne(db, RolledTo, rolledToOf(q)))?.day ?? null;
  const rolledEnd = rolledTo !== null && rolledTo >= q.from ? (rolledTo < q.to ? rolledTo : q.to) : null;
  const liveFrom = rolledTo !== null && addDays(rolledTo, 1) > q.from ? addDays(rolledTo, 1) : q.from;
  const parts: SQL[] = [];
  if (rolledEnd !== null) {
    const rolled = { ...q, to: rolledEnd };
    parts.push(sql`
      SELECT to_char(s.day, 'YYYY-MM-DD') AS day, s.registrations::bigint AS n FROM dashboard_signup_days s
       WHERE s.merchant_id = ${q.merchantId} AND s.day BETWEEN ${q.from}::date AND ${rolledEnd}::date`);
    parts.push(sql`
      SELECT ${dayOf(sql`m.created_at`, q)} AS day, -count(*) AS n FROM members m
       WHERE m.merchant_id = ${q.merchantId} AND m.test_account AND m.type <> 4 AND ${inPeriod(sql`m.created_at`, rolled)}
       GROUP BY 1`);
  }
  if (liveFrom <= q.to) {
    parts.push(sql`
      SELECT ${dayOf(sql`m.created_at`, q)} AS day, count(*) AS n FROM members m
       WHERE m.merchant_id = ${q.merchantId} AND m.type <> 4 AND NOT m.test_account
         AND ${inPeriod(sql`m.created_at`, { ...q, from: liveFrom })}
       GROUP BY 1`);
  }
  return many(
    db,
    DayCount,
    sql`SELECT day, sum(n) AS n FROM (${sql.join(parts, sql` UNION ALL `)}) x GROUP BY day HAVING sum(n) <> 0`,
  );
};

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
