import { z } from 'zod';
import { isCalendarDay } from './input.ts';
import { defineEndpoint } from './endpoint.ts';
import { agentContractRoutes } from './routes/agent-contract.ts';
import { operatorContractRoutes } from './routes/operator-contract.ts';
import {
  contractKind,
  contractPeriodType,
  contractTerms,
  dividendTier,
  realtimeTier,
  salaryTier,
} from './agent-terms.ts';

/**
 * Agent contracts over HTTP (spec §3, §4): offers, answers, termination requests, the consolidated
 * contract flags, and the settlement records with their working. Ids travel in the query or body
 * (never in the path) so every input is validated by one schema.
 */

export const CONTRACT_STATUSES = ['offered', 'active', 'terminating', 'rejected', 'withdrawn', 'terminated'] as const;
export const contractStatus = z.enum(CONTRACT_STATUSES);
export const CONTRACT_ACTIONS = [
  'accept',
  'reject',
  'withdraw',
  'requestTermination',
  'agreeTermination',
  'declineTermination',
  'cancelTermination',
] as const;
export const contractAction = z.enum(CONTRACT_ACTIONS);
export type ContractActionName = z.infer<typeof contractAction>;
export const CONTRACT_END_REASONS = [
  'rejected',
  'withdrawn',
  'agreed',
  'replaced',
  'upline_terms_lowered',
  'upline_contract_ended',
  'offer_invalidated',
  'upline_changed',
] as const;

const id = z.coerce.number().int().positive().max(2_147_483_647);
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(20);
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as yyyy-MM-dd')
  .refine(isCalendarDay, 'No such day');

export const partyRef = z.object({ id: z.number(), account: z.string(), nickname: z.string().nullable() });

export const contractView = z.object({
  id: z.number(),
  kind: contractKind,
  periodType: contractPeriodType.nullable(),
  status: contractStatus,
  terminationRequestedBy: z.enum(['upline', 'downline']).nullable(),
  /** Who pays each settlement: the house (top-level contracts) or the upline out of its own commission. */
  payer: z.enum(['house', 'upline']),
  /** null when the house offered it. */
  upline: partyRef.nullable(),
  downline: partyRef,
  terms: contractTerms,
  note: z.string(),
  replacesId: z.number().nullable(),
  createdAt: z.string(),
  activeFrom: z.string().nullable(),
  endedAt: z.string().nullable(),
  endReason: z.enum(CONTRACT_END_REASONS).nullable(),
  /** The caller's side of this contract. */
  mySide: z.enum(['upline', 'downline']),
  /** What the caller may do now. */
  actions: z.array(contractAction),
});
export type ContractView = z.infer<typeof contractView>;

export const contractEventView = z.object({
  action: z.string(),
  actor: z.enum(['upline', 'downline', 'house', 'system']),
  fromStatus: contractStatus.nullable(),
  toStatus: contractStatus,
  detail: z.record(z.string(), z.unknown()),
  at: z.string(),
});

/** One contract a confirmed action would end as a consequence (spec §4). */
export const cascadeItem = z.object({
  contractId: z.number(),
  kind: contractKind,
  upline: z.string(),
  downline: z.string(),
  status: contractStatus,
  reason: z.enum(CONTRACT_END_REASONS),
});

/**
 * Consolidated contract flags, one per kind: 0 no contract, 1 an offer awaits your answer,
 * 2 in force, 3 in force and a termination request awaits your answer.
 */
export const contractFlag = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export const consolidatedFlags = z.object({
  enabled: z.boolean(),
  dailysalreqtype: contractFlag,
  divtypereq: contractFlag,
  contracthoursalreq: contractFlag,
  realtimesalreqtype: contractFlag,
  /** The period of the dividend contract in force or offered. */
  dividendPeriodType: contractPeriodType.nullable(),
  /** Agent-centre pages to show (a page appears for a kind the agent holds, held or is offered). */
  pages: z.object({ dividend: z.boolean(), daily: z.boolean(), hourly: z.boolean(), realtime: z.boolean() }),
  /** Kinds the brand allows (dividend and real-time salary can be switched off). */
  kindsEnabled: z.array(contractKind),
  /** Offers and termination requests waiting for this agent's answer (as downline or as upline). */
  pendingRequests: z.number(),
});
export type ConsolidatedFlags = z.infer<typeof consolidatedFlags>;

export const SETTLEMENT_STATUSES = ['pending', 'paid', 'zero', 'awaiting_funds', 'failed'] as const;
export const settlementStatus = z.enum(SETTLEMENT_STATUSES);

export const settlementWorking = z.object({
  kind: contractKind,
  figures: z.object({
    rounds: z.number(),
    bet: z.string(),
    validBet: z.string(),
    win: z.string(),
    profitLoss: z.string(),
    netLoss: z.string(),
    activeMembers: z.number(),
    activeThreshold: z.string().nullable(),
  }),
  tierIndex: z.number().nullable(),
  tier: z.union([dividendTier, salaryTier, realtimeTier]).nullable(),
  rate: z.number().nullable(),
  base: z.string(),
  buckets: z
    .array(
      z.object({
        tierIndex: z.number(),
        profitRounds: z.number(),
        profitValidBet: z.string(),
        lossRounds: z.number(),
        lossValidBet: z.string(),
      }),
    )
    .optional(),
  amount: z.string(),
  reason: z.enum(['no_tier_reached', 'team_not_in_loss', 'no_qualifying_bets', 'no_activity']).nullable(),
});

export const settlementView = z.object({
  id: z.number(),
  contractId: z.number(),
  kind: contractKind,
  job: z.string(),
  periodKey: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  beneficiary: partyRef,
  /** null: the house paid. */
  payer: partyRef.nullable(),
  status: settlementStatus,
  amount: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export const settlementDetail = settlementView.extend({
  working: settlementWorking,
  ledgerTransactionId: z.number().nullable(),
  idempotencyKey: z.string(),
});

const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    pageNum: z.number(),
    pageSize: z.number(),
    total: z.number(),
    totalPages: z.number(),
  });

export const contractListQuery = z.strictObject({
  role: z.enum(['received', 'given']).default('received'),
  kind: contractKind.optional(),
  status: z.enum(['open', 'ended', ...CONTRACT_STATUSES]).optional(),
  downlineId: id.optional(),
  page,
  pageSize,
});

export const offerBody = z.strictObject({
  downlineId: id,
  terms: contractTerms,
  note: z.string().trim().max(200).default(''),
});

export const contractActionBody = z.strictObject({
  contractId: id,
  action: contractAction,
  /** Agree that the contracts this action ends as a consequence end (spec §4). */
  confirmCascade: z.boolean().default(false),
});

export const settlementListQuery = z.strictObject({
  kind: contractKind,
  /** Records paid to me, or paid by me to my downlines. */
  role: z.enum(['received', 'paid']).default('received'),
  from: isoDay.optional(),
  to: isoDay.optional(),
  downlineId: id.optional(),
  page,
  pageSize,
});

export const agentContractEndpoints = {
  consolidated: defineEndpoint({ ...agentContractRoutes.consolidated, response: consolidatedFlags }),
  contracts: defineEndpoint({
    ...agentContractRoutes.contracts,
    query: contractListQuery,
    response: paged(contractView),
  }),
  contract: defineEndpoint({
    ...agentContractRoutes.contract,
    query: z.strictObject({ id }),
    response: contractView.extend({ events: z.array(contractEventView) }),
  }),
  offer: defineEndpoint({ ...agentContractRoutes.offer, body: offerBody, response: contractView }),
  act: defineEndpoint({ ...agentContractRoutes.act, body: contractActionBody, response: contractView }),
  settlements: defineEndpoint({
    ...agentContractRoutes.settlements,
    query: settlementListQuery,
    response: paged(settlementView).extend({ totalAmount: z.string() }),
  }),
  settlement: defineEndpoint({
    ...agentContractRoutes.settlement,
    query: z.strictObject({ id }),
    response: settlementDetail,
  }),
};

/** The house side: operators offer contracts to top-level agents and run settlement. */
export const operatorContractEndpoints = {
  contracts: defineEndpoint({
    ...operatorContractRoutes.contracts,
    query: contractListQuery.omit({ role: true }),
    response: paged(contractView),
  }),
  offer: defineEndpoint({ ...operatorContractRoutes.offer, body: offerBody, response: contractView }),
  act: defineEndpoint({ ...operatorContractRoutes.act, body: contractActionBody, response: contractView }),
  runSettlement: defineEndpoint({
    ...operatorContractRoutes.runSettlement,
    body: z.strictObject({
      job: z.enum(['realtime', 'hourly', 'daily', 'dividend-D', 'dividend-W', 'dividend-H', 'dividend-M']),
      /** Settle as if it were this instant (demo mode only may name a future instant). */
      asOf: z.iso.datetime({ offset: true }).optional(),
    }),
    response: z.object({
      periods: z.number(),
      settled: z.number(),
      paid: z.number(),
      awaitingFunds: z.number(),
      amount: z.string(),
    }),
  }),
};
