import { defineRoutes } from '../route.ts';

export const gamePlayRoutes = defineRoutes('gamePlay', {
  gameLaunch: { method: 'GET', path: '/wps/relay/GCS_gameLaunchFB', auth: 'optional' },
  launchGame: { method: 'POST', path: '/wps/game/launchGame', auth: 'optional' },
  vendorStatus: { method: 'GET', path: '/wps/game/vendorStatus', auth: 'none' },
  liveModels: { method: 'GET', path: '/wps/game/live/models', auth: 'none' },
  liveChat: { method: 'GET', path: '/wps/game/live/chat', auth: 'optional' },
  history: { method: 'GET', path: '/wps/game/betHistory', auth: 'member' },
  round: { method: 'GET', path: '/wps/game/betHistory/round', auth: 'member' },
  walletTransfer: { method: 'POST', path: '/wps/relay/GCS_walletTransfer', auth: 'member' },
  roomList: { method: 'GET', path: '/wps/relay/GLS2_roomList', auth: 'optional' },
});
