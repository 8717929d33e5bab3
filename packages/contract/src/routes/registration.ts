import { defineRoutes } from '../route.ts';

export const registrationRoutes = defineRoutes('registration', {
  register: { method: 'POST', path: '/wps/member/register', auth: 'none', encrypted: true },
  registerMobile: { method: 'POST', path: '/wps/member/register/mobile', auth: 'none', encrypted: true },
  affiliate: { method: 'GET', path: '/wps/agent/affiliate', auth: 'none' },
});
