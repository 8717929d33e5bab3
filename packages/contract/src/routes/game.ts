import { defineRoutes } from '../route.ts';

export const gameRoutes = defineRoutes('game', {
  gameList: { method: 'GET', path: '/wps/relay/GCSGAME_gameList', auth: 'none' },
  hotGames: { method: 'GET', path: '/wps/relay/GCSGAME_hotGamesV2', auth: 'none' },
  vassGameType: { method: 'GET', path: '/wps/relay/GCSGAME_getVassGameType', auth: 'none' },
  newGameVendor: { method: 'GET', path: '/wps/relay/GCSGAME_newGameVendor', auth: 'none' },
  gameMenus: { method: 'GET', path: '/lgw/games/game_menus', auth: 'none' },
  favoriteIds: { method: 'GET', path: '/wps/relay/MCSFE_getFavoriteGames', auth: 'session' },
  favoriteList: { method: 'GET', path: '/wps/relay/getFavoriteGamesList', auth: 'session' },
  addFavorite: { method: 'POST', path: '/wps/relay/MCSFE_addFavoriteGameV2', auth: 'session' },
  removeFavorite: { method: 'DELETE', path: '/wps/relay/removeFavoriteGameV2', auth: 'session' },
  recentGames: { method: 'GET', path: '/wps/relay/GCS_recentGame', auth: 'session' },
  winnerList: { method: 'GET', path: '/wps/relay/GCSGAME_winnerList', auth: 'none' },
});
