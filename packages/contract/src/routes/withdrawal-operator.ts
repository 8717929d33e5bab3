import { defineRoutes } from '../route.ts';

export const withdrawalOperatorRoutes = defineRoutes('withdrawalOperator', {
  list: { method: 'GET', path: '/wps/operator/withdrawals', auth: 'operator', roles: ['finance', 'support'] },
  approve: { method: 'POST', path: '/wps/operator/withdrawals/:id/approve', auth: 'operator', roles: ['finance'] },
  reject: { method: 'POST', path: '/wps/operator/withdrawals/:id/reject', auth: 'operator', roles: ['finance'] },
  markPaid: { method: 'POST', path: '/wps/operator/withdrawals/:id/paid', auth: 'operator', roles: ['finance'] },
  resolve: { method: 'POST', path: '/wps/operator/withdrawals/:id/resolve', auth: 'operator', roles: ['finance'] },
});
