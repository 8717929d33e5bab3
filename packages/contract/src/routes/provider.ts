import { defineRoutes } from '../route.ts';

export const providerRoutes = defineRoutes('provider', {
  authenticate: { method: 'POST', path: '/provider/:provider/authenticate', auth: 'none' },
  balance: { method: 'POST', path: '/provider/:provider/balance', auth: 'none' },
  bet: { method: 'POST', path: '/provider/:provider/bet', auth: 'none' },
  win: { method: 'POST', path: '/provider/:provider/win', auth: 'none' },
  wins: { method: 'POST', path: '/provider/:provider/wins', auth: 'none' },
  rollback: { method: 'POST', path: '/provider/:provider/rollback', auth: 'none' },
  endRound: { method: 'POST', path: '/provider/:provider/endRound', auth: 'none' },
});
