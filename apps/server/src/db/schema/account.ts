import { sql } from 'drizzle-orm';
import {
  boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
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
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    username: text('username').notNull(),
    /** Lower-cased username: uniqueness is case-insensitive per merchant. */
    usernameKey: text('username_key').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** 'self' when the member chose it; 'operator' or 'agent' when someone else set it (forces a change). */
    passwordSetBy: text('password_set_by').notNull().default('self'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
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
    profile: jsonb('profile').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    firstLoginDone: boolean('first_login_done').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('members_username_uq').on(t.merchantId, t.usernameKey),
    uniqueIndex('members_affiliate_code_uq').on(t.merchantId, t.affiliateCode),
    uniqueIndex('members_mobile_uq').on(t.merchantId, t.countryDialingCode, t.mobile),
    index('members_upline_idx').on(t.uplineId),
    index('members_tree_path_idx').using('btree', t.treePath.op('text_pattern_ops')),
  ],
);

/** Back-office staff of a merchant (finance, admin, support). */
export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    status: text('status').notNull().default('active'),
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
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
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
    merchantId: integer('merchant_id').notNull().references(() => merchants.id),
    operatorId: integer('operator_id').notNull().references(() => operators.id),
    action: text('action').notNull(),
    target: text('target').notNull().default(''),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('operator_audit_merchant_idx').on(t.merchantId, t.createdAt)],
);
