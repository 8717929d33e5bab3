import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './account.ts';
import { merchants } from './merchant.ts';

/** Per-brand wallet rules, changed by an admin operator; a brand without a row uses the defaults. */
export const walletSettings = pgTable('wallet_settings', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id),
  /** hasMerchantWallet: the brand keeps its players' money in this wallet. */
  merchantWallet: boolean('merchant_wallet').notNull().default(true),
  withdrawMin: bigint('withdraw_min', { mode: 'bigint' }).notNull(),
  withdrawMax: bigint('withdraw_max', { mode: 'bigint' }).notNull(),
  withdrawDailyMax: bigint('withdraw_daily_max', { mode: 'bigint' }).notNull(),
  withdrawDailyCount: integer('withdraw_daily_count').notNull(),
  autoConfirmMinutes: integer('auto_confirm_minutes').notNull(),
  turnoverPercent: integer('turnover_percent').notNull(),
  transferMin: bigint('transfer_min', { mode: 'bigint' }).notNull(),
  transferMax: bigint('transfer_max', { mode: 'bigint' }).notNull(),
  transferDailyMax: bigint('transfer_daily_max', { mode: 'bigint' }).notNull(),
  maxBankAccounts: integer('max_bank_accounts').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The turnover (wagering) a member must reach before withdrawing: `required` grows with each
 * credited deposit; progress is the member's bets after `since_posting_id` on their wallet (minus
 * rolled-back bets). It starts over after each withdrawal request, and when a deposit arrives on a
 * balance below the minimum withdrawal (the old money is gone, so is its requirement).
 */
export const memberTurnover = pgTable('member_turnover', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id),
  merchantId: integer('merchant_id')
    .notNull()
    .references(() => merchants.id),
  required: bigint('required', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  sincePostingId: bigint('since_posting_id', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Transfers between members (to an upline), for limits per day and the history's counterparty. */
export const walletTransfers = pgTable(
  'wallet_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    fromMemberId: integer('from_member_id')
      .notNull()
      .references(() => members.id),
    toMemberId: integer('to_member_id')
      .notNull()
      .references(() => members.id),
    direction: text('direction').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    requestId: text('request_id').notNull(),
    remark: text('remark'),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_transfers_request_uq').on(t.fromMemberId, t.requestId),
    index('wallet_transfers_from_idx').on(t.fromMemberId, t.createdAt),
  ],
);
