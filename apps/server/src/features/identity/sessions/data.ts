import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { members, operators, sessions } from '../../../db/schema/index.ts';

export const insertSession = async (db: Db, values: typeof sessions.$inferInsert) => {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
};

/** The live session for a token hash with the facts the auth gate needs about its actor. */
export const findSessionByTokenHash = async (db: Db, tokenHash: string) => {
  const [row] = await db
    .select({
      session: sessions,
      memberType: members.type,
      memberStatus: members.status,
      operatorRole: operators.role,
      operatorStatus: operators.status,
    })
    .from(sessions)
    .leftJoin(members, eq(members.id, sessions.memberId))
    .leftJoin(operators, eq(operators.id, sessions.operatorId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
};

export const touchSession = async (db: Db, id: number, at: Date) => {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
};

export const revokeSession = async (db: Db, id: number, reason: string) => {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
};

/** Revokes every live session of a member, except one when given (the session making the change). */
export const revokeMemberSessions = async (db: Db, memberId: number, reason: string, exceptSessionId?: number) => {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(sessions.memberId, memberId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
};

export const revokeOperatorSessions = async (db: Db, operatorId: number, reason: string, exceptSessionId?: number) => {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(sessions.operatorId, operatorId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
};

export const setPendingVerification = async (db: Db, id: number, pending: string | null) => {
  await db.update(sessions).set({ pendingVerification: pending }).where(eq(sessions.id, id));
};

/** When a session began (its login), or null when it does not exist. */
export const sessionStartedAt = async (db: Db, id: number) => {
  const [row] = await db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, id));
  return row?.createdAt ?? null;
};

/** The newest live session of a member (not revoked, not expired), when it began. */
export const liveMemberSession = async (db: Db, memberId: number) => {
  const [row] = await db
    .select({ id: sessions.id, createdAt: sessions.createdAt })
    .from(sessions)
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.id))
    .limit(1);
  return row ?? null;
};
