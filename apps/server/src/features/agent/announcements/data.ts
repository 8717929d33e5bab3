import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { agentAnnouncements } from '../../../db/schema/index.ts';

export type AnnouncementRow = typeof agentAnnouncements.$inferSelect;

/** What agents see now: enabled, started, not ended; pinned first, newest first. */
export const listLive = async (db: Db, merchantId: number, now: Date, limit: number, offset: number) => {
  const where = and(
    eq(agentAnnouncements.merchantId, merchantId),
    eq(agentAnnouncements.enabled, true),
    lte(agentAnnouncements.startAt, now),
    or(isNull(agentAnnouncements.endAt), gt(agentAnnouncements.endAt, now)),
  );
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(agentAnnouncements)
      .where(where)
      .orderBy(desc(agentAnnouncements.pinned), desc(agentAnnouncements.startAt), desc(agentAnnouncements.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(agentAnnouncements)
      .where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
};

export const listAll = async (db: Db, merchantId: number, limit: number, offset: number) => {
  const where = eq(agentAnnouncements.merchantId, merchantId);
  const [rows, count] = await Promise.all([
    db.select().from(agentAnnouncements).where(where).orderBy(desc(agentAnnouncements.id)).limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(agentAnnouncements)
      .where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
};

export const insert = async (db: Db, values: typeof agentAnnouncements.$inferInsert) => {
  const [row] = await db.insert(agentAnnouncements).values(values).returning({ id: agentAnnouncements.id });
  return row!;
};

export const update = async (
  db: Db,
  merchantId: number,
  id: number,
  values: Partial<typeof agentAnnouncements.$inferInsert>,
) => {
  const rows = await db
    .update(agentAnnouncements)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(agentAnnouncements.id, id), eq(agentAnnouncements.merchantId, merchantId)))
    .returning({ id: agentAnnouncements.id });
  return rows[0] ?? null;
};
