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
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AccountSettings } from '@app/contract';
import { merchants } from './merchant.ts';

/**
 * Players, agents and trial accounts of one merchant. Each account's place in the agent tree is a
 * materialised path ('/1/5/9/'), so "is X under me", "my direct downlines" and "my whole team" are
 * indexed queries (a prefix scan on tree_path, or upline_id).
 */
export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    username: text('username').notNull(),
    /** Lower-cased username: uniqueness is case-insensitive per merchant. */
    usernameKey: text('username_key').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** 'self' when the member chose it; 'operator' or 'agent' when someone else set it (forces a change). */
    passwordSetBy: text('password_set_by').notNull().default('self'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * While the password is a one-time password someone else set (password_set_by 'agent' or
     * 'operator'): when it stops working. Cleared when the member chooses their own (decision 055).
     */
    oneTimePasswordExpiresAt: timestamp('one_time_password_expires_at', { withTimezone: true }),
    paymentPasswordHash: text('payment_password_hash'),
    /** 0 member, 1/2/41/42 agent, 4 trial. */
    type: smallint('type').notNull().default(0),
    status: text('status').notNull().default('active'),
    nickname: text('nickname'),
    avatar: text('avatar').notNull().default('avatar-01'),
    uplineId: integer('upline_id'),
    treePath: text('tree_path').notNull(),
    depth: integer('depth').notNull().default(0),
    affiliateCode: text('affiliate_code'),
    payeeName: text('payee_name'),
    email: text('email'),
    countryDialingCode: text('country_dialing_code'),
    mobile: text('mobile'),
    birthday: text('birthday'),
    /** Optional registration fields (qqNum, line, whatsapp, facebook, wechat, idNumber, …). */
    profile: jsonb('profile')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    firstLoginDone: boolean('first_login_done').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip'),
    /** Base32 secret of the member's authenticator app; used once totp_enabled. */
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** Trial accounts only: play money in minor units; never touches the ledger. */
    playBalance: bigint('play_balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    frozenAt: timestamp('frozen_at', { withTimezone: true }),
    /** An operator's own or a tester's account: kept out of the dashboard and every report (decision 084). */
    testAccount: boolean('test_account').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('members_username_uq').on(t.merchantId, t.usernameKey),
    uniqueIndex('members_affiliate_code_uq').on(t.merchantId, t.affiliateCode),
    uniqueIndex('members_mobile_uq').on(t.merchantId, t.countryDialingCode, t.mobile),
    index('members_upline_idx').on(t.uplineId),
    index('members_tree_path_idx').using('btree', t.treePath.op('text_pattern_ops')),
    // The back office (decision 069): registrations per day, and the members desk's searches.
    // INCLUDE (type, test_account) in migration 0045: registrations per day read it index-only (decision 088).
    index('members_created_idx').on(t.merchantId, t.createdAt),
    // The few test accounts every report leaves out (decision 084).
    index('members_test_idx')
      .on(t.merchantId)
      .where(sql`test_account`),
    index('members_mobile_idx').on(t.merchantId, t.mobile),
    index('members_email_idx').on(t.merchantId, sql`lower(${t.email})`),
    index('members_payee_idx').on(t.merchantId, sql`lower(${t.payeeName})`),
  ],
);

/** Back-office staff of a merchant (finance, admin, support). */
export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    status: text('status').notNull().default('active'),
    /** Set by someone else (bootstrap, an admin's one-time password): changed before anything else works. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** The one-time password an admin handed out stops working at this time (null: no limit). */
    passwordExpiresAt: timestamp('password_expires_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Authenticator secret, sealed under SECRETS_KEY (decision 044); enabled once a code confirmed it. */
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** Seeded for the embedded demo: needs no second factor, and only while DEMO_MODE is on (decision 054). */
    demo: boolean('demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('operators_username_uq').on(t.merchantId, t.username)],
);

/** Login sessions. Only a SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    actorKind: text('actor_kind').notNull(),
    memberId: integer('member_id').references(() => members.id),
    operatorId: integer('operator_id').references(() => operators.id),
    /** The login still has to pass extra verification before it is usable. */
    pendingVerification: text('pending_verification'),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_uq').on(t.tokenHash),
    index('sessions_member_idx').on(t.memberId),
    index('sessions_operator_idx').on(t.operatorId),
  ],
);

/** Every operator action, append-only. */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** Null for a failed login naming no known operator (the name is the target). */
    operatorId: integer('operator_id').references(() => operators.id),
    action: text('action').notNull(),
    target: text('target').notNull().default(''),
    detail: jsonb('detail')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('operator_audit_merchant_idx').on(t.merchantId, t.createdAt),
    // The audit viewer's filters (decision 069): by target (a member is `member:<id>`) and by operator.
    index('operator_audit_target_idx').on(t.merchantId, t.target, t.id),
    index('operator_audit_operator_idx').on(t.operatorId, t.id),
  ],
);

/** What operators wrote about a member on the members desk (decision 069); never edited. */
export const memberNotes = pgTable(
  'member_notes',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_notes_member_idx').on(t.memberId, t.id)],
);

/** Every login attempt on a known account: time, IP, device, how, and whether it worked. */
export const memberLogins = pgTable(
  'member_logins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip').notNull(),
    country: text('country'),
    userAgent: text('user_agent').notNull().default(''),
    /** username, sms, google, facebook, freeplay, register. */
    method: text('method').notNull(),
    area: text('area').notNull().default('member'),
    success: boolean('success').notNull(),
    /** Why a failed attempt failed (wrong_password, frozen, not_agent, …). */
    reason: text('reason'),
  },
  (t) => [
    index('member_logins_member_idx').on(t.memberId, t.at),
    // The members desk's search by address (decision 069).
    index('member_logins_ip_idx').on(t.merchantId, t.ip),
  ],
);

/** IPs a member has completed a login from; a login from any other IP may need extra verification. */
export const memberKnownIps = pgTable(
  'member_known_ips',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    ip: text('ip').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.ip] })],
);

/** Google / Facebook accounts linked to a member. */
export const memberIdentities = pgTable(
  'member_identities',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_identities_subject_uq').on(t.merchantId, t.provider, t.subject),
    index('member_identities_member_idx').on(t.memberId),
  ],
);

/** A brand's account rules (password expiry, default password, extra verification, trial money). */
export const accountSettings = pgTable('account_settings', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id),
  settings: jsonb('settings').$type<AccountSettings>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One-time codes and links (SMS, e-mail, password-reset links): only a hash is stored, bound to
 * purpose and target, single use, short expiry, limited attempts.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    purpose: text('purpose').notNull(),
    channel: text('channel').notNull(),
    /** Normalised phone ('55 11987654321'), lower-cased e-mail, or a member id for links. */
    target: text('target').notNull(),
    memberId: integer('member_id').references(() => members.id),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('one_time_codes_target_idx').on(t.merchantId, t.purpose, t.target, t.createdAt),
    index('one_time_codes_hash_idx').on(t.codeHash),
  ],
);

/** What the development SMS provider and mail transport "sent" (served only in demo mode). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_messages_recipient_idx').on(t.merchantId, t.recipient, t.createdAt)],
);
