import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  members,
  promotionApplications,
  promotionEntries,
  promotionEvents,
  promotionLimitKeys,
  promotions,
} from '../../db/schema/index.ts';
import { col, maybeOne, one, row } from '../../db/rows.ts';

export type PromotionRow = typeof promotions.$inferSelect;
export type NewPromotion = typeof promotions.$inferInsert;
export type EntryRow = typeof promotionEntries.$inferSelect;
export type NewEntry = typeof promotionEntries.$inferInsert;
export type NewEvent = typeof promotionEvents.$inferInsert;

export const insertPromotion = async (db: Db, values: NewPromotion): Promise<PromotionRow> =>
  (await db.insert(promotions).values(values).returning())[0]!;

export const updatePromotion = async (
  db: Db,
  merchantId: number,
  id: number,
  values: Partial<NewPromotion>,
): Promise<PromotionRow | null> =>
  (
    await db
      .update(promotions)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(promotions.merchantId, merchantId), eq(promotions.id, id)))
      .returning()
  )[0] ?? null;

export const findPromotion = async (db: Db, merchantId: number, id: number): Promise<PromotionRow | null> =>
  (
    await db
      .select()
      .from(promotions)
      .where(and(eq(promotions.merchantId, merchantId), eq(promotions.id, id)))
      .limit(1)
  )[0] ?? null;

/** Every promotion of a brand, in the operator's order (sort, then newest start). */
export const listPromotions = (db: Db, merchantId: number): Promise<PromotionRow[]> =>
  db
    .select()
    .from(promotions)
    .where(eq(promotions.merchantId, merchantId))
    .orderBy(asc(promotions.sort), desc(promotions.startsAt), asc(promotions.id));

/** Promotions running now whose trigger is a deposit. */
export const liveDepositPromotions = (db: Db, merchantId: number, now: Date): Promise<PromotionRow[]> =>
  db
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.merchantId, merchantId),
        inArray(promotions.trigger, ['first_deposit', 'deposit_over', 'daily_first_deposit']),
        sql`${promotions.startsAt} <= ${now} AND (${promotions.endsAt} IS NULL OR ${promotions.endsAt} > ${now})
            AND ${promotions.endedAt} IS NULL`,
      ),
    )
    .orderBy(asc(promotions.id));

/** A new entry, or null when the member already has one for this period (the limit's unique key). */
export const insertEntry = async (db: Db, values: NewEntry): Promise<EntryRow | null> =>
  (await db.insert(promotionEntries).values(values).onConflictDoNothing().returning())[0] ?? null;

export const findEntry = async (
  db: Db,
  memberId: number,
  id: number,
  opts: { forUpdate?: boolean } = {},
): Promise<EntryRow | null> => {
  const q = db
    .select()
    .from(promotionEntries)
    .where(and(eq(promotionEntries.memberId, memberId), eq(promotionEntries.id, id)))
    .limit(1);
  return (opts.forUpdate ? await q.for('update') : await q)[0] ?? null;
};

/** Moves an entry on only from the status the caller saw (a second, concurrent move gets null). */
export const moveEntry = async (
  db: Db,
  id: number,
  from: string,
  values: Partial<NewEntry> & { status: string },
): Promise<EntryRow | null> =>
  (
    await db
      .update(promotionEntries)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(promotionEntries.id, id), eq(promotionEntries.status, from)))
      .returning()
  )[0] ?? null;

export const memberEntries = (db: Db, memberId: number, limit = 200): Promise<EntryRow[]> =>
  db
    .select()
    .from(promotionEntries)
    .where(eq(promotionEntries.memberId, memberId))
    .orderBy(desc(promotionEntries.id))
    .limit(limit);

/** Bonuses whose wagering is not met yet (the withdrawal lock). */
export const wageringEntries = (db: Db, memberId: number): Promise<EntryRow[]> =>
  db
    .select()
    .from(promotionEntries)
    .where(and(eq(promotionEntries.memberId, memberId), eq(promotionEntries.status, 'process')))
    .orderBy(asc(promotionEntries.id));

export const promotionEntriesOf = (db: Db, promotionId: number): Promise<EntryRow[]> =>
  db.select().from(promotionEntries).where(eq(promotionEntries.promotionId, promotionId));

export const insertEvent = async (db: Db, values: NewEvent): Promise<void> => {
  await db.insert(promotionEvents).values(values);
};

export const entryEvents = (db: Db, entryId: number) =>
  db.select().from(promotionEvents).where(eq(promotionEvents.entryId, entryId)).orderBy(asc(promotionEvents.id));

export type LimitKey = typeof promotionLimitKeys.$inferInsert;

/**
 * Takes the limit keys of a new entry (decision 080): false when any is taken already (another
 * account on the same device, address or payee name). Call it inside the entry's transaction, and
 * roll back on false: keys inserted before the one that collided must not stay.
 */
export const takeLimitKeys = async (db: Db, keys: LimitKey[]): Promise<boolean> => {
  for (const k of keys) {
    const got = await db
      .insert(promotionLimitKeys)
      .values(k)
      .onConflictDoNothing()
      .returning({ id: promotionLimitKeys.id });
    if (got.length === 0) return false;
  }
  return true;
};

/** Credited deposits of the member decided since `since`, other than `depositId` (daily first deposit). */
export const creditedSince = async (db: Db, memberId: number, depositId: number, since: Date) =>
  (
    await one(
      db,
      row({ n: col.int }),
      sql`SELECT count(*) AS n FROM deposits
           WHERE member_id = ${memberId} AND status = 'credited' AND id <> ${depositId}
             AND decided_at >= ${since.toISOString()}::timestamptz`,
    )
  ).n;

const gameTypeFilter = (gameTypes: string[]) =>
  gameTypes.length === 0
    ? sql`TRUE`
    : sql`game_type IN (${sql.join(
        gameTypes.map((g) => sql`${g}`),
        sql`, `,
      )})`;

/**
 * The member's settled turnover (stake less refunds) and net loss (stake less refunds less wins)
 * in closed rounds that ended in [from, to), in the given game types (empty: all). Same reading of
 * `game_rounds` as rebate and points (decision 071).
 */
export const playIn = async (db: Db, memberId: number, gameTypes: string[], from: Date, to: Date) =>
  one(
    db,
    row({ turnover: col.sum, loss: col.sum }),
    sql`SELECT coalesce(sum(GREATEST(bet_total - refund_total, 0)), 0) AS turnover,
               coalesce(sum(bet_total - refund_total - win_total), 0) AS loss
          FROM game_rounds
         WHERE member_id = ${memberId} AND status = 'closed' AND ${gameTypeFilter(gameTypes)}
           AND ended_at >= ${from.toISOString()}::timestamptz AND ended_at < ${to.toISOString()}::timestamptz`,
  );

/** Where the member last signed in from (the device and address limits of deposit triggers). */
export const lastLogin = (db: Db, memberId: number) =>
  maybeOne(
    db,
    row({ ip: col.text, userAgent: col.text }),
    sql`SELECT ip, user_agent FROM member_logins WHERE member_id = ${memberId} AND success
         ORDER BY at DESC, id DESC LIMIT 1`,
  );

/* ------------------------------------------------------------------ activity applications */

export type ApplicationRow = typeof promotionApplications.$inferSelect;

/** A new application, or null while another of this member waits for this promotion (the partial key). */
export const insertApplication = async (
  db: Db,
  values: typeof promotionApplications.$inferInsert,
): Promise<ApplicationRow | null> =>
  (await db.insert(promotionApplications).values(values).onConflictDoNothing().returning())[0] ?? null;

/** The member's entry for a promotion's period, if any (an application cannot add a second). */
export const entryFor = async (db: Db, promotionId: number, memberId: number, period: string) =>
  (
    await db
      .select({ id: promotionEntries.id })
      .from(promotionEntries)
      .where(
        and(
          eq(promotionEntries.promotionId, promotionId),
          eq(promotionEntries.memberId, memberId),
          eq(promotionEntries.period, period),
        ),
      )
      .limit(1)
  )[0] ?? null;

/** The member's applications, newest first. */
export const memberApplications = (db: Db, memberId: number, limit = 200): Promise<ApplicationRow[]> =>
  db
    .select()
    .from(promotionApplications)
    .where(eq(promotionApplications.memberId, memberId))
    .orderBy(desc(promotionApplications.id))
    .limit(limit);

/** The brand's applications in one status with the member's account; waiting ones oldest first. */
export const listApplications = async (
  db: Db,
  merchantId: number,
  status: ApplicationRow['status'],
  limit: number,
  offset: number,
) => {
  const where = and(eq(promotionApplications.merchantId, merchantId), eq(promotionApplications.status, status));
  const [rows, [total]] = await Promise.all([
    db
      .select({ a: promotionApplications, account: members.username })
      .from(promotionApplications)
      .innerJoin(members, eq(members.id, promotionApplications.memberId))
      .where(where)
      .orderBy(status === 'applying' ? asc(promotionApplications.id) : desc(promotionApplications.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(promotionApplications).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
};

/** An application locked for the decision, with the member's account. */
export const lockApplication = async (db: Db, merchantId: number, id: number) =>
  (
    await db
      .select({ a: promotionApplications, account: members.username })
      .from(promotionApplications)
      .innerJoin(members, eq(members.id, promotionApplications.memberId))
      .where(and(eq(promotionApplications.merchantId, merchantId), eq(promotionApplications.id, id)))
      .for('update', { of: promotionApplications })
  )[0] ?? null;

/** Decides a waiting application (only from `applying`: a second, concurrent decision gets null). */
export const decideApplication = async (
  db: Db,
  id: number,
  values: { status: 'approved' | 'rejected'; reason: string | null; decidedBy: number; entryId?: number },
): Promise<ApplicationRow | null> =>
  (
    await db
      .update(promotionApplications)
      .set({ ...values, decidedAt: new Date() })
      .where(and(eq(promotionApplications.id, id), eq(promotionApplications.status, 'applying')))
      .returning()
  )[0] ?? null;

/** How many applications of a promotion wait and were rejected (the report). */
export const applicationCounts = async (db: Db, promotionId: number) => {
  const rows = await db
    .select({ status: promotionApplications.status, n: count() })
    .from(promotionApplications)
    .where(eq(promotionApplications.promotionId, promotionId))
    .groupBy(promotionApplications.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Partial<Record<string, number>>;
};

export const applicationEvents = (db: Db, applicationId: number) =>
  db
    .select()
    .from(promotionEvents)
    .where(eq(promotionEvents.applicationId, applicationId))
    .orderBy(asc(promotionEvents.id));
/**
 * What the members who were paid by a promotion played since (decision 089): per member from their
 * first payment, closed rounds' settled turnover (stake less refunds) and the house's GGR (stake less
 * refunds less wins), in every game type. Test accounts are left out (decision 084).
 */
export const playSincePaid = (db: Db, promotionId: number) =>
  one(
    db,
    row({ takers: col.int, turnover: col.sum, ggr: col.sum }),
    sql`WITH takers AS (
          SELECT e.member_id, min(e.paid_at) AS since FROM promotion_entries e
            JOIN members m ON m.id = e.member_id AND NOT m.test_account
           WHERE e.promotion_id = ${promotionId} AND e.paid_at IS NOT NULL
           GROUP BY e.member_id)
        SELECT count(*)::int AS takers, coalesce(sum(g.turnover), 0) AS turnover, coalesce(sum(g.ggr), 0) AS ggr
          FROM takers t
          LEFT JOIN LATERAL (
            SELECT sum(GREATEST(r.bet_total - r.refund_total, 0)) AS turnover,
                   sum(r.bet_total - r.refund_total - r.win_total) AS ggr
              FROM game_rounds r
             WHERE r.member_id = t.member_id AND r.status = 'closed' AND r.ended_at >= t.since) g ON TRUE`,
  );

/** The test accounts among these members (kept out of the promotion report, decision 084). */
export const testAccounts = async (db: Db, memberIds: number[]): Promise<Set<number>> =>
  memberIds.length === 0
    ? new Set()
    : new Set(
        (
          await db
            .select({ id: members.id })
            .from(members)
            .where(and(inArray(members.id, memberIds), eq(members.testAccount, true)))
        ).map((r) => r.id),
      );
