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
