import { defineRoutes } from '../route.ts';

export const depositOperatorRoutes = defineRoutes('depositOperator', {
  list: { method: 'GET', path: '/wps/operator/deposits', auth: 'operator', roles: ['finance', 'support'] },
  confirm: { method: 'POST', path: '/wps/operator/deposits/:id/confirm', auth: 'operator', roles: ['finance'] },
  reject: { method: 'POST', path: '/wps/operator/deposits/:id/reject', auth: 'operator', roles: ['finance'] },
  channels: { method: 'GET', path: '/wps/operator/deposit-channels', auth: 'operator' },
  createChannel: { method: 'POST', path: '/wps/operator/deposit-channels', auth: 'operator', roles: ['admin'] },
  updateChannel: { method: 'PUT', path: '/wps/operator/deposit-channels/:id', auth: 'operator', roles: ['admin'] },
});
