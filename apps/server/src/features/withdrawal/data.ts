import { and, count, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { col, one, row, run } from '../../db/rows.ts';
import { bankAccounts, members, operators, withdrawals } from '../../db/schema/index.ts';
import { alias } from 'drizzle-orm/pg-core';

export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;

export const listBankAccounts = (db: Db, memberId: number) =>
  db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.memberId, memberId), eq(bankAccounts.status, 'active')))
    .orderBy(bankAccounts.id);

export const findBankAccount = async (db: Db, memberId: number, id: number) => {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.memberId, memberId), eq(bankAccounts.id, id), eq(bankAccounts.status, 'active')));
  return row ?? null;
};

export const insertBankAccount = async (db: Db, values: typeof bankAccounts.$inferInsert) => {
  const [row] = await db.insert(bankAccounts).values(values).onConflictDoNothing().returning();
  return row ?? null;
};

export const removeBankAccount = async (db: Db, memberId: number, id: number) => {
  const rows = await db
    .update(bankAccounts)
    .set({ status: 'removed', removedAt: new Date() })
    .where(and(eq(bankAccounts.memberId, memberId), eq(bankAccounts.id, id), eq(bankAccounts.status, 'active')))
    .returning({ id: bankAccounts.id });
  return rows.length > 0;
};

/** Serialises one member's withdrawal requests (daily limits are checked under it). */
export const lockMember = async (db: Db, memberId: number) => {
  await run(db, sql`SELECT pg_advisory_xact_lock(7301, ${memberId})`);
};

export const insertWithdrawal = async (db: Db, values: typeof withdrawals.$inferInsert) => {
  const [row] = await db.insert(withdrawals).values(values).onConflictDoNothing().returning();
  return row ?? null;
};

export const findByRequest = async (db: Db, memberId: number, requestId: string) => {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.memberId, memberId), eq(withdrawals.requestId, requestId)));
  return row ?? null;
};

export const findWithdrawal = async (db: Db, merchantId: number, id: number, opts: { forUpdate?: boolean } = {}) => {
  const q = db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.merchantId, merchantId), eq(withdrawals.id, id)));
  const [row] = await (opts.forUpdate ? q.for('update') : q);
  return row ?? null;
};

export const updateWithdrawal = async (db: Db, id: number, values: Partial<typeof withdrawals.$inferInsert>) => {
  const [row] = await db.update(withdrawals).set(values).where(eq(withdrawals.id, id)).returning();
  return row!;
};

/** Amount and number of the member's withdrawals since an instant, refused ones excepted. */
export const requestedSince = async (db: Db, memberId: number, since: Date) => {
  const [r] = await db
    .select({ n: count(), total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.memberId, memberId),
        ne(withdrawals.status, 'rejected'),
        sql`${withdrawals.createdAt} >= ${since.toISOString()}::timestamptz`,
      ),
    );
  return { count: Number(r?.n ?? 0), amount: BigInt(r?.total ?? '0') };
};

/** Money still held for the member: requested or approved, not yet paid or returned. */
export const heldFor = async (db: Db, memberId: number) => {
  const [r] = await db
    .select({ total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
    .from(withdrawals)
    .where(and(eq(withdrawals.memberId, memberId), inArray(withdrawals.status, ['pending', 'approved'])));
  return BigInt(r?.total ?? '0');
};

export const listMemberWithdrawals = async (
  db: Db,
  memberId: number,
  status: WithdrawalRow['status'] | null,
  limit: number,
  offset: number,
) => {
  const where = and(eq(withdrawals.memberId, memberId), status ? eq(withdrawals.status, status) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(withdrawals).where(where).orderBy(desc(withdrawals.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(withdrawals).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
};

const reviewer = alias(operators, 'reviewer');
const payer = alias(operators, 'payer');

const operatorSelect = (db: Db) =>
  db
    .select({ w: withdrawals, username: members.username, reviewedBy: reviewer.username, paidBy: payer.username })
    .from(withdrawals)
    .innerJoin(members, eq(members.id, withdrawals.memberId))
    .leftJoin(reviewer, eq(reviewer.id, withdrawals.reviewedBy))
    .leftJoin(payer, eq(payer.id, withdrawals.paidBy));

export type OperatorWithdrawalRow = NonNullable<Awaited<ReturnType<typeof findOperatorWithdrawal>>>;

export const listMerchantWithdrawals = async (
  db: Db,
  merchantId: number,
  f: {
    status: WithdrawalRow['status'] | null;
    cases: boolean;
    username: string | null;
    limit: number;
    offset: number;
  },
) => {
  const where = and(
    eq(withdrawals.merchantId, merchantId),
    f.status ? eq(withdrawals.status, f.status) : undefined,
    f.cases ? eq(withdrawals.caseStatus, 'open') : undefined,
    f.username ? eq(members.usernameKey, f.username.toLowerCase()) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    operatorSelect(db).where(where).orderBy(desc(withdrawals.id)).limit(f.limit).offset(f.offset),
    db.select({ n: count() }).from(withdrawals).innerJoin(members, eq(members.id, withdrawals.memberId)).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
};

export const findOperatorWithdrawal = async (db: Db, merchantId: number, id: number) => {
  const [row] = await operatorSelect(db).where(and(eq(withdrawals.merchantId, merchantId), eq(withdrawals.id, id)));
  return row ?? null;
};

/** Paid withdrawals whose member never answered: settled as received (the job's work). */
export const autoConfirm = async (db: Db, id: number, now: Date) => {
  const rows = await db
    .update(withdrawals)
    .set({ status: 'completed', receipt: 'auto_received', confirmedAt: now })
    .where(
      and(
        eq(withdrawals.id, id),
        eq(withdrawals.status, 'paid'),
        sql`${withdrawals.receipt} IS NULL`,
        isNotNull(withdrawals.confirmDeadline),
        sql`${withdrawals.confirmDeadline} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  return rows[0] ?? null;
};

/** The instant a local day starts in a time zone. */
export const startOfLocalDay = async (db: Db, day: string, timezone: string): Promise<Date> =>
  (await one(db, row({ t: col.date }), sql`SELECT (${day}::date::timestamp AT TIME ZONE ${timezone}) AS t`)).t;
