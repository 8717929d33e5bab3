import { defineRoutes } from '../route.ts';

/**
 * The operator's back office (issue 21, decision 069): the business dashboard and the members desk.
 * Reading figures is finance's; the members desk is support's (finance reads it and may freeze);
 * admin passes every role check.
 */
const DASHBOARD_ROLES = ['finance'] as const;
const MEMBER_READERS = ['support', 'finance'] as const;
const FREEZERS = ['support', 'finance'] as const;
const ACCOUNT_KEEPERS = ['support'] as const;
/** Type changes and team moves change who earns on whom (team figures, contracts): finance's (decision 079). */
const TREE_KEEPERS = ['finance'] as const;

export const backofficeRoutes = defineRoutes('backoffice', {
  dashboard: { method: 'GET', path: '/wps/operator/dashboard', auth: 'operator', roles: DASHBOARD_ROLES },
  members: { method: 'GET', path: '/wps/operator/members', auth: 'operator', roles: MEMBER_READERS },
  member: { method: 'GET', path: '/wps/operator/members/detail', auth: 'operator', roles: MEMBER_READERS },
  freeze: { method: 'POST', path: '/wps/operator/members/freeze', auth: 'operator', roles: FREEZERS },
  unfreeze: { method: 'POST', path: '/wps/operator/members/unfreeze', auth: 'operator', roles: FREEZERS },
  forceLogout: { method: 'POST', path: '/wps/operator/members/logout', auth: 'operator', roles: ACCOUNT_KEEPERS },
  resetPassword: {
    method: 'POST',
    path: '/wps/operator/members/reset-password',
    auth: 'operator',
    roles: ACCOUNT_KEEPERS,
  },
  clearLocks: { method: 'POST', path: '/wps/operator/members/clear-locks', auth: 'operator', roles: ACCOUNT_KEEPERS },
  addNote: { method: 'POST', path: '/wps/operator/members/notes', auth: 'operator', roles: MEMBER_READERS },
  changeType: { method: 'POST', path: '/wps/operator/members/type', auth: 'operator', roles: TREE_KEEPERS },
  move: { method: 'POST', path: '/wps/operator/members/move', auth: 'operator', roles: TREE_KEEPERS },
});
