import { operatorRole, type OPERATOR_ROLES } from '@app/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { operatorAudit, operators } from '../../db/schema/index.ts';

export type OperatorRole = (typeof OPERATOR_ROLES)[number];
export type OperatorRow = Omit<typeof operators.$inferSelect, 'role'> & { role: OperatorRole };

/** The column is free text; a role the product does not know is a broken row, not a login. */
const typed = (row: typeof operators.$inferSelect): OperatorRow => ({ ...row, role: operatorRole.parse(row.role) });

export const findOperator = async (db: Db, merchantId: number, username: string): Promise<OperatorRow | null> => {
  const [row] = await db
    .select()
    .from(operators)
    .where(and(eq(operators.merchantId, merchantId), eq(operators.username, username)))
    .limit(1);
  return row ? typed(row) : null;
};

/** Whether any operator account exists, on any brand. */
export const anyOperator = async (db: Db): Promise<boolean> => {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(operators)
    .limit(1);
  return rows.length > 0;
};

export const insertOperator = async (
  db: Db,
  values: Omit<typeof operators.$inferInsert, 'role'> & { role: OperatorRole },
): Promise<OperatorRow> => {
  const [row] = await db.insert(operators).values(values).returning();
  return typed(row!);
};

export const insertAudit = async (db: Db, values: typeof operatorAudit.$inferInsert) => {
  await db.insert(operatorAudit).values(values);
};

export const listAudit = (db: Db, merchantId: number) =>
  db.select().from(operatorAudit).where(eq(operatorAudit.merchantId, merchantId));
