import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { oneTimeCodes, outboxMessages } from '../../../db/schema/index.ts';

export type CodeRow = typeof oneTimeCodes.$inferSelect;

export const insertCode = async (db: Db, values: typeof oneTimeCodes.$inferInsert) => {
  const [row] = await db.insert(oneTimeCodes).values(values).returning({ id: oneTimeCodes.id });
  return row!.id;
};

/** The newest code for a purpose and target: only the last one sent is valid. */
export const latestCode = async (db: Db, merchantId: number, purpose: string, target: string) => {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(eq(oneTimeCodes.merchantId, merchantId), eq(oneTimeCodes.purpose, purpose), eq(oneTimeCodes.target, target)),
    )
    .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
    .limit(1);
  return row ?? null;
};

export const findCodeByHash = async (db: Db, purpose: string, codeHash: string) => {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.purpose, purpose), eq(oneTimeCodes.codeHash, codeHash)))
    .limit(1);
  return row ?? null;
};

/**
 * Takes one try of a code in one statement, before the code is compared (decision 055): false when
 * the code is spent or has had its `max` tries, so parallel guesses cannot exceed them.
 */
export const takeAttempt = async (db: Db, id: number, max: number): Promise<boolean> => {
  const rows = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(and(eq(oneTimeCodes.id, id), lt(oneTimeCodes.attempts, max), isNull(oneTimeCodes.consumedAt)))
    .returning({ attempts: oneTimeCodes.attempts });
  return rows.length === 1;
};

/** Marks a code used; false when someone used it first. */
export const consumeCode = async (db: Db, id: number, at: Date): Promise<boolean> => {
  const rows = await db
    .update(oneTimeCodes)
    .set({ consumedAt: at })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt), gt(oneTimeCodes.expiresAt, at)))
    .returning({ id: oneTimeCodes.id });
  return rows.length === 1;
};

export const insertOutbox = async (db: Db, values: typeof outboxMessages.$inferInsert) => {
  await db.insert(outboxMessages).values(values);
};

export const listOutbox = (db: Db, merchantId: number, recipient: string | undefined, limit: number) =>
  db
    .select()
    .from(outboxMessages)
    .where(
      and(eq(outboxMessages.merchantId, merchantId), recipient ? eq(outboxMessages.recipient, recipient) : undefined),
    )
    .orderBy(desc(outboxMessages.id))
    .limit(limit);
