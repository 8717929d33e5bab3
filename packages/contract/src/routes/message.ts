import { defineRoutes } from '../route.ts';

export const messageRoutes = defineRoutes('message', {
  list: { method: 'GET', path: '/wps/v2/messages', auth: 'session' },
  unread: { method: 'GET', path: '/wps/v2/messages/unread', auth: 'session' },
  read: { method: 'POST', path: '/wps/v2/messages/read', auth: 'session' },
  remove: { method: 'POST', path: '/wps/v2/messages/delete', auth: 'session' },
  stream: { method: 'GET', path: '/wps/v2/messages/stream', auth: 'session' },
  socket: { method: 'GET', path: '/wps/v2/messages/socket', auth: 'none' },
});
