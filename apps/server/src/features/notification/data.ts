import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { col, one, row, run } from '../../db/rows.ts';
import { notifications, operatorMessages } from '../../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;
/** A listed message: an operator message's copy carries its texts. */
export type ListedRow = NotificationRow & {
  title: Record<string, string> | null;
  body: Record<string, string> | null;
};

export const insertNotification = async (
  db: Db,
  values: typeof notifications.$inferInsert,
): Promise<NotificationRow> => {
  const [row] = await db.insert(notifications).values(values).returning();
  return row!;
};

const visible = (memberId: number) => and(eq(notifications.memberId, memberId), isNull(notifications.deletedAt));

/**
 * Gives the member their copy of every "everyone" message sent since they joined and not yet
 * copied (decision 075): made when they first list or mark their messages, dated when it was sent.
 * The unique (member, message) key makes it safe to run any number of times at once.
 */
export const copyBroadcasts = (db: Db, memberId: number) =>
  run(
    db,
    sql`INSERT INTO notifications (merchant_id, member_id, kind, params, message_id, created_at)
        SELECT om.merchant_id, m.id, 'operator_message', jsonb_build_object('messageId', om.id::text), om.id, om.sent_at
          FROM operator_messages om
          JOIN members m ON m.id = ${memberId} AND m.merchant_id = om.merchant_id
         WHERE om.audience->>'kind' = 'all' AND om.sent_at IS NOT NULL AND om.sent_at >= m.created_at AND m.type <> 4
        ON CONFLICT (member_id, message_id) WHERE message_id IS NOT NULL DO NOTHING`,
  );

export const listNotifications = async (
  db: Db,
  memberId: number,
  opts: { unreadOnly: boolean; limit: number; offset: number },
): Promise<{ rows: ListedRow[]; total: number }> => {
  const where = and(visible(memberId), opts.unreadOnly ? isNull(notifications.readAt) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({ n: notifications, title: operatorMessages.title, body: operatorMessages.body })
      .from(notifications)
      .leftJoin(operatorMessages, eq(operatorMessages.id, notifications.messageId))
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.n, title: r.title, body: r.body })), total: Number(total?.n ?? 0) };
};

const Count = row({ n: col.count });

/** Unread copies, plus the "everyone" messages the member has no copy of yet. */
export const unreadCount = async (db: Db, memberId: number): Promise<number> => {
  const r = await one(
    db,
    Count,
    sql`SELECT (SELECT count(*) FROM notifications n
                 WHERE n.member_id = ${memberId} AND n.read_at IS NULL AND n.deleted_at IS NULL)
             + (SELECT count(*) FROM operator_messages om
                  JOIN members m ON m.id = ${memberId} AND m.merchant_id = om.merchant_id
                 WHERE om.audience->>'kind' = 'all' AND om.sent_at IS NOT NULL AND om.sent_at >= m.created_at
                   AND m.type <> 4
                   AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.member_id = m.id AND n.message_id = om.id)) AS n`,
  );
  return r.n;
};

export const markRead = async (db: Db, memberId: number, ids: number[] | 'all') => {
  if (ids === 'all') await copyBroadcasts(db, memberId);
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(visible(memberId), isNull(notifications.readAt), ids === 'all' ? undefined : inArray(notifications.id, ids)),
    );
};

/** Deletes the member's own copies (an operator message stays for everyone else). */
export const markDeleted = async (db: Db, memberId: number, ids: number[]) => {
  await db
    .update(notifications)
    .set({ deletedAt: sql`now()`, readAt: sql`coalesce(read_at, now())` })
    .where(and(visible(memberId), inArray(notifications.id, ids)));
};
