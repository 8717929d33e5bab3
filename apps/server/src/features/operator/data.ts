import { operatorRole, type OPERATOR_ROLES } from '@app/contract';
import { and, asc, count, desc, eq, like, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { operatorAudit, operators } from '../../db/schema/index.ts';

export type OperatorRole = (typeof OPERATOR_ROLES)[number];
export type OperatorStatus = 'active' | 'disabled';
export type OperatorRow = Omit<typeof operators.$inferSelect, 'role' | 'status'> & {
  role: OperatorRole;
  status: OperatorStatus;
};

/** The columns are free text; a role or status the product does not know is a broken row, not a login. */
const typed = (row: typeof operators.$inferSelect): OperatorRow => ({
  ...row,
  role: operatorRole.parse(row.role),
  status: row.status === 'active' ? 'active' : 'disabled',
});

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

export const findOperatorById = async (db: Db, merchantId: number, id: number): Promise<OperatorRow | null> => {
  const [row] = await db
    .select()
    .from(operators)
    .where(and(eq(operators.merchantId, merchantId), eq(operators.id, id)))
    .limit(1);
  return row ? typed(row) : null;
};

export const listOperators = async (db: Db, merchantId: number): Promise<OperatorRow[]> =>
  (await db.select().from(operators).where(eq(operators.merchantId, merchantId)).orderBy(asc(operators.id))).map(typed);

export const insertOperator = async (
  db: Db,
  values: Omit<typeof operators.$inferInsert, 'role'> & { role: OperatorRole },
): Promise<OperatorRow> => {
  const [row] = await db.insert(operators).values(values).returning();
  return typed(row!);
};

export const updateOperator = async (
  db: Db,
  id: number,
  values: Partial<Omit<typeof operators.$inferInsert, 'id' | 'merchantId' | 'role'>> & { role?: OperatorRole },
): Promise<OperatorRow> => {
  const [row] = await db.update(operators).set(values).where(eq(operators.id, id)).returning();
  return typed(row!);
};

/**
 * One operator's row and the brand's active administrators, locked for the rest of the transaction
 * in one statement in id order. Two admins disabling each other at once then queue on the same
 * rows in the same order (no deadlock), and the second sees the first's change: it cannot count the
 * other as the admin who stays. Returns the target (null when it is not the brand's) and how many
 * active administrators other than it remain.
 */
export const lockOperatorAndAdmins = async (tx: Db, merchantId: number, id: number) => {
  const rows = await tx
    .select()
    .from(operators)
    .where(
      and(
        eq(operators.merchantId, merchantId),
        or(eq(operators.id, id), and(eq(operators.role, 'admin'), eq(operators.status, 'active'))),
      ),
    )
    .orderBy(asc(operators.id))
    .for('update');
  const target = rows.find((r) => r.id === id);
  const otherAdmins = rows.filter((r) => r.id !== id && r.role === 'admin' && r.status === 'active').length;
  return { target: target ? typed(target) : null, otherAdmins };
};

export const insertAudit = async (db: Db, values: typeof operatorAudit.$inferInsert) => {
  await db.insert(operatorAudit).values(values);
};

export const listAudit = (db: Db, merchantId: number) =>
  db.select().from(operatorAudit).where(eq(operatorAudit.merchantId, merchantId));

/** One page of the audit log, newest first, with the acting operator's name. */
export const auditPage = async (
  db: Db,
  merchantId: number,
  q: {
    page: number;
    pageSize: number;
    action?: string | undefined;
    operator?: string | undefined;
    member?: number | undefined;
  },
) => {
  const where = and(
    eq(operatorAudit.merchantId, merchantId),
    q.action ? like(operatorAudit.action, `${q.action.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
    q.operator
      ? sql`${operatorAudit.operatorId} = (SELECT o.id FROM operators o WHERE o.merchant_id = ${merchantId} AND o.username = ${q.operator})`
      : undefined,
    q.member ? eq(operatorAudit.target, `member:${q.member}`) : undefined,
  );
  const rows = await db
    .select({
      id: operatorAudit.id,
      createdAt: operatorAudit.createdAt,
      operator: operators.username,
      action: operatorAudit.action,
      target: operatorAudit.target,
      detail: operatorAudit.detail,
      ip: operatorAudit.ip,
    })
    .from(operatorAudit)
    .leftJoin(operators, eq(operators.id, operatorAudit.operatorId))
    .where(where)
    .orderBy(desc(operatorAudit.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [total] = await db.select({ n: count() }).from(operatorAudit).where(where);
  return { rows, total: total?.n ?? 0 };
};
