import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FeedbackStatus } from '@app/contract';
import type { Db } from '../../db/client.ts';
import { feedback, feedbackSettings, members } from '../../db/schema/index.ts';

export type FeedbackRow = typeof feedback.$inferSelect;

export const insertFeedback = async (db: Db, values: typeof feedback.$inferInsert) => {
  const [r] = await db.insert(feedback).values(values).returning();
  return r!;
};

const page = async <T>(rows: Promise<T[]>, total: Promise<{ n: number }[]>) => {
  const [list, [t]] = await Promise.all([rows, total]);
  return { rows: list, total: Number(t?.n ?? 0) };
};

export const listMine = (db: Db, memberId: number, limit: number, offset: number) =>
  page(
    db
      .select()
      .from(feedback)
      .where(eq(feedback.memberId, memberId))
      .orderBy(desc(feedback.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(feedback).where(eq(feedback.memberId, memberId)),
  );

/** The brand's feedback in these states, oldest open first; with the member's account. */
export const listDesk = (db: Db, merchantId: number, statuses: FeedbackStatus[], limit: number, offset: number) => {
  const where = and(eq(feedback.merchantId, merchantId), inArray(feedback.status, statuses));
  return page(
    db
      .select({ f: feedback, account: members.username })
      .from(feedback)
      .innerJoin(members, eq(members.id, feedback.memberId))
      .where(where)
      .orderBy(desc(feedback.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(feedback).where(where),
  );
};

export const lockFeedback = async (db: Db, merchantId: number, id: number) => {
  const [r] = await db
    .select({ f: feedback, account: members.username })
    .from(feedback)
    .innerJoin(members, eq(members.id, feedback.memberId))
    .where(and(eq(feedback.merchantId, merchantId), eq(feedback.id, id)))
    .for('update', { of: feedback });
  return r ?? null;
};

export const answerFeedback = async (
  db: Db,
  id: number,
  v: { status: FeedbackStatus; reply: string; operatorId: number; reward: bigint },
) => {
  const [r] = await db
    .update(feedback)
    .set({ status: v.status, reply: v.reply, repliedAt: sql`now()`, repliedBy: v.operatorId, reward: v.reward })
    .where(eq(feedback.id, id))
    .returning();
  return r!;
};

export const rewardOf = async (db: Db, merchantId: number): Promise<bigint> => {
  const [r] = await db
    .select({ reward: feedbackSettings.reward })
    .from(feedbackSettings)
    .where(eq(feedbackSettings.merchantId, merchantId));
  return r?.reward ?? 0n;
};

export const saveReward = (db: Db, merchantId: number, reward: bigint) =>
  db
    .insert(feedbackSettings)
    .values({ merchantId, reward })
    .onConflictDoUpdate({ target: feedbackSettings.merchantId, set: { reward, updatedAt: sql`now()` } });
