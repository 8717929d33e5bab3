import { defineRoutes } from '../route.ts';

export const memberRoutes = defineRoutes('member', {
  info: { method: 'GET', path: '/wps/member/info', auth: 'session' },
  icon: { method: 'POST', path: '/wps/member/info/icon', auth: 'session' },
  changePassword: {
    method: 'POST',
    path: '/wps/member/password',
    auth: 'member',
    encrypted: true,
    allowPendingVerification: true,
  },
  passwordEmail: { method: 'POST', path: '/wps/member/password/email', auth: 'none', bodyType: 'form' },
  passwordReset: { method: 'POST', path: '/wps/member/password/reset', auth: 'none', encrypted: true },
  passwordVerification: { method: 'POST', path: '/wps/member/password/verification', auth: 'none', encrypted: true },
  security: { method: 'GET', path: '/wps/member/security', auth: 'member' },
  profile: { method: 'PUT', path: '/wps/member/profile', auth: 'member' },
  reauth: { method: 'POST', path: '/wps/member/security/reauth', auth: 'member', encrypted: true },
  paymentPassword: { method: 'POST', path: '/wps/member/payment-password', auth: 'member', encrypted: true },
  bindMobile: { method: 'POST', path: '/wps/member/mobile', auth: 'member' },
  bindEmail: { method: 'POST', path: '/wps/member/email', auth: 'member' },
  totpSetup: { method: 'POST', path: '/wps/member/totp/setup', auth: 'member' },
  totpEnable: { method: 'POST', path: '/wps/member/totp/enable', auth: 'member' },
  totpDisable: { method: 'POST', path: '/wps/member/totp/disable', auth: 'member' },
  logins: { method: 'GET', path: '/wps/member/logins', auth: 'member' },
  accountSettings: { method: 'GET', path: '/wps/operator/account/settings', auth: 'operator' },
  updateAccountSettings: { method: 'PUT', path: '/wps/operator/account/settings', auth: 'operator', roles: ['admin'] },
});
