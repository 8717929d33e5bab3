import type { BodyOutput, agentContractEndpoints } from '@app/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import { applyCascade, describeCascade, planCascade, type CascadeItem } from './cascade.ts';
import {
  actorName,
  contractNotFound,
  inTransaction,
  noticeFor,
  notifyParties,
  recordEvent,
  sideOf,
  viewOf,
  type ContractNotice,
  type Party,
} from './common.ts';
import * as data from './data.ts';
import { endsOwnContract, transition, type ContractState } from './flow.ts';
import type { ContractDeps } from './service.ts';
import { rateCapIssues } from './terms.ts';

type ActBody = BodyOutput<(typeof agentContractEndpoints)['act']>;

/** Asks for the caller's agreement before its action ends contracts further down (spec §4). */
const confirmOrRefuse = async (deps: ContractDeps, tx: Db, items: CascadeItem[], confirmed: boolean) => {
  if (!items.length || confirmed) return;
  throw new AppError(
    'CONTRACT_CASCADE_CONFIRM',
    'This will also end contracts you gave your downlines. Confirm to continue.',
    409,
    { affected: await describeCascade(deps, tx, items) },
  );
};

/**
 * Every answer to a contract: accept, reject, withdraw, and the termination handshake. One
 * transaction per action with the contract row locked, so two answers never both apply.
 */
export const actOnContract = async (deps: ContractDeps, party: Party, body: ActBody) => {
  const { action } = body;
  const notices: ContractNotice[] = [];
  const row = await inTransaction(deps.db, async (tx) => {
    notices.length = 0;
    const c = await data.lockContract(tx, body.contractId);
    const side = c ? sideOf(c, party) : null;
    if (!c || !side) throw contractNotFound();
    const state: ContractState = { status: c.status, terminationRequestedBy: c.terminationRequestedBy };
    const result = transition(state, action, side);
    if (!result.ok) throw new AppError(result.code, result.message, result.status);
    const now = new Date();
    let cascade: CascadeItem[] = [];

    if (action === 'accept') {
      if (c.uplineId) {
        // The upline's own terms may have changed since it made the offer.
        const own = await data.inForce(tx, c.uplineId, c.kind, true);
        if (rateCapIssues(c.terms, own?.terms ?? null).length) {
          throw new AppError(
            'CONTRACT_EXCEEDS_UPLINE',
            'Your upline no longer receives enough to honour this offer',
            409,
          );
        }
      }
      cascade = await planCascade(tx, c.downlineId, c.kind, c.terms);
      await confirmOrRefuse(deps, tx, cascade, body.confirmCascade);
      const current = await data.inForce(tx, c.downlineId, c.kind, true);
      if (current) {
        const replaced = await data.updateContract(tx, current.id, {
          status: 'terminated',
          terminationRequestedBy: null,
          endedAt: now,
          endReason: 'replaced',
        });
        await recordEvent(tx, replaced, {
          action: 'replaced',
          actor: 'system',
          from: current.status,
          to: 'terminated',
          detail: { by: c.id },
        });
        notices.push(noticeFor(replaced, 'replaced', 'terminated'));
      }
    } else if (endsOwnContract(action, side, state) || (action === 'agreeTermination' && side === 'upline')) {
      // The downline's own downline contracts of this kind lose their cover when this one ends.
      // The downline agrees to that when it asks (or agrees) to end it.
      cascade = await planCascade(tx, c.downlineId, c.kind, null);
      if (side === 'downline') await confirmOrRefuse(deps, tx, cascade, body.confirmCascade);
      if (action === 'requestTermination') cascade = [];
    }

    const next = result.next;
    const ended = next.status === 'rejected' || next.status === 'withdrawn' || next.status === 'terminated';
    const updated = await data.updateContract(tx, c.id, {
      status: next.status,
      terminationRequestedBy: next.terminationRequestedBy,
      ...(action === 'accept' ? { activeFrom: now } : {}),
      ...(ended ? { endedAt: now, endReason: result.endReason } : {}),
    });
    await recordEvent(tx, updated, {
      action,
      actor: actorName(party, side),
      party,
      from: state.status,
      to: next.status,
      detail: cascade.length ? { cascade: cascade.map((i) => i.contract.id) } : {},
    });
    notices.push(noticeFor(updated, action, next.status));
    notices.push(...(await applyCascade(tx, cascade, c.id, now)));
    return updated;
  });
  await notifyParties(deps, notices);
  return viewOf(deps, row, party);
};
