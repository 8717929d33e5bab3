import type { ContractView } from '@app/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import type { AgentSelf, TreeMember } from '../service.ts';
import * as data from './data.ts';
import { CONTRACT_ACTIONS, transition, type ContractStatus, type Side } from './flow.ts';
import type { ContractDeps } from './service.ts';

/**
 * Pieces every contract operation shares: who the caller is to a contract, the event log, the
 * notices to both sides, the wire view and the transaction wrapper. The operations live beside it
 * (offer.ts, act.ts, cascade.ts, views.ts) and are put together in service.ts.
 */

/** Who acts: an agent, or the house (an operator) on contracts with top-level agents. */
export type Party = { kind: 'agent'; agent: AgentSelf } | { kind: 'house'; merchantId: number; operatorId: number };

export const merchantOf = (p: Party) => (p.kind === 'agent' ? p.agent.merchantId : p.merchantId);

/** The caller's side of a contract, or null when the caller is not a party (404 to them). */
export const sideOf = (c: data.ContractRow, p: Party): Side | null => {
  if (c.merchantId !== merchantOf(p)) return null;
  if (p.kind === 'house') return c.uplineId === null ? 'upline' : null;
  if (c.downlineId === p.agent.id) return 'downline';
  if (c.uplineId === p.agent.id) return 'upline';
  return null;
};

export const contractNotFound = () => new AppError('NOT_FOUND', 'No such contract', 404);

export const actorName = (p: Party, side: Side) => (p.kind === 'house' ? 'house' : side);

export const recordEvent = (
  db: Db,
  c: data.ContractRow,
  e: {
    action: string;
    actor: 'upline' | 'downline' | 'house' | 'system';
    party?: Party;
    from: ContractStatus | null;
    to: ContractStatus;
    detail?: Record<string, unknown>;
  },
) =>
  data.insertEvent(db, {
    merchantId: c.merchantId,
    contractId: c.id,
    action: e.action,
    actor: e.actor,
    actorMemberId: e.party?.kind === 'agent' ? e.party.agent.id : null,
    actorOperatorId: e.party?.kind === 'house' ? e.party.operatorId : null,
    fromStatus: e.from,
    toStatus: e.to,
    detail: e.detail ?? {},
  });

/** What each party reads about a change (the notification text is translated on the client). */
export interface ContractNotice {
  merchantId: number;
  contractId: number;
  kind: string;
  event: string;
  status: ContractStatus;
  recipients: number[];
}

/**
 * Tells both sides of each changed contract with a platform message (stored, and pushed to their
 * open pages), after the transaction committed: nobody hears about a change that rolled back. The
 * contract and its event log stay the record; the message points the agent to it.
 */
export const notifyParties = async ({ notifications }: ContractDeps, notices: readonly ContractNotice[]) => {
  for (const n of notices) {
    for (const memberId of n.recipients) {
      await notifications
        .send({
          merchantId: n.merchantId,
          memberId,
          kind: 'agent_contract',
          params: { contractId: String(n.contractId), kind: n.kind, event: n.event, status: n.status },
        })
        .catch(() => undefined);
    }
  }
};

export const noticeFor = (c: data.ContractRow, event: string, status: ContractStatus): ContractNotice => ({
  merchantId: c.merchantId,
  contractId: c.id,
  kind: c.kind,
  event,
  status,
  recipients: [c.downlineId, ...(c.uplineId ? [c.uplineId] : [])],
});

const ref = (m: TreeMember | undefined, id: number) => ({
  id,
  account: m?.username ?? '',
  nickname: m?.nickname ?? null,
});

/** The wire view of contracts, with the caller's side and the actions open to it. */
export const viewsOf = async (
  { agents }: ContractDeps,
  rows: readonly data.ContractRow[],
  p: Party,
): Promise<ContractView[]> => {
  const ids = [...new Set(rows.flatMap((r) => [r.downlineId, ...(r.uplineId ? [r.uplineId] : [])]))];
  const people = new Map((await agents.findMembers(ids)).map((m) => [m.id, m]));
  return rows.map((r) => {
    const mySide = sideOf(r, p) ?? 'upline';
    const state = { status: r.status, terminationRequestedBy: r.terminationRequestedBy };
    return {
      id: r.id,
      kind: r.kind,
      periodType: r.periodType,
      status: r.status,
      terminationRequestedBy: r.terminationRequestedBy,
      payer: r.payer,
      upline: r.uplineId ? ref(people.get(r.uplineId), r.uplineId) : null,
      downline: ref(people.get(r.downlineId), r.downlineId),
      terms: r.terms,
      note: r.note,
      replacesId: r.replacesId,
      createdAt: r.createdAt.toISOString(),
      activeFrom: r.activeFrom?.toISOString() ?? null,
      endedAt: r.endedAt?.toISOString() ?? null,
      endReason: r.endReason,
      mySide,
      actions: CONTRACT_ACTIONS.filter((a) => transition(state, a, mySide).ok),
    };
  });
};

export const viewOf = async (deps: ContractDeps, row: data.ContractRow, p: Party) =>
  (await viewsOf(deps, [row], p))[0]!;

/** Kinds the brand allows: dividend and real-time salary contracts can be switched off per brand. */
export const kindsEnabled = (features: { dividendContract: boolean; realtimeSalaryContract: boolean }) =>
  (['dividend', 'daily', 'hourly', 'realtime'] as const).filter(
    (k) => (k !== 'dividend' || features.dividendContract) && (k !== 'realtime' || features.realtimeSalaryContract),
  );

const pgCodeOf = (err: unknown): { code?: string; constraint?: string } => {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
  }
  return {};
};

/**
 * A contract change in one transaction, retried on a deadlock or serialisation failure (two
 * parties acting on linked contracts at once); unique-index races become clear 409s.
 */
export const inTransaction = async <T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => fn(tx as unknown as Db));
    } catch (err) {
      const { code, constraint } = pgCodeOf(err);
      if ((code === '40P01' || code === '40001') && attempt < 3) continue;
      if (code === '23505' && constraint?.includes('offer')) {
        throw new AppError('CONTRACT_OFFER_PENDING', 'An offer of this kind is already waiting for an answer', 409);
      }
      if (code === '23505')
        throw new AppError('CONFLICT', 'The contract changed at the same time; please try again', 409);
      throw err;
    }
  }
};
