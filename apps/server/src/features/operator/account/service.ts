import { ACCOUNT_MESSAGES } from '@app/contract';
import type { Db } from '../../../db/client.ts';
import type { OperatorActor } from '../../../http/auth.ts';
import { AppError } from '../../../http/errors.ts';
import { hashPassword, verifyPassword } from '../../../lib/password.ts';
import type { EphemeralStore } from '../../../lib/rate-limit.ts';
import type { SecretBox } from '../../../lib/secret-box.ts';
import { newTotpSecret, otpauthUrl, spendTotp } from '../../../lib/totp.ts';
import type { GuardClient, LoginGuard } from '../../identity/login/guard.ts';
import type { SessionService } from '../../identity/sessions/service.ts';
import type { MerchantService } from '../../merchant/service.ts';
import * as data from '../data.ts';
import { loginSteps, operatorAccountKey, stepsOf, storedSteps, type OperatorStep } from '../policy.ts';

export interface OperatorAccountDeps {
  db: Db;
  sessions: Pick<SessionService, 'create' | 'revoke' | 'revokeAllForOperator' | 'setPending'>;
  merchants: Pick<MerchantService, 'brand'>;
  /** The member login's protections with the operators' own counters (decision 054). */
  guard: LoginGuard;
  /** Spent authenticator steps: a code works once. */
  ephemeral: EphemeralStore;
  /** Seals the operators' authenticator secrets (decision 044). */
  secrets: Pick<SecretBox, 'seal' | 'open'>;
  /** DEMO_MODE: the seeded demo operators need no second factor. */
  demoMode: boolean;
}

export type OperatorClient = GuardClient & { userAgent: string };

const fieldError = (code: string, fields: Record<string, string>, status = 400) =>
  new AppError(code, Object.values(fields)[0] ?? 'Invalid request', status, null, fields);
const codeInvalid = () => fieldError('CODE_INVALID', { code: 'The code is not correct; enter the current one' });

/**
 * An operator's own account (decision 054): logging in with the member login's protections, the
 * steps a login may still owe (a code from the authenticator, a new password, enrolling an
 * authenticator), and changing one's own password. Every login, failed or not, is audited.
 */
export const createOperatorAccounts = ({
  db,
  sessions,
  merchants,
  guard,
  ephemeral,
  secrets,
  demoMode,
}: OperatorAccountDeps) => {
  const audit = (
    merchantId: number,
    operatorId: number | null,
    action: string,
    target: string,
    detail: Record<string, unknown>,
    ip: string,
  ) => data.insertAudit(db, { merchantId, operatorId, action, target, detail, ip });

  const requireOperator = async (actor: OperatorActor) => {
    const op = await data.findOperatorById(db, actor.merchantId, actor.operatorId);
    if (!op) throw new AppError('UNAUTHENTICATED', 'You are not logged in, please login', 401);
    return op;
  };

  const me = (op: data.OperatorRow, pending: readonly OperatorStep[]) => ({
    username: op.username,
    role: op.role,
    pending: [...pending],
    totpEnabled: op.totpEnabled,
  });

  /** Marks a step done on this session and answers what is left. */
  const finishStep = async (actor: OperatorActor, step: OperatorStep) => {
    const left = stepsOf(actor.pendingVerification).filter((s) => s !== step);
    await sessions.setPending(actor.sessionId, storedSteps(left));
    return left;
  };

  /** A locked account stays locked for codes and passwords typed after the login, too. */
  const refuseIfLocked = async (op: data.OperatorRow) => {
    if ((await guard.lockState(operatorAccountKey(op.merchantId, op.username))).locked) {
      throw new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.TOO_MANY_REQUESTS, 429, { locked: true });
    }
  };

  const checkCode = async (op: data.OperatorRow, code: string, c: GuardClient) => {
    if (!op.totpSecret) throw new AppError('CONFLICT', 'Set up the authenticator first', 409);
    if (await spendTotp(ephemeral, `operator:${op.id}`, secrets.open(op.totpSecret), code)) return;
    await guard.fail(c, operatorAccountKey(op.merchantId, op.username));
    throw codeInvalid();
  };

  return {
    async login(c: OperatorClient, body: { username: string; password: string; captcha?: string | undefined }) {
      const key = operatorAccountKey(c.merchantId, body.username);
      try {
        await guard.before(c, key, body.captcha);
      } catch (err) {
        // A refusal before the password: audited when it is about this account (lock, captcha).
        if (err instanceof AppError && (err.code !== 'RATE_LIMITED' || (err.value as { locked?: boolean })?.locked)) {
          const known = await data.findOperator(db, c.merchantId, body.username);
          const reason = err.code === 'RATE_LIMITED' ? 'locked' : err.code.toLowerCase();
          await audit(c.merchantId, known?.id ?? null, 'session.login_failed', body.username, { reason }, c.ip);
        }
        throw err;
      }
      const op = await data.findOperator(db, c.merchantId, body.username);
      const ok = await verifyPassword(op?.passwordHash, body.password);
      if (!op || !ok) {
        const captcha = await guard.fail(c, key);
        const reason = op ? 'wrong_password' : 'unknown_operator';
        await audit(c.merchantId, op?.id ?? null, 'session.login_failed', body.username, { reason }, c.ip);
        throw new AppError('INVALID_CREDENTIALS', 'Incorrect username or password', 401, { captcha });
      }
      if (op.status !== 'active') {
        await audit(c.merchantId, op.id, 'session.login_failed', op.username, { reason: 'disabled' }, c.ip);
        throw new AppError('OPERATOR_DISABLED', 'This account is disabled; ask an administrator', 403);
      }
      if (op.mustChangePassword && op.passwordExpiresAt && op.passwordExpiresAt.getTime() <= Date.now()) {
        await audit(c.merchantId, op.id, 'session.login_failed', op.username, { reason: 'password_expired' }, c.ip);
        throw new AppError(
          'ONE_TIME_PASSWORD_EXPIRED',
          'This one-time password has expired; ask an administrator for a new one',
          403,
        );
      }
      await guard.clear(key);
      const pending = loginSteps(op, demoMode);
      const session = await sessions.create({
        merchantId: c.merchantId,
        actor: { kind: 'operator', operatorId: op.id },
        ip: c.ip,
        userAgent: c.userAgent,
        pendingVerification: storedSteps(pending),
      });
      await audit(c.merchantId, op.id, 'session.login', op.username, { pending }, c.ip);
      return { token: session.token, ...me(op, pending) };
    },

    async me(actor: OperatorActor) {
      return me(await requireOperator(actor), stepsOf(actor.pendingVerification));
    },

    async logout(actor: OperatorActor) {
      await sessions.revoke(actor.sessionId, 'logout');
    },

    /** The code step of a login: the authenticator's current code. */
    async verifyTotp(actor: OperatorActor, code: string, c: GuardClient) {
      if (stepsOf(actor.pendingVerification)[0] !== 'totp') {
        throw new AppError('CONFLICT', 'No code is asked for on this login', 409);
      }
      const op = await requireOperator(actor);
      await refuseIfLocked(op);
      try {
        await checkCode(op, code, c);
      } catch (err) {
        await audit(op.merchantId, op.id, 'session.totp_failed', op.username, {}, c.ip);
        throw err;
      }
      await guard.clear(operatorAccountKey(op.merchantId, op.username));
      const left = await finishStep(actor, 'totp');
      await audit(op.merchantId, op.id, 'session.totp', op.username, {}, c.ip);
      return me(op, left);
    },

    /** Changes one's own password: the current one is required; other sessions end. */
    async changePassword(actor: OperatorActor, body: { currentPassword: string; newPassword: string }, c: GuardClient) {
      if (stepsOf(actor.pendingVerification)[0] === 'totp') {
        throw new AppError('SECOND_FACTOR_REQUIRED', 'Please complete the second factor first', 403);
      }
      const op = await requireOperator(actor);
      await refuseIfLocked(op);
      if (!(await verifyPassword(op.passwordHash, body.currentPassword))) {
        await guard.fail(c, operatorAccountKey(op.merchantId, op.username));
        await audit(op.merchantId, op.id, 'account.password_failed', op.username, {}, c.ip);
        throw fieldError('PASSWORD_INCORRECT', { currentPassword: ACCOUNT_MESSAGES.PASSWORD_INCORRECT });
      }
      if (body.newPassword === body.currentPassword) {
        throw fieldError('VALIDATION_FAILED', { newPassword: 'Choose a password different from the current one' });
      }
      const updated = await data.updateOperator(db, op.id, {
        passwordHash: await hashPassword(body.newPassword),
        mustChangePassword: false,
        passwordExpiresAt: null,
        passwordChangedAt: new Date(),
      });
      await guard.clear(operatorAccountKey(op.merchantId, op.username));
      await sessions.revokeAllForOperator(op.id, 'password_change', actor.sessionId);
      const left = await finishStep(actor, 'password_change');
      await audit(op.merchantId, op.id, 'account.password_changed', op.username, {}, c.ip);
      return me(updated, left);
    },

    /** A new authenticator secret, shown once here; kept sealed until a code confirms it. */
    async totpSetup(actor: OperatorActor) {
      const first = stepsOf(actor.pendingVerification)[0];
      if (first === 'totp' || first === 'password_change') {
        throw new AppError('PASSWORD_CHANGE_REQUIRED', 'Finish the earlier steps of this login first', 403);
      }
      const op = await requireOperator(actor);
      if (op.totpEnabled) throw new AppError('CONFLICT', 'The authenticator is already set up', 409);
      const secret = newTotpSecret();
      await data.updateOperator(db, op.id, { totpSecret: secrets.seal(secret) });
      const site = (await merchants.brand(op.merchantId)).merchant.siteName;
      return { secret, otpauthUrl: otpauthUrl(`${site} Console`, op.username, secret) };
    },

    async totpEnable(actor: OperatorActor, code: string, c: GuardClient) {
      const op = await requireOperator(actor);
      if (op.totpEnabled) throw new AppError('CONFLICT', 'The authenticator is already set up', 409);
      await refuseIfLocked(op);
      await checkCode(op, code, c);
      await guard.clear(operatorAccountKey(op.merchantId, op.username));
      const updated = await data.updateOperator(db, op.id, { totpEnabled: true });
      const left = await finishStep(actor, 'totp_enrol');
      await audit(op.merchantId, op.id, 'account.totp_enabled', op.username, {}, c.ip);
      return me(updated, left);
    },
  };
};

export type OperatorAccounts = ReturnType<typeof createOperatorAccounts>;
