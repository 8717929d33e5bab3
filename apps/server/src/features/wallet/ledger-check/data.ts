import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { col, many, one, row } from '../../../db/rows.ts';

/**
 * Recomputes the ledger from its postings and checks every invariant of design.md §4 that a
 * database can show (the eighth, "a refused operation changes nothing", is about what did not
 * happen and is proved by the tests). Used by `npm run ledger:check` and by the ledger tests.
 */
export interface Breach {
  invariant: number;
  what: string;
  sample: unknown[];
}

export interface LedgerReport {
  ok: boolean;
  breaches: Breach[];
  stats: { accounts: number; transactions: number; postings: number; tombstones: number; rollbacks: number };
}

const CHECKS: { invariant: number; what: string; query: SQL }[] = [
  {
    invariant: 1,
    what: 'transactions whose postings do not sum to zero',
    query: sql`SELECT transaction_id AS id, sum(amount)::text AS sum FROM ledger_postings
                GROUP BY transaction_id HAVING sum(amount) <> 0 LIMIT 20`,
  },
  {
    invariant: 1,
    what: 'transactions mixing merchants or currencies',
    query: sql`SELECT p.transaction_id AS id FROM ledger_postings p
                 JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_transactions t ON t.id = p.transaction_id
                GROUP BY p.transaction_id
               HAVING count(DISTINCT a.currency) > 1 OR bool_or(a.merchant_id <> t.merchant_id) LIMIT 20`,
  },
  {
    invariant: 1,
    what: 'postings whose account or transaction does not exist',
    query: sql`SELECT p.id FROM ledger_postings p
                WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = p.account_id)
                   OR NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.id = p.transaction_id)
                LIMIT 20`,
  },
  {
    invariant: 2,
    what: 'accounts whose stored balance differs from the sum of their postings',
    query: sql`SELECT a.id, a.balance::text AS stored, coalesce(s.total, 0)::text AS computed
                 FROM ledger_accounts a
                 LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_postings GROUP BY account_id) s
                   ON s.account_id = a.id
                WHERE a.balance <> coalesce(s.total, 0) LIMIT 20`,
  },
  {
    invariant: 2,
    what: 'postings whose balance_after is not the running sum of their account',
    query: sql`SELECT id, account_id FROM (
                 SELECT id, account_id, balance_after,
                        sum(amount) OVER (PARTITION BY account_id ORDER BY id) AS running
                   FROM ledger_postings) x
                WHERE balance_after <> running LIMIT 20`,
  },
  {
    invariant: 3,
    what: 'member, agent or pending-withdrawal balances below zero',
    query: sql`SELECT id, kind, balance::text AS balance FROM ledger_accounts
                WHERE kind IN ('member', 'agent', 'pending_withdrawal', 'pending_win') AND balance < 0 LIMIT 20`,
  },
  {
    invariant: 3,
    what: 'member or agent postings that left the balance below zero',
    query: sql`SELECT p.id FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
                WHERE a.kind IN ('member', 'agent', 'pending_withdrawal', 'pending_win') AND p.balance_after < 0 LIMIT 20`,
  },
  {
    invariant: 4,
    what: 'idempotency keys applied more than once',
    query: sql`SELECT merchant_id, idempotency_key FROM ledger_transactions
                GROUP BY merchant_id, idempotency_key HAVING count(*) > 1 LIMIT 20`,
  },
  {
    invariant: 5,
    what: 'debits rolled back more than once',
    query: sql`SELECT merchant_id, target_key FROM ledger_transactions WHERE kind = 'rollback'
                GROUP BY merchant_id, target_key HAVING count(*) > 1 LIMIT 20`,
  },
  {
    invariant: 5,
    what: 'reversing rollbacks that do not exactly negate their debit',
    query: sql`SELECT r.id FROM ledger_transactions r
                 JOIN ledger_transactions d ON d.merchant_id = r.merchant_id AND d.idempotency_key = r.target_key
                WHERE r.kind = 'rollback' AND r.meta->>'outcome' = 'reversed'
                  AND (d.kind NOT IN ('bet')
                       OR EXISTS (
                         (SELECT account_id, -amount FROM ledger_postings WHERE transaction_id = d.id
                          EXCEPT ALL SELECT account_id, amount FROM ledger_postings WHERE transaction_id = r.id)
                         UNION ALL
                         (SELECT account_id, amount FROM ledger_postings WHERE transaction_id = r.id
                          EXCEPT ALL SELECT account_id, -amount FROM ledger_postings WHERE transaction_id = d.id)))
                LIMIT 20`,
  },
  {
    invariant: 5,
    what: 'tombstones with postings or without the rollback that left them',
    query: sql`SELECT t.id FROM ledger_transactions t
                WHERE t.kind = 'tombstone'
                  AND (EXISTS (SELECT 1 FROM ledger_postings p WHERE p.transaction_id = t.id)
                       OR NOT EXISTS (SELECT 1 FROM ledger_transactions r WHERE r.merchant_id = t.merchant_id
                                         AND r.kind = 'rollback' AND r.target_key = t.idempotency_key
                                         AND r.meta->>'outcome' = 'tombstone'))
                LIMIT 20`,
  },
  {
    invariant: 5,
    what: 'rollbacks whose debit is missing',
    query: sql`SELECT r.id FROM ledger_transactions r
                WHERE r.kind = 'rollback' AND NOT EXISTS (
                  SELECT 1 FROM ledger_transactions d WHERE d.merchant_id = r.merchant_id AND d.idempotency_key = r.target_key)
                LIMIT 20`,
  },
  {
    invariant: 6,
    what: 'movements with fewer than two legs (half applied)',
    query: sql`SELECT t.id, t.kind FROM ledger_transactions t
                WHERE t.kind <> 'tombstone' AND NOT (t.kind = 'rollback' AND t.meta->>'outcome' = 'tombstone')
                  AND (SELECT count(*) FROM ledger_postings p WHERE p.transaction_id = t.id) < 2
                LIMIT 20`,
  },
  {
    invariant: 7,
    what: 'append-only guards missing',
    query: sql`SELECT name FROM (VALUES ('ledger_postings_append_only'), ('ledger_transactions_append_only'),
                                        ('ledger_postings_apply'), ('ledger_accounts_guard'),
                                        ('ledger_accounts_guard_insert_delete'), ('ledger_postings_no_truncate'),
                                        ('ledger_transactions_no_truncate')) AS need(name)
                WHERE NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = need.name AND tgenabled <> 'D')`,
  },
];

/** A breach's sample rows, as the check's query names them (shown, never computed with). */
const Sample = { parse: (raw: Record<string, unknown>) => raw };
const Stats = row({
  accounts: col.count,
  transactions: col.count,
  postings: col.count,
  tombstones: col.count,
  rollbacks: col.count,
});

export const checkLedger = async (db: Db): Promise<LedgerReport> => {
  const breaches: Breach[] = [];
  for (const check of CHECKS) {
    const sample = await many(db, Sample, check.query);
    if (sample.length) breaches.push({ invariant: check.invariant, what: check.what, sample });
  }
  const stats = await one(
    db,
    Stats,
    sql`SELECT
      (SELECT count(*) FROM ledger_accounts) AS accounts,
      (SELECT count(*) FROM ledger_transactions) AS transactions,
      (SELECT count(*) FROM ledger_postings) AS postings,
      (SELECT count(*) FROM ledger_transactions WHERE kind = 'tombstone') AS tombstones,
      (SELECT count(*) FROM ledger_transactions WHERE kind = 'rollback') AS rollbacks`,
  );
  return { ok: breaches.length === 0, breaches, stats };
};
