import { gameEndpoints, operatorContentEndpoints, type BodyOf, type GameEntry, type GameType } from '@app/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { operatorApi, useOperatorSession } from './client.ts';
import { useDeskMutation } from './mutation.ts';

export const HOT_PAGE_SIZE = 10;

export interface GamePage {
  games: GameEntry[];
  totalPages: number;
  totalCount: number;
}

/**
 * The games players see in a game type, as the lobby lists them (names in the console's language):
 * with a name, the matches (GCSGAME_gameList); without one, the type's hot games now
 * (GCSGAME_hotGamesV2), a page at a time.
 */
export const useHotGameSearch = (gameType: GameType, name: string, page: number) => {
  const s = useOperatorSession();
  const language = useTranslation().i18n.language;
  return useQuery({
    queryKey: ['console', 'catalogue', 'games', gameType, name, page, language],
    queryFn: async ({ signal }): Promise<GamePage> => {
      if (name) {
        const found = await operatorApi.call(gameEndpoints.gameList, {
          query: { gameType, gameName: name, pageNo: page, pageSize: HOT_PAGE_SIZE, language },
          signal,
        });
        return { games: found.games, totalPages: found.totalPages, totalCount: found.totalCount };
      }
      const { list } = await operatorApi.call(gameEndpoints.hotGames, { query: { gameType, language }, signal });
      const start = (page - 1) * HOT_PAGE_SIZE;
      return {
        games: list.slice(start, start + HOT_PAGE_SIZE),
        totalPages: Math.ceil(list.length / HOT_PAGE_SIZE),
        totalCount: list.length,
      };
    },
    enabled: !!s,
    placeholderData: keepPreviousData,
  });
};

/** PUT /wps/operator/catalog/games/hot: mark games hot or not (content); the lists show it at once. */
export const useSetHotGames = () => {
  const qc = useQueryClient();
  return useDeskMutation(async (body: BodyOf<typeof operatorContentEndpoints.setHotGames>) => {
    const saved = await operatorApi.call(operatorContentEndpoints.setHotGames, { body });
    const isHot = body.isHot ? 1 : 0;
    qc.setQueriesData<GamePage>(
      { queryKey: ['console', 'catalogue', 'games'] },
      (page) =>
        page && { ...page, games: page.games.map((g) => (body.nodeIds.includes(g.nodeId) ? { ...g, isHot } : g)) },
    );
    return saved;
  });
};
