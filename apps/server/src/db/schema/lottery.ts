import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
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
import type { LotteryFamily } from '@app/contract';
import { members, operators } from './account.ts';
import { merchants } from './merchant.ts';

/**
 * The house lottery (issue 18, decision 063). `lottery_games` is each brand's configuration of a
 * game (schedule, closing seconds, prize group, limits); `lottery_prizes` the prize of each prize
 * key per family (seeded with the market values at prize group 1800).
 */
export const lotteryGames = pgTable(
  'lottery_games',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    gameCode: text('game_code').notNull(),
    family: text('family').$type<LotteryFamily>().notNull(),
    /** Seconds between draws; 86,400 for a daily game, which draws at `dailyDrawMinute`. */
    intervalSeconds: integer('interval_seconds').notNull(),
    /** Minute of the brand's day a daily game draws at. */
    dailyDrawMinute: integer('daily_draw_minute'),
    closeSeconds: integer('close_seconds').notNull(),
    prizeGroup: integer('prize_group').notNull().default(1800),
    minBet: bigint('min_bet', { mode: 'bigint' }).notNull(),
    maxBet: bigint('max_bet', { mode: 'bigint' }).notNull(),
    /** The most one member may stake on one period of the game. */
    maxPeriod: bigint('max_period', { mode: 'bigint' }).notNull(),
    /**
     * The most the house may owe on one number of one bet type in a period (minor units): the
     * prizes every open bet on that number would win if it were drawn. A bet past it is refused.
     */
    maxExposure: bigint('max_exposure', { mode: 'bigint' })
      .notNull()
      .default(sql`500000000`),
    enabled: boolean('enabled').notNull().default(true),
    /** The zone its draw hour is published in (decision 068: Vietnam's for its lotteries); null: the brand's. */
    timeZone: text('time_zone'),
    /** Official draws (decision 068): the result comes from a feed or two operators, not the seed alone. */
    official: boolean('official').notNull().default(false),
    /** How long after the draw an official result waits for corrections before it settles. */
    settleHoldSeconds: integer('settle_hold_seconds').notNull().default(0),
    /**
     * An official game's deadline (issue 18): a period still without a result this long after its
     * draw is voided by the scheduler and every bet refunded. Null: never (the operators decide).
     */
    voidAfterSeconds: integer('void_after_seconds').default(86_400),
    /**
     * A daily game's draw days (decision 072): local weekdays (0 Sunday … 6 Saturday) and days of
     * the month; both null: every day (South-East Asia's lotteries draw on some days only).
     */
    drawWeekdays: integer('draw_weekdays').array(),
    drawMonthDays: integer('draw_month_days').array(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.gameCode] }),
    check('lottery_games_hold_ck', sql`${t.settleHoldSeconds} >= 0`),
    check('lottery_games_void_after_ck', sql`${t.voidAfterSeconds} IS NULL OR ${t.voidAfterSeconds} > 0`),
    check('lottery_games_interval_ck', sql`${t.intervalSeconds} > 0`),
    check('lottery_games_close_ck', sql`${t.closeSeconds} >= 0 AND ${t.closeSeconds} < ${t.intervalSeconds}`),
    check('lottery_games_prize_group_ck', sql`${t.prizeGroup} BETWEEN 1700 AND 1980`),
  ],
);

export const lotteryPrizes = pgTable(
  'lottery_prizes',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    family: text('family').$type<LotteryFamily>().notNull(),
    prizeKey: text('prize_key').notNull(),
    /** For one 2.00 unit at prize group 1800, minor units. */
    prize: bigint('prize', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.family, t.prizeKey] }),
    check('lottery_prizes_ck', sql`${t.prize} > 0`),
  ],
);

/**
 * The prizes a bet was sold at (decision 090): a brand's prize table for one family at the game's
 * prize group, as it stood when the bet was placed, kept once per distinct content (`digest`, the
 * SHA-256 of its sorted entries). Rows are never changed, so a later change of the odds or the prize
 * group never reaches a bet already sold.
 */
export const lotteryPrizeSets = pgTable(
  'lottery_prize_sets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    family: text('family').$type<LotteryFamily>().notNull(),
    digest: text('digest').notNull(),
    /** Prize key → the prize for one 2.00 unit, minor units as text. */
    prizes: jsonb('prizes').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lottery_prize_sets_digest_uq').on(t.merchantId, t.family, t.digest)],
);

/**
 * One draw of a game. The seed is chosen when the row is created (before any bet) and only its
 * hash is shown until the draw. open → drawn → settled, or void (refunded).
 */
export const lotteryPeriods = pgTable(
  'lottery_periods',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    gameCode: text('game_code').notNull(),
    numero: text('numero').notNull(),
    openAt: timestamp('open_at', { withTimezone: true }).notNull(),
    closeAt: timestamp('close_at', { withTimezone: true }).notNull(),
    drawAt: timestamp('draw_at', { withTimezone: true }).notNull(),
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    result: jsonb('result').$type<number[]>(),
    status: text('status').$type<'open' | 'drawn' | 'settled' | 'void'>().notNull().default('open'),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** house (the seed), feed (an official provider) or operator (two operators, decision 068). */
    resultSource: text('result_source').$type<'house' | 'feed' | 'operator'>(),
  },
  (t) => [
    check('lottery_periods_source_ck', sql`${t.resultSource} IN ('house', 'feed', 'operator')`),
    uniqueIndex('lottery_periods_numero_uq').on(t.merchantId, t.gameCode, t.numero),
    index('lottery_periods_draw_idx').on(t.merchantId, t.gameCode, t.drawAt.desc()),
    check('lottery_periods_status_ck', sql`${t.status} IN ('open', 'drawn', 'settled', 'void')`),
    check('lottery_periods_times_ck', sql`${t.openAt} < ${t.drawAt} AND ${t.closeAt} <= ${t.drawAt}`),
  ],
);

/**
 * What the house would owe per number of a bet type on a period (`cell` = `<betType>:<row>:<pick>`),
 * raised by each bet in its transaction (the row lock serializes bets on one number) and lowered by
 * a refund; a bet that would pass the game's `max_exposure` on any of its numbers is refused.
 */
export const lotteryExposure = pgTable(
  'lottery_exposure',
  {
    periodId: bigint('period_id', { mode: 'number' })
      .notNull()
      .references(() => lotteryPeriods.id),
    cell: text('cell').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.periodId, t.cell] }), check('lottery_exposure_ck', sql`${t.amount} >= 0`)],
);

/**
 * A chase: the same bet over a member's next N periods of a game, every period's bet placed (and
 * debited) when the chase starts. With `stopOnWin`, the first win refunds the chase's bets still
 * open on later periods and the chase ends `stopped`.
 */
export const lotteryChases = pgTable(
  'lottery_chases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    gameCode: text('game_code').notNull(),
    periods: integer('periods').notNull(),
    stopOnWin: boolean('stop_on_win').notNull(),
    /** running; stopped by a win; cancelled by the member (its bets on periods not closed refunded); done. */
    status: text('status').$type<'running' | 'stopped' | 'cancelled' | 'done'>().notNull().default('running'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lottery_chases_member_idx').on(t.memberId, t.id.desc()),
    check('lottery_chases_status_ck', sql`${t.status} IN ('running', 'stopped', 'cancelled', 'done')`),
    check('lottery_chases_periods_ck', sql`${t.periods} > 0`),
  ],
);

/** A member's bet on one period: its picks, units, stake and, once settled, its win. */
export const lotteryBets = pgTable(
  'lottery_bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    periodId: bigint('period_id', { mode: 'number' })
      .notNull()
      .references(() => lotteryPeriods.id),
    gameCode: text('game_code').notNull(),
    numero: text('numero').notNull(),
    betType: text('bet_type').notNull(),
    picks: jsonb('picks').$type<string[][]>().notNull(),
    multiplier: integer('multiplier').notNull(),
    units: integer('units').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    win: bigint('win', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    status: text('status').$type<'open' | 'won' | 'lost' | 'cancelled' | 'refunded'>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** The chase this bet is one period of, if any. */
    chaseId: bigint('chase_id', { mode: 'number' }).references(() => lotteryChases.id),
    /** The prizes it was sold at (decision 090); null for bets sold before, paid at the prizes of their draw. */
    prizeSetId: bigint('prize_set_id', { mode: 'number' }).references(() => lotteryPrizeSets.id),
  },
  (t) => [
    index('lottery_bets_period_idx').on(t.periodId, t.status),
    // Only chased bets: most bets have none, and each entry is one more write when a bet is placed and settled.
    index('lottery_bets_chase_idx')
      .on(t.chaseId)
      .where(sql`${t.chaseId} IS NOT NULL`),
    index('lottery_bets_member_idx').on(t.memberId, t.id.desc()),
    // A member's open stake on a period (the per-period limit, checked on every bet): a few rows, not
    // the period's open bets nor the member's history.
    index('lottery_bets_member_period_open_idx')
      .on(t.memberId, t.periodId)
      .where(sql`${t.status} = 'open'`),
    check('lottery_bets_status_ck', sql`${t.status} IN ('open', 'won', 'lost', 'cancelled', 'refunded')`),
    check('lottery_bets_amount_ck', sql`${t.amount} > 0 AND ${t.win} >= 0 AND ${t.units} > 0 AND ${t.multiplier} > 0`),
  ],
);

/**
 * An official result entered by one operator (decision 068): it becomes the period's result only when
 * a different operator confirms it. A newer entry replaces a pending one; one pending per period.
 */
export const lotteryResultEntries = pgTable(
  'lottery_result_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    periodId: bigint('period_id', { mode: 'number' })
      .notNull()
      .references(() => lotteryPeriods.id),
    result: jsonb('result').$type<number[]>().notNull(),
    enteredBy: integer('entered_by')
      .notNull()
      .references(() => operators.id),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedBy: integer('confirmed_by').references(() => operators.id),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    status: text('status').$type<'pending' | 'confirmed' | 'replaced'>().notNull().default('pending'),
  },
  (t) => [
    index('lottery_result_entries_period_idx').on(t.periodId, t.id),
    uniqueIndex('lottery_result_entries_pending_uq')
      .on(t.periodId)
      .where(sql`${t.status} = 'pending'`),
    check('lottery_result_entries_status_ck', sql`${t.status} IN ('pending', 'confirmed', 'replaced')`),
    check('lottery_result_entries_two_ck', sql`${t.confirmedBy} IS NULL OR ${t.confirmedBy} <> ${t.enteredBy}`),
  ],
);
