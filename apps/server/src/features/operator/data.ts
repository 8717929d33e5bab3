import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { operatorAudit, operators } from '../../db/schema/index.ts';

export const findOperator = async (db: Db, merchantId: number, username: string) => {
  const [row] = await db
    .select()
    .from(operators)
    .where(and(eq(operators.merchantId, merchantId), eq(operators.username, username)))
    .limit(1);
  return row ?? null;
};

export const insertOperator = async (db: Db, values: typeof operators.$inferInsert) => {
  const [row] = await db.insert(operators).values(values).returning();
  return row!;
};

export const insertAudit = async (db: Db, values: typeof operatorAudit.$inferInsert) => {
  await db.insert(operatorAudit).values(values);
};

export const listAudit = (db: Db, merchantId: number) =>
  db.select().from(operatorAudit).where(eq(operatorAudit.merchantId, merchantId));
