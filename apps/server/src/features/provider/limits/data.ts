import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { col, many, maybeOne, row, run } from '../../../db/rows.ts';

/** Win limits and held wins (decision 053): their rows. */

const Limit = row({
  vassalage: col.text,
  gameType: col.text,
  maxMultiple: col.int.nullable(),
  maxAmount: col.bigint.nullable(),
  updatedAt: col.date,
});
export type LimitRow = ReturnType<typeof Limit.parse>;

export const limitsOf = (db: Db, merchantId: number) =>
  many(
    db,
    Limit,
    sql`SELECT vassalage, game_type, max_multiple, max_amount, updated_at FROM seamless_win_limits
         WHERE merchant_id = ${merchantId} ORDER BY vassalage, game_type`,
  );

export const putLimit = (
  db: Db,
  l: { merchantId: number; vassalage: string; gameType: string; maxMultiple: number | null; maxAmount: bigint | null },
) =>
  l.maxMultiple === null && l.maxAmount === null
    ? run(
        db,
        sql`DELETE FROM seamless_win_limits WHERE merchant_id = ${l.merchantId} AND vassalage = ${l.vassalage} AND game_type = ${l.gameType}`,
      )
    : run(
        db,
        sql`INSERT INTO seamless_win_limits (merchant_id, vassalage, game_type, max_multiple, max_amount)
            VALUES (${l.merchantId}, ${l.vassalage}, ${l.gameType}, ${l.maxMultiple}, ${l.maxAmount === null ? null : String(l.maxAmount)}::bigint)
            ON CONFLICT (merchant_id, vassalage, game_type) DO UPDATE
               SET max_multiple = EXCLUDED.max_multiple, max_amount = EXCLUDED.max_amount, updated_at = now()`,
      );

const Pending = row({
  id: col.int,
  merchantId: col.int,
  memberId: col.int,
  username: col.text,
  provider: col.text,
  vassalage: col.text,
  gameType: col.text,
  gameCode: col.text,
  roundId: col.text,
  transactionId: col.text,
  currency: col.text,
  amount: col.bigint,
  stake: col.bigint,
  reason: col.text,
  status: col.text,
  createdAt: col.date,
  decidedAt: col.date.nullable(),
  decidedBy: col.text.nullable(),
  note: col.text.nullable(),
});
export type PendingRow = ReturnType<typeof Pending.parse>;

const PENDING_COLUMNS = sql`w.id, w.merchant_id, w.member_id, m.username, w.provider, w.vassalage, w.game_type, w.game_code,
  w.round_id, w.transaction_id, w.currency, w.amount, w.stake, w.reason, w.status, w.created_at, w.decided_at,
  o.username AS decided_by, w.note`;

export const pendingWins = (db: Db, merchantId: number, status: string) =>
  many(
    db,
    Pending,
    sql`SELECT ${PENDING_COLUMNS} FROM pending_wins w JOIN members m ON m.id = w.member_id
          LEFT JOIN operators o ON o.id = w.decided_by
         WHERE w.merchant_id = ${merchantId} AND w.status = ${status}
         ORDER BY w.created_at DESC, w.id DESC LIMIT 500`,
  );

export const pendingWin = (db: Db, merchantId: number, id: number) =>
  maybeOne(
    db,
    Pending,
    sql`SELECT ${PENDING_COLUMNS} FROM pending_wins w JOIN members m ON m.id = w.member_id
          LEFT JOIN operators o ON o.id = w.decided_by
         WHERE w.merchant_id = ${merchantId} AND w.id = ${id}`,
  );

const Decided = row({ id: col.int, memberId: col.int, amount: col.bigint, provider: col.text, roundId: col.text });

/** Marks a held win paid or voided, if it is still pending (the row lock orders two deciders). */
export const decide = (
  db: Db,
  d: { merchantId: number; id: number; status: 'paid' | 'voided'; operatorId: number; note: string },
) =>
  maybeOne(
    db,
    Decided,
    sql`UPDATE pending_wins SET status = ${d.status}, decided_at = now(), decided_by = ${d.operatorId}, note = ${d.note || null}
         WHERE merchant_id = ${d.merchantId} AND id = ${d.id} AND status = 'pending'
        RETURNING id, member_id, amount, provider, round_id`,
  );
