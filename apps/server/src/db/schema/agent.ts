import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  CONTRACT_END_REASONS,
  CONTRACT_STATUSES,
  ContractKind,
  ContractPeriodType,
  ContractTerms,
  RED_ENVELOPE_SPLITS,
  SETTLEMENT_STATUSES,
  settlementWorking,
} from '@app/contract';
import type { z } from 'zod';
import { members, operators } from './account.ts';
import { merchants } from './merchant.ts';

type ContractStatusName = (typeof CONTRACT_STATUSES)[number];

/**
 * Agent contracts (spec §3, §4): an upline (an agent, or the house for a top-level agent) offers a
 * direct downline agent terms of one kind; the downline answers; either side may ask to end it.
 * At most one contract of a kind is in force per downline, and at most one offer waits.
 */
export const agentContracts = pgTable(
  'agent_contracts',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    kind: text('kind').$type<ContractKind>().notNull(),
    /** Dividend contracts only: D, W, H or M. */
    periodType: text('period_type').$type<ContractPeriodType>(),
    /** The offering agent; null when the house (an operator) offered it to a top-level agent. */
    uplineId: integer('upline_id').references(() => members.id),
    downlineId: integer('downline_id')
      .notNull()
      .references(() => members.id),
    /** Who pays each settlement: 'house' (top level) or 'upline' (out of its own commission). */
    payer: text('payer').$type<'house' | 'upline'>().notNull(),
    terms: jsonb('terms').$type<ContractTerms>().notNull(),
    status: text('status').$type<ContractStatusName>().notNull(),
    terminationRequestedBy: text('termination_requested_by').$type<'upline' | 'downline'>(),
    offeredByOperatorId: integer('offered_by_operator_id').references(() => operators.id),
    /** The contract in force that this offer replaces when accepted. */
    replacesId: integer('replaces_id'),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the downline accepted: the contract settles periods that end after this. */
    activeFrom: timestamp('active_from', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason').$type<(typeof CONTRACT_END_REASONS)[number]>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agent_contracts_in_force_uq')
      .on(t.downlineId, t.kind)
      .where(sql`status IN ('active','terminating')`),
    uniqueIndex('agent_contracts_offer_uq')
      .on(t.downlineId, t.kind)
      .where(sql`status = 'offered'`),
    index('agent_contracts_upline_idx').on(t.uplineId, t.status),
    index('agent_contracts_downline_idx').on(t.downlineId, t.createdAt),
    index('agent_contracts_settle_idx').on(t.merchantId, t.kind, t.activeFrom),
    check('agent_contracts_kind_ck', sql`${t.kind} IN ('dividend','daily','hourly','realtime')`),
    check(
      'agent_contracts_payer_ck',
      sql`${t.payer} IN ('house','upline') AND (${t.payer} = 'house') = (${t.uplineId} IS NULL)`,
    ),
    check(
      'agent_contracts_status_ck',
      sql`${t.status} IN ('offered','active','terminating','rejected','withdrawn','terminated')`,
    ),
  ],
);

/** Every state change of a contract, append-only: who did what, from which state to which. */
export const agentContractEvents = pgTable(
  'agent_contract_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    contractId: integer('contract_id')
      .notNull()
      .references(() => agentContracts.id),
    action: text('action').notNull(),
    /** 'upline', 'downline', 'house' (an operator) or 'system' (a consequence of another action). */
    actor: text('actor').$type<'upline' | 'downline' | 'house' | 'system'>().notNull(),
    actorMemberId: integer('actor_member_id'),
    actorOperatorId: integer('actor_operator_id'),
    fromStatus: text('from_status').$type<ContractStatusName>(),
    toStatus: text('to_status').$type<ContractStatusName>().notNull(),
    detail: jsonb('detail')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agent_contract_events_contract_idx').on(t.contractId, t.id)],
);

/**
 * One row per (job, period, beneficiary): the settlement of one contract for one period, with its
 * working. The row is written before the money moves and names the ledger idempotency key, so a
 * run killed half-way is finished by the next run with the same amount and the same key.
 */
export const agentSettlements = pgTable(
  'agent_settlements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    contractId: integer('contract_id')
      .notNull()
      .references(() => agentContracts.id),
    job: text('job').notNull(),
    kind: text('kind').$type<ContractKind>().notNull(),
    periodKey: text('period_key').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    beneficiaryId: integer('beneficiary_id')
      .notNull()
      .references(() => members.id),
    /** The paying upline; null when the house pays. */
    payerId: integer('payer_id').references(() => members.id),
    /** pending → paid | zero; awaiting_funds while an upline's balance cannot cover it; failed when the wallet refused it (retried). */
    status: text('status').$type<(typeof SETTLEMENT_STATUSES)[number]>().notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    working: jsonb('working').$type<z.infer<typeof settlementWorking>>().notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('agent_settlements_once_uq').on(t.merchantId, t.job, t.periodKey, t.beneficiaryId),
    index('agent_settlements_beneficiary_idx').on(t.beneficiaryId, t.kind, t.periodStart),
    index('agent_settlements_payer_idx').on(t.payerId, t.kind, t.periodStart),
    index('agent_settlements_open_idx')
      .on(t.merchantId, t.status)
      .where(sql`status IN ('pending','awaiting_funds')`),
    check('agent_settlements_amount_ck', sql`${t.amount} >= 0`),
  ],
);

/** How far each settlement job has scheduled a brand's periods: every period ending by then is queued (jobs table) or done. */
export const agentSettlementCursors = pgTable(
  'agent_settlement_cursors',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    job: text('job').notNull(),
    settledUntil: timestamp('settled_until', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.job] })],
);

/**
 * Each member's figures per local day, rolled up from rounds and the ledger, with the member's tree
 * path copied in so a team's totals are one index range scan (no join) even for 100,000 members.
 */
export const memberDailyStats = pgTable(
  'member_daily_stats',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    day: date('day', { mode: 'string' }).notNull(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    treePath: text('tree_path').notNull(),
    uplineId: integer('upline_id'),
    rounds: integer('rounds').notNull().default(0),
    bet: bigint('bet', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    validBet: bigint('valid_bet', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    win: bigint('win', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    deposit: bigint('deposit', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    withdrawal: bigint('withdrawal', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.day] }),
    index('member_daily_stats_day_idx').using('btree', t.merchantId, t.day, t.treePath.op('text_pattern_ops')),
    // Team reads use covering indexes (index-only scans) created by the agent_cover_indexes SQL
    // migration, which drizzle cannot declare: member_daily_stats_team_cover on (merchant_id,
    // tree_path text_pattern_ops, day) and member_daily_stats_upline_cover on (upline_id, day),
    // both INCLUDE-ing the figures.
  ],
);

/** A red envelope: an amount an agent shares among its direct downlines, claimed once each. */
export const agentRedEnvelopes = pgTable(
  'agent_red_envelopes',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    senderId: integer('sender_id')
      .notNull()
      .references(() => members.id),
    totalAmount: bigint('total_amount', { mode: 'bigint' }).notNull(),
    shareCount: integer('share_count').notNull(),
    split: text('split').$type<(typeof RED_ENVELOPE_SPLITS)[number]>().notNull(),
    /** The shares, decided when the envelope is sent (minor units as strings), claimed in order. */
    shares: jsonb('shares').$type<string[]>().notNull(),
    message: text('message').notNull().default(''),
    /** When set, only these direct downlines may claim; otherwise any direct downline. */
    recipients: integer('recipients').array(),
    claimedCount: integer('claimed_count').notNull().default(0),
    claimedAmount: bigint('claimed_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** open → finished (all claimed) | expired (remainder returned). */
    status: text('status').$type<'open' | 'finished' | 'expired'>().notNull().default('open'),
    refundedAmount: bigint('refunded_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('agent_red_envelopes_sender_idx').on(t.senderId, t.createdAt),
    index('agent_red_envelopes_expiry_idx')
      .on(t.merchantId, t.expiresAt)
      .where(sql`status = 'open'`),
    check(
      'agent_red_envelopes_amount_ck',
      sql`${t.totalAmount} > 0 AND ${t.shareCount} > 0 AND ${t.claimedCount} <= ${t.shareCount}`,
    ),
  ],
);

export const agentRedEnvelopeClaims = pgTable(
  'agent_red_envelope_claims',
  {
    id: serial('id').primaryKey(),
    envelopeId: integer('envelope_id')
      .notNull()
      .references(() => agentRedEnvelopes.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    shareIndex: integer('share_index').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agent_red_envelope_claims_member_uq').on(t.envelopeId, t.memberId),
    uniqueIndex('agent_red_envelope_claims_share_uq').on(t.envelopeId, t.shareIndex),
    index('agent_red_envelope_claims_member_idx').on(t.memberId, t.claimedAt),
  ],
);

/** Announcements for agents (agentAnnouncement), published by operators. */
export const agentAnnouncements = pgTable(
  'agent_announcements',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** Per language code (PT, EN, …); the reader's language, else the brand's default, is shown. */
    title: jsonb('title').$type<Record<string, string>>().notNull(),
    content: jsonb('content').$type<Record<string, string>>().notNull(),
    pinned: boolean('pinned').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    startAt: timestamp('start_at', { withTimezone: true }).notNull().defaultNow(),
    endAt: timestamp('end_at', { withTimezone: true }),
    createdByOperatorId: integer('created_by_operator_id').references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agent_announcements_merchant_idx').on(t.merchantId, t.startAt)],
);

/**
 * Where each roll-up into member_daily_stats stands per brand: for the ledger (append-only), the
 * last transaction id counted; for rounds (re-summed per day), when it last ran.
 */
export const agentRollupCursors = pgTable(
  'agent_rollup_cursors',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    source: text('source').notNull(),
    position: bigint('position', { mode: 'number' }).notNull().default(0),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.source] })],
);
