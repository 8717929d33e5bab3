import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './account.ts';
import { merchants } from './merchant.ts';

/**
 * Member referral (issue 19, decision 071). A member's own code is `members.affiliate_code` (the
 * agents' codes live there too, unique per brand, so one code names one account). `referrals`
 * records who invited whom; `referral_rewards` is unique per (invitee, stage), so each reward is
 * paid once whoever triggers it (the registration, the deposit, or the job).
 */
export const referralSettings = pgTable('referral_settings', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id),
  registerReward: bigint('register_reward', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  firstDepositReward: bigint('first_deposit_reward', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  firstDepositMin: bigint('first_deposit_min', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  turnoverTarget: bigint('turnover_target', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  turnoverReward: bigint('turnover_reward', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const referrals = pgTable(
  'referrals',
  {
    inviteeId: integer('invitee_id')
      .primaryKey()
      .references(() => members.id),
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => members.id),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    code: text('code').notNull(),
    /** Where the invitee registered from (decision 089): the address and a hash of the user agent. */
    inviteeIp: text('invitee_ip'),
    inviteeDevice: text('invitee_device'),
    /**
     * Why this invitee earns the referrer nothing (decision 089): same_device, same_address or
     * same_payee as the referrer (self-referral), shared_device, shared_address or shared_payee
     * with another invitee of the same referrer (a farm). Set once, never cleared; a trigger refuses
     * any reward row for a held invitee.
     */
    heldReason: text('held_reason'),
    heldAt: timestamp('held_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('referrals_referrer_idx').on(t.referrerId, t.createdAt)],
);

/**
 * One referrer's invitees' devices, addresses and payee names (decision 089): unique per (referrer,
 * kind, value), so a second invitee on the first's device, address or payee name cannot take the
 * key, however concurrent, and is held as a farm.
 */
export const referralGuardKeys = pgTable(
  'referral_guard_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => members.id),
    /** device (a hash of the user agent), address (the IP) or payee (lower case, spaces collapsed). */
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    inviteeId: integer('invitee_id')
      .notNull()
      .references(() => members.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referral_guard_keys_uq').on(t.referrerId, t.kind, t.value),
    check('referral_guard_keys_kind_ck', sql`${t.kind} IN ('device', 'address', 'payee')`),
  ],
);

export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => members.id),
    inviteeId: integer('invitee_id')
      .notNull()
      .references(() => members.id),
    /** register, first_deposit or turnover. */
    stage: text('stage').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referral_rewards_stage_uq').on(t.inviteeId, t.stage),
    index('referral_rewards_referrer_idx').on(t.referrerId, t.id),
    check('referral_rewards_stage_ck', sql`${t.stage} IN ('register', 'first_deposit', 'turnover')`),
    check('referral_rewards_amount_ck', sql`${t.amount} > 0`),
  ],
);
