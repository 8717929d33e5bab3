import type { ContractKind, ContractTerms } from '@app/contract';
import type { Db } from '../../../db/client.ts';
import { noticeFor, recordEvent, type ContractNotice } from './common.ts';
import * as data from './data.ts';
import type { EndReason } from './flow.ts';
import type { ContractDeps } from './service.ts';
import { exceedsUpline } from './terms.ts';

/**
 * "A new contract with a lower rate than an existing downline contract terminates the downline's
 * contract automatically, after the user agrees" (spec §4). When an agent's terms for a kind
 * change (it accepts new terms) or end (its contract terminates), each contract of that kind the
 * agent gave its own downlines that now pays more than the agent receives ends too, and with it,
 * everything further down that depended on it. Offers that no longer fit are withdrawn.
 */

export interface CascadeItem {
  contract: data.ContractRow;
  next: 'terminated' | 'withdrawn';
  reason: EndReason;
}

export const planCascade = async (
  db: Db,
  agentId: number,
  kind: ContractKind,
  newTerms: ContractTerms | null,
): Promise<CascadeItem[]> => {
  const out: CascadeItem[] = [];
  const queue: { uplineId: number; terms: ContractTerms | null }[] = [{ uplineId: agentId, terms: newTerms }];
  const seen = new Set<number>();
  while (queue.length) {
    const { uplineId, terms } = queue.shift()!;
    for (const c of await data.openGivenBy(db, uplineId, kind, true)) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      if (terms && !exceedsUpline(c.terms, terms)) continue;
      if (c.status === 'offered') {
        out.push({ contract: c, next: 'withdrawn', reason: 'offer_invalidated' });
        continue;
      }
      out.push({ contract: c, next: 'terminated', reason: terms ? 'upline_terms_lowered' : 'upline_contract_ended' });
      queue.push({ uplineId: c.downlineId, terms: null });
    }
  }
  return out;
};

/** What the caller is asked to agree to, in readable form (read inside the action's transaction). */
export const describeCascade = async ({ agents }: ContractDeps, tx: Db, items: readonly CascadeItem[]) => {
  const ids = [...new Set(items.flatMap((i) => [i.contract.downlineId, i.contract.uplineId ?? 0]).filter(Boolean))];
  const names = new Map((await agents.findMembers(ids, tx)).map((m) => [m.id, m.username]));
  return items.map((i) => ({
    contractId: i.contract.id,
    kind: i.contract.kind,
    upline: names.get(i.contract.uplineId ?? 0) ?? '',
    downline: names.get(i.contract.downlineId) ?? '',
    status: i.contract.status,
    reason: i.reason,
  }));
};

/** Ends the planned contracts (inside the caller's transaction) and returns the notices to send. */
export const applyCascade = async (
  db: Db,
  items: readonly CascadeItem[],
  causeId: number,
  now: Date,
): Promise<ContractNotice[]> => {
  const notices: ContractNotice[] = [];
  for (const item of items) {
    const c = item.contract;
    const updated = await data.updateContract(db, c.id, {
      status: item.next,
      terminationRequestedBy: null,
      endedAt: now,
      endReason: item.reason,
    });
    await recordEvent(db, updated, {
      action: item.next === 'withdrawn' ? 'autoWithdraw' : 'autoTerminate',
      actor: 'system',
      from: c.status,
      to: item.next,
      detail: { reason: item.reason, causeContractId: causeId },
    });
    notices.push(noticeFor(updated, item.reason, item.next));
  }
  return notices;
};
