import { defineRoutes } from '../route.ts';

/** The house lottery (issue 18, decision 063): games, periods, results and the member's bets. */
export const lotteryRoutes = defineRoutes('lottery', {
  games: { method: 'GET', path: '/lotto/lgw/games', auth: 'optional' },
  openedNumero: { method: 'GET', path: '/lotto/lgw/games/opened/numero', auth: 'optional' },
  results: { method: 'GET', path: '/lotto/lgw/games/results', auth: 'optional' },
  place: { method: 'POST', path: '/lotto/lgw/bets', auth: 'member' },
  cancel: { method: 'POST', path: '/lotto/lgw/bets/cancel', auth: 'member' },
  bets: { method: 'GET', path: '/lotto/lgw/bets', auth: 'member' },
});

/** Voiding a period refunds every bet on it: finance (and admin, who may do anything). */
export const lotteryOperatorRoutes = defineRoutes('lotteryOperator', {
  voidPeriod: {
    method: 'POST',
    path: '/wps/operator/lottery/periods/void',
    auth: 'operator',
    roles: ['finance'],
  },
});
