import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { AGENT_TYPES, type AccountSettings } from '@app/contract';
import type { Db } from '../../../db/client.ts';
import { col, one, row } from '../../../db/rows.ts';
import { accountSettings, memberKnownIps, memberLogins, members } from '../../../db/schema/index.ts';

export type MemberRow = typeof members.$inferSelect;
export type MemberInsert = typeof members.$inferInsert;

export const findMemberById = async (db: Db, merchantId: number, id: number) => {
  const [found] = await db
    .select()
    .from(members)
    .where(and(eq(members.merchantId, merchantId), eq(members.id, id)))
    .limit(1);
  return found ?? null;
};

export const findMemberByUsernameKey = async (db: Db, merchantId: number, usernameKey: string) => {
  const [found] = await db
    .select()
    .from(members)
    .where(and(eq(members.merchantId, merchantId), eq(members.usernameKey, usernameKey)))
    .limit(1);
  return found ?? null;
};

export const findMemberByMobile = async (db: Db, merchantId: number, countryDialingCode: string, mobile: string) => {
  const [found] = await db
    .select()
    .from(members)
    .where(
      and(
        eq(members.merchantId, merchantId),
        eq(members.countryDialingCode, countryDialingCode),
        eq(members.mobile, mobile),
      ),
    )
    .limit(1);
  return found ?? null;
};

/** An active agent owning an affiliate code (codes are unique per merchant). */
export const findAgentByAffiliateCode = async (db: Db, merchantId: number, code: string) => {
  const [found] = await db
    .select()
    .from(members)
    .where(
      and(
        eq(members.merchantId, merchantId),
        sql`lower(${members.affiliateCode}) = ${code.toLowerCase()}`,
        inArray(members.type, [...AGENT_TYPES]),
        eq(members.status, 'active'),
      ),
    )
    .limit(1);
  return found ?? null;
};

export const affiliateCodeTaken = async (db: Db, merchantId: number, code: string) => {
  const [found] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.merchantId, merchantId), sql`lower(${members.affiliateCode}) = ${code.toLowerCase()}`))
    .limit(1);
  return !!found;
};

const NextId = row({ id: col.int });

/** Inserts a member with its tree place computed from its upline in the same statement's id. */
export const insertMember = async (
  db: Db,
  values: Omit<MemberInsert, 'id' | 'treePath' | 'depth'>,
  upline: Pick<MemberRow, 'treePath' | 'depth'> | null,
) => {
  const { id } = await one(db, NextId, sql`select nextval(pg_get_serial_sequence('members', 'id')) as id`);
  const [inserted] = await db
    .insert(members)
    .values({
      ...values,
      id,
      treePath: `${upline?.treePath ?? '/'}${id}/`,
      depth: upline ? upline.depth + 1 : 0,
    })
    .returning();
  return inserted!;
};

export const updateMember = async (db: Db, id: number, values: Partial<MemberInsert>) => {
  const [found] = await db.update(members).set(values).where(eq(members.id, id)).returning();
  return found ?? null;
};

export const insertLogin = async (db: Db, values: typeof memberLogins.$inferInsert) => {
  await db.insert(memberLogins).values(values);
};

export const listLogins = (db: Db, memberId: number, limit: number, onlySuccess = false) =>
  db
    .select()
    .from(memberLogins)
    .where(and(eq(memberLogins.memberId, memberId), onlySuccess ? eq(memberLogins.success, true) : undefined))
    .orderBy(desc(memberLogins.at), desc(memberLogins.id))
    .limit(limit);

export const isKnownIp = async (db: Db, memberId: number, ip: string) => {
  const [found] = await db
    .select({ ip: memberKnownIps.ip })
    .from(memberKnownIps)
    .where(and(eq(memberKnownIps.memberId, memberId), eq(memberKnownIps.ip, ip)))
    .limit(1);
  return !!found;
};

export const rememberIp = async (db: Db, memberId: number, ip: string) => {
  await db
    .insert(memberKnownIps)
    .values({ memberId, ip })
    .onConflictDoUpdate({ target: [memberKnownIps.memberId, memberKnownIps.ip], set: { lastSeenAt: new Date() } });
};

export const readSettings = async (db: Db, merchantId: number) => {
  const [found] = await db.select().from(accountSettings).where(eq(accountSettings.merchantId, merchantId)).limit(1);
  return found?.settings ?? null;
};

export const writeSettings = async (db: Db, merchantId: number, settings: AccountSettings) => {
  await db
    .insert(accountSettings)
    .values({ merchantId, settings })
    .onConflictDoUpdate({ target: accountSettings.merchantId, set: { settings, updatedAt: new Date() } });
};
