import { defineRoutes } from '../route.ts';

/** The house lottery (issue 18, decision 063): games, periods, results and the member's bets. */
export const lotteryRoutes = defineRoutes('lottery', {
  games: { method: 'GET', path: '/lotto/lgw/games', auth: 'optional' },
  openedNumero: { method: 'GET', path: '/lotto/lgw/games/opened/numero', auth: 'optional' },
  results: { method: 'GET', path: '/lotto/lgw/games/results', auth: 'optional' },
  place: { method: 'POST', path: '/lotto/lgw/bets', auth: 'member' },
  /** A chase: the same bet on the next N periods, each placed and debited now, optionally stopping at a win. */
  chase: { method: 'POST', path: '/lotto/lgw/chases', auth: 'member' },
  cancel: { method: 'POST', path: '/lotto/lgw/bets/cancel', auth: 'member' },
  /** Stops a chase: its bets on periods whose betting has not closed are refunded, once each. */
  cancelChase: { method: 'POST', path: '/lotto/lgw/chases/cancel', auth: 'member' },
  bets: { method: 'GET', path: '/lotto/lgw/bets', auth: 'member' },
  /** The Vietnamese lotteries' menu (spec §7: prizeMode, device WEB): regions and their games. */
  vnMenu: { method: 'GET', path: '/lgw/vn/games/game_menu', auth: 'optional' },
  /** Each Vietnamese game's latest result sheet. */
  vnMenuRecent: { method: 'GET', path: '/lgw/vn/games/game_menu/recent', auth: 'optional' },
  /** A Vietnamese game's open period (the same state as /lotto/lgw/games/opened/numero). */
  vnOpened: { method: 'GET', path: '/lgw/vn/numeros/opened/game', auth: 'optional' },
});

/** Voiding a period refunds every bet on it: finance (and admin, who may do anything). */
export const lotteryOperatorRoutes = defineRoutes('lotteryOperator', {
  voidPeriod: {
    method: 'POST',
    path: '/wps/operator/lottery/periods/void',
    auth: 'operator',
    roles: ['finance'],
  },
  /** The draws desk: official games' periods that closed, with their results and pending entries. */
  periods: { method: 'GET', path: '/wps/operator/lottery/periods', auth: 'operator', roles: ['finance'] },
  /** Enters (or corrects) an official result; it settles only once another operator confirms it. */
  enterResult: { method: 'POST', path: '/wps/operator/lottery/results', auth: 'operator', roles: ['finance'] },
  /** Confirms another operator's entry: the period takes the result and settles, once. */
  confirmResult: {
    method: 'POST',
    path: '/wps/operator/lottery/results/confirm',
    auth: 'operator',
    roles: ['finance'],
  },
  /** The open period's exposure per number of a game, the largest first, and the game's limits. */
  exposure: { method: 'GET', path: '/wps/operator/lottery/exposure', auth: 'operator', roles: ['finance'] },
  /** A game's limits: per bet, per member and period, per number and period. */
  setLimits: { method: 'POST', path: '/wps/operator/lottery/games/limits', auth: 'operator', roles: ['finance'] },
  /** The games desk (decision 078): every game's switch, closing seconds, prize group, limits and deadline. */
  deskGames: { method: 'GET', path: '/wps/operator/lottery/games', auth: 'operator', roles: ['finance'] },
  /** A game's switch, closing seconds, prize group and official-result deadline (audited before/after). */
  gameSettings: {
    method: 'POST',
    path: '/wps/operator/lottery/games/settings',
    auth: 'operator',
    roles: ['finance'],
  },
  /** A family's prize per prize key (the odds of its bet types), with its seed and bounds. */
  prizes: { method: 'GET', path: '/wps/operator/lottery/prizes', auth: 'operator', roles: ['finance'] },
  /** Sets some of a family's prizes, each within its bounds (audited before/after). */
  setPrizes: { method: 'POST', path: '/wps/operator/lottery/prizes', auth: 'operator', roles: ['finance'] },
  /** GGR per lottery game over local days of the brand: stakes, wins, refunds, bets and players. */
  report: { method: 'GET', path: '/wps/operator/lottery/report', auth: 'operator', roles: ['finance'] },
  /** Demo mode only (absent otherwise): closes an official game's open period now, for demos and browser tests. */
  demoClose: { method: 'POST', path: '/wps/operator/lottery/demo/close', auth: 'operator', roles: ['finance'] },
});
