import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import * as data from './data.ts';
import { directDownline, inSubtree, subtreePrefix } from './policy.ts';

export type { DownlineFilter, TreeMember } from './data.ts';

/** An agent with its tree position: the signed-in agent, or one a job or seeder acts for. */
export interface AgentSelf extends data.TreeMember {
  prefix: string;
}

export interface AgentDeps {
  db: Db;
  /** Counts wrong payment passwords (the accounts feature's limiter, shared with its other limits). */
  limiter: Pick<RateLimiter, 'check' | 'hit' | 'reset'>;
  /** The member's account as the accounts feature keeps it: only its payment password hash is read. */
  findMemberById: (merchantId: number, id: number) => Promise<{ paymentPasswordHash: string | null } | null>;
}

const PAYMENT_PASSWORD_RULE = { limit: 5, windowMs: 15 * 60_000 };

/**
 * The agent tree (who is in whose team, team sizes, downline pages) and the payment password that
 * guards money leaving an agent's wallet. Every other agent-centre service reaches members through
 * it. Reads that may run inside a caller's transaction take it as their last argument (`tx`).
 */
export const createAgentService = ({ db, limiter, findMemberById }: AgentDeps) => {
  const withPrefix = (me: data.TreeMember): AgentSelf => ({ ...me, prefix: subtreePrefix(me) });

  return {
    /** The signed-in agent (the auth gate has already checked it is an agent). */
    async self(actor: { merchantId: number; memberId: number }): Promise<AgentSelf> {
      const me = await data.findMember(db, actor.memberId);
      if (!me || me.merchantId !== actor.merchantId)
        throw new AppError('UNAUTHENTICATED', 'You are not logged in, please login', 401);
      return withPrefix(me);
    },

    /** An agent by id (jobs and seeders act for an agent without a request). */
    async byId(id: number): Promise<AgentSelf> {
      const me = await data.findMember(db, id);
      if (!me) throw new AppError('NOT_FOUND', 'No such agent', 404);
      return withPrefix(me);
    },

    findMember: (id: number, tx: Db = db) => data.findMember(tx, id),
    findMembers: (ids: readonly number[], tx: Db = db) => data.findMembers(tx, ids),

    /** A member of the agent's team by id, or 404. */
    teamMember: async (agent: AgentSelf, id: number) => inSubtree(agent, await data.findMember(db, id)),

    /** A member of the agent's team by username, or 404. */
    teamMemberByUsername: async (agent: AgentSelf, username: string) =>
      inSubtree(agent, await data.findByUsername(db, agent.merchantId, username)),

    /** A direct downline by id, or 404/403. */
    directMember: async (agent: AgentSelf, id: number, what?: string) =>
      directDownline(agent, await data.findMember(db, id), what),

    teamCounts: (agent: AgentSelf) => data.teamCounts(db, agent.prefix, agent.id),
    teamCountsBetween: (agent: AgentSelf, from: Date, to: Date) =>
      data.teamCountsBetween(db, agent.prefix, agent.id, from, to),
    listDownlines: (f: data.DownlineFilter) => data.listDownlines(db, f),
    teamSizes: (agents: readonly { id: number; prefix: string }[]) => data.teamSizes(db, agents),

    /**
     * Money leaves an agent's wallet only with its payment password: five tries per quarter of an
     * hour, each counted atomically before the hash is checked (decision 055), so parallel guesses
     * cannot exceed them; a right password clears the count.
     */
    async checkPaymentPassword(agent: AgentSelf, plain: string) {
      const account = await findMemberById(agent.merchantId, agent.id);
      if (!account?.paymentPasswordHash) {
        throw new AppError('PAYMENT_PASSWORD_NOT_SET', 'Set a payment password in the security centre first', 409);
      }
      const attempt = await limiter.hit('agent-payment-password', String(agent.id), PAYMENT_PASSWORD_RULE);
      if (!attempt.allowed) {
        throw new AppError('RATE_LIMITED', 'Too many wrong payment passwords; try again later', 429, {
          retryAfterMs: attempt.retryAfterMs,
        });
      }
      if (!(await verifyPassword(account.paymentPasswordHash, plain))) {
        throw new AppError('PAYMENT_PASSWORD_INCORRECT', 'The payment password is not correct', 400, null, {
          paymentPassword: 'The payment password is not correct',
        });
      }
      await limiter.reset('agent-payment-password', String(agent.id));
    },
  };
};

export type AgentService = ReturnType<typeof createAgentService>;
