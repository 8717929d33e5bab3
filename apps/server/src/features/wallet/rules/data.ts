import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { memberTurnover, walletSettings } from '../../../db/schema/index.ts';
import { col, one, row } from '../../../db/rows.ts';

export type SettingsRow = typeof walletSettings.$inferSelect;

export const findSettings = async (db: Db, merchantId: number): Promise<SettingsRow | null> => {
  const [row] = await db.select().from(walletSettings).where(eq(walletSettings.merchantId, merchantId)).limit(1);
  return row ?? null;
};

export const upsertSettings = async (db: Db, values: typeof walletSettings.$inferInsert) => {
  const { merchantId: _m, ...rest } = values;
  await db
    .insert(walletSettings)
    .values(values)
    .onConflictDoUpdate({ target: walletSettings.merchantId, set: { ...rest, updatedAt: new Date() } });
};

export const findTurnover = async (db: Db, memberId: number) => {
  const [row] = await db.select().from(memberTurnover).where(eq(memberTurnover.memberId, memberId)).limit(1);
  return row ?? null;
};

/** Adds to the requirement; `resetSince` first starts it over from that posting. */
export const addTurnover = async (
  db: Db,
  input: { merchantId: number; memberId: number; amount: bigint; resetSince: number | null },
) => {
  if (input.resetSince !== null) {
    await db
      .insert(memberTurnover)
      .values({
        merchantId: input.merchantId,
        memberId: input.memberId,
        required: input.amount,
        sincePostingId: input.resetSince,
      })
      .onConflictDoUpdate({
        target: memberTurnover.memberId,
        set: { required: input.amount, sincePostingId: input.resetSince, updatedAt: new Date() },
      });
    return;
  }
  await db
    .insert(memberTurnover)
    .values({ merchantId: input.merchantId, memberId: input.memberId, required: input.amount, sincePostingId: 0 })
    .onConflictDoUpdate({
      target: memberTurnover.memberId,
      set: { required: sql`${memberTurnover.required} + ${input.amount}`, updatedAt: new Date() },
    });
};

export const resetTurnover = async (db: Db, merchantId: number, memberId: number, since: number) => {
  await db
    .insert(memberTurnover)
    .values({ merchantId, memberId, required: 0n, sincePostingId: since })
    .onConflictDoUpdate({
      target: memberTurnover.memberId,
      set: { required: 0n, sincePostingId: since, updatedAt: new Date() },
    });
};

const LastPosting = row({ id: col.count });

/** The newest posting on an account (0 when none): the point a requirement counts from. */
export const lastPostingId = async (db: Db, accountId: number): Promise<number> =>
  (await one(db, LastPosting, sql`SELECT max(id) AS id FROM ledger_postings WHERE account_id = ${accountId}`)).id;

const Bets = row({ bets: col.sum });

/**
 * Bets on the account after a posting, less the bets rolled back (a rollback refunds its bet).
 * `gameTypes` narrows them to bets of those game types (a rollback counts with its bet's type).
 */
export const betsSince = async (
  db: Db,
  accountId: number,
  sincePostingId: number,
  gameTypes: readonly string[] = [],
): Promise<bigint> => {
  if (!gameTypes.length)
    return (
      await one(
        db,
        Bets,
        sql`
      SELECT sum(-p.amount) AS bets
        FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
       WHERE p.account_id = ${accountId} AND p.id > ${sincePostingId} AND t.kind IN ('bet', 'rollback')`,
      )
    ).bets;
  const types = sql.join(
    gameTypes.map((g) => sql`${g}`),
    sql`, `,
  );
  return (
    await one(
      db,
      Bets,
      sql`
      SELECT sum(-p.amount) AS bets
        FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
       WHERE p.account_id = ${accountId} AND p.id > ${sincePostingId}
         AND ((t.kind = 'bet' AND t.game_type IN (${types}))
           OR (t.kind = 'rollback' AND EXISTS (
                 SELECT 1 FROM ledger_transactions b
                  WHERE b.merchant_id = t.merchant_id AND b.idempotency_key = t.target_key
                    AND b.game_type IN (${types}))))`,
    )
  ).bets;
};
