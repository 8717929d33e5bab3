import type { contentEndpoints, Endpoint, gameEndpoints } from '@app/contract';

/**
 * The lobby's calls, by route only: the home page is the first load, and importing an endpoint
 * object from '@app/contract' would ship zod and every schema with it (see system/api/status.ts).
 * Each route is typed by its contract endpoint, and routes.test.ts checks them against it.
 */
const routeOf = <E extends Endpoint>(route: Pick<E, 'method' | 'path' | 'auth'>): E => route as unknown as E;

type G = typeof gameEndpoints;
type C = typeof contentEndpoints;

export const lobbyRoutes = {
  gameList: routeOf<G['gameList']>({ method: 'GET', path: '/wps/relay/GCSGAME_gameList', auth: 'none' }),
  hotGames: routeOf<G['hotGames']>({ method: 'GET', path: '/wps/relay/GCSGAME_hotGamesV2', auth: 'none' }),
  vassGameType: routeOf<G['vassGameType']>({ method: 'GET', path: '/wps/relay/GCSGAME_getVassGameType', auth: 'none' }),
  newGameVendor: routeOf<G['newGameVendor']>({ method: 'GET', path: '/wps/relay/GCSGAME_newGameVendor', auth: 'none' }),
  gameMenus: routeOf<G['gameMenus']>({ method: 'GET', path: '/lgw/games/game_menus', auth: 'none' }),
  favoriteIds: routeOf<G['favoriteIds']>({ method: 'GET', path: '/wps/relay/MCSFE_getFavoriteGames', auth: 'session' }),
  favoriteList: routeOf<G['favoriteList']>({ method: 'GET', path: '/wps/relay/getFavoriteGamesList', auth: 'session' }),
  addFavorite: routeOf<G['addFavorite']>({
    method: 'POST',
    path: '/wps/relay/MCSFE_addFavoriteGameV2',
    auth: 'session',
  }),
  removeFavorite: routeOf<G['removeFavorite']>({
    method: 'DELETE',
    path: '/wps/relay/removeFavoriteGameV2',
    auth: 'session',
  }),
  recentGames: routeOf<G['recentGames']>({ method: 'GET', path: '/wps/relay/GCS_recentGame', auth: 'session' }),
  winnerList: routeOf<G['winnerList']>({ method: 'GET', path: '/wps/relay/GCSGAME_winnerList', auth: 'none' }),
  listAnnouncements: routeOf<C['listAnnouncements']>({
    method: 'GET',
    path: '/wps/relay/MCSFE_getListAnnouncements',
    auth: 'optional',
  }),
  gameAnnouncements: routeOf<C['gameAnnouncements']>({
    method: 'GET',
    path: '/wps/relay/GCSGAME_gameAnnouncements',
    auth: 'none',
  }),
};

/** clientType 3, platform html5-desktop (spec §9), sent with every game call like the original client. */
export const CLIENT = { clientType: 3, platform: 'html5-desktop' } as const;
