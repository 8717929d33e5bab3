import { CONTRACT_KINDS, type ContractKind } from '@app/contract';
import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { col, many, row, run } from '../../../db/rows.ts';
import { agentSettlementCursors, agentSettlements } from '../../../db/schema/index.ts';
import { z } from 'zod';
import type { MemberWindow, RoundWindow } from './figures.ts';

export type SettlementRow = typeof agentSettlements.$inferSelect;
export type SettlementStatus = SettlementRow['status'];

/* ---------------------------------------------------------------- figures (rounds, read-only) */

const closedIn = (merchantId: number, start: Date, end: Date) =>
  sql`r.merchant_id = ${merchantId} AND r.status = 'closed'
      AND r.ended_at >= ${start.toISOString()}::timestamptz AND r.ended_at < ${end.toISOString()}::timestamptz`;

const MemberWindowRow = row({
  memberId: col.int,
  treePath: col.text,
  rounds: col.count,
  bet: col.sum,
  validBet: col.sum,
  win: col.sum,
});

/** Each member's closed rounds in [start, end), summed, with its tree path. */
export const memberWindows = (db: Db, merchantId: number, start: Date, end: Date): Promise<MemberWindow[]> =>
  many(
    db,
    MemberWindowRow,
    sql`
      SELECT r.member_id, m.tree_path, count(*) AS rounds, sum(r.bet_total - r.refund_total) AS bet,
             sum(GREATEST(r.bet_total - r.refund_total, 0)) AS valid_bet, sum(r.win_total) AS win
        FROM game_rounds r JOIN members m ON m.id = r.member_id
       WHERE ${closedIn(merchantId, start, end)}
       GROUP BY r.member_id, m.tree_path`,
  );

const RoundWindowRow = row({
  memberId: col.int,
  treePath: col.text,
  bet: col.bigint,
  validBet: col.bigint,
  win: col.bigint,
});

/** Every closed round in [start, end) (real-time salary rates bet by bet). */
export const roundWindows = (db: Db, merchantId: number, start: Date, end: Date): Promise<RoundWindow[]> =>
  many(
    db,
    RoundWindowRow,
    sql`
      SELECT r.member_id, m.tree_path, r.bet_total - r.refund_total AS bet, GREATEST(r.bet_total - r.refund_total, 0) AS valid_bet,
             r.win_total AS win
        FROM game_rounds r JOIN members m ON m.id = r.member_id
       WHERE ${closedIn(merchantId, start, end)}`,
  );

/* ---------------------------------------------------------------- settlement rows */

/**
 * Claims settlement rows: inserts those that do not exist yet and returns only them. The unique
 * index on (merchant, job, period, beneficiary) decides; a concurrent claimer of the same rows
 * waits for the first transaction and then gets nothing back.
 */
export const claimRows = async (db: Db, values: (typeof agentSettlements.$inferInsert)[]): Promise<SettlementRow[]> => {
  const out: SettlementRow[] = [];
  for (let i = 0; i < values.length; i += 1000) {
    out.push(
      ...(await db
        .insert(agentSettlements)
        .values(values.slice(i, i + 1000))
        .onConflictDoNothing()
        .returning()),
    );
  }
  return out;
};

/** Writes what moving the money did, for many rows in one statement. */
export const finishRows = async (
  db: Db,
  moved: readonly { id: number; status: SettlementStatus; ledgerTransactionId: number | null; error: string | null }[],
  at: Date,
  previousAttempts = 0,
) => {
  for (let i = 0; i < moved.length; i += 2000) {
    const chunk = moved.slice(i, i + 2000);
    const values = sql.join(
      chunk.map((m) => sql`(${m.id}::bigint, ${m.status}::text, ${m.ledgerTransactionId}::bigint, ${m.error}::text)`),
      sql`, `,
    );
    await run(
      db,
      sql`
      UPDATE agent_settlements s
         SET status = v.status, ledger_transaction_id = v.tx, last_error = v.err, attempts = ${previousAttempts} + 1,
             paid_at = CASE WHEN v.status = 'paid' THEN ${at.toISOString()}::timestamptz ELSE s.paid_at END
        FROM (VALUES ${values}) AS v(id, status, tx, err)
       WHERE s.id = v.id`,
    );
  }
};

export const lockRow = async (db: Db, id: number): Promise<SettlementRow | null> => {
  const [row] = await db.select().from(agentSettlements).where(eq(agentSettlements.id, id)).for('update');
  return row ?? null;
};

/** Settlements still owed (awaiting an upline's funds, or refused) for a brand, oldest first. */
export const openRows = (db: Db, merchantId: number, limit: number) =>
  db
    .select({ id: agentSettlements.id })
    .from(agentSettlements)
    .where(
      and(
        eq(agentSettlements.merchantId, merchantId),
        inArray(agentSettlements.status, ['pending', 'awaiting_funds', 'failed']),
      ),
    )
    .orderBy(agentSettlements.id)
    .limit(limit);

export const findRow = async (db: Db, id: number): Promise<SettlementRow | null> => {
  const [row] = await db.select().from(agentSettlements).where(eq(agentSettlements.id, id)).limit(1);
  return row ?? null;
};

export interface SettlementFilter {
  merchantId: number;
  kind: ContractKind;
  role: 'received' | 'paid';
  memberId: number;
  downlineId?: number | undefined;
  start?: Date | undefined;
  end?: Date | undefined;
  limit: number;
  offset: number;
}

export const listRows = async (db: Db, f: SettlementFilter) => {
  const conds: (SQL | undefined)[] = [
    eq(agentSettlements.merchantId, f.merchantId),
    eq(agentSettlements.kind, f.kind),
    f.role === 'received' ? eq(agentSettlements.beneficiaryId, f.memberId) : eq(agentSettlements.payerId, f.memberId),
    f.downlineId ? eq(agentSettlements.beneficiaryId, f.downlineId) : undefined,
    f.start ? gte(agentSettlements.periodStart, f.start) : undefined,
    f.end ? lt(agentSettlements.periodStart, f.end) : undefined,
  ];
  const where = and(...conds);
  const [rows, agg] = await Promise.all([
    db
      .select()
      .from(agentSettlements)
      .where(where)
      .orderBy(desc(agentSettlements.periodStart), desc(agentSettlements.id))
      .limit(f.limit)
      .offset(f.offset),
    db
      .select({
        n: sql<number>`count(*)`.mapWith(Number),
        total:
          sql<bigint>`coalesce(sum(${agentSettlements.amount}) FILTER (WHERE ${agentSettlements.status} = 'paid'), 0)`.mapWith(
            BigInt,
          ),
      })
      .from(agentSettlements)
      .where(where),
  ]);
  return { rows, total: agg[0]?.n ?? 0, totalAmount: agg[0]?.total ?? 0n };
};

const IncomeDay = row({
  day: col.text,
  kind: z.enum(CONTRACT_KINDS),
  receivedCount: col.count,
  received: col.sum,
  paidCount: col.count,
  paid: col.sum,
});

/** Paid settlements per local day and kind, received by and paid by an agent (my income). */
export const incomeByDay = (db: Db, q: { memberId: number; start: Date; end: Date; timezone: string }) =>
  many(
    db,
    IncomeDay,
    sql`
      SELECT to_char((paid_at AT TIME ZONE ${q.timezone})::date, 'YYYY-MM-DD') AS day, kind,
             count(*) FILTER (WHERE beneficiary_id = ${q.memberId}) AS received_count,
             coalesce(sum(amount) FILTER (WHERE beneficiary_id = ${q.memberId}), 0) AS received,
             count(*) FILTER (WHERE payer_id = ${q.memberId}) AS paid_count,
             coalesce(sum(amount) FILTER (WHERE payer_id = ${q.memberId}), 0) AS paid
        FROM agent_settlements
       WHERE (beneficiary_id = ${q.memberId} OR payer_id = ${q.memberId}) AND status = 'paid'
         AND paid_at >= ${q.start.toISOString()}::timestamptz AND paid_at < ${q.end.toISOString()}::timestamptz
       GROUP BY 1, 2 ORDER BY 1 DESC, 2`,
  );

/* ---------------------------------------------------------------- scheduling cursor */

export const readCursor = async (db: Db, merchantId: number, job: string): Promise<Date | null> => {
  const [row] = await db
    .select({ at: agentSettlementCursors.settledUntil })
    .from(agentSettlementCursors)
    .where(and(eq(agentSettlementCursors.merchantId, merchantId), eq(agentSettlementCursors.job, job)))
    .for('update');
  return row?.at ?? null;
};

export const writeCursor = async (db: Db, merchantId: number, job: string, at: Date) => {
  await db
    .insert(agentSettlementCursors)
    .values({ merchantId, job, settledUntil: at, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [agentSettlementCursors.merchantId, agentSettlementCursors.job],
      set: {
        settledUntil: sql`GREATEST(${agentSettlementCursors.settledUntil}, excluded.settled_until)`,
        updatedAt: new Date(),
      },
    });
};
