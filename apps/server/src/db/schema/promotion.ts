import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  ApplicationStatus,
  CLAIM_MODES,
  GameType,
  PROMOTION_AUDIENCES,
  PROMOTION_GUARDS,
  PROMOTION_LIMITS,
  PROMOTION_TRIGGERS,
  PROMOTION_TYPES,
  PromotionTexts,
  REWARD_FORMULAS,
} from '@app/contract';
import { members, operators } from './account.ts';
import { merchants } from './merchant.ts';

/**
 * Promotions (issue 19, decision 065): each row is an operator's configuration, not code. Its
 * state (scheduled, live, ended) follows from the window and `ended_at`.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    type: text('type').$type<(typeof PROMOTION_TYPES)[number]>().notNull(),
    /** { PT: { title, description, terms }, EN: … } */
    texts: jsonb('texts').$type<Partial<Record<string, PromotionTexts>>>().notNull(),
    artwork: text('artwork'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    audience: text('audience').$type<(typeof PROMOTION_AUDIENCES)[number]>().notNull(),
    /** vip: levels; team: agents' member ids; list: member ids (decision 080). */
    audienceIds: jsonb('audience_ids')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    trigger: text('trigger').$type<(typeof PROMOTION_TRIGGERS)[number]>().notNull(),
    minDeposit: bigint('min_deposit', { mode: 'bigint' }).notNull(),
    /** turnover: the turnover to reach; loss: the smallest loss that qualifies. */
    threshold: bigint('threshold', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    formula: text('formula').$type<(typeof REWARD_FORMULAS)[number]>().notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    percentBp: integer('percent_bp').notNull(),
    cap: bigint('cap', { mode: 'bigint' }).notNull(),
    /** tiers: [{ from, amount }] in minor units as strings, ascending. */
    tiers: jsonb('tiers')
      .$type<{ from: string; amount: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    randomMin: bigint('random_min', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    randomMax: bigint('random_max', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    wageringMultiple: integer('wagering_multiple').notNull(),
    gameTypes: jsonb('game_types').$type<GameType[]>().notNull(),
    claimMode: text('claim_mode').$type<(typeof CLAIM_MODES)[number]>().notNull(),
    limit: text('limit_kind').$type<(typeof PROMOTION_LIMITS)[number]>().notNull(),
    /** Also once per period per device, address or payee name (promotion_limit_keys). */
    guards: jsonb('guards')
      .$type<(typeof PROMOTION_GUARDS)[number][]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    sort: integer('sort').notNull().default(0),
    createdBy: integer('created_by').references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('promotions_merchant_idx').on(t.merchantId, t.startsAt)],
);

/**
 * A member's part in a promotion for one period ('once', or the brand's day for daily ones). The
 * unique key is the abuse guard: two concurrent claims cannot both make an entry, and the ledger
 * key `promo:<entry id>` pays it at most once (decision 065).
 */
export const promotionEntries = pgTable(
  'promotion_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    promotionId: bigint('promotion_id', { mode: 'number' })
      .notNull()
      .references(() => promotions.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    period: text('period').notNull(),
    /** signed, claim, process, claimed, issued, close (the stored subset of spec §4's statuses). */
    status: text('status').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The deposit that triggered it, if any. */
    depositId: bigint('deposit_id', { mode: 'number' }),
    /** Betting required before a withdrawal (amount × multiple), counted from `since_posting_id`. */
    wageringRequired: bigint('wagering_required', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    gameTypes: jsonb('game_types').$type<GameType[]>().notNull(),
    sincePostingId: bigint('since_posting_id', { mode: 'number' }),
    /** How the reward ends once paid: claimed (the member pressed Claim) or issued (paid by itself). */
    doneAs: text('done_as'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    wageringMetAt: timestamp('wagering_met_at', { withTimezone: true }),
    /** Forfeit: what went back to the bonus account. */
    returned: bigint('returned', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promotion_entries_limit_uq').on(t.promotionId, t.memberId, t.period),
    index('promotion_entries_member_idx').on(t.memberId, t.id),
    index('promotion_entries_wagering_idx')
      .on(t.memberId)
      .where(sql`status = 'process'`),
  ],
);

/** Every status change of an entry, and every operator change of a promotion: who, when, why. */
export const promotionEvents = pgTable(
  'promotion_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull(),
    promotionId: bigint('promotion_id', { mode: 'number' }).notNull(),
    entryId: bigint('entry_id', { mode: 'number' }),
    /** The activity application the change belongs to (decision 086). */
    applicationId: bigint('application_id', { mode: 'number' }),
    memberId: integer('member_id'),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** member, operator or system. */
    actorKind: text('actor_kind').notNull(),
    actorId: integer('actor_id'),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('promotion_events_entry_idx').on(t.entryId, t.id),
    index('promotion_events_promo_idx').on(t.promotionId, t.id),
    index('promotion_events_application_idx').on(t.applicationId, t.id),
  ],
);

/**
 * Activity applications (spec §5, decision 086): a member's comment and images for a promotion
 * whose claim mode is `application`. At most one waits per member and promotion (the partial unique
 * key); an approval makes the entry and pays it in the same transaction, a rejection keeps the
 * reason for the member. Where the member applied from is kept for the device and address limits.
 */
export const promotionApplications = pgTable(
  'promotion_applications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    promotionId: bigint('promotion_id', { mode: 'number' })
      .notNull()
      .references(() => promotions.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** The limit's period when the member applied ('once' or the brand's day). */
    period: text('period').notNull(),
    comment: text('comment').notNull(),
    imageIds: uuid('image_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    status: text('status').$type<ApplicationStatus>().notNull().default('applying'),
    reason: text('reason'),
    decidedBy: integer('decided_by').references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => promotionEntries.id),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promotion_applications_pending_uq')
      .on(t.promotionId, t.memberId)
      .where(sql`status = 'applying'`),
    index('promotion_applications_queue_idx').on(t.merchantId, t.status, t.id),
    index('promotion_applications_member_idx').on(t.memberId, t.id),
  ],
);

/**
 * The limits beyond the member (decision 080): one row per (promotion, period, kind, value) with
 * kind device (a hash of the user agent), address (the IP) or payee (the payee name, lower case).
 * Written in the entry's transaction; a second account on the same device, address or payee name
 * hits the unique key and gets nothing, however concurrent.
 */
export const promotionLimitKeys = pgTable(
  'promotion_limit_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    promotionId: bigint('promotion_id', { mode: 'number' })
      .notNull()
      .references(() => promotions.id),
    period: text('period').notNull(),
    kind: text('kind').$type<(typeof PROMOTION_GUARDS)[number]>().notNull(),
    value: text('value').notNull(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => promotionEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('promotion_limit_keys_uq').on(t.promotionId, t.period, t.kind, t.value)],
);
