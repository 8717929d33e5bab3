import { defineRoutes } from '../route.ts';

/**
 * Player protection (issue 24, decisions 061 and 062): limits, time-outs, self-exclusion, reality
 * checks and the session clock. Only the member and the brand's operators reach it; no agent route.
 */
export const protectionRoutes = defineRoutes('protection', {
  status: { method: 'GET', path: '/wps/v2/protection', auth: 'member', allowWithdrawOnly: true },
  setLimit: { method: 'PUT', path: '/wps/v2/protection/limits', auth: 'member' },
  confirmLimit: { method: 'POST', path: '/wps/v2/protection/limits/confirm', auth: 'member' },
  timeOut: { method: 'POST', path: '/wps/v2/protection/time-out', auth: 'member' },
  exclude: { method: 'POST', path: '/wps/v2/protection/exclusion', auth: 'member' },
  realityCheck: { method: 'PUT', path: '/wps/v2/protection/reality-check', auth: 'member' },
  session: { method: 'GET', path: '/wps/v2/protection/session', auth: 'member' },
  /** Demo mode only (absent otherwise): moves the member's protection clock forward, for demos and browser tests. */
  demoElapse: { method: 'POST', path: '/wps/v2/protection/demo/elapse', auth: 'member' },
});

/** Player protection is the support desk's (admin may do anything); brand settings are the admin's. */
const DESK_ROLES = ['support'] as const;
const SETTINGS_ROLES = ['admin'] as const;

export const protectionOperatorRoutes = defineRoutes('protectionOperator', {
  settings: { method: 'GET', path: '/wps/operator/protection/settings', auth: 'operator', roles: DESK_ROLES },
  saveSettings: {
    method: 'PUT',
    path: '/wps/operator/protection/settings',
    auth: 'operator',
    roles: SETTINGS_ROLES,
  },
  members: { method: 'GET', path: '/wps/operator/protection/members', auth: 'operator', roles: DESK_ROLES },
  member: { method: 'GET', path: '/wps/operator/protection/member', auth: 'operator', roles: DESK_ROLES },
  tighten: { method: 'POST', path: '/wps/operator/protection/limit', auth: 'operator', roles: DESK_ROLES },
  exclude: { method: 'POST', path: '/wps/operator/protection/exclusion', auth: 'operator', roles: DESK_ROLES },
});
