import { isAgentType, isTrialType } from '@app/contract';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../http/auth.ts';
import { hashToken, newToken } from '../../../lib/tokens.ts';
import * as data from './data.ts';

export interface SessionDeps {
  db: Db;
  /** A session unused this long dies (SESSION_IDLE_MINUTES). */
  idleMinutes: number;
  /** A session dies this long after its login, used or not (SESSION_ABSOLUTE_HOURS). */
  absoluteHours: number;
}

/**
 * Sessions of members and operators (decision 004). Only a hash of the token is kept; tokens are
 * new on every login and die on logout, revocation, idleness or age.
 */
export const createSessionService = ({ db, idleMinutes, absoluteHours }: SessionDeps) => ({
  async create(input: {
    merchantId: number;
    actor: { kind: 'member'; memberId: number } | { kind: 'operator'; operatorId: number };
    ip: string;
    userAgent: string;
    pendingVerification?: string | null;
    db?: Db;
  }): Promise<{ token: string; sessionId: number; expiresAt: Date }> {
    const token = newToken();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + absoluteHours * 3_600_000);
    const row = await data.insertSession(input.db ?? db, {
      tokenHash: hashToken(token),
      merchantId: input.merchantId,
      actorKind: input.actor.kind,
      memberId: input.actor.kind === 'member' ? input.actor.memberId : null,
      operatorId: input.actor.kind === 'operator' ? input.actor.operatorId : null,
      pendingVerification: input.pendingVerification ?? null,
      ip: input.ip,
      userAgent: input.userAgent.slice(0, 300),
      expiresAt,
    });
    return { token, sessionId: row.id, expiresAt };
  },

  /** The actor behind a bearer token, or null when the token is unknown, revoked, idle or expired. */
  async resolve(token: string, merchantId: number): Promise<Actor | null> {
    if (!token || token.length > 200) return null;
    const row = await data.findSessionByTokenHash(db, hashToken(token));
    if (!row) return null;
    const s = row.session;
    const now = Date.now();
    if (s.revokedAt || s.merchantId !== merchantId) return null;
    if (s.expiresAt.getTime() <= now) return null;
    if (now - s.lastSeenAt.getTime() > idleMinutes * 60_000) return null;
    // Touch at most once a minute: enough for the idle timeout, cheap on hot paths.
    if (now - s.lastSeenAt.getTime() > 60_000) await data.touchSession(db, s.id, new Date(now));
    if (s.actorKind === 'member' && s.memberId) {
      if (row.memberStatus !== 'active') return null;
      const type = row.memberType ?? 0;
      return {
        kind: 'member',
        sessionId: s.id,
        merchantId: s.merchantId,
        memberId: s.memberId,
        type,
        isAgent: isAgentType(type),
        isTrial: isTrialType(type),
        pendingVerification: s.pendingVerification,
      };
    }
    if (s.actorKind === 'operator' && s.operatorId && row.operatorStatus === 'active') {
      return {
        kind: 'operator',
        sessionId: s.id,
        merchantId: s.merchantId,
        operatorId: s.operatorId,
        role: row.operatorRole ?? '',
        pendingVerification: s.pendingVerification,
      };
    }
    return null;
  },

  /** When a session began (its login): the session clock and the session time limit count from it. */
  startedAt(sessionId: number) {
    return data.sessionStartedAt(db, sessionId);
  },

  /** The member's newest live session (for calls that carry no session of their own, such as a vendor's). */
  liveSession(memberId: number) {
    return data.liveMemberSession(db, memberId);
  },

  revoke(sessionId: number, reason: string) {
    return data.revokeSession(db, sessionId, reason);
  },

  revokeAllForMember(memberId: number, reason: string, exceptSessionId?: number, tx?: Db) {
    return data.revokeMemberSessions(tx ?? db, memberId, reason, exceptSessionId);
  },

  /** Revokes every live session of an operator, except one when given (the session making the change). */
  revokeAllForOperator(operatorId: number, reason: string, exceptSessionId?: number, tx?: Db) {
    return data.revokeOperatorSessions(tx ?? db, operatorId, reason, exceptSessionId);
  },

  /** What the login still waits for: a comma list of steps ('login_ip', 'password_change'), or null. */
  setPending(sessionId: number, pending: string | null) {
    return data.setPendingVerification(db, sessionId, pending);
  },
});

export type SessionService = ReturnType<typeof createSessionService>;
