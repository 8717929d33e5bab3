import { defineRoutes } from '../route.ts';

/** The points mall (issue 20, decision 067): the member's side. */
export const pointsRoutes = defineRoutes('points', {
  balance: { method: 'GET', path: '/wps/v2/points/balance', auth: 'member' },
  config: { method: 'GET', path: '/wps/v2/points/config', auth: 'member' },
  list: { method: 'GET', path: '/wps/v2/points/list', auth: 'member' },
  redeems: { method: 'GET', path: '/wps/v2/points/redeems', auth: 'member' },
  redeem: { method: 'POST', path: '/wps/v2/points/redeem', auth: 'member' },
  convert: { method: 'POST', path: '/wps/v2/points/convert', auth: 'member' },
});

/** The mall's desks: finance decides requests and sets the rules (admin may do anything). */
const DESK_ROLES = ['finance'] as const;

export const pointsOperatorRoutes = defineRoutes('pointsOperator', {
  items: { method: 'GET', path: '/wps/operator/points/items', auth: 'operator', roles: DESK_ROLES },
  saveItem: { method: 'POST', path: '/wps/operator/points/items', auth: 'operator', roles: DESK_ROLES },
  redeems: { method: 'GET', path: '/wps/operator/points/redeems', auth: 'operator', roles: DESK_ROLES },
  decide: { method: 'POST', path: '/wps/operator/points/redeems/decide', auth: 'operator', roles: DESK_ROLES },
  rules: { method: 'GET', path: '/wps/operator/points/rules', auth: 'operator', roles: DESK_ROLES },
  saveRules: { method: 'POST', path: '/wps/operator/points/rules', auth: 'operator', roles: DESK_ROLES },
  adjust: { method: 'POST', path: '/wps/operator/points/adjust', auth: 'operator', roles: DESK_ROLES },
  report: { method: 'GET', path: '/wps/operator/points/report', auth: 'operator', roles: DESK_ROLES },
});
