import { and, count, desc, eq, gte, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { run } from '../../db/rows.ts';
import { favoriteGames, gameWins, recentGames } from '../../db/schema/index.ts';

/* ---------------------------------------------------------------- favourites */

/** A member's favourite game ids, newest first. */
export const favoriteIds = async (db: Db, memberId: number): Promise<number[]> =>
  (
    await db
      .select({ id: favoriteGames.gameId })
      .from(favoriteGames)
      .where(eq(favoriteGames.memberId, memberId))
      .orderBy(desc(favoriteGames.createdAt), desc(favoriteGames.gameId))
  ).map((r) => r.id);

export const countFavorites = async (db: Db, memberId: number) =>
  Number((await db.select({ n: count() }).from(favoriteGames).where(eq(favoriteGames.memberId, memberId)))[0]?.n ?? 0);

/** True when the row is new; adding an existing favourite changes nothing. */
export const addFavorite = async (db: Db, row: typeof favoriteGames.$inferInsert) =>
  (await db.insert(favoriteGames).values(row).onConflictDoNothing().returning({ id: favoriteGames.gameId })).length > 0;

export const removeFavorite = async (db: Db, memberId: number, gameId: number) =>
  (
    await db
      .delete(favoriteGames)
      .where(and(eq(favoriteGames.memberId, memberId), eq(favoriteGames.gameId, gameId)))
      .returning({ id: favoriteGames.gameId })
  ).length > 0;

/* ---------------------------------------------------------------- recent games */

export const recentIds = async (db: Db, memberId: number, limit: number): Promise<number[]> =>
  (
    await db
      .select({ id: recentGames.gameId })
      .from(recentGames)
      .where(eq(recentGames.memberId, memberId))
      .orderBy(desc(recentGames.playedAt), desc(recentGames.gameId))
      .limit(limit)
  ).map((r) => r.id);

export const touchRecent = async (
  db: Db,
  row: { merchantId: number; memberId: number; gameId: number; playedAt: Date },
) => {
  await db
    .insert(recentGames)
    .values({ ...row, launches: 1 })
    .onConflictDoUpdate({
      target: [recentGames.memberId, recentGames.gameId],
      set: { playedAt: row.playedAt, launches: sql`${recentGames.launches} + 1` },
    });
};

/** Keeps only the member's newest `keep` entries. */
export const trimRecent = async (db: Db, memberId: number, keep: number) => {
  const newest = await recentIds(db, memberId, keep);
  if (newest.length < keep) return;
  await db.delete(recentGames).where(and(eq(recentGames.memberId, memberId), notInArray(recentGames.gameId, newest)));
};

/* ---------------------------------------------------------------- wins */

/** One entry per round: a replayed settlement does not add a second win. */
export const insertWin = async (db: Db, row: typeof gameWins.$inferInsert) =>
  (await db.insert(gameWins).values(row).onConflictDoNothing().returning({ id: gameWins.id })).length > 0;

/** What counts as a win for the board: the brand's minimum amount and minimum multiple of the stake. */
export interface BoardRule {
  minAmount: bigint;
  /** 0: no multiple rule. A win whose stake is unknown is judged by the amount alone. */
  minMultiple: number;
}

export const biggestWins = (
  db: Db,
  merchantId: number,
  since: Date,
  limit: number,
  rule: BoardRule,
  gameType?: string,
) =>
  db
    .select({
      gameId: gameWins.gameId,
      customerName: gameWins.customerName,
      winAmount: gameWins.winAmount,
      createdAt: gameWins.createdAt,
    })
    .from(gameWins)
    .where(
      and(
        eq(gameWins.merchantId, merchantId),
        gte(gameWins.createdAt, since),
        gameType ? eq(gameWins.gameType, gameType) : undefined,
        rule.minAmount > 0n ? gte(gameWins.winAmount, rule.minAmount) : undefined,
        rule.minMultiple > 0
          ? or(
              isNull(gameWins.stakeAmount),
              gte(gameWins.winAmount, sql`${gameWins.stakeAmount} * ${rule.minMultiple}::bigint`),
            )
          : undefined,
      ),
    )
    .orderBy(desc(gameWins.winAmount), desc(gameWins.createdAt))
    .limit(limit);

/** A settled win on its way to the winners board; the account is already masked. */
export interface BoardWin {
  merchantId: number;
  memberId: number;
  gameId: number;
  roundRef: string;
  customerName: string;
  winAmount: bigint;
  /** The round's net stake when the caller knows it; otherwise read from the vendor round. */
  stake?: bigint | null;
}

/**
 * One statement for a batch; a game that left the merchant's catalogue, or a round already on the board, is
 * skipped. The stake comes from the caller or else from the vendor round of the same reference
 * (`provider:roundId`, the unique key of game_rounds).
 */
export const insertWins = async (db: Db, wins: BoardWin[]): Promise<void> => {
  const rows = JSON.stringify(
    wins.map((w) => ({
      merchant_id: w.merchantId,
      member_id: w.memberId,
      game_id: w.gameId,
      round_ref: w.roundRef,
      customer_name: w.customerName,
      win_amount: String(w.winAmount),
      stake_amount: w.stake === undefined || w.stake === null ? null : String(w.stake),
    })),
  );
  await run(
    db,
    sql`
    INSERT INTO game_wins (merchant_id, member_id, game_id, game_type, round_ref, customer_name, win_amount, stake_amount)
    SELECT v.merchant_id, v.member_id, g.id, g.game_type, v.round_ref, v.customer_name, v.win_amount,
           COALESCE(v.stake_amount, r.bet_total - r.refund_total)
      FROM jsonb_to_recordset(${rows}::jsonb)
           AS v(merchant_id integer, member_id integer, game_id integer, round_ref text, customer_name text,
                win_amount bigint, stake_amount bigint)
      JOIN games g ON g.id = v.game_id AND g.merchant_id = v.merchant_id
      LEFT JOIN game_rounds r ON r.provider = split_part(v.round_ref, ':', 1)
                             AND r.round_id = substr(v.round_ref, strpos(v.round_ref, ':') + 1)
                             AND r.merchant_id = v.merchant_id
    ON CONFLICT DO NOTHING`,
  );
};
