import { and, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { ProtectionLimit } from '@app/contract';
import type { Db } from '../../db/client.ts';
import { col, many, row } from '../../db/rows.ts';
import {
  members,
  protectionBrands,
  protectionEvents,
  protectionLimits,
  protectionMembers,
  protectionRestrictions,
} from '../../db/schema/index.ts';

export type LimitRow = typeof protectionLimits.$inferSelect;
export type RestrictionRow = typeof protectionRestrictions.$inferSelect;
export type EventRow = typeof protectionEvents.$inferSelect;
export type BrandRow = typeof protectionBrands.$inferSelect;
export type MemberStateRow = typeof protectionMembers.$inferSelect;

/**
 * The member's protection row, created on first use and locked for the rest of the transaction:
 * every limited money movement of one member and every change of their protection queue here.
 */
export const lockMember = async (db: Db, merchantId: number, memberId: number): Promise<MemberStateRow> => {
  await db.insert(protectionMembers).values({ merchantId, memberId }).onConflictDoNothing();
  const [r] = await db.select().from(protectionMembers).where(eq(protectionMembers.memberId, memberId)).for('update');
  return r!;
};

export const findMember = async (db: Db, memberId: number) => {
  const [r] = await db.select().from(protectionMembers).where(eq(protectionMembers.memberId, memberId));
  return r ?? null;
};

export const updateMember = (db: Db, memberId: number, values: Partial<MemberStateRow>) =>
  db
    .update(protectionMembers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(protectionMembers.memberId, memberId));

export const listLimits = (db: Db, memberId: number) =>
  db.select().from(protectionLimits).where(eq(protectionLimits.memberId, memberId));

export const saveLimit = (db: Db, values: typeof protectionLimits.$inferInsert) =>
  db
    .insert(protectionLimits)
    .values({ ...values, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [protectionLimits.memberId, protectionLimits.limit],
      set: {
        own: values.own ?? null,
        pendingAmount: values.pendingAmount ?? null,
        pendingRemove: values.pendingRemove ?? false,
        pendingFrom: values.pendingFrom ?? null,
        operatorAmount: values.operatorAmount ?? null,
        updatedAt: new Date(),
      },
    });

export const restrictions = (db: Db, memberId: number) =>
  db
    .select()
    .from(protectionRestrictions)
    .where(eq(protectionRestrictions.memberId, memberId))
    .orderBy(desc(protectionRestrictions.id));

export const insertRestriction = async (db: Db, values: typeof protectionRestrictions.$inferInsert) => {
  const [r] = await db.insert(protectionRestrictions).values(values).returning();
  return r!;
};

export const updateRestriction = (db: Db, id: number, values: Partial<RestrictionRow>) =>
  db.update(protectionRestrictions).set(values).where(eq(protectionRestrictions.id, id));

/** Self-exclusions not re-opened whose kept details match any of these (normalised) details. */
export const matchingExclusions = (
  db: Db,
  merchantId: number,
  d: {
    email: string | null;
    mobile: string | null;
    idNumber: string | null;
    birthday: string | null;
    name: string | null;
  },
) => {
  const any = [
    d.email ? eq(protectionRestrictions.email, d.email) : null,
    d.mobile ? eq(protectionRestrictions.mobile, d.mobile) : null,
    d.idNumber ? eq(protectionRestrictions.idNumber, d.idNumber) : null,
    d.birthday && d.name
      ? and(eq(protectionRestrictions.birthday, d.birthday), eq(protectionRestrictions.name, d.name))
      : null,
  ].filter((c) => c !== null);
  if (!any.length) return Promise.resolve([]);
  return db
    .select({ id: protectionRestrictions.id })
    .from(protectionRestrictions)
    .where(
      and(
        eq(protectionRestrictions.merchantId, merchantId),
        eq(protectionRestrictions.kind, 'exclusion'),
        isNull(protectionRestrictions.reopenedAt),
        or(...any),
      ),
    )
    .limit(1);
};

export const insertEvent = (db: Db, values: typeof protectionEvents.$inferInsert) =>
  db.insert(protectionEvents).values(values);

export const events = (db: Db, memberId: number, limit: number) =>
  db
    .select()
    .from(protectionEvents)
    .where(eq(protectionEvents.memberId, memberId))
    .orderBy(desc(protectionEvents.id))
    .limit(limit);

export const findBrand = async (db: Db, merchantId: number) => {
  const [r] = await db.select().from(protectionBrands).where(eq(protectionBrands.merchantId, merchantId));
  return r ?? null;
};

export const saveBrand = (db: Db, values: typeof protectionBrands.$inferInsert) =>
  db
    .insert(protectionBrands)
    .values({ ...values, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: protectionBrands.merchantId,
      set: {
        defaults: values.defaults ?? {},
        maxima: values.maxima ?? {},
        realityCheckMinutes: values.realityCheckMinutes ?? 60,
        guarded: values.guarded ?? false,
        updatedAt: new Date(),
      },
    });

/** Members of a brand with any protection (a limit, a restriction), most recently changed first. */
export const protectedMembers = async (
  db: Db,
  merchantId: number,
  q: { account?: string | undefined; limit: number; offset: number },
) => {
  const where = and(
    eq(protectionMembers.merchantId, merchantId),
    q.account ? ilike(members.username, `%${q.account.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
    sql`(EXISTS (SELECT 1 FROM protection_limits l WHERE l.member_id = ${protectionMembers.memberId}
                  AND (l.own IS NOT NULL OR l.operator_amount IS NOT NULL OR l.pending_from IS NOT NULL))
         OR EXISTS (SELECT 1 FROM protection_restrictions r WHERE r.member_id = ${protectionMembers.memberId}))`,
  );
  const rows = await db
    .select({ memberId: protectionMembers.memberId, account: members.username, updatedAt: protectionMembers.updatedAt })
    .from(protectionMembers)
    .innerJoin(members, eq(members.id, protectionMembers.memberId))
    .where(where)
    .orderBy(desc(protectionMembers.updatedAt), desc(protectionMembers.memberId))
    .limit(q.limit)
    .offset(q.offset);
  const [count] = await many(
    db,
    row({ n: col.count }),
    sql`SELECT count(*) AS n FROM protection_members JOIN members ON members.id = protection_members.member_id WHERE ${where}`,
  );
  return { rows, total: count?.n ?? 0 };
};

/**
 * Demo mode only: the member's stored protection moments, `hours` earlier (as if that much time
 * had passed): waiting limit changes, restrictions and re-opening requests.
 */
export const elapse = async (db: Db, memberId: number, hours: number) => {
  const by = sql`make_interval(hours => ${hours})`;
  await db.execute(
    sql`UPDATE protection_limits SET pending_from = pending_from - ${by} WHERE member_id = ${memberId} AND pending_from IS NOT NULL`,
  );
  await db.execute(
    sql`UPDATE protection_restrictions SET starts_at = starts_at - ${by}, ends_at = ends_at - ${by},
               reopen_requested_at = reopen_requested_at - ${by}, created_at = created_at - ${by}
         WHERE member_id = ${memberId}`,
  );
};

export type { ProtectionLimit };
