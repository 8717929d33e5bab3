import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SUPPORT_AUTHORS, SUPPORT_STATUSES } from '@app/contract';
import { members, operators } from './account.ts';
import { merchants } from './merchant.ts';

/**
 * The customer-service chat (issue 17, decision 057). One open conversation per member at most (a
 * partial unique index says so, whatever the code does); the operators close it. Each side keeps
 * the id of the last message it has read.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    status: text('status').$type<(typeof SUPPORT_STATUSES)[number]>().notNull().default('open'),
    assignedOperatorId: integer('assigned_operator_id').references(() => operators.id),
    memberReadId: bigint('member_read_id', { mode: 'number' }).notNull().default(0),
    operatorReadId: bigint('operator_read_id', { mode: 'number' }).notNull().default(0),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedByOperatorId: integer('closed_by_operator_id').references(() => operators.id),
  },
  (t) => [
    uniqueIndex('support_conversations_one_open')
      .on(t.memberId)
      .where(sql`status = 'open'`),
    index('support_conversations_desk_idx').on(t.merchantId, t.status, t.lastMessageAt),
    index('support_conversations_member_idx').on(t.memberId, t.id),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => supportConversations.id),
    /** The member the conversation belongs to, so the history reads one index. */
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    author: text('author').$type<(typeof SUPPORT_AUTHORS)[number]>().notNull(),
    operatorId: integer('operator_id').references(() => operators.id),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_messages_conversation_idx').on(t.conversationId, t.id),
    index('support_messages_member_idx').on(t.memberId, t.id),
  ],
);
