import type { GameEntry } from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gameTypeEntry, gameTypeLabelKey, LOBBY_MENU_ICONS, type LobbyMenuKey } from '../../../lib/gameTypes.ts';
import { useFavoriteIds } from '../api/favoriteIds.ts';
import { useFavoriteList } from '../api/favoriteList.ts';
import { useGameList } from '../api/gameList.ts';
import { useHotGames } from '../api/hotGames.ts';
import { useRecentGames } from '../api/recentGames.ts';
import { FAVORITES_ALL, PAGE_SIZE, RECENT_ALL } from '../hooks/gameListState.ts';
import { GameGrid } from './GameGrid.tsx';
import { GameSection } from './GameSection.tsx';
import { Pagination } from './Pagination.tsx';

export type PanelKind = Exclude<LobbyMenuKey, 'HOME'> | 'SEARCH';

interface Page {
  games: GameEntry[] | undefined;
  totalPages: number;
  loading: boolean;
}

const slice = (all: GameEntry[] | undefined, page: number, loading: boolean): Page => ({
  games: all?.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
  totalPages: Math.ceil((all?.length ?? 0) / PAGE_SIZE),
  loading,
});

/** One source per menu entry: the game list (NEW, ALL, types, SEARCH), or whole hot/favourite/recent lists. */
const usePanelPage = (kind: PanelKind, page: number, query: string): Page => {
  const listed = !['HOT', 'FAV', 'RECENT'].includes(kind);
  const list = useGameList(
    {
      pageNo: page,
      pageSize: PAGE_SIZE,
      ...(kind === 'NEW' ? { gameClassify: 'NEW' } : {}),
      ...(kind === 'SEARCH' ? { gameName: query } : {}),
      ...(!['NEW', 'ALL', 'SEARCH', 'HOT', 'FAV', 'RECENT'].includes(kind) ? { gameType: kind as 'RNG' } : {}),
    },
    { enabled: listed },
  );
  const hot = useHotGames({}, { enabled: kind === 'HOT' });
  const fav = useFavoriteList({ pageNo: 1, pageSize: FAVORITES_ALL }, { enabled: kind === 'FAV' });
  const ids = useFavoriteIds();
  const recent = useRecentGames({ page: 1, pageSize: RECENT_ALL }, { enabled: kind === 'RECENT' });
  if (kind === 'HOT') return slice(hot.data?.list, page, hot.isLoading);
  if (kind === 'FAV')
    return slice(
      fav.data?.content.filter((g) => !ids.data || ids.data.includes(g.nodeId)),
      page,
      fav.isLoading,
    );
  if (kind === 'RECENT') return slice(recent.data?.list, page, recent.isLoading);
  return {
    games: list.data?.games,
    totalPages: list.data?.totalPages ?? 0,
    loading: list.isLoading || list.isPlaceholderData,
  };
};

/** A home menu entry other than HOME, or a search: its games, 15 per page. */
export function CategoryPanel({ kind, query }: { kind: PanelKind; query: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { games, totalPages, loading } = usePanelPage(kind, page, query);
  const entry = gameTypeEntry(kind as 'RNG');
  const title = kind === 'SEARCH' ? t('search_results_for', { query }) : t(gameTypeLabelKey(kind));
  return (
    <GameSection
      id={`panel-${kind.toLowerCase()}`}
      title={title}
      icon={kind === 'SEARCH' ? 'search' : LOBBY_MENU_ICONS[kind]}
      to={entry?.path}
    >
      <GameGrid games={games} loading={loading} skeletons={PAGE_SIZE} testId="panel-games" />
      <Pagination page={page} totalPages={totalPages} onPage={(p) => p >= 1 && p <= totalPages && setPage(p)} />
    </GameSection>
  );
}
