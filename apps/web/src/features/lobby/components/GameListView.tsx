import type { GameEntry, GameType } from '@app/contract';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs } from '../../../components/ui/index.ts';
import { useSession } from '../../../lib/session/index.ts';
import { openModal } from '../../../lib/ui/index.ts';
import { useFavoriteIds } from '../api/favoriteIds.ts';
import { useFavoriteList } from '../api/favoriteList.ts';
import { useGameAnnouncements } from '../api/gameAnnouncements.ts';
import { useGameList } from '../api/gameList.ts';
import { useGameMenus } from '../api/gameMenus.ts';
import { useHotGames } from '../api/hotGames.ts';
import { useRecentGames } from '../api/recentGames.ts';
import { useVendorLanes } from '../api/vendors.ts';
import {
  ALL,
  FAVORITES_ALL,
  LIST_FILTERS,
  PAGE_SIZE,
  RECENT_ALL,
  initialGameListState,
  pageOfWhole,
  requestFor,
  transition,
  type GameListEvent,
  type GameListState,
  type ListFilter,
} from '../hooks/gameListState.ts';
import { ClassifyMenu, classifyFor } from './ClassifyMenu.tsx';
import { GameGrid } from './GameGrid.tsx';
import { LobbySearch } from './LobbySearch.tsx';
import { Pagination } from './Pagination.tsx';
import { VendorMenu } from './VendorMenu.tsx';

const FILTER_LABEL = {
  ALL: 'game_ALL',
  HOT: 'game_HOT',
  FAV: 'game_FAV',
  RECENT: 'game_RECENT',
} as const satisfies Record<ListFilter, string>;

/** Runs the reducer and its effects: `login` opens the popup, `load` refetches the current list. */
const useGameListMachine = (initial: GameListState, reload: () => void) => {
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  const [state, dispatch] = useReducer((s: GameListState, e: GameListEvent) => transition(s, e).state, initial);
  const stateRef = useRef(state);
  stateRef.current = state;
  const send = useCallback((event: GameListEvent) => {
    const { effects } = transition(stateRef.current, event);
    if (effects.includes('login')) openModal('login', {});
    dispatch(event);
    // Mount and language reloads ask again even when the parameters are the same.
    if (effects.includes('load') && (event.type === 'mount' || event.type === 'language')) reloadRef.current();
  }, []);
  return [state, send] as const;
};

interface ListPage {
  games: GameEntry[] | undefined;
  totalPages: number;
  loading: boolean;
  refetch: () => void;
}

/** The games for the state: the server pages the game list; hot, favourite and recent come whole. */
const useListPage = (state: GameListState, gameType: GameType | 'ALL'): ListPage => {
  const req = requestFor(state, gameType);
  const typed = gameType === 'ALL' ? {} : { gameType };
  const vendor = req.vassalage ? { vassalage: req.vassalage } : {};
  const list = useGameList(
    req.source === 'list'
      ? {
          ...typed,
          ...vendor,
          pageNo: req.pageNo,
          pageSize: req.pageSize,
          ...(req.gameName ? { gameName: req.gameName } : {}),
          ...(req.gameClassify ? { gameClassify: req.gameClassify } : {}),
        }
      : { ...typed, pageNo: 1, pageSize: PAGE_SIZE },
    { enabled: req.source === 'list' },
  );
  const hot = useHotGames({ ...typed, ...vendor }, { enabled: req.source === 'hot' });
  const fav = useFavoriteList(
    { ...typed, ...vendor, pageNo: 1, pageSize: FAVORITES_ALL },
    { enabled: req.source === 'fav' },
  );
  const ids = useFavoriteIds();
  const recent = useRecentGames(
    { ...typed, ...vendor, page: 1, pageSize: RECENT_ALL },
    { enabled: req.source === 'recent' },
  );
  if (req.source === 'list') {
    return {
      games: list.data?.games,
      totalPages: list.data?.totalPages ?? 0,
      loading: list.isLoading || list.isPlaceholderData,
      refetch: () => void list.refetch(),
    };
  }
  const source = req.source === 'hot' ? hot : req.source === 'fav' ? fav : recent;
  const whole =
    req.source === 'hot'
      ? hot.data?.list
      : req.source === 'fav'
        ? fav.data?.content.filter((g) => !ids.data || ids.data.includes(g.nodeId))
        : recent.data?.list;
  const page = pageOfWhole(whole ?? [], state);
  return {
    games: whole ? page.games : undefined,
    totalPages: page.totalPages,
    loading: source.isLoading,
    refetch: () => void source.refetch(),
  };
};

export interface GameListViewProps {
  gameType: GameType | 'ALL';
  initialFilter?: ListFilter;
}

/**
 * The game list view (spec §2, §4): filter tabs, vendor menu, classify menu, search, the games
 * and pagination, driven by the gameListState machine. `?vassalage=` preselects a vendor.
 */
export function GameListView({ gameType, initialFilter = 'ALL' }: GameListViewProps) {
  const { t, i18n } = useTranslation();
  const { isLoggedIn } = useSession();
  const [params, setParams] = useSearchParams();
  const pageRef = useRef<ListPage | null>(null);
  const [state, send] = useGameListMachine(
    { ...initialGameListState(params.get('vassalage')), filter: initialFilter },
    () => pageRef.current?.refetch(),
  );
  const page = useListPage(state, gameType);
  pageRef.current = page;
  const lanes = useVendorLanes();
  const menus = useGameMenus();
  const notices = useGameAnnouncements(gameType === 'ALL' ? 'RNG' : gameType, state.vendor);

  useEffect(() => send({ type: 'mount' }), [send]);
  useEffect(() => {
    const onLanguage = () => send({ type: 'language' });
    i18n.on('languageChanged', onLanguage);
    return () => i18n.off('languageChanged', onLanguage);
  }, [i18n, send]);
  useEffect(() => {
    if (!isLoggedIn) send({ type: 'loggedOut' });
  }, [isLoggedIn, send]);
  // The vendor is part of the address, so a vendor's list can be linked (/rng?vassalage=LSP).
  useEffect(() => {
    if ((params.get('vassalage') || ALL) === state.vendor) return;
    const next = new URLSearchParams(params);
    if (state.vendor === ALL) next.delete('vassalage');
    else next.set('vassalage', state.vendor);
    setParams(next, { replace: true, preventScrollReset: true });
  }, [state.vendor, params, setParams]);

  const vendors = (lanes.data ?? []).flatMap((l) => (gameType === 'ALL' || l.gameType === gameType ? l.vendors : []));
  const uniqueVendors = vendors.filter((v, i) => vendors.findIndex((x) => x.vassalage === v.vassalage) === i);
  const category = menus.data?.list.find((c) => c.gameType === gameType);
  const classify = state.filter === 'ALL' ? classifyFor(category?.gameClassify, state.vendor) : [];

  return (
    <div
      className="game-list-view"
      data-testid="game-list-view"
      data-filter={state.filter}
      data-vendor={state.vendor}
      data-classify={state.classify}
      data-page={state.page}
    >
      {notices.data?.list.length ? (
        <ul className="game-notices" aria-label={t('notice_label')}>
          {notices.data.list.map((n) => (
            <li key={n.id}>
              <strong>{n.title}</strong> {n.content}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="game-list-page__toolbar">
        <Tabs
          items={LIST_FILTERS.map((id) => ({ id, label: t(FILTER_LABEL[id]) }))}
          value={state.filter}
          onChange={(filter) => send({ type: 'filter', filter, loggedIn: isLoggedIn })}
          label={t('filter_label')}
        />
        <LobbySearch
          id={`search-${gameType}`}
          value={state.search}
          resetKey={`${state.filter}|${state.vendor}|${state.classify}`}
          onSearch={(text) => send({ type: 'search', text })}
        />
      </div>
      {uniqueVendors.length ? (
        <VendorMenu
          vendors={uniqueVendors}
          value={state.vendor}
          onChange={(vendor) => send({ type: 'vendor', vendor })}
        />
      ) : null}
      <ClassifyMenu
        entries={classify}
        value={state.classify}
        onChange={(key) => send({ type: 'classify', classify: key })}
      />
      <section className="game-list-page__results" aria-label={t('game_list_results')} aria-live="polite">
        <GameGrid games={page.games} loading={page.loading} skeletons={PAGE_SIZE} testId="list-games" />
      </section>
      <Pagination
        page={state.page}
        totalPages={page.totalPages}
        onPage={(p) => send({ type: 'page', page: p, totalPages: page.totalPages })}
      />
    </div>
  );
}
