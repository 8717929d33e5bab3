import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CASE_RESOLUTIONS, DEPOSIT_STATUSES, RECEIPTS, WITHDRAWAL_STATUSES } from '@app/contract';
import { members, operators } from './account.ts';
import { merchants } from './merchant.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

export interface BankDetails {
  bankName: string;
  accountName: string;
  accountNumber: string;
  branch: string | null;
  pixKey: string | null;
  instructions: string | null;
}

/** Deposit channels an operator offers: a bank account to transfer to, or a payment gateway. */
export const depositChannels = pgTable(
  'deposit_channels',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    code: text('code').notNull(),
    kind: text('kind').$type<'bank' | 'gateway'>().notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    minAmount: bigint('min_amount', { mode: 'bigint' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'bigint' }).notNull(),
    sort: integer('sort').notNull().default(0),
    bank: jsonb('bank').$type<BankDetails>(),
    gateway: text('gateway'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('deposit_channels_code_uq').on(t.merchantId, t.code)],
);

export const deposits = pgTable(
  'deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    channelId: integer('channel_id')
      .notNull()
      .references(() => depositChannels.id),
    kind: text('kind').$type<'bank' | 'gateway'>().notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** pending → credited | rejected (bank, by an operator) | failed (gateway said so). */
    status: text('status').$type<(typeof DEPOSIT_STATUSES)[number]>().notNull().default('pending'),
    requestId: text('request_id').notNull(),
    reference: text('reference'),
    proofUploadId: uuid('proof_upload_id'),
    gateway: text('gateway'),
    gatewayRef: text('gateway_ref'),
    payUrl: text('pay_url'),
    reason: text('reason'),
    reviewedBy: integer('reviewed_by').references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deposits_request_uq').on(t.memberId, t.requestId),
    uniqueIndex('deposits_gateway_ref_uq')
      .on(t.gateway, t.gatewayRef)
      .where(sql`gateway_ref IS NOT NULL`),
    index('deposits_member_idx').on(t.memberId, t.id),
    index('deposits_merchant_status_idx').on(t.merchantId, t.status, t.id),
  ],
);

/**
 * The bundled sandbox gateway's own books. It stands in for an outside payment company, so it keeps
 * its state apart from ours and talks to us only through its pay page and signed webhook.
 */
export const sandboxGatewayPayments = pgTable('sandbox_gateway_payments', {
  ref: text('ref').primaryKey(),
  merchantOrder: text('merchant_order').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  currency: text('currency').notNull(),
  notifyUrl: text('notify_url').notNull(),
  returnUrl: text('return_url').notNull(),
  /** created → paid | declined */
  status: text('status').$type<'created' | 'paid' | 'declined'>().notNull().default('created'),
  callbacks: integer('callbacks').notNull().default(0),
  lastCallbackStatus: integer('last_callback_status'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    bankName: text('bank_name').notNull(),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    branch: text('branch'),
    /** active | removed (kept: withdrawals name it). */
    status: text('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bank_accounts_active_uq')
      .on(t.memberId, t.bankName, t.accountNumber)
      .where(sql`status = 'active'`),
    index('bank_accounts_member_idx').on(t.memberId),
  ],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    requestId: text('request_id').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    bankAccountId: integer('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    /** The account as it was when the withdrawal was requested. */
    bank: jsonb('bank').$type<Pick<BankDetails, 'bankName' | 'accountName' | 'accountNumber' | 'branch'>>().notNull(),
    /** pending → approved → paid → completed; pending | approved → rejected. */
    status: text('status').$type<(typeof WITHDRAWAL_STATUSES)[number]>().notNull().default('pending'),
    /** After payment: received | auto_received | partly_received | not_received. */
    receipt: text('receipt').$type<(typeof RECEIPTS)[number]>(),
    caseStatus: text('case_status').$type<'open' | 'resolved'>(),
    resolution: text('resolution').$type<(typeof CASE_RESOLUTIONS)[number]>(),
    reason: text('reason'),
    note: text('note'),
    receivedAmount: bigint('received_amount', { mode: 'bigint' }),
    remainingAmount: bigint('remaining_amount', { mode: 'bigint' }),
    refundAmount: bigint('refund_amount', { mode: 'bigint' }),
    proofUploadId: uuid('proof_upload_id'),
    payoutReference: text('payout_reference'),
    reviewedBy: integer('reviewed_by').references(() => operators.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    paidBy: integer('paid_by').references(() => operators.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    confirmDeadline: timestamp('confirm_deadline', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => operators.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('withdrawals_request_uq').on(t.memberId, t.requestId),
    index('withdrawals_member_idx').on(t.memberId, t.id),
    index('withdrawals_merchant_status_idx').on(t.merchantId, t.status, t.id),
    index('withdrawals_cases_idx')
      .on(t.merchantId, t.id)
      .where(sql`case_status = 'open'`),
  ],
);

/**
 * Uploaded proof images, in the database so that any server instance can serve them (no local
 * disk). The id is random: knowing it is not enough to read one, the owner or an operator is.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** The member who uploaded it; null for an operator's site image (banners, logo). */
    memberId: integer('member_id').references(() => members.id),
    /** The operator who uploaded a site image. */
    operatorId: integer('operator_id'),
    purpose: text('purpose').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_member_idx').on(t.memberId, t.createdAt)],
);
