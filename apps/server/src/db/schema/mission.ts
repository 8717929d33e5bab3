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
import type {
  LEADERBOARD_METRICS,
  LEADERBOARD_PERIODS,
  MISSION_KINDS,
  MISSION_PERIODS,
  MISSION_REWARDS,
} from '@app/contract';
import { members } from './account.ts';
import { merchants } from './merchant.ts';

/**
 * Missions and leaderboards (issue 20, decision 073). A mission's progress is not stored: it is
 * read from what the member did in the period (deposits, rounds, logins, invitees), so it is
 * current the moment the event is. What is stored is the claim, unique per (mission, member,
 * period): a second claim of the same period cannot be written, and its reward moves under the key
 * `mission:<claim id>`.
 */
export const missions = pgTable(
  'missions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** { PT: '…', EN: '…' } */
    title: jsonb('title').$type<Partial<Record<string, string>>>().notNull(),
    period: text('period').$type<(typeof MISSION_PERIODS)[number]>().notNull(),
    kind: text('kind').$type<(typeof MISSION_KINDS)[number]>().notNull(),
    gameType: text('game_type'),
    target: bigint('target', { mode: 'bigint' }).notNull(),
    rewardKind: text('reward_kind').$type<(typeof MISSION_REWARDS)[number]>().notNull(),
    reward: bigint('reward', { mode: 'bigint' }).notNull(),
    wageringMultiple: integer('wagering_multiple').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('missions_merchant_idx').on(t.merchantId, t.sort, t.id),
    check('missions_period_ck', sql`${t.period} IN ('daily', 'weekly', 'once')`),
    check('missions_kind_ck', sql`${t.kind} IN ('deposit', 'turnover', 'rounds', 'login_days', 'invite')`),
    check('missions_reward_ck', sql`${t.rewardKind} IN ('cash', 'bonus', 'points') AND ${t.reward} > 0`),
    check('missions_target_ck', sql`${t.target} > 0`),
  ],
);

export const missionClaims = pgTable(
  'mission_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    missionId: bigint('mission_id', { mode: 'number' })
      .notNull()
      .references(() => missions.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** 'day:<YYYY-MM-DD>', 'week:<Monday>' or 'once'. */
    period: text('period').notNull(),
    rewardKind: text('reward_kind').$type<(typeof MISSION_REWARDS)[number]>().notNull(),
    reward: bigint('reward', { mode: 'bigint' }).notNull(),
    /** A bonus's wagering (reward × multiple), counted from the wallet's posting `since_posting_id`. */
    wageringRequired: bigint('wagering_required', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    sincePostingId: bigint('since_posting_id', { mode: 'number' }),
    wageringMetAt: timestamp('wagering_met_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mission_claims_once_uq').on(t.missionId, t.memberId, t.period),
    index('mission_claims_member_idx').on(t.memberId, t.id),
    index('mission_claims_report_idx').on(t.merchantId, t.createdAt),
    index('mission_claims_wagering_idx')
      .on(t.memberId)
      .where(sql`wagering_required > 0 AND wagering_met_at IS NULL`),
  ],
);

export const leaderboards = pgTable(
  'leaderboards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    title: jsonb('title').$type<Partial<Record<string, string>>>().notNull(),
    metric: text('metric').$type<(typeof LEADERBOARD_METRICS)[number]>().notNull(),
    period: text('period').$type<(typeof LEADERBOARD_PERIODS)[number]>().notNull(),
    gameType: text('game_type'),
    /** Minor units per place from the first, as decimal strings. */
    prizes: jsonb('prizes').$type<string[]>().notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('leaderboards_merchant_idx').on(t.merchantId, t.id),
    check('leaderboards_metric_ck', sql`${t.metric} IN ('turnover', 'wins')`),
    check('leaderboards_period_ck', sql`${t.period} IN ('daily', 'weekly')`),
  ],
);

/**
 * A finished period of a leaderboard, settled once: the row's primary key (leaderboard, period)
 * is written in the paying transaction, so a second run of the same period writes nothing and pays
 * nothing.
 */
export const leaderboardPeriods = pgTable(
  'leaderboard_periods',
  {
    leaderboardId: bigint('leaderboard_id', { mode: 'number' })
      .notNull()
      .references(() => leaderboards.id),
    /** 'day:<YYYY-MM-DD>' or 'week:<Monday>'. */
    period: text('period').notNull(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.leaderboardId, t.period] })],
);

export const leaderboardPrizes = pgTable(
  'leaderboard_prizes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    leaderboardId: bigint('leaderboard_id', { mode: 'number' })
      .notNull()
      .references(() => leaderboards.id),
    period: text('period').notNull(),
    rank: integer('rank').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    value: bigint('value', { mode: 'bigint' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('leaderboard_prizes_rank_uq').on(t.leaderboardId, t.period, t.rank),
    uniqueIndex('leaderboard_prizes_member_uq').on(t.leaderboardId, t.period, t.memberId),
  ],
);
