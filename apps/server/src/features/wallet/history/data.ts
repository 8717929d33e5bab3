import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { col, many, maybeOne, one, row, type RowOf } from '../../../db/rows.ts';

export interface HistoryFilter {
  accountId: number;
  /** null: every kind; otherwise these kinds, or every kind but these when `exclude`. */
  kinds: readonly string[] | null;
  exclude: boolean;
  start: string;
  end: string;
  timezone: string;
  limit: number;
  offset: number;
}

const historyColumns = {
  id: col.int,
  transactionId: col.int,
  kind: col.text,
  amount: col.bigint,
  balanceAfter: col.bigint,
  createdAt: col.date,
  reference: col.text.nullable(),
  gameType: col.text.nullable(),
};
const HistoryEntry = row(historyColumns);
export type HistoryRow = RowOf<typeof historyColumns>;
const Count = row({ n: col.count });

const kindsArray = (kinds: readonly string[]) => `{${kinds.map((k) => `"${k}"`).join(',')}}`;

const historyWhere = (f: HistoryFilter) => sql`
  p.account_id = ${f.accountId}
  AND p.created_at >= (${f.start}::date::timestamp AT TIME ZONE ${f.timezone})
  AND p.created_at < ((${f.end}::date + 1)::timestamp AT TIME ZONE ${f.timezone})
  ${f.kinds === null ? sql`` : f.exclude ? sql`AND NOT (t.kind = ANY(${kindsArray(f.kinds)}::text[]))` : sql`AND t.kind = ANY(${kindsArray(f.kinds)}::text[])`}`;

/** One page of an account's postings, newest first, with their transactions. */
export const history = async (db: Db, f: HistoryFilter) => {
  const [rows, count] = await Promise.all([
    many(
      db,
      HistoryEntry,
      sql`
      SELECT p.id, p.transaction_id, t.kind, p.amount, p.balance_after, p.created_at, t.reference, t.game_type
        FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
       WHERE ${historyWhere(f)}
       ORDER BY p.id DESC LIMIT ${f.limit} OFFSET ${f.offset}`,
    ),
    one(
      db,
      Count,
      sql`
      SELECT count(*) AS n FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
       WHERE ${historyWhere(f)}`,
    ),
  ]);
  return { rows, total: count.n };
};

const Detail = row({
  ...historyColumns,
  gameRef: col.text.nullable(),
  meta: col.json.transform((v) => (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>),
  counterparty: col.text.nullable(),
  rolledBack: col.bool,
});

/** A transaction seen from one account: null unless it moved that account. */
export const detail = (db: Db, accountId: number, transactionId: number) =>
  maybeOne(
    db,
    Detail,
    sql`
      SELECT p.id, p.transaction_id, t.kind, p.amount, p.balance_after, p.created_at, t.reference,
             t.game_type, t.game_ref, t.meta,
             (SELECT m.username FROM ledger_postings o
                JOIN ledger_accounts a ON a.id = o.account_id
                JOIN members m ON m.id = a.owner_id
               WHERE o.transaction_id = t.id AND o.account_id <> p.account_id AND a.owner_id IS NOT NULL
               LIMIT 1) AS counterparty,
             (t.kind = 'bet' AND EXISTS (
                SELECT 1 FROM ledger_transactions r
                 WHERE r.merchant_id = t.merchant_id AND r.kind = 'rollback' AND r.target_key = t.idempotency_key
                   AND r.meta->>'outcome' = 'reversed')) AS rolled_back
        FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
       WHERE p.account_id = ${accountId} AND p.transaction_id = ${transactionId}
       LIMIT 1`,
  );

const ProfitEntry = row({ day: col.text, kind: col.text, gameType: col.text, amount: col.sum });

/** Sums of an account's movements per local day, kind and game type. */
export const profit = (
  db: Db,
  f: { accountId: number; start: string; end: string; timezone: string; kinds: readonly string[] },
) =>
  many(
    db,
    ProfitEntry,
    sql`
      SELECT to_char((p.created_at AT TIME ZONE ${f.timezone})::date, 'YYYY-MM-DD') AS day, t.kind,
             coalesce(t.game_type, '') AS game_type, sum(p.amount) AS amount
        FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
       WHERE p.account_id = ${f.accountId}
         AND p.created_at >= (${f.start}::date::timestamp AT TIME ZONE ${f.timezone})
         AND p.created_at < ((${f.end}::date + 1)::timestamp AT TIME ZONE ${f.timezone})
         AND t.kind = ANY(${kindsArray(f.kinds)}::text[])
       GROUP BY 1, 2, 3`,
  );
