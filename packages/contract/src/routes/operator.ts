import { defineRoutes } from '../route.ts';

export const operatorRoutes = defineRoutes('operator', {
  login: { method: 'POST', path: '/wps/operator/session/login', auth: 'none' },
  logout: { method: 'POST', path: '/wps/operator/session/logout', auth: 'operator' },
  settings: { method: 'GET', path: '/wps/operator/system/settings', auth: 'operator' },
  setMaintenance: { method: 'PUT', path: '/wps/operator/system/maintenance', auth: 'operator', roles: ['admin'] },
  setRegion: { method: 'PUT', path: '/wps/operator/system/region', auth: 'operator', roles: ['admin'] },
});
