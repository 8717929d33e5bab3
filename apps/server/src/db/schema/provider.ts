import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members, operators } from './account.ts';
import { merchants } from './merchant.ts';

/**
 * Game providers (docs/decisions: vendor registry, provider wallet API). A catalogue vendor
 * (vassalage) is served by one provider integration; the integrations themselves (adapter,
 * secret, URLs) come from configuration, this table holds each brand's switches for them.
 */
export const providerVendors = pgTable(
  'provider_vendors',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    vassalage: text('vassalage').notNull(),
    /** The integration (config) that serves this vendor: HOUSE, a transfer vendor, or NONE. */
    provider: text('provider').notNull(),
    walletModel: text('wallet_model').notNull().default('seamless'),
    enabled: boolean('enabled').notNull().default(true),
    maintenanceFrom: timestamp('maintenance_from', { withTimezone: true }),
    maintenanceUntil: timestamp('maintenance_until', { withTimezone: true }),
    maintenanceMessage: text('maintenance_message').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.vassalage] }),
    check('provider_vendors_wallet_model_ck', sql`${t.walletModel} IN ('seamless', 'transfer')`),
  ],
);

/**
 * One game launch: the one-time launch token the vendor exchanges at authenticate, and the game
 * session token it then uses. Only SHA-256 hashes of both are stored.
 */
export const gameLaunches = pgTable(
  'game_launches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** Null for an anonymous free trial. */
    memberId: integer('member_id').references(() => members.id),
    provider: text('provider').notNull(),
    vassalage: text('vassalage').notNull(),
    gameId: integer('game_id').notNull(),
    gameCode: text('game_code').notNull(),
    gameType: text('game_type').notNull(),
    demo: boolean('demo').notNull(),
    language: text('language').notNull(),
    launchTokenHash: text('launch_token_hash').notNull(),
    sessionTokenHash: text('session_token_hash'),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The launch token must be used before this. */
    launchExpiresAt: timestamp('launch_expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    sessionExpiresAt: timestamp('session_expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('game_launches_launch_token_uq').on(t.launchTokenHash),
    uniqueIndex('game_launches_session_token_uq').on(t.sessionTokenHash),
    index('game_launches_member_idx').on(t.memberId, t.createdAt),
  ],
);

/** Every round a vendor played with a member's money: the bet history and its proof. */
export const gameRounds = pgTable(
  'game_rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    provider: text('provider').notNull(),
    /** The vendor's round id. */
    roundId: text('round_id').notNull(),
    vassalage: text('vassalage').notNull(),
    gameId: integer('game_id'),
    gameCode: text('game_code').notNull(),
    gameType: text('game_type').notNull(),
    /** open → closed (ended by the vendor) or refunded (every bet rolled back). */
    status: text('status').notNull().default('open'),
    currency: text('currency').notNull(),
    betTotal: bigint('bet_total', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    winTotal: bigint('win_total', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    refundTotal: bigint('refund_total', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    balanceBefore: bigint('balance_before', { mode: 'bigint' }),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('game_rounds_provider_round_uq').on(t.provider, t.roundId),
    index('game_rounds_member_idx').on(t.memberId, t.startedAt.desc()),
    index('game_rounds_merchant_idx').on(t.merchantId, t.startedAt.desc()),
    // Who settled rounds in a span (the VIP level job every minute; decision 074).
    index('game_rounds_ended_idx').on(t.merchantId, t.endedAt),
    // Rounds changed since the dashboard's last roll-up mark their start day for a new one (decision 088).
    index('game_rounds_updated_idx').on(t.merchantId, t.updatedAt),
    check('game_rounds_status_ck', sql`${t.status} IN ('open', 'closed', 'refunded')`),
    check('game_rounds_amounts_ck', sql`${t.betTotal} >= 0 AND ${t.winTotal} >= 0 AND ${t.refundTotal} >= 0`),
  ],
);

/**
 * Each vendor transaction id, applied at most once: the request's fingerprint and the answer
 * given, so a replay gets the original answer and a different request under the same id is refused.
 */
export const providerTransactions = pgTable(
  'provider_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    provider: text('provider').notNull(),
    transactionId: text('transaction_id').notNull(),
    kind: text('kind').notNull(),
    /** The vendor's round id (game_rounds.round_id of the same provider). */
    roundId: text('round_id'),
    memberId: integer('member_id').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    fingerprint: text('fingerprint').notNull(),
    response: jsonb('response').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('provider_transactions_uq').on(t.provider, t.transactionId),
    index('provider_transactions_round_ref_idx').on(t.provider, t.roundId),
  ],
);

/**
 * Transfer-model moves between the main wallet and a vendor's own wallet. A move is 'pending'
 * until the vendor confirms it or says it failed; a pending move is checked again later.
 */
export const providerTransfers = pgTable(
  'provider_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    vassalage: text('vassalage').notNull(),
    provider: text('provider').notNull(),
    direction: text('direction').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    message: text('message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('provider_transfers_pending_idx')
      .on(t.status, t.updatedAt)
      .where(sql`status = 'pending'`),
    index('provider_transfers_member_idx').on(t.memberId, t.vassalage),
    check('provider_transfers_direction_ck', sql`${t.direction} IN ('in', 'out')`),
    check('provider_transfers_status_ck', sql`${t.status} IN ('pending', 'succeeded', 'failed')`),
    check('provider_transfers_amount_ck', sql`${t.amount} > 0`),
  ],
);

/**
 * The most a seamless win may pay at once (decision 053), per vendor and game type ('*' for any):
 * a multiple of the round's stakes and an absolute cap, either or both. Every row that matches a
 * round applies, so the strictest limit holds.
 */
export const seamlessWinLimits = pgTable(
  'seamless_win_limits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    vassalage: text('vassalage').notNull(),
    gameType: text('game_type').notNull(),
    /** A win above this many times the round's stakes (bets less refunds) is held. */
    maxMultiple: integer('max_multiple'),
    /** A win above this many minor units is held. */
    maxAmount: bigint('max_amount', { mode: 'bigint' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('seamless_win_limits_uq').on(t.merchantId, t.vassalage, t.gameType),
    check('seamless_win_limits_some_ck', sql`${t.maxMultiple} IS NOT NULL OR ${t.maxAmount} IS NOT NULL`),
    check(
      'seamless_win_limits_positive_ck',
      sql`COALESCE(${t.maxMultiple}, 1) > 0 AND COALESCE(${t.maxAmount}, 1) > 0`,
    ),
  ],
);

/**
 * A win held in the pending-win account because it went past a limit: the vendor was answered as
 * usual; finance pays it to the player or voids it back to the house (decision 053).
 */
export const pendingWins = pgTable(
  'pending_wins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    provider: text('provider').notNull(),
    transactionId: text('transaction_id').notNull(),
    roundId: text('round_id').notNull(),
    vassalage: text('vassalage').notNull(),
    gameType: text('game_type').notNull(),
    gameCode: text('game_code').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The round's stakes when the win came (bets less refunds). */
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    /** 'multiple' or 'cap': the limit it went past (the multiple when both). */
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => operators.id),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('pending_wins_transaction_uq').on(t.provider, t.transactionId),
    index('pending_wins_merchant_idx').on(t.merchantId, t.status, t.createdAt.desc()),
    check('pending_wins_status_ck', sql`${t.status} IN ('pending', 'paid', 'voided')`),
    check('pending_wins_reason_ck', sql`${t.reason} IN ('multiple', 'cap')`),
    check('pending_wins_amount_ck', sql`${t.amount} > 0 AND ${t.stake} >= 0`),
  ],
);
