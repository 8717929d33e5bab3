import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
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
 * VIP (issue 20, decision 074): the brand's levels (thresholds, keep rules and perks), each
 * member's current level, and the VIP bonuses paid (upgrade, weekly, monthly, birthday), unique per
 * (member, kind, period) so no bonus is paid twice whichever server or job pays it.
 */
export const vipSettings = pgTable(
  'vip_settings',
  {
    merchantId: integer('merchant_id')
      .primaryKey()
      .references(() => merchants.id),
    /** The window, in days, over which deposits and valid turnover count towards a level. */
    windowDays: integer('window_days').notNull().default(90),
    /** 'all': a level needs both thresholds; 'any': either one. */
    match: text('match').notNull().default('all'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('vip_settings_match_ck', sql`${t.match} IN ('all', 'any')`),
    check('vip_settings_window_ck', sql`${t.windowDays} BETWEEN 1 AND 365`),
  ],
);

export const vipLevels = pgTable(
  'vip_levels',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** 1, 2, 3…: level 0 is a member below the first level (no label). */
    level: integer('level').notNull(),
    name: text('name').notNull(),
    /** An SVG drawing (shown as an image, never inlined). */
    icon: text('icon').notNull().default(''),
    depositMin: bigint('deposit_min', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    turnoverMin: bigint('turnover_min', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Keep rule: what the window must hold at the monthly review to stay at this level. */
    keepDeposit: bigint('keep_deposit', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    keepTurnover: bigint('keep_turnover', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    upgradeBonus: bigint('upgrade_bonus', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    weeklyBonus: bigint('weekly_bonus', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    monthlyBonus: bigint('monthly_bonus', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    birthdayBonus: bigint('birthday_bonus', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Withdrawal-limit perk: the daily amount and count (null: the brand's wallet rules). */
    withdrawDailyMax: bigint('withdraw_daily_max', { mode: 'bigint' }),
    withdrawDailyCount: integer('withdraw_daily_count'),
    /** Points exchange perk: extra cash per point converted, in basis points (500 = +5%). */
    pointsBonusBp: integer('points_bonus_bp').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.level] }), check('vip_levels_level_ck', sql`${t.level} >= 1`)],
);

/** A member's level; absent means level 0. Indexed by level for the distribution and the messages' targets. */
export const vipMembers = pgTable(
  'vip_members',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    level: integer('level').notNull().default(0),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vip_members_level_idx').on(t.merchantId, t.level)],
);

export const vipBonuses = pgTable(
  'vip_bonuses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** upgrade | weekly | monthly | birthday */
    kind: text('kind').notNull(),
    level: integer('level').notNull(),
    /** `level:<n>`, `week:<monday>`, `month:<YYYY-MM>`, `birthday:<YYYY>`. */
    period: text('period').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vip_bonuses_period_uq').on(t.memberId, t.kind, t.period),
    index('vip_bonuses_member_idx').on(t.memberId, t.id),
    index('vip_bonuses_merchant_idx').on(t.merchantId, t.createdAt),
    check('vip_bonuses_kind_ck', sql`${t.kind} IN ('upgrade', 'weekly', 'monthly', 'birthday')`),
    check('vip_bonuses_amount_ck', sql`${t.amount} > 0`),
  ],
);
