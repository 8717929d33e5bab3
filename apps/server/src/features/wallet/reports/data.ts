import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { col, many, one, row } from '../../../db/rows.ts';

/**
 * Read-only reports over the ledger for other features (the agent centre's team figures and
 * transaction pages). The wallet service stays the only writer; these queries only read, and
 * callers say whose wallets, which period and which kinds through the parameters.
 */

/** Ledger kinds as LIKE patterns ('deposit', 'withdraw%'); `exclude` turns the match around. */
export interface KindMatch {
  like: readonly string[];
  exclude?: boolean;
}

const kindIs = (m: KindMatch): SQL => {
  const any = sql.join(
    m.like.map((p) => sql`t.kind LIKE ${p}`),
    sql` OR `,
  );
  return m.exclude ? sql`NOT (${any})` : sql`(${any})`;
};

const LastSafe = row({ id: col.int, recent: col.bool });

/**
 * The ids after `afterId` (up to `batch`) of a brand's ledger transactions, with whether each is
 * younger than `before`.
 */
export const transactionsAfter = (db: Db, q: { merchantId: number; afterId: number; before: Date; batch: number }) =>
  many(
    db,
    LastSafe,
    sql`
      SELECT id, created_at >= ${q.before.toISOString()}::timestamptz AS recent FROM ledger_transactions
       WHERE id > ${q.afterId} AND merchant_id = ${q.merchantId} ORDER BY id LIMIT ${q.batch}`,
  );

const OwnerDay = row({ ownerId: col.int, day: col.text, deposit: col.sum, withdrawal: col.sum });

/**
 * Per wallet owner and local day, what moved into its wallets by deposit kinds and (as a positive
 * figure) out of them by withdrawal kinds, over transactions (afterId, uptoId].
 */
export const depositsAndWithdrawalsByDay = (
  db: Db,
  q: {
    merchantId: number;
    afterId: number;
    uptoId: number;
    timezone: string;
    deposits: KindMatch;
    withdrawals: KindMatch;
  },
) =>
  many(
    db,
    OwnerDay,
    sql`
      SELECT la.owner_id, to_char((t.created_at AT TIME ZONE ${q.timezone})::date, 'YYYY-MM-DD') AS day,
             sum(CASE WHEN ${kindIs(q.deposits)} THEN p.amount ELSE 0 END) AS deposit,
             sum(CASE WHEN ${kindIs(q.withdrawals)} THEN -p.amount ELSE 0 END) AS withdrawal
        FROM ledger_transactions t
        JOIN ledger_postings p ON p.transaction_id = t.id
        JOIN ledger_accounts la ON la.id = p.account_id AND la.owner_id IS NOT NULL
       WHERE t.merchant_id = ${q.merchantId} AND t.id > ${q.afterId} AND t.id <= ${q.uptoId}
         AND (${kindIs(q.deposits)} OR ${kindIs(q.withdrawals)})
       GROUP BY 1, 2`,
  );

export interface OwnerPostingsFilter {
  merchantId: number;
  /** A subquery answering the wallet owners (member ids) to report on, in one column. */
  owners: SQL;
  kinds?: KindMatch | undefined;
  start: Date;
  end: Date;
  limit: number;
  offset: number;
}

const Posting = row({
  id: col.int,
  ownerId: col.int,
  kind: col.text,
  amount: col.bigint,
  balanceAfter: col.bigint,
  reference: col.text.nullable(),
  createdAt: col.date,
});
const Count = row({ n: col.count });

const ownerPostingsFrom = (f: OwnerPostingsFilter) => sql`
  FROM ledger_accounts la
  JOIN ledger_postings p ON p.account_id = la.id
  JOIN ledger_transactions t ON t.id = p.transaction_id
 WHERE la.merchant_id = ${f.merchantId} AND la.owner_id IN (${f.owners})
   AND p.created_at >= ${f.start.toISOString()}::timestamptz AND p.created_at < ${f.end.toISOString()}::timestamptz
   ${f.kinds ? sql`AND ${kindIs(f.kinds)}` : sql``}`;

/** A page of the postings on the owners' wallets, newest first, and how many there are. */
export const ownerPostings = async (db: Db, f: OwnerPostingsFilter) => {
  const from = ownerPostingsFrom(f);
  const [rows, count] = await Promise.all([
    many(
      db,
      Posting,
      sql`SELECT p.id, la.owner_id, t.kind, p.amount, p.balance_after, t.reference, p.created_at ${from}
           ORDER BY p.id DESC LIMIT ${f.limit} OFFSET ${f.offset}`,
    ),
    one(db, Count, sql`SELECT count(*) AS n ${from}`),
  ]);
  return { rows, total: count.n };
};

/** A brand's period of local days [from, to] in its time zone, as a condition on a timestamp column. */
const inLocalDays = (column: SQL, q: { timezone: string; from: string; to: string }) =>
  sql`${column} >= (${q.from}::date)::timestamp AT TIME ZONE ${q.timezone}
      AND ${column} < (${q.to}::date + 1)::timestamp AT TIME ZONE ${q.timezone}`;

const MONEY_SHAPE = {
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
};
const MoneyDay = row({ day: col.text, ...MONEY_SHAPE });
export type MoneyDayRow = ReturnType<typeof MoneyDay.parse>;

/** The back office's money figures over a group of ledger transactions (decision 069). */
const MONEY_COLUMNS = sql`
  sum(p.amount) FILTER (WHERE la.kind = 'house') AS house_net,
  -sum(p.amount) FILTER (WHERE la.owner_id IS NOT NULL AND t.kind = 'bet') AS bets,
  sum(p.amount) FILTER (WHERE la.owner_id IS NOT NULL AND t.kind = 'rollback') AS rollbacks,
  sum(p.amount) FILTER (WHERE la.owner_id IS NOT NULL AND t.kind = 'deposit') AS deposits,
  count(DISTINCT t.id) FILTER (WHERE t.kind = 'deposit') AS deposit_count,
  -sum(p.amount) FILTER (WHERE la.kind = 'pending_withdrawal' AND t.kind = 'withdrawal_payout') AS withdrawals,
  count(DISTINCT t.id) FILTER (WHERE t.kind = 'withdrawal_payout') AS withdrawal_count,
  -sum(p.amount) FILTER (WHERE la.kind = 'bonus') AS bonuses,
  -sum(p.amount) FILTER (WHERE la.kind = 'commission' AND t.kind = 'salary') AS salaries,
  -sum(p.amount) FILTER (WHERE la.kind = 'commission' AND t.kind = 'dividend') AS dividends,
  count(DISTINCT t.member_id) FILTER (WHERE t.kind = 'bet') AS active_players`;

/** Movements of members the caller leaves out (test accounts, decision 084): a subquery of member ids. */
const leftOut = (leaveOut: SQL | undefined) =>
  leaveOut ? sql`AND (t.member_id IS NULL OR t.member_id NOT IN (${leaveOut}))` : sql``;

export interface MoneyQuery {
  merchantId: number;
  timezone: string;
  from: string;
  to: string;
  /** Member ids whose movements are left out (a subquery answering one column). */
  leaveOut?: SQL | undefined;
}

/**
 * The back office's money figures per local day (decision 069), from the postings themselves:
 * - houseNet: what the house accounts gained (bets in, wins and rolled-back bets out): the GGR;
 * - bets and rollbacks: what left and came back to wallets as bets and their rollbacks;
 * - deposits: credited to wallets; withdrawals: paid out of pending withdrawals;
 * - bonuses: paid by the bonus account, net of forfeits; salaries and dividends: paid by the
 *   house's commission account;
 * - activePlayers: distinct members who bet that day.
 * With `total` the figures are the period's totals (active players distinct over the period).
 */
export const moneyByDay = (db: Db, q: MoneyQuery & { total?: boolean }) => {
  const day = q.total
    ? sql`${q.from}::text`
    : sql`to_char((t.created_at AT TIME ZONE ${q.timezone})::date, 'YYYY-MM-DD')`;
  return many(
    db,
    MoneyDay,
    sql`
      SELECT ${day} AS day, ${MONEY_COLUMNS}
        FROM ledger_transactions t
        JOIN ledger_postings p ON p.transaction_id = t.id
        JOIN ledger_accounts la ON la.id = p.account_id
       WHERE t.merchant_id = ${q.merchantId} AND ${inLocalDays(sql`t.created_at`, q)} ${leftOut(q.leaveOut)}
       GROUP BY 1
       ORDER BY 1`,
  );
};

const MoneyGroup = row({ key: col.text, ...MONEY_SHAPE });
export type MoneyGroupRow = ReturnType<typeof MoneyGroup.parse>;

/**
 * The same figures per group of members (decision 084): `groups` is a subquery answering
 * (member_id, key) pairs (a member in several groups counts in each), and only the movements of those
 * members in the period count.
 */
export const moneyByGroup = (db: Db, q: MoneyQuery & { groups: SQL }) =>
  many(
    db,
    MoneyGroup,
    sql`
      SELECT g.key::text AS key, ${MONEY_COLUMNS}
        FROM (${q.groups}) g(member_id, key)
        JOIN ledger_transactions t ON t.member_id = g.member_id
        JOIN ledger_postings p ON p.transaction_id = t.id
        JOIN ledger_accounts la ON la.id = p.account_id
       WHERE t.merchant_id = ${q.merchantId} AND ${inLocalDays(sql`t.created_at`, q)} ${leftOut(q.leaveOut)}
       GROUP BY 1`,
  );

const StatementLine = row({
  id: col.int,
  kind: col.text,
  reference: col.text.nullable(),
  amount: col.bigint,
  balanceAfter: col.bigint,
  createdAt: col.date,
});
const Opening = row({ balance: col.bigint.nullable() });

/**
 * A member's statement (decision 084): every posting on their wallet in the period, in the order
 * the ledger applied them (at most `limit`), with the balance before the first one.
 */
export const memberStatement = async (
  db: Db,
  q: { merchantId: number; memberId: number; timezone: string; from: string; to: string; limit: number },
) => {
  const wallet = sql`SELECT id FROM ledger_accounts WHERE merchant_id = ${q.merchantId} AND owner_id = ${q.memberId}`;
  const [lines, opening] = await Promise.all([
    many(
      db,
      StatementLine,
      sql`SELECT p.id, t.kind, t.reference, p.amount, p.balance_after, p.created_at
            FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
           WHERE p.account_id IN (${wallet}) AND ${inLocalDays(sql`p.created_at`, q)}
           ORDER BY p.id LIMIT ${q.limit}`,
    ),
    one(
      db,
      Opening,
      sql`SELECT (SELECT p.balance_after FROM ledger_postings p
                   WHERE p.account_id IN (${wallet})
                     AND p.created_at < (${q.from}::date)::timestamp AT TIME ZONE ${q.timezone}
                   ORDER BY p.id DESC LIMIT 1) AS balance`,
    ),
  ]);
  return { lines, opening: opening.balance ?? 0n };
};

const Bonus = row({ id: col.int, kind: col.text, amount: col.bigint, createdAt: col.date });

/** A member's latest bonus movements (promotions, points for cash, forfeits): the bonus account's other side. */
export const memberBonuses = (db: Db, q: { merchantId: number; memberId: number; limit: number }) =>
  many(
    db,
    Bonus,
    sql`
      SELECT p.id, t.kind, p.amount, p.created_at
        FROM ledger_accounts la
        JOIN ledger_postings p ON p.account_id = la.id
        JOIN ledger_transactions t ON t.id = p.transaction_id
       WHERE la.merchant_id = ${q.merchantId} AND la.owner_id = ${q.memberId}
         AND EXISTS (SELECT 1 FROM ledger_postings b JOIN ledger_accounts ba ON ba.id = b.account_id
                      WHERE b.transaction_id = t.id AND ba.kind = 'bonus')
       ORDER BY p.id DESC LIMIT ${q.limit}`,
  );
