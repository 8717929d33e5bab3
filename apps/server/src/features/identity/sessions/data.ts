import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { col, maybeOne, row } from '../../../db/rows.ts';
import { sessions } from '../../../db/schema/index.ts';

export const insertSession = async (db: Db, values: typeof sessions.$inferInsert) => {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
};

const SessionFound = row({
  id: col.int,
  merchantId: col.int,
  actorKind: col.text,
  memberId: col.int.nullable(),
  operatorId: col.int.nullable(),
  pendingVerification: col.text.nullable(),
  lastSeenAt: col.date,
  expiresAt: col.date,
  revokedAt: col.date.nullable(),
  memberType: col.int.nullable(),
  memberStatus: col.text.nullable(),
  operatorRole: col.text.nullable(),
  operatorStatus: col.text.nullable(),
});

/**
 * The session for a token hash with the facts the auth gate needs about its actor. Every
 * authenticated request reads it, so it is a named prepared statement with only those columns
 * (decision 119): planned once per connection, no query builder per call.
 */
export const findSessionByTokenHash = async (db: Db, tokenHash: string) => {
  const found = await maybeOne(db, SessionFound, {
    name: 'sessions.by-token-hash.v1',
    text: `SELECT s.id, s.merchant_id, s.actor_kind, s.member_id, s.operator_id, s.pending_verification, s.last_seen_at,
                  s.expires_at, s.revoked_at, m.type AS member_type, m.status AS member_status, o.role AS operator_role,
                  o.status AS operator_status
             FROM sessions s
             LEFT JOIN members m ON m.id = s.member_id
             LEFT JOIN operators o ON o.id = s.operator_id
            WHERE s.token_hash = $1
            LIMIT 1`,
    values: [tokenHash],
  });
  if (!found) return null;
  const { memberType, memberStatus, operatorRole, operatorStatus, ...session } = found;
  return { session, memberType, memberStatus, operatorRole, operatorStatus };
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
