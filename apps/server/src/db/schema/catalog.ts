import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { merchants } from './merchant.ts';
import type { GameType, Language } from '@app/contract';

/**
 * The game catalogue of one merchant: vendors (vassalages), the game types each vendor serves with
 * the operator's order, games with their names per language, and the categories' classify entries.
 * Each merchant has its own copy so hot flags, order and enabled switches are per brand.
 */
export const vendors = pgTable(
  'vendors',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    vassalage: text('vassalage').notNull(),
    displayName: text('display_name').notNull(),
    /** Small logo (menus, footer), large logo (drop menu large layout), card artwork. */
    iconUrl: text('icon_url').notNull(),
    lagerIcon: text('lager_icon').notNull(),
    cards: text('cards').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Free-form integration settings (wallet model, adapter) added by the game-provider feature. */
    settings: jsonb('settings')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('vendors_merchant_vassalage_uq').on(t.merchantId, t.vassalage)],
);

/** A vendor's presence in one game type, in the operator's order (spec: "vassalage game types"). */
export const vendorGameTypes = pgTable(
  'vendor_game_types',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    vassalage: text('vassalage').notNull(),
    gameType: text('game_type').$type<GameType>().notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.vassalage, t.gameType] })],
);

export const games = pgTable(
  'games',
  {
    /** Exposed as nodeId. */
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    vassalage: text('vassalage').notNull(),
    gameType: text('game_type').$type<GameType>().notNull(),
    gameCode: text('game_code').notNull(),
    /** The untranslated name (nodeName). */
    nodeName: text('node_name').notNull(),
    /** Names as imported, by language code; game_names holds the resolved, searchable copy. */
    names: jsonb('names').$type<Record<string, string>>().notNull(),
    /** 'GAME', or 'VASSALAGE' for a provider entry that opens the vendor's own game list. */
    isGame: text('is_game').notNull().default('GAME'),
    showIcon: boolean('show_icon').notNull().default(true),
    iconUrl: text('icon_url').notNull(),
    isHot: boolean('is_hot').notNull().default(false),
    isNew: boolean('is_new').notNull().default(false),
    /** 0 means a free trial is offered (spec §3). */
    supportPlay: smallint('support_play').notNull().default(1),
    minBet: bigint('min_bet', { mode: 'bigint' }),
    lines: integer('lines'),
    /** Classify tags (SLOT, TABLE, BACCARAT, …). */
    classify: text('classify')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('games_merchant_vendor_code_uq').on(t.merchantId, t.vassalage, t.gameCode),
    index('games_type_idx').on(t.merchantId, t.gameType, t.sort, t.id),
    index('games_vendor_idx').on(t.merchantId, t.vassalage, t.sort, t.id),
    index('games_order_idx').on(t.merchantId, t.sort, t.id),
    index('games_hot_idx')
      .on(t.merchantId, t.sort, t.id)
      .where(sql`${t.isHot}`),
    index('games_artwork_idx').on(t.vassalage, t.gameCode),
  ],
);

/**
 * One row per game and catalogue language: the displayed name (with fallback applied) and its
 * search key (lower-case, accents removed), indexed with trigrams for "contains" search.
 */
export const gameNames = pgTable(
  'game_names',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    language: text('language').$type<Language>().notNull(),
    name: text('name').notNull(),
    searchKey: text('search_key').notNull(),
  },
  // The name search runs over each process's listed games in memory (decision 039), so search_key
  // has no index of its own (migration 0019 dropped the unused trigram index).
  (t) => [primaryKey({ columns: [t.gameId, t.language] })],
);

/** A category (game type) of the menu, with its title per language and card artwork. */
export const gameCategories = pgTable(
  'game_categories',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    gameType: text('game_type').$type<GameType>().notNull(),
    title: jsonb('title').$type<Record<string, string>>().notNull(),
    cards: text('cards').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.gameType] })],
);

/**
 * A classify entry of a category. rule TAG matches games carrying the key in `classify`;
 * MIN_BET matches a minimum bet of at least `threshold` minor units; MIN_LINES at least
 * `threshold` lines (the slot filters of spec §9).
 */
export const gameClassify = pgTable(
  'game_classify',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    gameType: text('game_type').$type<GameType>().notNull(),
    key: text('key').notNull(),
    names: jsonb('names').$type<Record<string, string>>().notNull(),
    rule: text('rule').notNull().default('TAG'),
    threshold: bigint('threshold', { mode: 'bigint' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.gameType, t.key] })],
);

/**
 * One counter for the whole catalogue, raised by a statement trigger on every write to the tables
 * above (migration 0017). Each process keeps its listed games in memory and reloads them when the
 * counter has moved (decision 039), so a write through any process shows everywhere at once.
 */
export const catalogVersion = pgTable('catalog_version', {
  id: smallint('id').primaryKey().default(1),
  version: bigint('version', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
});
