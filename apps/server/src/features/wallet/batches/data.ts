import type { Db } from '../../../db/client.ts';
import { many } from '../../../db/rows.ts';
import type { LaneMove, MoveBatch } from '../types.ts';

/**
 * The ledger's part of a batch statement (decision 047; the caller's part is described by
 * types.ts `MoveBatch`). One statement and one commit for the whole batch:
 * 1. `item` reads the entries from one JSON parameter: the wallet's columns (n, the move, the
 *    member's account) and the caller's;
 * 2. `ok` keeps the entries whose caller's guard holds and whose debit the member's balance covers
 *    (a bet the balance cannot cover would otherwise fail the whole batch on the CHECK constraint);
 * 3. `posted` moves their money through ledger_post_moves, which leaves out a move whose key is taken;
 * 4. `done` is each entry that went through with the member's balance after it (for an entry that
 *    moves nothing, the balance as it stands); the caller's `record` reads it and says which are
 *    answered.
 * Each per-entry check is a subquery, so it stays an index lookup whatever size the planner guesses
 * for the batch.
 */
const textOf = (b: MoveBatch<unknown>) => `
  WITH item AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS i(n integer, move jsonb, member_account bigint, ${b.columns})
  ),
  ok AS MATERIALIZED (
    SELECT i.* FROM item i
     WHERE (${b.guard})
       AND (i.move IS NULL OR (i.move->>'amount')::bigint > 0
            OR (SELECT a.balance + (i.move->>'amount')::bigint >= 0 FROM ledger_accounts a WHERE a.id = i.member_account LIMIT 1))
  ),
  posted AS MATERIALIZED (
    SELECT p.* FROM ledger_post_moves((SELECT jsonb_agg(ok.move ORDER BY ok.n) FROM ok WHERE ok.move IS NOT NULL)) p
  ),
  done AS MATERIALIZED (
    SELECT * FROM (
      SELECT ok.*, CASE WHEN ok.move IS NULL THEN (SELECT a.balance FROM ledger_accounts a WHERE a.id = ok.member_account LIMIT 1)
                        ELSE p.o_balance_after END AS balance_after
        FROM ok LEFT JOIN posted p
          ON ok.move IS NOT NULL AND p.o_merchant_id = (ok.move->>'merchant_id')::integer AND p.o_key = ok.move->>'key'
    ) x WHERE x.balance_after IS NOT NULL
  ),
  ${b.record}
  SELECT * FROM answered`;

/** Texts built once per batch name. */
const texts = new Map<string, string>();

/** One batch entry as the statement reads it: the wallet's columns beside the caller's. */
export type BatchRow = Record<string, unknown> & { n: number; move: LaneMove | null; member_account: number };

/** Runs a batch (autocommit: it is its own transaction) and answers each entry by its position, null when it did not go through. */
export const postBatch = async <A>(db: Db, batch: MoveBatch<A>, entries: BatchRow[]): Promise<(A | null)[]> => {
  let text = texts.get(batch.name);
  if (!text) {
    text = textOf(batch);
    texts.set(batch.name, text);
  }
  const rows = await many(db, batch.answer, {
    name: `wallet.batch.${batch.name}`,
    text,
    values: [JSON.stringify(entries)],
  });
  const answers: (A | null)[] = Array.from({ length: entries.length }, () => null);
  for (const r of rows) answers[r.n] = r;
  return answers;
};
