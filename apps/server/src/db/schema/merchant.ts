import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Language, MirrorStatus, RegisterSetting, Theme, Whitelabel } from '@app/contract';

/** A white-label brand. Every tenant-owned row carries its merchant id. */
export const merchants = pgTable(
  'merchants',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    siteName: text('site_name').notNull(),
    logoUrl: text('logo_url').notNull(),
    faviconUrl: text('favicon_url').notNull(),
    platform: text('platform').notNull().default('WEB'),
    lotteryType: text('lottery_type').notNull().default('Lott'),
    languages: text('languages').array().$type<Language[]>().notNull(),
    defaultLanguage: text('default_language').$type<Language>().notNull(),
    currency: text('currency').notNull(),
    currencySymbol: text('currency_symbol').notNull(),
    currencyExponent: integer('currency_exponent').notNull().default(2),
    timezone: text('timezone').notNull().default('America/Sao_Paulo'),
    theme: jsonb('theme').$type<Theme>().notNull(),
    appDownload: jsonb('app_download').$type<Whitelabel['appDownload']>().notNull(),
    features: jsonb('features').$type<Whitelabel['features']>().notNull(),
    registerSetting: jsonb('register_setting').$type<RegisterSetting>().notNull(),
    mainDomain: text('main_domain').notNull(),
    analyticsId: text('analytics_id'),
    imageCdns: text('image_cdns')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    launchGameCdns: text('launch_game_cdns')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    maintenanceEnabled: boolean('maintenance_enabled').notNull().default(false),
    maintenanceEndTime: timestamp('maintenance_end_time', { withTimezone: true }),
    maintenanceMessage: text('maintenance_message').notNull().default(''),
    /** ISO 3166 alpha-2 codes refused outright. */
    blockedCountries: text('blocked_countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** When non-empty, only these countries are served. */
    allowedCountries: text('allowed_countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** CIDRs always served, whatever their country. */
    cidrAllow: text('cidr_allow')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** CIDRs always refused. */
    cidrBlock: text('cidr_block')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The winners board lists only wins of at least this many minor units (0: any win). */
    winnersMinAmount: bigint('winners_min_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** …and of at least this multiple of the round's stake (0: no multiple rule). */
    winnersMinMultiple: integer('winners_min_multiple').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('merchants_code_uq').on(t.code)],
);

/** Host names that route to a merchant (domain route and mirror domains). */
export const merchantDomains = pgTable(
  'merchant_domains',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    host: text('host').notNull(),
    /** Listed to players as a mirror site. */
    isMirror: boolean('is_mirror').notNull().default(false),
    /** A mirror's state as the operator sets it: listed (active, maintenance) or not (retired). */
    status: text('status').$type<MirrorStatus>().notNull().default('active'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('merchant_domains_host_uq').on(t.host), index('merchant_domains_merchant_idx').on(t.merchantId)],
);

export const customerServiceEntries = pgTable(
  'customer_service_entries',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    csType: text('cs_type').notNull(),
    displayName: text('display_name').notNull(),
    /** The name in other languages (language code → name); displayName is the default language's. */
    names: jsonb('names').$type<Record<string, string>>().notNull().default({}),
    path: text('path').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('customer_service_merchant_idx').on(t.merchantId)],
);

export const merchantResources = pgTable(
  'merchant_resources',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    resourceType: text('resource_type').notNull(),
    key: text('key').notNull(),
    url: text('url').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('merchant_resources_uq').on(t.merchantId, t.resourceType, t.key)],
);
