import { defineRoutes } from '../route.ts';

export const providerAdminRoutes = defineRoutes('providerAdmin', {
  list: { method: 'GET', path: '/wps/operator/providers', auth: 'operator' },
  update: { method: 'PUT', path: '/wps/operator/providers/vendor', auth: 'operator', roles: ['admin'] },
  reconcile: {
    method: 'POST',
    path: '/wps/operator/providers/reconcile',
    auth: 'operator',
    roles: ['admin', 'finance'],
  },
  winLimits: { method: 'GET', path: '/wps/operator/providers/win-limits', auth: 'operator' },
  setWinLimit: { method: 'PUT', path: '/wps/operator/providers/win-limits', auth: 'operator', roles: ['admin'] },
  pendingWins: {
    method: 'GET',
    path: '/wps/operator/providers/pending-wins',
    auth: 'operator',
    roles: ['admin', 'finance'],
  },
  payPendingWin: {
    method: 'POST',
    path: '/wps/operator/providers/pending-wins/pay',
    auth: 'operator',
    roles: ['finance'],
  },
  voidPendingWin: {
    method: 'POST',
    path: '/wps/operator/providers/pending-wins/void',
    auth: 'operator',
    roles: ['finance'],
  },
});
