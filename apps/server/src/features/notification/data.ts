import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;

export const insertNotification = async (
  db: Db,
  values: typeof notifications.$inferInsert,
): Promise<NotificationRow> => {
  const [row] = await db.insert(notifications).values(values).returning();
  return row!;
};

export const listNotifications = async (
  db: Db,
  memberId: number,
  opts: { unreadOnly: boolean; limit: number; offset: number },
) => {
  const where = and(eq(notifications.memberId, memberId), opts.unreadOnly ? isNull(notifications.readAt) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(notifications).where(where).orderBy(desc(notifications.id)).limit(opts.limit).offset(opts.offset),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
};

export const unreadCount = async (db: Db, memberId: number): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.memberId, memberId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
};

export const markRead = async (db: Db, memberId: number, ids: number[] | 'all') => {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.memberId, memberId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, ids),
      ),
    );
};
