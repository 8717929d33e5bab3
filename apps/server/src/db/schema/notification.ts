import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { NotificationKind } from '@app/contract';
import { members } from './account.ts';
import { merchants } from './merchant.ts';
import { operatorMessages } from './message.ts';

/** Platform messages per member (spec §4 notifications), with their read state. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind').$type<NotificationKind>().notNull(),
    /** Values the client words the message with (amounts in minor units, reasons). */
    params: jsonb('params')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** An operator message's copy for this member (decision 075); null for platform notifications. */
    messageId: bigint('message_id', { mode: 'number' }).references(() => operatorMessages.id),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Deleted by the member: no longer listed or counted. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_member_idx').on(t.memberId, t.id),
    index('notifications_unread_idx')
      .on(t.memberId)
      .where(sql`read_at IS NULL`),
    uniqueIndex('notifications_message_uq')
      .on(t.memberId, t.messageId)
      .where(sql`message_id IS NOT NULL`),
  ],
);
