import { isAgentType, type BodyOutput, type agentContractEndpoints } from '@app/contract';
import { AppError } from '../../../http/errors.ts';
import { directDownline, notInTeam } from '../policy.ts';
import {
  inTransaction,
  kindsEnabled,
  merchantOf,
  noticeFor,
  notifyParties,
  recordEvent,
  viewOf,
  type Party,
} from './common.ts';
import * as data from './data.ts';
import type { ContractDeps } from './service.ts';
import { rateCapIssues } from './terms.ts';

type OfferBody = BodyOutput<(typeof agentContractEndpoints)['offer']>;

/**
 * An upline offers a contract to a direct downline agent; the house (an operator) offers to a
 * top-level agent. An agent's offer can never pay more than the agent itself receives.
 */
export const offerContract = async (deps: ContractDeps, party: Party, body: OfferBody) => {
  const { db, merchants, agents } = deps;
  const merchantId = merchantOf(party);
  const { terms } = body;
  const brand = await merchants.brand(merchantId);
  if (!kindsEnabled(brand.merchant.features).includes(terms.kind)) {
    throw new AppError('CONTRACT_KIND_DISABLED', 'This contract type is not available on this site', 403);
  }

  const target = await agents.findMember(body.downlineId);
  if (party.kind === 'agent') {
    directDownline(party.agent, target, 'contracts');
  } else {
    if (!target || target.merchantId !== merchantId) throw notInTeam();
    const upline = target.uplineId ? await agents.findMember(target.uplineId) : null;
    if (upline && isAgentType(upline.type)) {
      throw new AppError('CONTRACT_NOT_TOP_LEVEL', 'This agent receives its contracts from its upline agent', 409);
    }
  }
  const downline = target!;
  if (!isAgentType(downline.type)) {
    throw new AppError('CONTRACT_NOT_AGENT', 'Contracts can only be offered to agent accounts', 409);
  }
  if (downline.status !== 'active') throw new AppError('ACCOUNT_FROZEN', 'This account is not active', 409);

  if (party.kind === 'agent') {
    const own = await data.inForce(db, party.agent.id, terms.kind);
    if (own?.status === 'terminating') {
      throw new AppError('CONTRACT_TERMINATING', 'Your own contract of this kind is being terminated', 409);
    }
    const issues = rateCapIssues(terms, own?.terms ?? null);
    if (issues.length) {
      const fields = Object.fromEntries(issues.map((i) => [['terms', ...i.path].join('.'), i.message]));
      throw new AppError('CONTRACT_EXCEEDS_UPLINE', issues[0]!.message, 400, null, fields);
    }
  }

  const row = await inTransaction(db, async (tx) => {
    if (await data.pendingOffer(tx, downline.id, terms.kind)) {
      throw new AppError('CONTRACT_OFFER_PENDING', 'An offer of this kind is already waiting for an answer', 409);
    }
    const current = await data.inForce(tx, downline.id, terms.kind);
    const created = await data.insertContract(tx, {
      merchantId,
      kind: terms.kind,
      periodType: terms.kind === 'dividend' ? terms.periodType : null,
      uplineId: party.kind === 'agent' ? party.agent.id : null,
      downlineId: downline.id,
      payer: party.kind === 'agent' ? 'upline' : 'house',
      terms,
      status: 'offered',
      offeredByOperatorId: party.kind === 'house' ? party.operatorId : null,
      replacesId: current?.id ?? null,
      note: body.note,
    });
    await recordEvent(tx, created, {
      action: 'offer',
      actor: party.kind === 'house' ? 'house' : 'upline',
      party,
      from: null,
      to: 'offered',
      detail: current ? { replaces: current.id } : {},
    });
    return created;
  });
  await notifyParties(deps, [noticeFor(row, 'offer', 'offered')]);
  return viewOf(deps, row, party);
};
