import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { col, one, row, run } from '../../db/rows.ts';
import { walletTransfers } from '../../db/schema/index.ts';

export type TransferRow = typeof walletTransfers.$inferSelect;

export const findByRequest = async (db: Db, fromMemberId: number, requestId: string) => {
  const [row] = await db
    .select()
    .from(walletTransfers)
    .where(and(eq(walletTransfers.fromMemberId, fromMemberId), eq(walletTransfers.requestId, requestId)));
  return row ?? null;
};

export const insertTransfer = async (db: Db, values: typeof walletTransfers.$inferInsert) => {
  const [row] = await db.insert(walletTransfers).values(values).onConflictDoNothing().returning();
  return row ?? null;
};

export const setLedgerTransaction = async (db: Db, id: number, ledgerTransactionId: number) => {
  await db.update(walletTransfers).set({ ledgerTransactionId }).where(eq(walletTransfers.id, id));
};

export const sentSince = async (db: Db, fromMemberId: number, since: Date): Promise<bigint> => {
  const [r] = await db
    .select({ total: sql<string>`coalesce(sum(${walletTransfers.amount}), 0)::text` })
    .from(walletTransfers)
    .where(
      and(
        eq(walletTransfers.fromMemberId, fromMemberId),
        sql`${walletTransfers.createdAt} >= ${since.toISOString()}::timestamptz`,
      ),
    );
  return BigInt(r?.total ?? '0');
};

export const lockSender = async (db: Db, memberId: number) => {
  await run(db, sql`SELECT pg_advisory_xact_lock(7302, ${memberId})`);
};

export const startOfLocalDay = async (db: Db, day: string, timezone: string): Promise<Date> =>
  (await one(db, row({ t: col.date }), sql`SELECT (${day}::date::timestamp AT TIME ZONE ${timezone}) AS t`)).t;
