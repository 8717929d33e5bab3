import { defineRoutes } from '../route.ts';

export const depositRoutes = defineRoutes('deposit', {
  channels: { method: 'GET', path: '/wps/v2/deposits/channels', auth: 'member' },
  create: { method: 'POST', path: '/wps/v2/deposits', auth: 'member' },
  list: { method: 'GET', path: '/wps/v2/deposits', auth: 'member' },
});
