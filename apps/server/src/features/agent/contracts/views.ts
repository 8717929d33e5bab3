import {
  isAgentType,
  type ConsolidatedFlags,
  type ContractKind,
  type QueryOutput,
  type agentContractEndpoints,
} from '@app/contract';
import { contractNotFound, kindsEnabled, merchantOf, sideOf, viewOf, viewsOf, type Party } from './common.ts';
import * as data from './data.ts';
import type { ContractStatus } from './flow.ts';
import type { ContractDeps } from './service.ts';

type ListQuery = QueryOutput<(typeof agentContractEndpoints)['contracts']>;

const statusFilter = (s: ListQuery['status']): ContractStatus[] | undefined =>
  s === 'open'
    ? ['offered', 'active', 'terminating']
    : s === 'ended'
      ? ['rejected', 'withdrawn', 'terminated']
      : s
        ? [s]
        : undefined;

export const listContracts = async (
  deps: ContractDeps,
  party: Party,
  q: Omit<ListQuery, 'role'> & { role?: ListQuery['role'] },
) => {
  const { rows, total } = await data.listContracts(deps.db, {
    merchantId: merchantOf(party),
    role: party.kind === 'house' ? 'house' : (q.role ?? 'received'),
    ...(party.kind === 'agent' ? { memberId: party.agent.id } : {}),
    downlineId: q.downlineId,
    kind: q.kind,
    statuses: statusFilter(q.status),
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  return {
    list: await viewsOf(
      deps,
      rows.map((r) => r.contract),
      party,
    ),
    pageNum: q.page,
    pageSize: q.pageSize,
    total,
    totalPages: Math.ceil(total / q.pageSize),
  };
};

export const contractDetail = async (deps: ContractDeps, party: Party, id: number) => {
  const c = await data.findContract(deps.db, id);
  if (!c || !sideOf(c, party)) throw contractNotFound();
  const events = await data.eventsOf(deps.db, c.id);
  return {
    ...(await viewOf(deps, c, party)),
    events: events.map((e) => ({
      action: e.action,
      actor: e.actor,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      detail: e.detail,
      at: e.createdAt.toISOString(),
    })),
  };
};

const FLAG_OF: Record<ContractKind, 'dailysalreqtype' | 'divtypereq' | 'contracthoursalreq' | 'realtimesalreqtype'> = {
  daily: 'dailysalreqtype',
  dividend: 'divtypereq',
  hourly: 'contracthoursalreq',
  realtime: 'realtimesalreqtype',
};

/**
 * The consolidated contract flags (spec §3): per kind, whether the member holds a contract, has an
 * offer or a termination request to answer; which agent-centre pages to show; and how many
 * requests wait for an answer. Everyone but a real agent on a brand with the agent policy gets
 * everything off.
 */
export const consolidatedFlags = async (
  { db, merchants }: ContractDeps,
  actor: { merchantId: number; memberId: number; type: number },
): Promise<ConsolidatedFlags> => {
  const features = (await merchants.brand(actor.merchantId)).merchant.features;
  const enabled = features.agentPolicy && isAgentType(actor.type);
  const kinds = kindsEnabled(features);
  const flags: ConsolidatedFlags = {
    enabled,
    dailysalreqtype: 0,
    divtypereq: 0,
    contracthoursalreq: 0,
    realtimesalreqtype: 0,
    dividendPeriodType: null,
    pages: { dividend: false, daily: false, hourly: false, realtime: false },
    kindsEnabled: enabled ? [...kinds] : [],
    pendingRequests: 0,
  };
  if (!enabled) return flags;
  const rows = await data.contractsOfParty(db, actor.memberId);
  for (const kind of kinds) {
    const received = rows.filter((r) => r.kind === kind && r.downlineId === actor.memberId);
    const inForce = received.find((r) => r.status === 'active' || r.status === 'terminating');
    const offered = received.find((r) => r.status === 'offered');
    flags[FLAG_OF[kind]] = inForce
      ? inForce.status === 'terminating' && inForce.terminationRequestedBy === 'upline'
        ? 3
        : 2
      : offered
        ? 1
        : 0;
    flags.pages[kind] = received.some((r) => r.activeFrom !== null || r.status === 'offered');
    if (kind === 'dividend') flags.dividendPeriodType = (inForce ?? offered)?.periodType ?? null;
  }
  for (const r of rows) {
    const mine = r.downlineId === actor.memberId ? 'downline' : 'upline';
    if (r.status === 'offered' && mine === 'downline') flags.pendingRequests++;
    if (r.status === 'terminating' && r.terminationRequestedBy !== mine) flags.pendingRequests++;
  }
  return flags;
};
