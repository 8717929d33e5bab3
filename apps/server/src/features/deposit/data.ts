import { and, asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { depositChannels, deposits, members, operators, sandboxGatewayPayments } from '../../db/schema/index.ts';

export type ChannelRow = typeof depositChannels.$inferSelect;
export type DepositRow = typeof deposits.$inferSelect;
export type SandboxPaymentRow = typeof sandboxGatewayPayments.$inferSelect;

export const listChannels = (db: Db, merchantId: number, enabledOnly: boolean) =>
  db
    .select()
    .from(depositChannels)
    .where(and(eq(depositChannels.merchantId, merchantId), enabledOnly ? eq(depositChannels.enabled, true) : undefined))
    .orderBy(asc(depositChannels.sort), asc(depositChannels.id));

export const findChannel = async (db: Db, merchantId: number, id: number) => {
  const [row] = await db
    .select()
    .from(depositChannels)
    .where(and(eq(depositChannels.merchantId, merchantId), eq(depositChannels.id, id)));
  return row ?? null;
};

export const insertChannel = async (db: Db, values: typeof depositChannels.$inferInsert) => {
  const [row] = await db.insert(depositChannels).values(values).onConflictDoNothing().returning();
  return row ?? null;
};

export const updateChannel = async (
  db: Db,
  merchantId: number,
  id: number,
  values: Partial<typeof depositChannels.$inferInsert>,
) => {
  const [row] = await db
    .update(depositChannels)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(depositChannels.merchantId, merchantId), eq(depositChannels.id, id)))
    .returning();
  return row ?? null;
};

export const insertDeposit = async (db: Db, values: typeof deposits.$inferInsert) => {
  const [row] = await db.insert(deposits).values(values).onConflictDoNothing().returning();
  return row ?? null;
};

export const findDepositByRequest = async (db: Db, memberId: number, requestId: string) => {
  const [row] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.memberId, memberId), eq(deposits.requestId, requestId)));
  return row ?? null;
};

export const findDeposit = async (db: Db, id: number, opts: { forUpdate?: boolean } = {}) => {
  const q = db.select().from(deposits).where(eq(deposits.id, id));
  const [row] = await (opts.forUpdate ? q.for('update') : q);
  return row ?? null;
};

export const findDepositByGatewayRef = async (db: Db, gateway: string, ref: string) => {
  const [row] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.gateway, gateway), eq(deposits.gatewayRef, ref)));
  return row ?? null;
};

export const updateDeposit = async (db: Db, id: number, values: Partial<typeof deposits.$inferInsert>) => {
  const [row] = await db.update(deposits).set(values).where(eq(deposits.id, id)).returning();
  return row!;
};

export const countPending = async (db: Db, memberId: number) => {
  const [r] = await db
    .select({ n: count() })
    .from(deposits)
    .where(and(eq(deposits.memberId, memberId), eq(deposits.status, 'pending')));
  return Number(r?.n ?? 0);
};

/** What a member's deposits made since a moment add up to, pending and credited (player protection's deposit limits). */
export const sumDepositsSince = async (db: Db, memberId: number, since: Date) => {
  const [r] = await db
    .select({ total: sql<string | null>`sum(${deposits.amount})` })
    .from(deposits)
    .where(
      and(
        eq(deposits.memberId, memberId),
        sql`${deposits.status} IN ('pending', 'credited')`,
        gte(deposits.createdAt, since),
      ),
    );
  return BigInt(r?.total ?? 0);
};

/** Credited deposits of a member (the first-deposit promotions ask whether there was one). */
export const countCredited = async (db: Db, memberId: number) => {
  const [r] = await db
    .select({ n: count() })
    .from(deposits)
    .where(and(eq(deposits.memberId, memberId), eq(deposits.status, 'credited')));
  return Number(r?.n ?? 0);
};

export const listMemberDeposits = async (
  db: Db,
  memberId: number,
  status: DepositRow['status'] | null,
  limit: number,
  offset: number,
) => {
  const where = and(eq(deposits.memberId, memberId), status ? eq(deposits.status, status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({ d: deposits, channelName: depositChannels.name })
      .from(deposits)
      .innerJoin(depositChannels, eq(depositChannels.id, deposits.channelId))
      .where(where)
      .orderBy(desc(deposits.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(deposits).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
};

export const listMerchantDeposits = async (
  db: Db,
  merchantId: number,
  f: { status: DepositRow['status'] | null; username: string | null; limit: number; offset: number },
) => {
  const where = and(
    eq(deposits.merchantId, merchantId),
    f.status ? eq(deposits.status, f.status) : undefined,
    f.username ? eq(members.usernameKey, f.username.toLowerCase()) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        d: deposits,
        channelName: depositChannels.name,
        username: members.username,
        reviewer: operators.username,
      })
      .from(deposits)
      .innerJoin(depositChannels, eq(depositChannels.id, deposits.channelId))
      .innerJoin(members, eq(members.id, deposits.memberId))
      .leftJoin(operators, eq(operators.id, deposits.reviewedBy))
      .where(where)
      .orderBy(desc(deposits.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(deposits).innerJoin(members, eq(members.id, deposits.memberId)).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
};

export const findOperatorDeposit = async (db: Db, merchantId: number, id: number) => {
  const [row] = await db
    .select({
      d: deposits,
      channelName: depositChannels.name,
      username: members.username,
      reviewer: operators.username,
    })
    .from(deposits)
    .innerJoin(depositChannels, eq(depositChannels.id, deposits.channelId))
    .innerJoin(members, eq(members.id, deposits.memberId))
    .leftJoin(operators, eq(operators.id, deposits.reviewedBy))
    .where(and(eq(deposits.merchantId, merchantId), eq(deposits.id, id)));
  return row ?? null;
};

// The sandbox gateway's own books.
export const insertSandboxPayment = async (db: Db, values: typeof sandboxGatewayPayments.$inferInsert) => {
  await db.insert(sandboxGatewayPayments).values(values);
};

export const findSandboxPayment = async (db: Db, ref: string) => {
  const [row] = await db.select().from(sandboxGatewayPayments).where(eq(sandboxGatewayPayments.ref, ref));
  return row ?? null;
};

/** Moves a sandbox payment out of 'created' once; false when it was already decided. */
export const decideSandboxPayment = async (db: Db, ref: string, status: 'paid' | 'declined') => {
  const rows = await db
    .update(sandboxGatewayPayments)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(sandboxGatewayPayments.ref, ref), eq(sandboxGatewayPayments.status, 'created')))
    .returning({ ref: sandboxGatewayPayments.ref });
  return rows.length > 0;
};

export const recordSandboxCallback = async (db: Db, ref: string, httpStatus: number) => {
  await db
    .update(sandboxGatewayPayments)
    .set({
      callbacks: sql`${sandboxGatewayPayments.callbacks} + 1`,
      lastCallbackStatus: httpStatus,
      updatedAt: new Date(),
    })
    .where(eq(sandboxGatewayPayments.ref, ref));
};
