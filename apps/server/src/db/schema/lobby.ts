import { bigint, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './account.ts';
import { games } from './catalog.ts';
import { merchants } from './merchant.ts';

/** A member's favourite games; one row per member and game, so adding twice keeps one. */
export const favoriteGames = pgTable(
  'favorite_games',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.gameId] }),
    index('favorite_games_member_idx').on(t.memberId, t.createdAt.desc()),
  ],
);

/** Games a member launched, latest first; trimmed to the newest few per member. */
export const recentGames = pgTable(
  'recent_games',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull().defaultNow(),
    launches: integer('launches').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.gameId] }),
    index('recent_games_member_idx').on(t.memberId, t.playedAt.desc()),
  ],
);

/**
 * Real wins, recorded by the game-provider feature when a round settles. The winners board reads
 * only this table: no win is ever made up.
 */
export const gameWins = pgTable(
  'game_wins',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    gameType: text('game_type').notNull(),
    /** The round (or provider transaction) the win belongs to: one board entry per round. */
    roundRef: text('round_ref').notNull(),
    /** Masked at recording time ("jo***23"); the board never sees the full account. */
    customerName: text('customer_name').notNull(),
    winAmount: bigint('win_amount', { mode: 'bigint' }).notNull(),
    /** The round's net stake (bets − refunds) when known: the board's multiple rule reads it. */
    stakeAmount: bigint('stake_amount', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('game_wins_round_uq').on(t.merchantId, t.roundRef),
    index('game_wins_board_idx').on(t.merchantId, t.createdAt.desc()),
    index('game_wins_type_idx').on(t.merchantId, t.gameType, t.createdAt.desc()),
  ],
);
