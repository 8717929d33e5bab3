import { defineRoutes } from '../route.ts';

export const operatorAgentAnnouncementRoutes = defineRoutes('operatorAgentAnnouncement', {
  list: { method: 'GET', path: '/wps/operator/agent/announcements', auth: 'operator', roles: ['content'] },
  create: { method: 'POST', path: '/wps/operator/agent/announcement', auth: 'operator', roles: ['content'] },
  update: { method: 'PUT', path: '/wps/operator/agent/announcement', auth: 'operator', roles: ['content'] },
});
