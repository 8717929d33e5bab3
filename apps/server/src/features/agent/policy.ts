import { isAgentType } from '@app/contract';
import { AppError } from '../../http/errors.ts';
import type { TreeMember } from './data.ts';

/**
 * The agent policy: an agent reads only its own subtree and moves money only to a direct downline.
 * Every agent endpoint that names another account goes through `inSubtree` or `directDownline`;
 * an account outside the subtree answers exactly like an account that does not exist (404), so
 * nothing about other branches or brands leaks.
 */

type Node = Pick<TreeMember, 'id' | 'merchantId' | 'treePath' | 'uplineId'>;

/** The prefix every descendant's tree_path starts with (works whether or not a path ends in its own id). */
export const subtreePrefix = (m: Pick<TreeMember, 'id' | 'treePath'>): string => {
  const own = `/${m.id}/`;
  const path = m.treePath.endsWith('/') ? m.treePath : `${m.treePath}/`;
  return path.endsWith(own) ? path : `${path}${m.id}/`;
};

/** True when `target` is strictly below `agent` in the same brand's tree. */
export const isDescendant = (agent: Node, target: Node): boolean =>
  target.merchantId === agent.merchantId &&
  target.id !== agent.id &&
  subtreePrefix(target).startsWith(subtreePrefix(agent));

export const isDirectDownline = (agent: Node, target: Node): boolean =>
  target.merchantId === agent.merchantId && target.id !== agent.id && target.uplineId === agent.id;

export const notInTeam = () => new AppError('NOT_FOUND', 'No such account in your team', 404);

/** The target if it is in the agent's team, else 404 (never "exists but not yours"). */
export const inSubtree = <T extends Node>(agent: Node, target: T | null): T => {
  if (!target || !isDescendant(agent, target)) throw notInTeam();
  return target;
};

/** The target if it is a direct downline of the agent, else 404 / 403. */
export const directDownline = <T extends Node>(agent: Node, target: T | null, what = 'this'): T => {
  const t = inSubtree(agent, target);
  if (!isDirectDownline(agent, t)) {
    throw new AppError('NOT_DIRECT_DOWNLINE', `You can only do ${what} with your direct downlines`, 403);
  }
  return t;
};

export const isActiveAgent = (m: Pick<TreeMember, 'type' | 'status'>) => isAgentType(m.type) && m.status === 'active';
