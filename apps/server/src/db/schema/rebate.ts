import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from './account.ts';
import { merchants } from './merchant.ts';

/**
 * Rebate (issue 19, decision 071): a rate per game type (and level: 0 is every member; the VIP
 * feature will add higher levels), each member's position per game type (the end of the turnover
 * already paid), and the payments. A payment covers the settled turnover between its `from_at` and
 * `to_at`; the position moves with it under a row lock, so the covered spans never overlap and no
 * turnover is paid twice, whether a claim or the daily job pays it.
 */
export const rebateRates = pgTable(
  'rebate_rates',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    gameType: text('game_type').notNull(),
    /** The member level the rate is for (0: everyone; the highest level at or under the member's applies). */
    level: integer('level').notNull().default(0),
    /** Basis points of the valid turnover (80 = 0.80%). */
    rateBp: integer('rate_bp').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.gameType, t.level] }),
    check('rebate_rates_rate_ck', sql`${t.rateBp} >= 0 AND ${t.rateBp} <= 10000`),
  ],
);

export const rebateSettings = pgTable('rebate_settings', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id),
  /** The daily job pays each day's unclaimed rebate after the brand's day ends. */
  dailyAuto: boolean('daily_auto').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Per member and game type: the turnover up to `paid_through` is paid. Locked by every payment. */
export const rebateCursors = pgTable(
  'rebate_cursors',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    gameType: text('game_type').notNull(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    paidThrough: timestamp('paid_through', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.gameType] })],
);

export const rebatePayouts = pgTable(
  'rebate_payouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    gameType: text('game_type').notNull(),
    /** claim (the member pressed Claim) or daily (the job, after the brand's day). */
    source: text('source').notNull(),
    /** `day:YYYY-MM-DD` (the brand's day, daily job) or `claim:<to_at>`. */
    period: text('period').notNull(),
    fromAt: timestamp('from_at', { withTimezone: true }),
    toAt: timestamp('to_at', { withTimezone: true }).notNull(),
    turnover: bigint('turnover', { mode: 'bigint' }).notNull(),
    rateBp: integer('rate_bp').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Exactly once per (member, period, game type), and one payment per end of span.
    uniqueIndex('rebate_payouts_period_uq').on(t.memberId, t.gameType, t.period),
    uniqueIndex('rebate_payouts_span_uq').on(t.memberId, t.gameType, t.toAt),
    index('rebate_payouts_member_idx').on(t.memberId, t.id),
    index('rebate_payouts_merchant_idx').on(t.merchantId, t.createdAt),
    check('rebate_payouts_source_ck', sql`${t.source} IN ('claim', 'daily')`),
    check('rebate_payouts_amount_ck', sql`${t.amount} > 0 AND ${t.turnover} > 0`),
  ],
);
