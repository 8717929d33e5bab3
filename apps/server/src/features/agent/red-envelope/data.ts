import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { agentRedEnvelopeClaims, agentRedEnvelopes, members } from '../../../db/schema/index.ts';

export type EnvelopeRow = typeof agentRedEnvelopes.$inferSelect;

export const insertEnvelope = async (db: Db, values: typeof agentRedEnvelopes.$inferInsert) => {
  const [row] = await db.insert(agentRedEnvelopes).values(values).returning();
  return row!;
};

export const findEnvelope = async (db: Db, id: number, lock = false): Promise<EnvelopeRow | null> => {
  const q = db.select().from(agentRedEnvelopes).where(eq(agentRedEnvelopes.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
};

export const updateEnvelope = async (db: Db, id: number, values: Partial<typeof agentRedEnvelopes.$inferInsert>) => {
  const [row] = await db.update(agentRedEnvelopes).set(values).where(eq(agentRedEnvelopes.id, id)).returning();
  return row!;
};

export const insertClaim = async (db: Db, values: typeof agentRedEnvelopeClaims.$inferInsert) => {
  const rows = await db.insert(agentRedEnvelopeClaims).values(values).onConflictDoNothing().returning();
  return rows[0] ?? null;
};

export const claimsOf = (db: Db, envelopeId: number) =>
  db
    .select({
      account: members.username,
      amount: agentRedEnvelopeClaims.amount,
      claimedAt: agentRedEnvelopeClaims.claimedAt,
    })
    .from(agentRedEnvelopeClaims)
    .innerJoin(members, eq(members.id, agentRedEnvelopeClaims.memberId))
    .where(eq(agentRedEnvelopeClaims.envelopeId, envelopeId))
    .orderBy(agentRedEnvelopeClaims.shareIndex);

export const myClaims = async (db: Db, memberId: number, envelopeIds: readonly number[]) => {
  if (!envelopeIds.length) return new Map<number, bigint>();
  const rows = await db
    .select({ envelopeId: agentRedEnvelopeClaims.envelopeId, amount: agentRedEnvelopeClaims.amount })
    .from(agentRedEnvelopeClaims)
    .where(
      and(eq(agentRedEnvelopeClaims.memberId, memberId), inArray(agentRedEnvelopeClaims.envelopeId, [...envelopeIds])),
    );
  return new Map(rows.map((r) => [r.envelopeId, r.amount]));
};

export const listSent = async (
  db: Db,
  q: { senderId: number; status?: EnvelopeRow['status'] | undefined; limit: number; offset: number },
) => {
  const where = and(
    eq(agentRedEnvelopes.senderId, q.senderId),
    q.status ? eq(agentRedEnvelopes.status, q.status) : undefined,
  );
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(agentRedEnvelopes)
      .where(where)
      .orderBy(desc(agentRedEnvelopes.id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(agentRedEnvelopes)
      .where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
};

/** Envelopes a member may see: from its upline, addressed to it (or to all), open or claimed by it. */
export const listForRecipient = async (
  db: Db,
  q: { memberId: number; uplineId: number; limit: number; offset: number },
) => {
  const claimed = sql`EXISTS (SELECT 1 FROM agent_red_envelope_claims c WHERE c.envelope_id = ${agentRedEnvelopes.id} AND c.member_id = ${q.memberId})`;
  const where = and(
    eq(agentRedEnvelopes.senderId, q.uplineId),
    sql`(${agentRedEnvelopes.recipients} IS NULL OR ${q.memberId} = ANY(${agentRedEnvelopes.recipients}))`,
    or(eq(agentRedEnvelopes.status, 'open'), claimed),
  );
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(agentRedEnvelopes)
      .where(where)
      .orderBy(desc(agentRedEnvelopes.id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(agentRedEnvelopes)
      .where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
};

export const dueToExpire = (db: Db, now: Date, limit: number) =>
  db
    .select({ id: agentRedEnvelopes.id })
    .from(agentRedEnvelopes)
    .where(and(eq(agentRedEnvelopes.status, 'open'), lte(agentRedEnvelopes.expiresAt, now)))
    .orderBy(agentRedEnvelopes.expiresAt)
    .limit(limit);

/** Direct downlines that can receive an envelope: active, real (not trial) accounts. */
export const eligibleDirect = async (db: Db, senderId: number, only?: readonly number[]) =>
  db
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.uplineId, senderId),
        eq(members.status, 'active'),
        sql`${members.type} <> 4`,
        only ? inArray(members.id, [...only]) : undefined,
      ),
    );
