import { defineRoutes } from '../route.ts';

export const systemRoutes = defineRoutes('system', {
  status: { method: 'GET', path: '/wps/system/status', auth: 'optional' },
  whitelabel: { method: 'GET', path: '/wps/system/whitelabel', auth: 'none' },
  registerSetting: { method: 'GET', path: '/wps/system/setting/register', auth: 'none' },
});
