import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
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
import { merchants } from './merchant.ts';

/**
 * The double-entry ledger (design.md §4, decisions 010 and 047). Only the wallet writes here,
 * through the SQL functions `ledger_post`, `ledger_rollback` and `ledger_post_moves`. Those
 * functions and the triggers that make the invariants hold in the database itself are defined in
 * src/db/functions/ledger.sql, which states each invariant and what keeps it; the tables, CHECK
 * constraints and indexes are here.
 */

/** Account kinds. Wallets (member, agent) have an owner; the rest are the house's own accounts. */
export const LEDGER_ACCOUNT_KINDS = [
  'member', // a player's wallet
  'agent', // an agent's wallet
  'house', // the house side of bets and wins, spread over sub-accounts ('0'..'N-1')
  'clearing', // money in transit with a payment channel (sub = channel code)
  'pending_withdrawal', // withdrawals requested and not yet paid out or returned
  'bonus', // promotions paid to members
  'commission', // commissions and salaries payable to agents
  'provider', // game-provider settlement (sub = vassalage), for transfer-model vendors
  'adjustment', // operator corrections with a reason
  'pending_win', // seamless wins above the operator's limits, held until finance pays or voids them
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    currency: text('currency').notNull(),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    /** The member (or agent) who owns a wallet; null for the house's accounts. */
    ownerId: integer('owner_id'),
    /** Sub-account name: house shard, channel code or vassalage; '' when there is one. */
    sub: text('sub').notNull().default(''),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_wallet_uq')
      .on(t.merchantId, t.currency, t.ownerId)
      .where(sql`owner_id IS NOT NULL`),
    uniqueIndex('ledger_accounts_system_uq')
      .on(t.merchantId, t.currency, t.kind, t.sub)
      .where(sql`owner_id IS NULL`),
    check(
      'ledger_accounts_kind_ck',
      sql`${t.kind} IN ('member','agent','house','clearing','pending_withdrawal','bonus','commission','provider','adjustment','pending_win')`,
    ),
    check('ledger_accounts_owner_ck', sql`(${t.kind} IN ('member','agent')) = (${t.ownerId} IS NOT NULL)`),
    /** Invariant 3: money held for someone never goes below zero, whatever the code does. */
    check(
      'ledger_accounts_non_negative_ck',
      sql`${t.kind} NOT IN ('member','agent','pending_withdrawal','pending_win') OR ${t.balance} >= 0`,
    ),
  ],
);

/**
 * Transactions and postings carry no foreign keys: on the hot path each one costs a lookup and a
 * row lock per posting. What they would guarantee is enforced by the ledger's triggers instead (a
 * posting's account must exist and belong to its transaction's merchant, in one currency), and
 * `npm run ledger:check` verifies it (docs/decisions: the ledger).
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull(),
    /** The caller's idempotency key: a provider transaction id, 'dep:<id>', 'wd:<id>:hold', … */
    idempotencyKey: text('idempotency_key').notNull(),
    /** What happened (bet, win, rollback, deposit, …); 'tombstone' marks a debit rolled back before it arrived. */
    kind: text('kind').notNull(),
    /** SHA-256 of the request's material fields: same key + same fingerprint = replay, else conflict. */
    fingerprint: text('fingerprint').notNull(),
    /** The business object it belongs to (round, deposit, withdrawal, transfer). */
    reference: text('reference'),
    /** Rollbacks: the idempotency key of the debit they reverse. */
    targetKey: text('target_key'),
    /** The member whose movement this is (history, profit); null for house-only movements. */
    memberId: integer('member_id'),
    /** The account whose balance after the transaction is the operation's answer. */
    primaryAccountId: bigint('primary_account_id', { mode: 'number' }),
    gameType: text('game_type'),
    gameRef: text('game_ref'),
    meta: jsonb('meta')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    /** Invariant 4: a key is applied at most once per merchant. */
    uniqueIndex('ledger_transactions_key_uq').on(t.merchantId, t.idempotencyKey),
    /** Invariant 5: a debit is rolled back at most once, whatever the rollback's own key. */
    uniqueIndex('ledger_transactions_rollback_uq')
      .on(t.merchantId, t.targetKey)
      .where(sql`kind = 'rollback'`),
    /** The back office's dashboard reads a brand's movements of a period (decision 069). */
    index('ledger_transactions_merchant_created_idx').on(t.merchantId, t.createdAt),
  ],
);

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    /** From the sequence, taken while the account row is locked: in application order per account. */
    id: bigserial('id', { mode: 'number' }).notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    /** Stamped from the account by the posting trigger. */
    merchantId: integer('merchant_id').notNull().default(0),
    currency: text('currency').notNull().default(''),
    /** Signed minor units added to the account's balance. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The account's balance right after this posting (set by the posting trigger). */
    balanceAfter: bigint('balance_after', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    /** One index serves as the key and as an account's history in order. */
    primaryKey({ name: 'ledger_postings_pk', columns: [t.accountId, t.id] }),
    index('ledger_postings_transaction_idx').on(t.transactionId),
    check('ledger_postings_amount_ck', sql`${t.amount} <> 0`),
  ],
);
