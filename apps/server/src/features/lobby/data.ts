import { and, count, desc, eq, gte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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

export const biggestWins = (db: Db, merchantId: number, since: Date, limit: number, gameType?: string) =>
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
      ),
    )
    .orderBy(desc(gameWins.winAmount), desc(gameWins.createdAt))
    .limit(limit);
