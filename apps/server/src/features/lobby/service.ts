import { GAME_PAGE_CAPS, type WinnerEntry } from '@app/contract';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { MerchantService } from '../merchant/service.ts';
import * as data from './data.ts';
import { createWinnersFeed } from './winners-feed.ts';

/** How many recent games a member keeps, and how far back the winners board looks. */
export const RECENT_KEEP = 100;
export const WINNER_WINDOW_DAYS = 7;

export interface MemberRef {
  merchantId: number;
  memberId: number;
}

/** "joao123" → "jo***23": enough to recognise yourself, not enough to find someone. */
export const maskAccount = (account: string): string => {
  const a = [...account.trim()];
  if (a.length <= 4) return `${a[0] ?? '*'}***`;
  return `${a.slice(0, 2).join('')}***${a.slice(-2).join('')}`;
};

export interface LobbyDeps {
  db: Db;
  catalog: CatalogService;
  /** The brand's winners-board rule (minimum amount and multiple of the stake). */
  merchants: Pick<MerchantService, 'brand'>;
  /** Where a failed write of board wins is reported (they are display data, never money). */
  onWinsError?: (err: unknown) => void;
}

type Win = {
  merchantId: number;
  memberId: number;
  gameId: number;
  roundRef: string;
  account: string;
  winAmount: bigint;
  /** The round's net stake, when the caller knows it (otherwise read from the vendor round). */
  stake?: bigint | null;
};

/** A member's favourites and recent games, and the winners board. */
export const createLobbyService = ({
  db,
  catalog,
  merchants,
  onWinsError = (err) => console.error('winners board: could not record wins', err),
}: LobbyDeps) => {
  /** Wins from the game callbacks, written to the board in batches (winners-feed.ts). */
  const winnersFeed = createWinnersFeed({
    write: (wins) => data.insertWins(db, wins),
    delayMs: 200,
    maxBatch: 200,
    onError: onWinsError,
  });

  const favoriteIds = (m: MemberRef) => data.favoriteIds(db, m.memberId);

  /** The game must exist under this merchant and be the vendor's and type's the client says. */
  const checkGame = async (
    m: MemberRef,
    b: { nodeId: number; vendor?: string | undefined; gameType?: string | undefined },
  ) => {
    const game = await catalog.findGame(m.merchantId, b.nodeId);
    if (!game) return null;
    const fields: Record<string, string> = {};
    if (b.vendor && b.vendor !== game.vassalage) fields.vendor = `Game ${b.nodeId} belongs to ${game.vassalage}`;
    if (b.gameType && b.gameType !== game.gameType) fields.gameType = `Game ${b.nodeId} is a ${game.gameType} game`;
    if (Object.keys(fields).length) throw badRequest('VALIDATION_FAILED', Object.values(fields)[0]!, fields);
    return game;
  };

  return {
    winnersFeed,

    favoriteIds,

    async favoriteList(
      m: MemberRef,
      q: {
        gameType?: string | undefined;
        vassalage?: string | undefined;
        language?: string | undefined;
        pageNo: number;
        pageSize: number;
      },
    ) {
      const page = await catalog.pageOfIds(m.merchantId, await favoriteIds(m), q);
      return { content: page.games, pageNum: q.pageNo, totalPages: page.totalPages, totalCount: page.totalCount };
    },

    async addFavorite(m: MemberRef, b: { nodeId: number; vendor: string; gameType: string }) {
      const game = await checkGame(m, b);
      if (!game || !game.enabled) throw notFound('Game not found');
      const ids = await favoriteIds(m);
      if (ids.includes(game.id)) return { added: false, ids };
      if (ids.length >= GAME_PAGE_CAPS.maxFavorites) {
        throw new AppError('FAVORITES_FULL', `You can keep at most ${GAME_PAGE_CAPS.maxFavorites} favourites`, 409);
      }
      const added = await data.addFavorite(db, { merchantId: m.merchantId, memberId: m.memberId, gameId: game.id });
      return { added, ids: await favoriteIds(m) };
    },

    /** Idempotent: removing a game that is not a favourite answers removed: false. */
    async removeFavorite(
      m: MemberRef,
      b: { nodeId: number; vendor?: string | undefined; gameType?: string | undefined },
    ) {
      await checkGame(m, b);
      const removed = await data.removeFavorite(db, m.memberId, b.nodeId);
      return { removed, ids: await favoriteIds(m) };
    },

    async recentGames(
      m: MemberRef,
      q: {
        gameType?: string | undefined;
        vassalage?: string | undefined;
        language?: string | undefined;
        page: number;
        pageSize: number;
      },
    ) {
      const ids = await data.recentIds(db, m.memberId, RECENT_KEEP);
      const page = await catalog.pageOfIds(m.merchantId, ids, { ...q, pageNo: q.page });
      return { list: page.games, totalPages: page.totalPages, totalCount: page.totalCount };
    },

    /**
     * Records that a member launched a game (the game-launch feature calls this): it moves to the
     * top of their recent list. The launch has already checked the game belongs to the member's
     * merchant.
     */
    async recordRecentGame(memberId: number, gameId: number, at = new Date()) {
      const game = await catalog.gameById(gameId);
      if (!game) throw notFound('Game not found');
      await data.touchRecent(db, { merchantId: game.merchantId, memberId, gameId, playedAt: at });
      await data.trimRecent(db, memberId, RECENT_KEEP);
    },

    /**
     * Records a real win for the winners board (the game-provider feature calls this when a round
     * settles with a win). One entry per round reference; the account is masked here.
     */
    async recordWin(w: Win) {
      if (w.winAmount <= 0n) return false;
      const game = await catalog.findGame(w.merchantId, w.gameId);
      if (!game) throw notFound('Game not found');
      return data.insertWin(db, {
        merchantId: w.merchantId,
        memberId: w.memberId,
        gameId: w.gameId,
        gameType: game.gameType,
        roundRef: w.roundRef,
        customerName: maskAccount(w.account),
        winAmount: w.winAmount,
        stakeAmount: w.stake ?? null,
      });
    },

    /** A settled win for the board, batched with others (the game callbacks use this; see winners-feed.ts). */
    queueWin(w: Win): void {
      if (w.winAmount <= 0n) return;
      winnersFeed.add({ ...w, customerName: maskAccount(w.account) });
    },

    /** The largest wins of the last days, by amount descending; only games still listed. */
    async winnerBoard(
      merchantId: number,
      q: { gameCategory: string; language?: string | undefined; limitNum: number },
    ): Promise<WinnerEntry[]> {
      await winnersFeed.flush();
      const since = new Date(Date.now() - WINNER_WINDOW_DAYS * 86_400_000);
      const { merchant } = await merchants.brand(merchantId);
      const wins = await data.biggestWins(
        db,
        merchantId,
        since,
        q.limitNum,
        { minAmount: merchant.winnersMinAmount, minMultiple: merchant.winnersMinMultiple },
        q.gameCategory === 'HOME' ? undefined : q.gameCategory,
      );
      const games = await catalog.entriesByIds(
        merchantId,
        wins.map((w) => w.gameId),
        q.language,
      );
      return wins.flatMap((w) => {
        const g = games.get(w.gameId);
        return g
          ? [
              {
                nodeId: g.nodeId,
                gameName: g.gameName,
                gameType: g.gameType,
                iconUrl: g.iconUrl,
                customerName: w.customerName,
                winAmount: w.winAmount.toString(),
                vassalage: g.vassalage,
                winTime: w.createdAt.toISOString(),
              },
            ]
          : [];
      });
    },
  };
};

export type LobbyService = ReturnType<typeof createLobbyService>;
