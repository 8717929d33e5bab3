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
import { members } from './account.ts';
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
