import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { ProtectionLimit, RestrictionKind } from '@app/contract';
import { members, operators } from './account.ts';
import { merchants } from './merchant.ts';

/**
 * Player protection (issue 24, decisions 061 and 062).
 *
 * `protection_members` is one row per member that has ever used protection: the lock that every
 * limited money movement takes (so concurrent deposits against one limit queue), the reality-check
 * interval, and `guarded`, which sends the member's game callbacks the careful way (the batch guard
 * reads it) so each bet is checked against the limits and restrictions.
 */
export const protectionMembers = pgTable('protection_members', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id),
  merchantId: integer('merchant_id')
    .notNull()
    .references(() => merchants.id),
  guarded: boolean('guarded').notNull().default(false),
  realityCheckMinutes: integer('reality_check_minutes'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A member's limits: their own, a pending increase or removal, and an operator's stricter one. */
export const protectionLimits = pgTable(
  'protection_limits',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    limit: text('limit').$type<ProtectionLimit>().notNull(),
    /** The player's own limit (minor units, minutes for `session`); null: none of their own. */
    own: bigint('own', { mode: 'bigint' }),
    /** An increase (or removal when `pendingRemove`) waiting until `pendingFrom`, then confirmed by the player. */
    pendingAmount: bigint('pending_amount', { mode: 'bigint' }),
    pendingRemove: boolean('pending_remove').notNull().default(false),
    pendingFrom: timestamp('pending_from', { withTimezone: true }),
    /** A stricter limit an operator set; never loosened by the player. */
    operatorAmount: bigint('operator_amount', { mode: 'bigint' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'protection_limits_pk', columns: [t.memberId, t.limit] })],
);

/**
 * Time-outs and self-exclusions. A time-out ends by itself; a self-exclusion stays until the
 * player asks to re-open after its end and 24 hours pass. The player's details at the time are
 * kept (normalised) so a new registration with them is refused.
 */
export const protectionRestrictions = pgTable(
  'protection_restrictions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind').$type<RestrictionKind>().notNull(),
    period: text('period').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: indefinite. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    setBy: text('set_by').$type<'player' | 'operator'>().notNull(),
    operatorId: integer('operator_id').references(() => operators.id),
    reason: text('reason'),
    reopenRequestedAt: timestamp('reopen_requested_at', { withTimezone: true }),
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    email: text('email'),
    mobile: text('mobile'),
    idNumber: text('id_number'),
    birthday: text('birthday'),
    name: text('name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('protection_restrictions_member_idx').on(t.memberId, t.id),
    index('protection_restrictions_email_idx')
      .on(t.merchantId, t.email)
      .where(sql`kind = 'exclusion' AND reopened_at IS NULL`),
    index('protection_restrictions_mobile_idx')
      .on(t.merchantId, t.mobile)
      .where(sql`kind = 'exclusion' AND reopened_at IS NULL`),
    index('protection_restrictions_document_idx')
      .on(t.merchantId, t.idNumber)
      .where(sql`kind = 'exclusion' AND reopened_at IS NULL`),
    index('protection_restrictions_birthday_idx')
      .on(t.merchantId, t.birthday)
      .where(sql`kind = 'exclusion' AND reopened_at IS NULL`),
  ],
);

/** Every change of a member's protection, by whom: the history the player's page and the desk show. */
export const protectionEvents = pgTable(
  'protection_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    action: text('action').notNull(),
    limit: text('limit').$type<ProtectionLimit>(),
    amount: bigint('amount', { mode: 'bigint' }),
    detail: text('detail'),
    by: text('by').$type<'player' | 'operator' | 'system'>().notNull(),
    operatorId: integer('operator_id').references(() => operators.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('protection_events_member_idx').on(t.memberId, t.id)],
);

/** A brand's defaults and maxima for every limit, and its reality-check interval. */
export const protectionBrands = pgTable('protection_brands', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id),
  defaults: jsonb('defaults').$type<Partial<Record<ProtectionLimit, string | null>>>().notNull().default({}),
  maxima: jsonb('maxima').$type<Partial<Record<ProtectionLimit, string | null>>>().notNull().default({}),
  realityCheckMinutes: integer('reality_check_minutes').notNull().default(60),
  /** Some default limit applies: every member's game callbacks go the careful way. */
  guarded: boolean('guarded').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
