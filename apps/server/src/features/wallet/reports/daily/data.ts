import { sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.ts';
import { col, many, maybeOne, row, run } from '../../../../db/rows.ts';

/**
 * The back office's money figures rolled up per local day (decision 088), written and read here
 * because they come from the ledger, which only the wallet reads.
 *
 * The ledger is append-only, so the figures only grow: the `backoffice.rollup` job adds each
 * transaction once, when the brand's cursor (`dashboard_state.ledger_upto`) passes its id, to its
 * local day (whatever the day: a movement committed late for a closed day lands on that day), per
 * member (`dashboard_member_days`), per brand (`dashboard_money_days`) and as a bit in the member's
 * active days (`dashboard_active_members`). A read adds what lies past the cursor live (a minute or
 * two of movements), so every figure is exact whether the job ran a second or a week ago, and
 * subtracts the test accounts' own rows (decision 084: marking applies to past figures too).
 */

/** Days since this date make the active-day bits: block = n / 64, bit = n % 64. */
const EPOCH = '2000-01-01';
const BITS = 64;

const localDay = (tz: string) => sql`(t.created_at AT TIME ZONE ${tz})::date`;

/** The money figures of a group of postings, as dashboard_member_days holds them. */
const MONEY_SUMS = sql`
  COALESCE(sum(p.amount) FILTER (WHERE la.kind = 'house'), 0) AS house_net,
  COALESCE(-sum(p.amount) FILTER (WHERE la.owner_id IS NOT NULL AND t.kind = 'bet'), 0) AS bets,
  COALESCE(sum(p.amount) FILTER (WHERE la.owner_id IS NOT NULL AND t.kind = 'rollback'), 0) AS rollbacks,
  COALESCE(sum(p.amount) FILTER (WHERE la.owner_id IS NOT NULL AND t.kind = 'deposit'), 0) AS deposits,
  count(DISTINCT t.id) FILTER (WHERE t.kind = 'deposit') AS deposit_count,
  COALESCE(-sum(p.amount) FILTER (WHERE la.kind = 'pending_withdrawal' AND t.kind = 'withdrawal_payout'), 0) AS withdrawals,
  count(DISTINCT t.id) FILTER (WHERE t.kind = 'withdrawal_payout') AS withdrawal_count,
  COALESCE(-sum(p.amount) FILTER (WHERE la.kind = 'bonus'), 0) AS bonuses,
  COALESCE(-sum(p.amount) FILTER (WHERE la.kind = 'commission' AND t.kind = 'salary'), 0) AS salaries,
  COALESCE(-sum(p.amount) FILTER (WHERE la.kind = 'commission' AND t.kind = 'dividend'), 0) AS dividends,
  count(DISTINCT t.id) FILTER (WHERE t.kind = 'bet') AS bet_count`;

const COLUMNS = [
  'house_net',
  'bets',
  'rollbacks',
  'deposits',
  'deposit_count',
  'withdrawals',
  'withdrawal_count',
  'bonuses',
  'salaries',
  'dividends',
] as const;
const list = (f: (c: string) => string, sep = ', ') => sql.raw(COLUMNS.map(f).join(sep));

const TouchedDay = row({ day: col.text });

/**
 * Adds the brand's ledger transactions (afterId, uptoId] to the roll-up, in the caller's
 * transaction, and recounts the active players of the days that gained a bet. Exactly once is the
 * caller's: it moves the cursor to uptoId in the same transaction.
 */
export const addMoney = async (
  db: Db,
  q: { merchantId: number; timezone: string; afterId: number; uptoId: number },
) => {
  const touched = await many(
    db,
    TouchedDay,
    sql`
    WITH w AS MATERIALIZED (
      SELECT ${localDay(q.timezone)} AS day, COALESCE(t.member_id, 0) AS member_id, ${MONEY_SUMS}
        FROM ledger_transactions t
        JOIN ledger_postings p ON p.transaction_id = t.id
        JOIN ledger_accounts la ON la.id = p.account_id
       WHERE t.merchant_id = ${q.merchantId} AND t.id > ${q.afterId} AND t.id <= ${q.uptoId}
       GROUP BY 1, 2
    ), member_days AS (
      INSERT INTO dashboard_member_days AS s (merchant_id, day, member_id, ${list((c) => c)}, bet_count)
      SELECT ${q.merchantId}, day, member_id, ${list((c) => c)}, bet_count FROM w
      ON CONFLICT (merchant_id, day, member_id) DO UPDATE
         SET ${list((c) => `${c} = s.${c} + excluded.${c}`)}, bet_count = s.bet_count + excluded.bet_count
    ), active AS (
      INSERT INTO dashboard_active_members AS s (merchant_id, block, member_id, bits)
      SELECT ${q.merchantId}, n / ${BITS}, member_id, bit_or(1::bigint << (n % ${BITS}))
        FROM (SELECT member_id, day - ${EPOCH}::date AS n FROM w WHERE bet_count > 0 AND member_id > 0) x
       GROUP BY 2, 3
      ON CONFLICT (merchant_id, block, member_id) DO UPDATE SET bits = s.bits | excluded.bits
    ), brand_days AS (
      INSERT INTO dashboard_money_days AS s (merchant_id, day, ${list((c) => c)})
      SELECT ${q.merchantId}, day, ${list((c) => `sum(${c})`)} FROM w GROUP BY day
      ON CONFLICT (merchant_id, day) DO UPDATE SET ${list((c) => `${c} = s.${c} + excluded.${c}`)}
    )
    SELECT DISTINCT to_char(day, 'YYYY-MM-DD') AS day FROM w WHERE bet_count > 0 AND member_id > 0`,
  );
  if (!touched.length) return;
  // A member-day row counts as active once it has a bet; the rows written above are visible now.
  await run(
    db,
    sql`
    UPDATE dashboard_money_days d
       SET active_players = (SELECT count(*) FROM dashboard_member_days m
                              WHERE m.merchant_id = d.merchant_id AND m.day = d.day AND m.bet_count > 0 AND m.member_id > 0)
     WHERE d.merchant_id = ${q.merchantId} AND d.day = ANY(${`{${touched.map((t) => t.day).join(',')}}`}::date[])`,
  );
};

/** Empties a brand's money roll-up (its time zone changed: every local day moves). */
export const clearMoney = async (db: Db, merchantId: number) => {
  for (const table of ['dashboard_member_days', 'dashboard_money_days', 'dashboard_active_members']) {
    await run(db, sql`DELETE FROM ${sql.identifier(table)} WHERE merchant_id = ${merchantId}`);
  }
};

const MoneyDay = row({
  day: col.text,
  houseNet: col.sum,
  bets: col.sum,
  rollbacks: col.sum,
  deposits: col.sum,
  depositCount: col.count,
  withdrawals: col.sum,
  withdrawalCount: col.count,
  bonuses: col.sum,
  salaries: col.sum,
  dividends: col.sum,
  activePlayers: col.count,
  periodActive: col.count,
  /** The cursor when the statement ran (on the last row). */
  atCursor: col.int.nullable(),
});
export type MoneyDaysRow = ReturnType<typeof MoneyDay.parse>;

/** The (block, mask) pairs of local days [from, to]: the bits of the active-days table that fall in them. */
export const blockMasks = (from: string, to: string) => {
  const dayNo = (d: string) =>
    Math.round((Date.parse(`${d}T00:00:00Z`) - Date.parse(`${EPOCH}T00:00:00Z`)) / 86_400_000);
  const masks = new Map<number, bigint>();
  for (let n = dayNo(from); n <= dayNo(to); n++) {
    const block = Math.floor(n / BITS);
    masks.set(block, (masks.get(block) ?? 0n) | (1n << BigInt(n % BITS)));
  }
  return [...masks].map(([block, mask]) => ({ block, mask: BigInt.asIntN(64, mask) }));
};

export interface MoneyDaysQuery {
  merchantId: number;
  timezone: string;
  from: string;
  to: string;
  /** Member ids whose movements are left out (test accounts). */
  leaveOut: readonly number[];
}

/**
 * The money figures per local day of [from, to] and the active players distinct over the range
 * (`periodActive`, on every row; the last row, day 'total', carries only it): the rolled-up days up
 * to the cursor, plus the movements past it read live, less the left-out members' own rolled-up
 * rows. With no roll-up (or one in another time zone) everything is live.
 *
 * The cursor is read first and given to the statement as a value, so the planner reads the live
 * part by the primary key (a minute of ids) rather than the whole period; the statement reads the
 * cursor again and the read is repeated in the rare case the job moved it in between (otherwise the
 * movements in between would count twice).
 */
export const moneyDays = async (db: Db, q: MoneyDaysQuery) => {
  for (let attempt = 0; ; attempt++) {
    const upto = (await maybeOne(db, Cursor, cursorOf(q)))?.upto ?? 0;
    const rows = await moneyDaysAt(db, q, upto);
    if (rows.at(-1)!.atCursor === upto || attempt >= 2) return rows;
  }
};

const Cursor = row({ upto: col.int });
const cursorOf = (q: { merchantId: number; timezone: string }) =>
  sql`SELECT COALESCE((SELECT ledger_upto FROM dashboard_state WHERE merchant_id = ${q.merchantId} AND timezone = ${q.timezone}), 0) AS upto`;

const moneyDaysAt = (db: Db, q: MoneyDaysQuery, upto: number) => {
  const ids = `{${q.leaveOut.join(',')}}`;
  const hasOut = q.leaveOut.length > 0;
  const masks = blockMasks(q.from, q.to);
  const rolled = sql.raw(upto > 0 ? 'true' : 'false');
  const blocks = `{${masks.map((m) => m.block).join(',')}}`;
  // The mask of the period's days in a row's block.
  const maskOf = sql.raw(
    masks.length === 1
      ? `(${masks[0]!.mask})::bigint`
      : `(CASE a.block ${masks.map((m) => `WHEN ${m.block} THEN (${m.mask})::bigint`).join(' ')} END)`,
  );
  const notOut = hasOut ? sql`AND a.member_id <> ALL(${ids}::int[])` : sql``;
  const zero = list((c) => `0 AS ${c}`);
  return many(
    db,
    MoneyDay,
    sql`
    WITH live AS MATERIALIZED (
      SELECT ${localDay(q.timezone)} AS day, t.member_id, ${MONEY_SUMS}
        FROM ledger_transactions t
        JOIN ledger_postings p ON p.transaction_id = t.id
        JOIN ledger_accounts la ON la.id = p.account_id
       WHERE t.merchant_id = ${q.merchantId} AND t.id > ${upto}
         AND t.created_at >= (${q.from}::date)::timestamp AT TIME ZONE ${q.timezone}
         AND t.created_at < (${q.to}::date + 1)::timestamp AT TIME ZONE ${q.timezone}
         ${hasOut ? sql`AND (t.member_id IS NULL OR t.member_id <> ALL(${ids}::int[]))` : sql``}
       GROUP BY 1, 2
    ), parts AS (
      SELECT d.day, ${list((c) => `d.${c}`)}, d.active_players AS active
        FROM dashboard_money_days d
       WHERE d.merchant_id = ${q.merchantId} AND d.day BETWEEN ${q.from}::date AND ${q.to}::date AND ${rolled}
      UNION ALL
      ${
        hasOut
          ? sql`SELECT m.day, ${list((c) => `-m.${c}`)}, -(m.bet_count > 0)::int AS active
        FROM dashboard_member_days m
       WHERE m.member_id = ANY(${ids}::int[]) AND m.merchant_id = ${q.merchantId}
         AND m.day BETWEEN ${q.from}::date AND ${q.to}::date AND ${rolled}
      UNION ALL`
          : sql``
      }
      SELECT l.day, ${list((c) => `l.${c}`)},
             (l.bet_count > 0 AND l.member_id IS NOT NULL AND NOT EXISTS (
                SELECT 1 FROM dashboard_member_days m
                 WHERE m.merchant_id = ${q.merchantId} AND m.day = l.day AND m.member_id = l.member_id
                   AND m.bet_count > 0 AND ${rolled}))::int AS active
        FROM live l
    ), period_active AS (
      -- One row per member and block: within one block the rows are the members (no de-duplication).
      SELECT (SELECT ${masks.length === 1 ? sql`count(*)` : sql`count(DISTINCT a.member_id)`}
                FROM dashboard_active_members a
               WHERE a.merchant_id = ${q.merchantId} AND a.block = ANY(${blocks}::int[]) AND ${rolled}
                 AND a.bits & ${maskOf} <> 0 ${notOut})
           + (SELECT count(DISTINCT l.member_id) FROM live l
               WHERE l.bet_count > 0 AND l.member_id IS NOT NULL
                 AND NOT EXISTS (SELECT 1 FROM dashboard_active_members a
                                  WHERE a.merchant_id = ${q.merchantId} AND a.block = ANY(${blocks}::int[])
                                    AND a.member_id = l.member_id AND a.bits & ${maskOf} <> 0 AND ${rolled})) AS n
    )
    SELECT to_char(p.day, 'YYYY-MM-DD') AS day, ${list((c) => `sum(p.${c}) AS ${c}`)}, sum(p.active) AS active_players,
           (SELECT n FROM period_active) AS period_active, NULL::bigint AS at_cursor
      FROM parts p
     GROUP BY p.day
    UNION ALL
    SELECT 'total', ${zero}, 0, (SELECT n FROM period_active), (${cursorOf(q)})
     ORDER BY 1`,
  );
};
