import { defineRoutes } from '../route.ts';

/**
 * The operator console's own calls: the operator's session and account (login, second factor,
 * password), the site's switches, the operators desk and the audit log (decisions 042, 054). Calls
 * marked `allowPendingVerification` work while the login still waits for a step (code, new
 * password, authenticator enrolment); every other operator call is refused until then.
 */
export const operatorRoutes = defineRoutes('operator', {
  login: { method: 'POST', path: '/wps/operator/session/login', auth: 'none' },
  logout: { method: 'POST', path: '/wps/operator/session/logout', auth: 'operator', allowPendingVerification: true },
  me: { method: 'GET', path: '/wps/operator/session', auth: 'operator', allowPendingVerification: true },
  verifyTotp: {
    method: 'POST',
    path: '/wps/operator/session/totp',
    auth: 'operator',
    allowPendingVerification: true,
  },
  changePassword: {
    method: 'POST',
    path: '/wps/operator/account/password',
    auth: 'operator',
    allowPendingVerification: true,
  },
  totpSetup: {
    method: 'POST',
    path: '/wps/operator/account/totp/setup',
    auth: 'operator',
    allowPendingVerification: true,
  },
  totpEnable: {
    method: 'POST',
    path: '/wps/operator/account/totp/enable',
    auth: 'operator',
    allowPendingVerification: true,
  },
  settings: { method: 'GET', path: '/wps/operator/system/settings', auth: 'operator' },
  setMaintenance: { method: 'PUT', path: '/wps/operator/system/maintenance', auth: 'operator', roles: ['admin'] },
  setRegion: { method: 'PUT', path: '/wps/operator/system/region', auth: 'operator', roles: ['admin'] },
  setWinnersBoard: { method: 'PUT', path: '/wps/operator/system/winners-board', auth: 'operator', roles: ['admin'] },
  list: { method: 'GET', path: '/wps/operator/operators', auth: 'operator', roles: ['admin'] },
  create: { method: 'POST', path: '/wps/operator/operators', auth: 'operator', roles: ['admin'] },
  update: { method: 'PUT', path: '/wps/operator/operators/:id', auth: 'operator', roles: ['admin'] },
  unlock: { method: 'POST', path: '/wps/operator/operators/:id/unlock', auth: 'operator', roles: ['admin'] },
  resetTotp: { method: 'POST', path: '/wps/operator/operators/:id/reset-totp', auth: 'operator', roles: ['admin'] },
  resetPassword: {
    method: 'POST',
    path: '/wps/operator/operators/:id/reset-password',
    auth: 'operator',
    roles: ['admin'],
  },
  audit: { method: 'GET', path: '/wps/operator/audit', auth: 'operator', roles: ['admin'] },
});
