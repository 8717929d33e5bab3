import { defineRoutes } from '../route.ts';

export const transferRoutes = defineRoutes('transfer', {
  uplineInfo: { method: 'GET', path: '/wps/v2/transfers/upline', auth: 'member' },
  toUpline: { method: 'POST', path: '/wps/v2/transfers/upline', auth: 'member' },
});
