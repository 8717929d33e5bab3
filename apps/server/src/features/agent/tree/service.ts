import { AGENT_CHILD_TYPES, isAgentType, isTrialType } from '@app/contract';
import type { Db } from '../../../db/client.ts';
import { AppError, notFound } from '../../../http/errors.ts';
import { recordEvent } from '../contracts/common.ts';
import * as contracts from '../contracts/data.ts';
import { isDescendant, subtreePrefix } from '../policy.ts';
import * as data from './data.ts';

/**
 * The operator's changes to the agent tree (issue 21, decision 079): an account's type, and moving
 * an account with its whole team under another agent. Both run inside the caller's transaction
 * (so the audit entry commits with the change) after the brand's tree lock.
 *
 * Type rules are the agents' own (AGENT_CHILD_TYPES): under an agent of type 1 go members and
 * agents 1 and 2; under 2, members and 2; under 41, members, 41 and 42; under 42, members and 42.
 */

const conflict = (code: string, message: string) => new AppError(code, message, 409);
const mayHold = (uplineType: number, type: number) =>
  type === 0 || (AGENT_CHILD_TYPES[uplineType] ?? []).includes(type);

const requireAccount = async (tx: Db, merchantId: number, id: number) => {
  const m = await data.nodeById(tx, merchantId, id);
  if (!m) throw notFound('No such member');
  if (isTrialType(m.type)) {
    throw new AppError('VALIDATION_FAILED', 'A free-play account has no place in the agent tree', 400);
  }
  return m;
};

export interface TypeChange {
  before: { type: number };
  after: { type: number };
}

export interface MoveResult {
  before: { uplineId: number | null; upline: string | null; treePath: string };
  after: { uplineId: number; upline: string; treePath: string };
  /** The accounts that moved: the account and its whole team. */
  moved: number;
  /** Contracts the account had with its old upline (or the house) that ended or were withdrawn. */
  contractsEnded: number[];
}

export const changeType = async (tx: Db, merchantId: number, memberId: number, type: number): Promise<TypeChange> => {
  await data.lockTree(tx, merchantId);
  const m = await requireAccount(tx, merchantId, memberId);
  if (m.type === type) throw conflict('TYPE_UNCHANGED', 'The account already has this type');
  if (m.uplineId !== null) {
    const upline = await data.nodeById(tx, merchantId, m.uplineId);
    if (upline && isAgentType(upline.type) && !mayHold(upline.type, type)) {
      throw conflict('TYPE_NOT_ALLOWED', `An agent of type ${upline.type} cannot have a downline of type ${type}`);
    }
  }
  const downlines = await data.directTypes(tx, m.id);
  if (type === 0) {
    if (downlines.length)
      throw conflict('HAS_TEAM', 'An agent with downlines cannot become a member; move its team first');
    if (await data.openContracts(tx, m.id)) {
      throw conflict('HAS_CONTRACTS', 'An agent with open contracts cannot become a member; end them first');
    }
  } else {
    const misfit = downlines.find((d) => !mayHold(type, d.type));
    if (misfit) {
      throw conflict('TYPE_NOT_ALLOWED', `An agent of type ${type} cannot have its downlines of type ${misfit.type}`);
    }
  }
  await data.setType(tx, m.id, type);
  return { before: { type: m.type }, after: { type } };
};

export const moveTeam = async (
  tx: Db,
  merchantId: number,
  memberId: number,
  uplineUsername: string,
  now = new Date(),
): Promise<MoveResult> => {
  await data.lockTree(tx, merchantId);
  const m = await requireAccount(tx, merchantId, memberId);
  const upline = await data.nodeByUsername(tx, merchantId, uplineUsername);
  if (!upline) throw new AppError('UPLINE_NOT_FOUND', 'No such upline', 404, null, { upline: 'No such account' });
  if (upline.id === m.id || isDescendant(m, upline)) {
    throw conflict('MOVE_CYCLE', 'An account cannot go under itself or under its own team');
  }
  if (!isAgentType(upline.type)) throw conflict('UPLINE_NOT_AGENT', 'The new upline must be an agent');
  if (upline.status !== 'active') throw conflict('UPLINE_NOT_ACTIVE', 'The new upline is frozen');
  if (m.uplineId === upline.id) throw conflict('SAME_UPLINE', 'The account is already under this upline');
  if (!mayHold(upline.type, m.type)) {
    throw conflict('TYPE_NOT_ALLOWED', `An agent of type ${upline.type} cannot have a downline of type ${m.type}`);
  }
  const old = m.uplineId === null ? null : await data.nodeById(tx, merchantId, m.uplineId);
  const oldPrefix = subtreePrefix(m);
  const newPrefix = `${subtreePrefix(upline)}${m.id}/`;
  const moved = await data.moveSubtree(tx, {
    merchantId,
    memberId: m.id,
    uplineId: upline.id,
    oldPrefix,
    newPrefix,
    depthDelta: upline.depth + 1 - m.depth,
  });
  await data.retagFiguresFromToday(tx, { merchantId, newPrefix });
  // The contracts the account received came from its old upline (or the house): they no longer fit.
  const ended: number[] = [];
  for (const c of await contracts.openReceived(tx, m.id)) {
    const next = c.status === 'offered' ? 'withdrawn' : 'terminated';
    const updated = await contracts.updateContract(tx, c.id, {
      status: next,
      terminationRequestedBy: null,
      endedAt: now,
      endReason: 'upline_changed',
    });
    await recordEvent(tx, updated, {
      action: next === 'withdrawn' ? 'autoWithdraw' : 'autoTerminate',
      actor: 'system',
      from: c.status,
      to: next,
      detail: { reason: 'upline_changed', fromUplineId: m.uplineId, toUplineId: upline.id },
    });
    ended.push(c.id);
  }
  return {
    before: { uplineId: m.uplineId, upline: old?.username ?? null, treePath: m.treePath },
    after: { uplineId: upline.id, upline: upline.username, treePath: newPrefix },
    moved,
    contractsEnded: ended,
  };
};
