import type { ContractKind, ContractPeriodType } from '@app/contract';
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { agentContractEvents, agentContracts, members } from '../../../db/schema/index.ts';

export type ContractRow = typeof agentContracts.$inferSelect;
export type ContractEventRow = typeof agentContractEvents.$inferSelect;
type ContractStatus = ContractRow['status'];

export const insertContract = async (db: Db, values: typeof agentContracts.$inferInsert): Promise<ContractRow> => {
  const [row] = await db.insert(agentContracts).values(values).returning();
  return row!;
};

export const findContract = async (db: Db, id: number): Promise<ContractRow | null> => {
  const [row] = await db.select().from(agentContracts).where(eq(agentContracts.id, id)).limit(1);
  return row ?? null;
};

/** Locks a contract row for the rest of the transaction (state changes are serialised per contract). */
export const lockContract = async (db: Db, id: number): Promise<ContractRow | null> => {
  const [row] = await db.select().from(agentContracts).where(eq(agentContracts.id, id)).for('update').limit(1);
  return row ?? null;
};

export const updateContract = async (db: Db, id: number, values: Partial<typeof agentContracts.$inferInsert>) => {
  const [row] = await db
    .update(agentContracts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(agentContracts.id, id))
    .returning();
  return row!;
};

export const insertEvent = async (db: Db, values: typeof agentContractEvents.$inferInsert) => {
  await db.insert(agentContractEvents).values(values);
};

export const eventsOf = (db: Db, contractId: number) =>
  db
    .select()
    .from(agentContractEvents)
    .where(eq(agentContractEvents.contractId, contractId))
    .orderBy(agentContractEvents.id);

/** The contract of a kind in force for a downline (active or terminating), if any. */
export const inForce = async (
  db: Db,
  downlineId: number,
  kind: ContractKind,
  lock = false,
): Promise<ContractRow | null> => {
  const q = db
    .select()
    .from(agentContracts)
    .where(
      and(
        eq(agentContracts.downlineId, downlineId),
        eq(agentContracts.kind, kind),
        inArray(agentContracts.status, ['active', 'terminating']),
      ),
    )
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
};

export const pendingOffer = async (db: Db, downlineId: number, kind: ContractKind): Promise<ContractRow | null> => {
  const [row] = await db
    .select()
    .from(agentContracts)
    .where(
      and(
        eq(agentContracts.downlineId, downlineId),
        eq(agentContracts.kind, kind),
        eq(agentContracts.status, 'offered'),
      ),
    )
    .limit(1);
  return row ?? null;
};

/** Open contracts (offered or in force) of a kind that an agent gave its downlines. */
export const openGivenBy = (db: Db, uplineId: number, kind: ContractKind, lock = false) => {
  const q = db
    .select()
    .from(agentContracts)
    .where(
      and(
        eq(agentContracts.uplineId, uplineId),
        eq(agentContracts.kind, kind),
        inArray(agentContracts.status, ['offered', 'active', 'terminating']),
      ),
    )
    .orderBy(agentContracts.id);
  return lock ? q.for('update') : q;
};

/** Every contract row where the member is a party (for the consolidated flags). */
export const contractsOfParty = (db: Db, memberId: number) =>
  db
    .select({
      id: agentContracts.id,
      kind: agentContracts.kind,
      periodType: agentContracts.periodType,
      status: agentContracts.status,
      uplineId: agentContracts.uplineId,
      downlineId: agentContracts.downlineId,
      activeFrom: agentContracts.activeFrom,
      terminationRequestedBy: agentContracts.terminationRequestedBy,
    })
    .from(agentContracts)
    .where(or(eq(agentContracts.downlineId, memberId), eq(agentContracts.uplineId, memberId)));

export interface ContractListFilter {
  merchantId: number;
  /** Contracts the member received ('received'), gave ('given'), or, for operators, the house's ('house'). */
  role: 'received' | 'given' | 'house';
  memberId?: number;
  downlineId?: number | undefined;
  kind?: ContractKind | undefined;
  statuses?: readonly ContractStatus[] | undefined;
  limit: number;
  offset: number;
}

export const listContracts = async (db: Db, f: ContractListFilter) => {
  const conds: SQL[] = [eq(agentContracts.merchantId, f.merchantId)];
  if (f.role === 'received') conds.push(eq(agentContracts.downlineId, f.memberId!));
  if (f.role === 'given') conds.push(eq(agentContracts.uplineId, f.memberId!));
  if (f.role === 'house') conds.push(isNull(agentContracts.uplineId));
  if (f.downlineId) conds.push(eq(agentContracts.downlineId, f.downlineId));
  if (f.kind) conds.push(eq(agentContracts.kind, f.kind));
  if (f.statuses?.length) conds.push(inArray(agentContracts.status, [...f.statuses]));
  const where = and(...conds);
  const [rows, count] = await Promise.all([
    db
      .select({ contract: agentContracts, downlineUsername: members.username, downlineNickname: members.nickname })
      .from(agentContracts)
      .innerJoin(members, eq(members.id, agentContracts.downlineId))
      .where(where)
      .orderBy(desc(agentContracts.id))
      .limit(f.limit)
      .offset(f.offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(agentContracts)
      .where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
};

/**
 * Contracts of a kind in force at an instant (the end of a period being settled): accepted before
 * it and not ended before it. Dividend contracts also match their period type.
 */
export const inForceAt = (
  db: Db,
  merchantId: number,
  kind: ContractKind,
  periodType: ContractPeriodType | null,
  at: Date,
) =>
  db
    .select()
    .from(agentContracts)
    .where(
      and(
        eq(agentContracts.merchantId, merchantId),
        eq(agentContracts.kind, kind),
        periodType ? eq(agentContracts.periodType, periodType) : undefined,
        sql`${agentContracts.activeFrom} < ${at.toISOString()}`,
        sql`(${agentContracts.endedAt} IS NULL OR ${agentContracts.endedAt} >= ${at.toISOString()})`,
      ),
    );

/**
 * When contracts of a kind were in force ([activeFrom, endedAt), open-ended while in force), for
 * those still in force after an instant: the scheduler queues only periods that end inside one.
 */
export const forceWindows = async (
  db: Db,
  merchantId: number,
  kind: ContractKind,
  periodType: ContractPeriodType | null,
  after: Date | null,
): Promise<{ from: Date; to: Date | null }[]> => {
  const rows = await db
    .select({ from: agentContracts.activeFrom, to: agentContracts.endedAt })
    .from(agentContracts)
    .where(
      and(
        eq(agentContracts.merchantId, merchantId),
        eq(agentContracts.kind, kind),
        periodType ? eq(agentContracts.periodType, periodType) : undefined,
        sql`${agentContracts.activeFrom} IS NOT NULL`,
        after
          ? sql`(${agentContracts.endedAt} IS NULL OR ${agentContracts.endedAt} > ${after.toISOString()})`
          : undefined,
      ),
    );
  return rows.flatMap((w) => (w.from ? [{ from: w.from, to: w.to }] : []));
};

/** Kinds in force per downline among contracts an upline gave (for downline rows). */
export const inForceKindsGivenBy = async (db: Db, uplineId: number, downlineIds: readonly number[]) => {
  const out = new Map<number, ContractKind[]>();
  if (!downlineIds.length) return out;
  const rows = await db
    .select({ downlineId: agentContracts.downlineId, kind: agentContracts.kind })
    .from(agentContracts)
    .where(
      and(
        eq(agentContracts.uplineId, uplineId),
        inArray(agentContracts.downlineId, [...downlineIds]),
        inArray(agentContracts.status, ['active', 'terminating']),
      ),
    );
  for (const r of rows) out.set(r.downlineId, [...(out.get(r.downlineId) ?? []), r.kind]);
  return out;
};

/** Contracts an agent holds now (offered to it or in force). */
export const openReceived = (db: Db, downlineId: number) =>
  db
    .select()
    .from(agentContracts)
    .where(
      and(
        eq(agentContracts.downlineId, downlineId),
        inArray(agentContracts.status, ['offered', 'active', 'terminating']),
      ),
    )
    .orderBy(agentContracts.id);
