import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { col, many, maybeOne, one, row, run } from '../../../db/rows.ts';

const Id = row({ id: col.int });

export const insertTransfer = async (
  db: Db,
  t: {
    merchantId: number;
    memberId: number;
    vassalage: string;
    provider: string;
    direction: 'in' | 'out';
    amount: bigint;
  },
) =>
  (
    await one(
      db,
      Id,
      sql`
    INSERT INTO provider_transfers (merchant_id, member_id, vassalage, provider, direction, amount)
    VALUES (${t.merchantId}, ${t.memberId}, ${t.vassalage}, ${t.provider}, ${t.direction}, ${String(t.amount)}::bigint)
    RETURNING id`,
    )
  ).id;

/** Moves a transfer out of 'pending' once; true only for the caller that moved it. */
export const settleTransfer = async (db: Db, id: number, status: 'succeeded' | 'failed', message: string) =>
  (await maybeOne(
    db,
    Id,
    sql`
    UPDATE provider_transfers SET status = ${status}, message = ${message}, updated_at = now(), attempts = attempts + 1
     WHERE id = ${id} AND status = 'pending' RETURNING id`,
  )) !== null;

export const touchTransfer = (db: Db, id: number, message: string) =>
  run(
    db,
    sql`UPDATE provider_transfers SET attempts = attempts + 1, message = ${message}, updated_at = now() WHERE id = ${id}`,
  );

const Transfer = row({
  id: col.int,
  merchantId: col.int,
  memberId: col.int,
  vassalage: col.text,
  provider: col.text,
  direction: col.text,
  amount: col.bigint,
  status: col.text,
});
const TRANSFER_COLUMNS = sql.raw('id, merchant_id, member_id, vassalage, provider, direction, amount, status');

export const pendingTransfers = (db: Db, olderThanSeconds: number, limit: number, vassalage?: string) =>
  many(
    db,
    Transfer,
    sql`
      SELECT ${TRANSFER_COLUMNS} FROM provider_transfers
       WHERE status = 'pending' AND updated_at < now() - make_interval(secs => ${olderThanSeconds})
         AND (${vassalage ?? null}::text IS NULL OR vassalage = ${vassalage ?? null}::text)
       ORDER BY id LIMIT ${limit}`,
  );

export const recentTransfers = (db: Db, merchantId: number, vassalage: string, days: number) =>
  many(
    db,
    Transfer,
    sql`
      SELECT ${TRANSFER_COLUMNS} FROM provider_transfers WHERE merchant_id = ${merchantId} AND vassalage = ${vassalage}
         AND created_at > now() - make_interval(days => ${days}) ORDER BY id`,
  );
