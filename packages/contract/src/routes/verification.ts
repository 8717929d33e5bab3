import { defineRoutes } from '../route.ts';

export const verificationRoutes = defineRoutes('verification', {
  captcha: { method: 'GET', path: '/wps/captcha', auth: 'none' },
  smsNoLogin: { method: 'POST', path: '/wps/verification/sms/noLogin', auth: 'none' },
  smsRegister: { method: 'POST', path: '/wps/verification/sms/register', auth: 'none' },
  smsBind: { method: 'POST', path: '/wps/verification/sms/bind', auth: 'member' },
  emailBind: { method: 'POST', path: '/wps/verification/email/bind', auth: 'member' },
  countries: { method: 'GET', path: '/wps/verification/countries', auth: 'none' },
  devOutbox: { method: 'GET', path: '/wps/dev/outbox', auth: 'none' },
});
