import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rowsOf } from '../data.ts';

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

export interface HistoryRow {
  id: string;
  transaction_id: string;
  kind: string;
  amount: string;
  balance_after: string;
  created_at: Date | string;
  reference: string | null;
  game_type: string | null;
}

const kindsArray = (kinds: readonly string[]) => `{${kinds.map((k) => `"${k}"`).join(',')}}`;

const historyWhere = (f: HistoryFilter) => sql`
  p.account_id = ${f.accountId}
  AND p.created_at >= (${f.start}::date::timestamp AT TIME ZONE ${f.timezone})
  AND p.created_at < ((${f.end}::date + 1)::timestamp AT TIME ZONE ${f.timezone})
  ${f.kinds === null ? sql`` : f.exclude ? sql`AND NOT (t.kind = ANY(${kindsArray(f.kinds)}::text[]))` : sql`AND t.kind = ANY(${kindsArray(f.kinds)}::text[])`}`;

/** One page of an account's postings, newest first, with their transactions. */
export const history = async (db: Db, f: HistoryFilter) => {
  const [rows, count] = await Promise.all([
    db.execute(sql`
      SELECT p.id::text, p.transaction_id::text, t.kind, p.amount::text, p.balance_after::text, p.created_at, t.reference, t.game_type
        FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
       WHERE ${historyWhere(f)}
       ORDER BY p.id DESC LIMIT ${f.limit} OFFSET ${f.offset}`),
    db.execute(sql`
      SELECT count(*)::int AS n FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
       WHERE ${historyWhere(f)}`),
  ]);
  return { rows: rowsOf<HistoryRow>(rows), total: Number(rowsOf<{ n: number }>(count)[0]?.n ?? 0) };
};

export interface DetailRow extends HistoryRow {
  idempotency_key: string;
  game_ref: string | null;
  meta: Record<string, unknown> | string;
  counterparty: string | null;
  rolled_back: boolean;
}

/** A transaction seen from one account: null unless it moved that account. */
export const detail = async (db: Db, accountId: number, transactionId: number): Promise<DetailRow | null> => {
  const [row] = rowsOf<DetailRow>(
    await db.execute(sql`
      SELECT p.id::text, p.transaction_id::text, t.kind, p.amount::text, p.balance_after::text, p.created_at, t.reference,
             t.game_type, t.game_ref, t.meta, t.idempotency_key,
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
       LIMIT 1`),
  );
  return row ?? null;
};

export interface ProfitRow {
  day: string;
  kind: string;
  game_type: string;
  amount: string;
}

/** Sums of an account's movements per local day, kind and game type. */
export const profit = async (
  db: Db,
  f: { accountId: number; start: string; end: string; timezone: string; kinds: readonly string[] },
) =>
  rowsOf<ProfitRow>(
    await db.execute(sql`
      SELECT to_char((p.created_at AT TIME ZONE ${f.timezone})::date, 'YYYY-MM-DD') AS day, t.kind,
             coalesce(t.game_type, '') AS game_type, sum(p.amount)::text AS amount
        FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
       WHERE p.account_id = ${f.accountId}
         AND p.created_at >= (${f.start}::date::timestamp AT TIME ZONE ${f.timezone})
         AND p.created_at < ((${f.end}::date + 1)::timestamp AT TIME ZONE ${f.timezone})
         AND t.kind = ANY(${kindsArray(f.kinds)}::text[])
       GROUP BY 1, 2, 3`),
  );
