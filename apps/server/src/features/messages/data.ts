import { AGENT_TYPES } from '@app/contract';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { col, many, maybeOne, row } from '../../db/rows.ts';
import { members, operatorMessages } from '../../db/schema/index.ts';

export type MessageRow = typeof operatorMessages.$inferSelect;

export const insertMessage = async (db: Db, values: typeof operatorMessages.$inferInsert) => {
  const [r] = await db.insert(operatorMessages).values(values).returning();
  return r!;
};

/** The brand's members by account (case-insensitive), trial accounts excluded. */
export const membersByName = (db: Db, merchantId: number, usernames: string[]) =>
  db
    .select({ id: members.id, username: members.username, key: members.usernameKey, type: members.type })
    .from(members)
    .where(
      and(
        eq(members.merchantId, merchantId),
        inArray(
          members.usernameKey,
          usernames.map((u) => u.toLowerCase()),
        ),
        sql`${members.type} <> 4`,
      ),
    );

export const findAgent = async (db: Db, merchantId: number, username: string) => {
  const [r] = await db
    .select({ id: members.id, username: members.username })
    .from(members)
    .where(
      and(
        eq(members.merchantId, merchantId),
        eq(members.usernameKey, username.toLowerCase()),
        inArray(members.type, [...AGENT_TYPES]),
      ),
    )
    .limit(1);
  return r ?? null;
};

/** The message under a row lock (the delivery job and a cancel meet here). */
export const lockMessage = (db: Db, merchantId: number | null, id: number) =>
  maybeOne(
    db,
    row({ id: col.int, merchantId: col.int, sentAt: col.date.nullable(), cancelledAt: col.date.nullable() }),
    sql`SELECT id, merchant_id, sent_at, cancelled_at FROM operator_messages
         WHERE id = ${id} ${merchantId === null ? sql`` : sql`AND merchant_id = ${merchantId}`} FOR UPDATE`,
  );

export const getMessage = async (db: Db, id: number) => {
  const [r] = await db.select().from(operatorMessages).where(eq(operatorMessages.id, id)).limit(1);
  return r ?? null;
};

const Copy = row({ id: col.int, memberId: col.int, createdAt: col.date });

/** The members a targeted message reaches: by id (listed, VIP levels) or an agent's downline. */
export type CopyTarget = { memberIds: number[] } | { downlineOf: number };

/**
 * Writes the copies of a targeted message (listed members, an agent's team, VIP levels): one per
 * real member of the brand, dated `at`; a copy that exists is left alone (unique member and
 * message). Answers the new copies.
 */
export const insertCopies = (db: Db, m: { id: number; merchantId: number }, target: CopyTarget, at: Date) => {
  const who =
    'memberIds' in target
      ? sql`m.id = ANY(${`{${target.memberIds.join(',')}}`}::int[])`
      : sql`m.tree_path LIKE (SELECT a.tree_path || '%' FROM members a WHERE a.id = ${target.downlineOf}) AND m.id <> ${target.downlineOf}`;
  return many(
    db,
    Copy,
    sql`INSERT INTO notifications (merchant_id, member_id, kind, params, message_id, created_at)
        SELECT m.merchant_id, m.id, 'operator_message', jsonb_build_object('messageId', ${String(m.id)}::text), ${m.id},
               ${at.toISOString()}::timestamptz
          FROM members m
         WHERE m.merchant_id = ${m.merchantId} AND m.type <> 4 AND ${who}
        ON CONFLICT (member_id, message_id) WHERE message_id IS NOT NULL DO NOTHING
        RETURNING id, member_id, created_at`,
  );
};

/** The brand's members who joined by `at` (everyone a broadcast reaches), trial accounts excluded. */
export const brandMemberCount = async (db: Db, merchantId: number, at: Date) => {
  const [r] = await db
    .select({ n: count() })
    .from(members)
    .where(
      and(
        eq(members.merchantId, merchantId),
        sql`${members.type} <> 4`,
        sql`${members.createdAt} <= ${at.toISOString()}::timestamptz`,
      ),
    );
  return Number(r?.n ?? 0);
};

export const markSent = (db: Db, id: number, at: Date, recipients: number) =>
  db.update(operatorMessages).set({ sentAt: at, recipients }).where(eq(operatorMessages.id, id));

export const markCancelled = (db: Db, id: number) =>
  db
    .update(operatorMessages)
    .set({ cancelledAt: sql`now()` })
    .where(eq(operatorMessages.id, id));

/** The brand's messages, newest first, each with how many members marked it read. */
export const listMessages = async (db: Db, merchantId: number, limit: number, offset: number) => {
  const reads = sql<number>`(SELECT count(*) FROM notifications n WHERE n.message_id = operator_messages.id AND n.read_at IS NOT NULL)`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ m: operatorMessages, reads: reads.mapWith(Number) })
      .from(operatorMessages)
      .where(eq(operatorMessages.merchantId, merchantId))
      .orderBy(desc(operatorMessages.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(operatorMessages).where(eq(operatorMessages.merchantId, merchantId)),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
};
