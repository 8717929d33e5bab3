import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FeedbackStatus, FeedbackType, MessageAudience } from '@app/contract';
import { members, operators } from './account.ts';
import { merchants } from './merchant.ts';

/**
 * Operator messages (issue 20, decision 075): one row per message, whatever its audience. A job
 * delivers it at `send_at` (once, `sent_at` set in the job's transaction): for listed members, an
 * agent's team or VIP levels it writes one `notifications` row per recipient; for everyone it writes
 * none: a member's row is made the first time their messages are listed (their read and deleted
 * marks live on it), and until then the broadcast counts as unread for every member who joined
 * before it was sent.
 */
export const operatorMessages = pgTable(
  'operator_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    audience: jsonb('audience').$type<MessageAudience>().notNull(),
    /** Text per language (the brand's languages; at least one). */
    title: jsonb('title').$type<Record<string, string>>().notNull(),
    body: jsonb('body').$type<Record<string, string>>().notNull(),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Members it reached when it was delivered (everyone: the brand's members then). */
    recipients: integer('recipients').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('operator_messages_merchant_idx').on(t.merchantId, t.id)],
);

/** Feedback (spec §3 question type, content description): up to 3 images, an operator's reply. */
export const feedback = pgTable(
  'feedback',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    questionType: text('question_type').$type<FeedbackType>().notNull(),
    description: text('description').notNull(),
    imageIds: uuid('image_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    status: text('status').$type<FeedbackStatus>().notNull().default('pending'),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: integer('replied_by').references(() => operators.id),
    /** Paid once on acceptance (minor units); 0 when the brand pays none. */
    reward: bigint('reward', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('feedback_merchant_status_idx').on(t.merchantId, t.status, t.id),
    index('feedback_member_idx').on(t.memberId, t.id),
    check('feedback_status_ck', sql`${t.status} IN ('pending', 'replied', 'accepted', 'rejected')`),
  ],
);

/** The brand's reward for accepted feedback (minor units; 0 or no row: none). */
export const feedbackSettings = pgTable('feedback_settings', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id),
  reward: bigint('reward', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
