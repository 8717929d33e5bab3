import { defineRoutes } from '../route.ts';

export const memberRoutes = defineRoutes('member', {
  info: { method: 'GET', path: '/wps/member/info', auth: 'session', allowWithdrawOnly: true },
  icon: { method: 'POST', path: '/wps/member/info/icon', auth: 'session' },
  changePassword: {
    method: 'POST',
    path: '/wps/member/password',
    auth: 'member',
    encrypted: true,
    allowPendingVerification: true,
    allowWithdrawOnly: true,
  },
  passwordEmail: { method: 'POST', path: '/wps/member/password/email', auth: 'none', bodyType: 'form' },
  passwordReset: { method: 'POST', path: '/wps/member/password/reset', auth: 'none', encrypted: true },
  passwordVerification: { method: 'POST', path: '/wps/member/password/verification', auth: 'none', encrypted: true },
  // A withdraw-only session (issue 24) may set what a withdrawal needs: the payee name and the payment password.
  security: { method: 'GET', path: '/wps/member/security', auth: 'member', allowWithdrawOnly: true },
  profile: { method: 'PUT', path: '/wps/member/profile', auth: 'member', allowWithdrawOnly: true },
  reauth: {
    method: 'POST',
    path: '/wps/member/security/reauth',
    auth: 'member',
    encrypted: true,
    allowWithdrawOnly: true,
  },
  paymentPassword: {
    method: 'POST',
    path: '/wps/member/payment-password',
    auth: 'member',
    encrypted: true,
    allowWithdrawOnly: true,
  },
  bindMobile: { method: 'POST', path: '/wps/member/mobile', auth: 'member' },
  bindEmail: { method: 'POST', path: '/wps/member/email', auth: 'member' },
  totpSetup: { method: 'POST', path: '/wps/member/totp/setup', auth: 'member' },
  totpEnable: { method: 'POST', path: '/wps/member/totp/enable', auth: 'member' },
  totpDisable: { method: 'POST', path: '/wps/member/totp/disable', auth: 'member' },
  logins: { method: 'GET', path: '/wps/member/logins', auth: 'member' },
  accountSettings: { method: 'GET', path: '/wps/operator/account/settings', auth: 'operator' },
  updateAccountSettings: { method: 'PUT', path: '/wps/operator/account/settings', auth: 'operator', roles: ['admin'] },
});
