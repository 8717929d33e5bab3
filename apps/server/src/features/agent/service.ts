import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { memberOf } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import * as data from './data.ts';
import { directDownline, inSubtree, subtreePrefix } from './policy.ts';

export type { TreeMember } from './data.ts';

/** The signed-in agent with its tree position (the auth gate has already checked it is an agent). */
export interface AgentSelf extends data.TreeMember {
  prefix: string;
}

export const loadAgent = async (db: Db, req: FastifyRequest): Promise<AgentSelf> => {
  const actor = memberOf(req);
  const me = await data.findMember(db, actor.memberId);
  if (!me || me.merchantId !== actor.merchantId)
    throw new AppError('UNAUTHENTICATED', 'You are not logged in, please login', 401);
  return { ...me, prefix: subtreePrefix(me) };
};

export const findMember = (db: Db, id: number) => data.findMember(db, id);
export const findMembers = (db: Db, ids: readonly number[]) => data.findMembers(db, ids);

/** A member of the agent's team by id, or 404. */
export const teamMember = async (db: Db, agent: AgentSelf, id: number) =>
  inSubtree(agent, await data.findMember(db, id));

/** A member of the agent's team by username, or 404. */
export const teamMemberByUsername = async (db: Db, agent: AgentSelf, username: string) =>
  inSubtree(agent, await data.findByUsername(db, agent.merchantId, username));

/** A direct downline by id, or 404/403. */
export const directMember = async (db: Db, agent: AgentSelf, id: number, what?: string) =>
  directDownline(agent, await data.findMember(db, id), what);

export const teamCounts = (db: Db, agent: AgentSelf) => data.teamCounts(db, agent.prefix, agent.id);
export const teamCountsBetween = (db: Db, agent: AgentSelf, from: Date, to: Date) =>
  data.teamCountsBetween(db, agent.prefix, agent.id, from, to);
export const countNewMembers = (db: Db, agent: AgentSelf, direct: boolean, from: Date, to: Date) =>
  data.countNewMembers(db, { prefix: agent.prefix, agentId: agent.id, direct, from, to });
export const listDownlines = (db: Db, f: data.DownlineFilter) => data.listDownlines(db, f);
export const teamSizes = (db: Db, agents: readonly { id: number; prefix: string }[]) => data.teamSizes(db, agents);

const PAYMENT_PASSWORD_RULE = { limit: 5, windowMs: 15 * 60_000 };

/**
 * Money leaves an agent's wallet only with its payment password: five wrong tries lock it for a
 * quarter of an hour (counted before hashing, so guessing stays slow and cheap for us).
 */
export const checkPaymentPassword = async (ctx: AppContext, agent: AgentSelf, plain: string) => {
  const limiter = ctx.accounts.limiter;
  const gate = await limiter.check('agent-payment-password', String(agent.id), PAYMENT_PASSWORD_RULE);
  if (!gate.allowed) {
    throw new AppError('RATE_LIMITED', 'Too many wrong payment passwords; try again later', 429, {
      retryAfterMs: gate.retryAfterMs,
    });
  }
  const row = await ctx.accounts.members.findById(agent.merchantId, agent.id);
  if (!row?.paymentPasswordHash) {
    throw new AppError('PAYMENT_PASSWORD_NOT_SET', 'Set a payment password in the security centre first', 409);
  }
  if (!(await verifyPassword(row.paymentPasswordHash, plain))) {
    await limiter.hit('agent-payment-password', String(agent.id), PAYMENT_PASSWORD_RULE);
    throw new AppError('PAYMENT_PASSWORD_INCORRECT', 'The payment password is not correct', 400, null, {
      paymentPassword: 'The payment password is not correct',
    });
  }
  await limiter.reset('agent-payment-password', String(agent.id));
};

/** An agent by id with its tree position (jobs and seeders act for an agent without a request). */
export const agentById = async (db: Db, id: number): Promise<AgentSelf> => {
  const me = await data.findMember(db, id);
  if (!me) throw new AppError('NOT_FOUND', 'No such agent', 404);
  return { ...me, prefix: subtreePrefix(me) };
};
