import type { Db } from '../../../db/client.ts';
import type { OperatorActor } from '../../../http/auth.ts';
import { AppError, notFound } from '../../../http/errors.ts';
import { hashPassword } from '../../../lib/password.ts';
import type { LoginGuard } from '../../identity/login/guard.ts';
import type { SessionService } from '../../identity/sessions/service.ts';
import * as data from '../data.ts';
import { oneTimePassword, operatorAccountKey } from '../policy.ts';

export interface OperatorDeskDeps {
  db: Db;
  sessions: Pick<SessionService, 'revokeAllForOperator'>;
  /** The operators' login guard: its lock is what "unlock" clears. */
  guard: Pick<LoginGuard, 'lockState' | 'clear'>;
  /** How long an admin's one-time password works before its first use. */
  oneTimePasswordHours: number;
}

type Actor = Pick<OperatorActor, 'merchantId' | 'operatorId'>;

/**
 * The administrators' operators desk (decision 054): list, create with a one-time password shown
 * once, disable and enable, change role, unlock, reset the second factor or the password. Every
 * action is audited in the transaction that makes it; the brand always keeps an active admin.
 */
export const createOperatorDesk = ({ db, sessions, guard, oneTimePasswordHours }: OperatorDeskDeps) => {
  const view = async (op: data.OperatorRow) => ({
    id: op.id,
    username: op.username,
    role: op.role,
    status: op.status,
    totpEnabled: op.totpEnabled,
    mustChangePassword: op.mustChangePassword,
    locked: (await guard.lockState(operatorAccountKey(op.merchantId, op.username))).locked,
    createdAt: op.createdAt.toISOString(),
  });

  const audit = (tx: Db, actor: Actor, action: string, target: string, detail: Record<string, unknown>, ip: string) =>
    data.insertAudit(tx, { merchantId: actor.merchantId, operatorId: actor.operatorId, action, target, detail, ip });

  const target = async (actor: Actor, id: number, opts: { notSelf?: string } = {}) => {
    const op = await data.findOperatorById(db, actor.merchantId, id);
    if (!op) throw notFound('No such operator');
    if (opts.notSelf && op.id === actor.operatorId) throw new AppError('NOT_YOURSELF', opts.notSelf, 409);
    return op;
  };

  const newPassword = async () => {
    const password = oneTimePassword();
    const expiresAt = new Date(Date.now() + oneTimePasswordHours * 3_600_000);
    return { password, expiresAt, hash: await hashPassword(password) };
  };

  return {
    async list(actor: Actor) {
      return { list: await Promise.all((await data.listOperators(db, actor.merchantId)).map(view)) };
    },

    async create(actor: Actor, body: { username: string; role: data.OperatorRole }, ip: string) {
      if (await data.findOperator(db, actor.merchantId, body.username)) {
        throw new AppError('USERNAME_TAKEN', 'This username is taken', 409, null, {
          username: 'This username is taken',
        });
      }
      const otp = await newPassword();
      const op = await db.transaction(async (tx) => {
        const row = await data.insertOperator(tx, {
          merchantId: actor.merchantId,
          username: body.username,
          role: body.role,
          passwordHash: otp.hash,
          mustChangePassword: true,
          passwordExpiresAt: otp.expiresAt,
        });
        await audit(tx, actor, 'operator.created', row.username, { role: row.role }, ip);
        return row;
      });
      // The password itself is in this answer only: the database keeps its hash.
      return { operator: await view(op), oneTimePassword: otp.password, expiresAt: otp.expiresAt.toISOString() };
    },

    /** Disable or enable, change the role. Never oneself, never the last active admin. */
    async update(
      actor: Actor,
      id: number,
      body: { status?: data.OperatorStatus; role?: data.OperatorRole },
      ip: string,
    ) {
      const op = await db.transaction(async (tx) => {
        const { target: before, otherAdmins } = await data.lockOperatorAndAdmins(tx, actor.merchantId, id);
        if (!before) throw notFound('No such operator');
        const status = body.status ?? before.status;
        const role = body.role ?? before.role;
        if (status === before.status && role === before.role) return before;
        if (before.id === actor.operatorId) {
          throw new AppError('NOT_YOURSELF', 'You cannot disable your own account or change your own role', 409);
        }
        const losesAdmin =
          before.role === 'admin' && before.status === 'active' && (status !== 'active' || role !== 'admin');
        if (losesAdmin && otherAdmins === 0) {
          throw new AppError('LAST_ADMIN', 'The brand must keep at least one active administrator', 409);
        }
        const after = await data.updateOperator(tx, before.id, { status, role });
        // A disabled operator or a new role starts from a new login.
        await sessions.revokeAllForOperator(before.id, status !== 'active' ? 'disabled' : 'role_change', undefined, tx);
        await audit(
          tx,
          actor,
          'operator.updated',
          before.username,
          { from: { status: before.status, role: before.role }, to: { status, role } },
          ip,
        );
        return after;
      });
      return view(op);
    },

    async unlock(actor: Actor, id: number, ip: string) {
      const op = await target(actor, id);
      await guard.clear(operatorAccountKey(op.merchantId, op.username));
      await audit(db, actor, 'operator.unlocked', op.username, {}, ip);
      return view(op);
    },

    /** A new one-time password (the old one expired or was lost): shown once, changed at first login. */
    async resetPassword(actor: Actor, id: number, ip: string) {
      const op = await target(actor, id, { notSelf: 'Change your own password under My account' });
      const otp = await newPassword();
      const after = await db.transaction(async (tx) => {
        const row = await data.updateOperator(tx, op.id, {
          passwordHash: otp.hash,
          mustChangePassword: true,
          passwordExpiresAt: otp.expiresAt,
        });
        await sessions.revokeAllForOperator(op.id, 'password_reset', undefined, tx);
        await audit(tx, actor, 'operator.password_reset', op.username, {}, ip);
        return row;
      });
      await guard.clear(operatorAccountKey(op.merchantId, op.username));
      return { operator: await view(after), oneTimePassword: otp.password, expiresAt: otp.expiresAt.toISOString() };
    },

    /** Forgets the authenticator: the next login enrols a new one (admin and finance). */
    async resetTotp(actor: Actor, id: number, ip: string) {
      const op = await target(actor, id, { notSelf: 'Ask another administrator to reset your own second factor' });
      const after = await db.transaction(async (tx) => {
        const row = await data.updateOperator(tx, op.id, { totpSecret: null, totpEnabled: false });
        await sessions.revokeAllForOperator(op.id, 'totp_reset', undefined, tx);
        await audit(tx, actor, 'operator.totp_reset', op.username, {}, ip);
        return row;
      });
      return view(after);
    },
  };
};

export type OperatorDesk = ReturnType<typeof createOperatorDesk>;
