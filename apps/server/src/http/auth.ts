import { PROTECTION_CODES, WITHDRAW_ONLY_STEP, type Endpoint } from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, unauthenticated } from './errors.ts';

export type MemberActor = {
  kind: 'member';
  sessionId: number;
  merchantId: number;
  memberId: number;
  type: number;
  isAgent: boolean;
  isTrial: boolean;
  pendingVerification: string | null;
};
export type OperatorActor = {
  kind: 'operator';
  sessionId: number;
  merchantId: number;
  operatorId: number;
  role: string;
  /** The login's steps still to do (comma list of 'totp', 'password_change', 'totp_enrol'), or null. */
  pendingVerification: string | null;
};
/** Who a request acts for, as its session says (set on `req.actor` by the auth gate only). */
export type Actor = MemberActor | OperatorActor;

/** Turns a bearer token into its live session's actor, or null (unknown, revoked, idle, expired, other brand). */
export type ResolveActor = (token: string, merchantId: number) => Promise<Actor | null>;

/**
 * Gives the auth gate the session lookup it uses. app.ts installs it once, before any route; every
 * route registered after it (in any plugin) resolves tokens through it.
 */
export const installAuth = (app: FastifyInstance, deps: { resolveActor: ResolveActor }) => {
  app.decorate('resolveActor', deps.resolveActor);
};

export const bearerToken = (req: FastifyRequest): string | null => {
  const h = req.headers.authorization;
  if (typeof h === 'string' && h.startsWith('Bearer ')) return h.slice(7).trim();
  const alt = req.headers['x-session-token'];
  return typeof alt === 'string' ? alt : null;
};

/**
 * The auth gate: reads the session named by the request's token and checks it against what the
 * endpoint allows. Only this gate sets `req.actor`, so a handler that reads it has been checked.
 */
export const authorize = async (req: FastifyRequest, endpoint: Endpoint): Promise<void> => {
  if (endpoint.auth === 'none') return;
  const resolveActor = req.server.resolveActor;
  if (!resolveActor) throw new Error('installAuth(app, { resolveActor }) must run before routes are registered');
  const token = bearerToken(req);
  const actor: Actor | null = token ? await resolveActor(token, req.merchantId) : null;
  req.actor = actor;
  if (endpoint.auth === 'optional') {
    // A withdraw-only session (a self-excluded player) reads public pages as a visitor would.
    if (actor?.kind === 'member' && isWithdrawOnly(actor) && !endpoint.allowWithdrawOnly) req.actor = null;
    return;
  }
  if (!actor) throw unauthenticated();
  if (endpoint.auth === 'operator') {
    if (actor.kind !== 'operator') throw unauthenticated();
    if (actor.pendingVerification && !endpoint.allowPendingVerification) {
      // The console's login is not complete: a code, a new password or an authenticator comes first.
      if (actor.pendingVerification.split(',')[0] === 'password_change') {
        throw new AppError('PASSWORD_CHANGE_REQUIRED', 'Please change your password first', 403);
      }
      throw new AppError('SECOND_FACTOR_REQUIRED', 'Please complete the second factor first', 403);
    }
    if (endpoint.roles?.length && !endpoint.roles.includes(actor.role) && actor.role !== 'admin') {
      throw new AppError('FORBIDDEN', 'Your role does not allow this action', 403);
    }
    return;
  }
  if (actor.kind !== 'member') throw unauthenticated();
  const steps = (actor.pendingVerification ?? '').split(',').filter(Boolean);
  const withdrawOnly = steps.includes(WITHDRAW_ONLY_STEP);
  const pending = steps.filter((s) => s !== WITHDRAW_ONLY_STEP).join(',');
  if (pending && !endpoint.allowPendingVerification) {
    // Extra verification comes first; a forced password change (spec §4) blocks everything after it.
    if (pending === 'password_change') {
      throw new AppError('PASSWORD_CHANGE_REQUIRED', 'Please change your password first', 403);
    }
    throw new AppError('VERIFICATION_REQUIRED', 'Please complete verification first', 403);
  }
  // A self-excluded player's session (issue 24): the wallet, the withdrawal and logging out only.
  if (withdrawOnly && !endpoint.allowWithdrawOnly)
    throw new AppError(
      PROTECTION_CODES.withdrawOnly,
      'While you are self-excluded you can only see your wallet and withdraw your balance',
      403,
    );
  if (endpoint.auth === 'session') return;
  if (actor.isTrial) throw new AppError('TRIAL_NOT_ALLOWED', 'in_need_true_account', 403);
  if (endpoint.auth === 'agent' && !actor.isAgent) throw new AppError('NOT_AGENT', 'Non-agents cannot log in', 403);
};

const isWithdrawOnly = (a: MemberActor) => (a.pendingVerification ?? '').split(',').includes(WITHDRAW_ONLY_STEP);

/** The checked member of a request; only valid on endpoints whose auth is session, member or agent. */
export const memberOf = (req: FastifyRequest): MemberActor => {
  const a = req.actor;
  if (!a || a.kind !== 'member') throw unauthenticated();
  return a;
};

export const operatorOf = (req: FastifyRequest): OperatorActor => {
  const a = req.actor;
  if (!a || a.kind !== 'operator') throw unauthenticated();
  return a;
};

declare module 'fastify' {
  interface FastifyInstance {
    resolveActor?: ResolveActor;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}
