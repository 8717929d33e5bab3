import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { POINTS_ITEM_KINDS, POINTS_REASONS, POINTS_REDEEM_STATUSES } from '@app/contract';
import { members, operators } from './account.ts';
import { merchants } from './merchant.ts';

/**
 * The points mall (issue 20, decision 067). Points are whole numbers that never expire. Each
 * member's balance is a row that a check keeps at zero or above (so two redeems cannot both spend
 * the same points), and every change of it is an entry with its reason; the balance equals the sum
 * of the entries (`points.check`). An entry's key is unique per member, so a retried change (an
 * earning period, a returned request) lands once.
 */
export const pointsAccounts = pgTable(
  'points_accounts',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    /**
     * Points earned from turnover before rounding down, summed over every period: each period adds
     * the whole points this total passed, so no remainder is lost between periods.
     */
    earnedUnits: numeric('earned_units', { precision: 30, scale: 8 }).notNull().default('0'),
    /** The last earning period counted (its key); a period is counted only after it. */
    lastEarnKey: text('last_earn_key').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('points_accounts_balance_ck', sql`${t.balance} >= 0`)],
);

export const pointsEntries = pgTable(
  'points_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    change: bigint('change', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    reason: text('reason').$type<(typeof POINTS_REASONS)[number]>().notNull(),
    /** What the change belongs to: 'earn:<period start>', 'redeem:<id>', 'return:<id>', 'convert:<id>'. */
    key: text('key').notNull(),
    /** An operator's adjustment: the reason given, shown to the member (decision 066). */
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('points_entries_key_uq').on(t.memberId, t.key),
    index('points_entries_member_idx').on(t.memberId, t.id),
    check('points_entries_change_ck', sql`${t.change} <> 0`),
    check(
      'points_entries_reason_ck',
      sql`${t.reason} IN ('earned', 'redeemed', 'returned', 'converted', 'adjusted', 'mission')`,
    ),
  ],
);

/** Points earned per game type: one point per `turnoverPerPoint` minor units of valid turnover. */
export const pointsEarnRules = pgTable(
  'points_earn_rules',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    gameType: text('game_type').notNull(),
    turnoverPerPoint: bigint('turnover_per_point', { mode: 'bigint' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.gameType] }),
    check('points_earn_rules_ratio_ck', sql`${t.turnoverPerPoint} > 0`),
  ],
);

/**
 * The exchange-rate table: converting at least `minPoints` points pays `amountPer100` minor units
 * per 100 points (the row with the largest `minPoints` not above the points converted applies).
 */
export const pointsExchangeRates = pgTable(
  'points_exchange_rates',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    minPoints: integer('min_points').notNull(),
    amountPer100: bigint('amount_per_100', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.minPoints] }),
    check('points_exchange_rates_ck', sql`${t.minPoints} > 0 AND ${t.amountPer100} > 0`),
  ],
);

export const pointsMallItems = pgTable(
  'points_mall_items',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    kind: text('kind').$type<(typeof POINTS_ITEM_KINDS)[number]>().notNull(),
    /** The name per language (at least one). */
    name: jsonb('name').$type<Record<string, string>>().notNull(),
    /** An image URL (an uploaded file or a drawn SVG data URL). */
    image: text('image').notNull().default(''),
    stock: integer('stock').notNull(),
    pointsCost: integer('points_cost').notNull(),
    /** Cash items: the amount credited (minor units); goods: 0. */
    cashAmount: bigint('cash_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Valid turnover the member needs over the last 30 days (minor units); 0 = none. */
    amountRequirement: bigint('amount_requirement', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Bonus items: the wagering, as a multiple of the bonus credited, before it can be withdrawn. */
    wageringMultiple: integer('wagering_multiple').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('points_mall_items_merchant_idx').on(t.merchantId, t.sort, t.id),
    check('points_mall_items_stock_ck', sql`${t.stock} >= 0`),
    check('points_mall_items_cost_ck', sql`${t.pointsCost} > 0`),
    check('points_mall_items_kind_ck', sql`${t.kind} IN ('cash', 'goods', 'bonus')`),
    check('points_mall_items_wagering_ck', sql`${t.wageringMultiple} BETWEEN 0 AND 100`),
  ],
);

export const pointsRedeems = pgTable(
  'points_redeems',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => pointsMallItems.id),
    kind: text('kind').$type<(typeof POINTS_ITEM_KINDS)[number]>().notNull(),
    quantity: integer('quantity').notNull(),
    points: bigint('points', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    status: text('status').$type<(typeof POINTS_REDEEM_STATUSES)[number]>().notNull(),
    remark: text('remark').notNull().default(''),
    operatorId: integer('operator_id').references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Bonus items (decision 066): the wagering owed, counted from the wallet's posting `sincePostingId`. */
    wageringRequired: bigint('wagering_required', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    sincePostingId: bigint('since_posting_id', { mode: 'number' }),
    wageringMetAt: timestamp('wagering_met_at', { withTimezone: true }),
  },
  (t) => [
    index('points_redeems_member_idx').on(t.memberId, t.id),
    index('points_redeems_desk_idx').on(t.merchantId, t.status, t.id),
    check('points_redeems_status_ck', sql`${t.status} IN ('in_process', 'approved', 'rejected')`),
    check('points_redeems_quantity_ck', sql`${t.quantity} > 0`),
  ],
);
