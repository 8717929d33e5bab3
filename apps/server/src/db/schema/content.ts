import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AnnouncementValue, BannerValue, Language } from '@app/contract';
import { merchants } from './merchant.ts';

/** Image banners by group (w_home, w_login, w_register, w_forget), managed by operators. */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    groupName: text('group_name').$type<BannerValue['groupName']>().notNull(),
    title: jsonb('title').$type<Record<string, string>>().notNull(),
    imageUrl: text('image_url').notNull(),
    linkageType: text('linkage_type').$type<BannerValue['linkageType']>().notNull().default('NONE'),
    linkage: text('linkage').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('banners_merchant_idx').on(t.merchantId, t.groupName, t.sort)],
);

/** Notices, popups, promotions and headlines (types PL, PU, PR, H; execution A, B or F). */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    type: text('type').$type<AnnouncementValue['type']>().notNull(),
    execution: text('execution').$type<AnnouncementValue['execution']>().notNull().default('B'),
    platform: text('platform').notNull().default('W'),
    title: jsonb('title').$type<Record<string, string>>().notNull(),
    content: jsonb('content').$type<Record<string, string>>().notNull(),
    promotionType: text('promotion_type').$type<NonNullable<AnnouncementValue['promotionType']>>(),
    /** Set on game announcements: shown on that game type's / vendor's list. */
    gameType: text('game_type').$type<NonNullable<AnnouncementValue['gameType']>>(),
    vassalage: text('vassalage'),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    startAt: timestamp('start_at', { withTimezone: true }).notNull().defaultNow(),
    endAt: timestamp('end_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('announcements_merchant_idx').on(t.merchantId, t.type, t.sort)],
);

/** Help centre articles, one row per term and language; /help#term opens one. */
export const helpArticles = pgTable(
  'help_articles',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    term: text('term').notNull(),
    language: text('language').$type<Language>().notNull(),
    category: text('category').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('help_articles_term_uq').on(t.merchantId, t.term, t.language)],
);
