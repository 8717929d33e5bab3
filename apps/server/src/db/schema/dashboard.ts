import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { merchants } from './merchant.ts';

/**
 * The back office dashboard's daily roll-up (decision 088): what the dashboard reads for the days
 * the `backoffice.rollup` job has rolled up, instead of the ledger's postings and the rounds.
 * Money is counted once per ledger transaction past a cursor (`dashboard_state.ledger_upto`): the
 * ledger is append-only, so the sums only grow. Play is re-summed per closed day.
 */

const money = () => ({
  houseNet: bigint('house_net', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  bets: bigint('bets', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  rollbacks: bigint('rollbacks', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  deposits: bigint('deposits', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  depositCount: integer('deposit_count').notNull().default(0),
  withdrawals: bigint('withdrawals', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  withdrawalCount: integer('withdrawal_count').notNull().default(0),
  bonuses: bigint('bonuses', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  salaries: bigint('salaries', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  dividends: bigint('dividends', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
});

/** Where a brand's roll-up stands: the ledger cursor, the last closed day of play rolled up, the time zone it used. */
export const dashboardState = pgTable('dashboard_state', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id),
  /** The local days below are in this time zone; another one empties the roll-up and starts over. */
  timezone: text('timezone').notNull(),
  /** Every ledger transaction of the brand with an id up to this one is in the money tables. */
  ledgerUpto: bigint('ledger_upto', { mode: 'number' }).notNull().default(0),
  /** The last local day whose rounds are in dashboard_play_days (every day before it too). */
  playRolledTo: date('play_rolled_to', { mode: 'string' }),
  /** Rounds changed after this (less an overlap) mark their start day for a new roll-up. */
  roundsMark: timestamp('rounds_mark', { withTimezone: true }),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A brand's money figures per local day, every member's (test accounts included). */
export const dashboardMoneyDays = pgTable(
  'dashboard_money_days',
  {
    merchantId: integer('merchant_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ...money(),
    /** Members with a bet transaction on the day. */
    activePlayers: integer('active_players').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day] })],
);

/**
 * The same figures per member and day (member 0: movements of no member), so leaving a test
 * account out of any period is a subtraction of its own rows, marked or unmarked at any time.
 */
export const dashboardMemberDays = pgTable(
  'dashboard_member_days',
  {
    merchantId: integer('merchant_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    memberId: integer('member_id').notNull(),
    ...money(),
    /** Bet transactions: the member was an active player on the day when this is above 0. */
    betCount: integer('bet_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.day, t.memberId] }),
    index('dashboard_member_days_member_idx').on(t.memberId, t.day),
  ],
);

/**
 * The days each member was an active player, as bits: block = days since 2000-01-01 / 64, bit =
 * the rest. Active players distinct over any range is one scan of a block or two (one row per
 * member and block), never a count over member-days.
 */
export const dashboardActiveMembers = pgTable(
  'dashboard_active_members',
  {
    merchantId: integer('merchant_id').notNull(),
    block: integer('block').notNull(),
    memberId: integer('member_id').notNull(),
    bits: bigint('bits', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.block, t.memberId] })],
);

/** Rounds started per local day, not refunded, by vendor, game type and game: every member's. */
export const dashboardPlayDays = pgTable(
  'dashboard_play_days',
  {
    merchantId: integer('merchant_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    vendor: text('vendor').notNull(),
    gameType: text('game_type').notNull(),
    gameCode: text('game_code').notNull(),
    rounds: integer('rounds').notNull(),
    turnover: bigint('turnover', { mode: 'bigint' }).notNull(),
    ggr: bigint('ggr', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day, t.vendor, t.gameType, t.gameCode] })],
);

/** Accounts registered per local day (trial accounts are not registrations; test accounts included). */
export const dashboardSignupDays = pgTable(
  'dashboard_signup_days',
  {
    merchantId: integer('merchant_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    registrations: integer('registrations').notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day] })],
);
