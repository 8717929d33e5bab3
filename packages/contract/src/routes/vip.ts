import { defineRoutes } from '../route.ts';

/**
 * VIP (issue 20, decision 074): the member's level, the progress to the next, every level's perks
 * and the VIP bonus history, on the VIP page of the side menu.
 */
export const vipRoutes = defineRoutes('vip', {
  overview: { method: 'GET', path: '/wps/v2/vip', auth: 'member' },
});

/** Levels pay bonuses (money): finance saves them (admin may do anything); content reads them too. */
const VIP_ROLES = ['content', 'finance'] as const;

export const vipOperatorRoutes = defineRoutes('vipOperator', {
  settings: { method: 'GET', path: '/wps/operator/vip', auth: 'operator', roles: VIP_ROLES },
  save: { method: 'PUT', path: '/wps/operator/vip', auth: 'operator', roles: ['finance'] },
  report: { method: 'GET', path: '/wps/operator/vip/report', auth: 'operator', roles: VIP_ROLES },
});
