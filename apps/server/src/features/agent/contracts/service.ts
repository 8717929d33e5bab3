import type { BodyOutput, ContractKind, ContractPeriodType, QueryOutput, agentContractEndpoints } from '@app/contract';
import type { Db } from '../../../db/client.ts';
import type { MerchantService } from '../../merchant/service.ts';
import type { NotificationService } from '../../notification/service.ts';
import type { AgentService } from '../service.ts';
import { actOnContract } from './act.ts';
import type { Party } from './common.ts';
import * as data from './data.ts';
import { offerContract } from './offer.ts';
import { consolidatedFlags, contractDetail, listContracts } from './views.ts';

export type { ContractRow } from './data.ts';
export { kindsEnabled, type Party } from './common.ts';

export interface ContractDeps {
  db: Db;
  merchants: Pick<MerchantService, 'brand'>;
  notifications: Pick<NotificationService, 'send'>;
  agents: AgentService;
}

type ListQuery = QueryOutput<(typeof agentContractEndpoints)['contracts']>;

/**
 * Agent contracts (decisions 014, 015): offers, answers and the termination handshake with their
 * cascade, the consolidated flags, and the queries settlement and the team pages read. Reads that
 * settlement makes inside its own transaction take it as their first argument.
 */
export const createAgentContractService = (deps: ContractDeps) => {
  const { db } = deps;
  return {
    offer: (party: Party, body: BodyOutput<(typeof agentContractEndpoints)['offer']>) =>
      offerContract(deps, party, body),
    act: (party: Party, body: BodyOutput<(typeof agentContractEndpoints)['act']>) => actOnContract(deps, party, body),
    list: (party: Party, q: Omit<ListQuery, 'role'> & { role?: ListQuery['role'] }) => listContracts(deps, party, q),
    detail: (party: Party, id: number) => contractDetail(deps, party, id),
    consolidatedFlags: (actor: { merchantId: number; memberId: number; type: number }) =>
      consolidatedFlags(deps, actor),

    /** Contracts of a kind in force at an instant (the end of a period being settled). */
    inForceAt: (tx: Db, merchantId: number, kind: ContractKind, periodType: ContractPeriodType | null, at: Date) =>
      data.inForceAt(tx, merchantId, kind, periodType, at),

    /** When contracts of a kind were in force, for those still in force after an instant. */
    forceWindows: (
      tx: Db,
      merchantId: number,
      kind: ContractKind,
      periodType: ContractPeriodType | null,
      after: Date | null,
    ) => data.forceWindows(tx, merchantId, kind, periodType, after),

    /** Kinds in force per downline among contracts an upline gave (for downline rows). */
    inForceKindsGivenBy: (uplineId: number, downlineIds: readonly number[]) =>
      data.inForceKindsGivenBy(db, uplineId, downlineIds),

    /** Contracts an agent holds now (offered to it or in force). */
    openReceived: (agentId: number) => data.openReceived(db, agentId),
  };
};

export type AgentContractService = ReturnType<typeof createAgentContractService>;
