/**
 * The game-list view's state machine (spec §4 "Game-list filter"), as a pure reducer:
 *
 * - Filters are All, Hot, Favourite, Recent. Favourite and Recent need a login: chosen while
 *   logged out, nothing changes and the login popup opens.
 * - Choosing All resets the vendor and the classify entry to ALL.
 * - Changing the filter, the vendor or the classify entry sets page 1 and clears the search text.
 * - Picking a new vendor resets classify to ALL.
 * - The list reloads on mount, on a language change and when the game name (search) changes.
 * - Paging above the total (or below 1) is ignored.
 *
 * The reducer answers the next state and the effects to run: `load` (ask for the list again) and
 * `login` (open the login popup).
 */

export type ListFilter = 'ALL' | 'HOT' | 'FAV' | 'RECENT';
export const LIST_FILTERS: readonly ListFilter[] = ['ALL', 'HOT', 'FAV', 'RECENT'];
export const ALL = 'ALL';

export interface GameListState {
  filter: ListFilter;
  vendor: string;
  classify: string;
  page: number;
  /** The game name being searched (trimmed by the caller's input handling). */
  search: string;
  /** Bumped on every reload, so a reload of the same parameters still asks again. */
  loads: number;
}

export type GameListEvent =
  | { type: 'mount' }
  | { type: 'language' }
  | { type: 'filter'; filter: ListFilter; loggedIn: boolean }
  | { type: 'vendor'; vendor: string }
  | { type: 'classify'; classify: string }
  | { type: 'search'; text: string }
  | { type: 'page'; page: number; totalPages: number }
  /** The session ended while showing Favourite or Recent: back to All. */
  | { type: 'loggedOut' };

export type GameListEffect = 'load' | 'login';

export interface Transition {
  state: GameListState;
  effects: GameListEffect[];
}

const NEEDS_LOGIN: ReadonlySet<ListFilter> = new Set(['FAV', 'RECENT']);

export const initialGameListState = (vendor: string | null = null): GameListState => ({
  filter: 'ALL',
  vendor: vendor || ALL,
  classify: ALL,
  page: 1,
  search: '',
  loads: 0,
});

const load = (state: GameListState): Transition => ({ state: { ...state, loads: state.loads + 1 }, effects: ['load'] });
const same = (state: GameListState, effects: GameListEffect[] = []): Transition => ({ state, effects });

/** Search text is trimmed; spaces alone are no search. */
export const normaliseSearch = (text: string): string => text.trim().replace(/\s+/g, ' ');

export const transition = (state: GameListState, event: GameListEvent): Transition => {
  switch (event.type) {
    case 'mount':
    case 'language':
      return load(state);
    case 'filter': {
      if (NEEDS_LOGIN.has(event.filter) && !event.loggedIn) return same(state, ['login']);
      const next: GameListState = { ...state, filter: event.filter, page: 1, search: '' };
      if (event.filter === 'ALL') Object.assign(next, { vendor: ALL, classify: ALL });
      return load(next);
    }
    case 'vendor':
      if (event.vendor === state.vendor) return same(state);
      return load({ ...state, vendor: event.vendor, classify: ALL, page: 1, search: '' });
    case 'classify':
      if (event.classify === state.classify) return same(state);
      return load({ ...state, classify: event.classify, page: 1, search: '' });
    case 'search': {
      const search = normaliseSearch(event.text);
      if (search === state.search) return same(state);
      return load({ ...state, search, page: 1 });
    }
    case 'page':
      if (
        !Number.isInteger(event.page) ||
        event.page < 1 ||
        event.page > event.totalPages ||
        event.page === state.page
      ) {
        return same(state);
      }
      return load({ ...state, page: event.page });
    case 'loggedOut':
      return NEEDS_LOGIN.has(state.filter) ? load({ ...state, filter: 'ALL', page: 1, search: '' }) : same(state);
  }
};

/** For useReducer: the state only (effects are read with `transition` where they are needed). */
export const gameListReducer = (state: GameListState, event: GameListEvent): GameListState =>
  transition(state, event).state;

/**
 * What to ask the server for in a state. All pages on the server (name search included). Hot,
 * Favourite and Recent are short lists (at most 200, 999 and 50): they come whole, and the view
 * searches and pages them itself, 15 at a time like the rest.
 */
export type ListRequest =
  | {
      source: 'list';
      gameType: string;
      vassalage?: string;
      gameClassify?: string;
      gameName?: string;
      pageNo: number;
      pageSize: number;
    }
  | { source: 'hot'; gameType: string; vassalage?: string }
  | { source: 'fav'; gameType: string; vassalage?: string; pageNo: 1; pageSize: typeof FAVORITES_ALL }
  | { source: 'recent'; gameType: string; vassalage?: string; page: 1; pageSize: typeof RECENT_ALL };

export const PAGE_SIZE = 15;
export const FAVORITES_ALL = 999;
export const RECENT_ALL = 50;

export const requestFor = (state: GameListState, gameType: string, pageSize = PAGE_SIZE): ListRequest => {
  const vendor = state.vendor !== ALL ? { vassalage: state.vendor } : {};
  switch (state.filter) {
    case 'HOT':
      return { source: 'hot', gameType, ...vendor };
    case 'FAV':
      return { source: 'fav', gameType, ...vendor, pageNo: 1, pageSize: FAVORITES_ALL };
    case 'RECENT':
      return { source: 'recent', gameType, ...vendor, page: 1, pageSize: RECENT_ALL };
    default:
      return {
        source: 'list',
        gameType,
        ...vendor,
        pageNo: state.page,
        pageSize,
        ...(state.search ? { gameName: state.search } : {}),
        ...(state.classify !== ALL ? { gameClassify: state.classify } : {}),
      };
  }
};

/** Lower case, accents removed, spaces collapsed: the same rule as the server's name search. */
export const searchKey = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** One page of a whole list, searched by name the way the server searches. */
export const pageOfWhole = <T extends { gameName: string }>(
  items: readonly T[],
  state: GameListState,
  pageSize = PAGE_SIZE,
) => {
  const key = searchKey(state.search);
  const found = key ? items.filter((g) => searchKey(g.gameName).includes(key)) : items;
  return {
    games: found.slice((state.page - 1) * pageSize, state.page * pageSize),
    totalPages: Math.ceil(found.length / pageSize),
    totalCount: found.length,
  };
};
