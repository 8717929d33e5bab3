import { defineRoutes } from '../route.ts';

/**
 * Member referral (issue 19, decision 071): the member's own invitation code and link, the
 * invitees with their status, the rewards earned and the rules.
 */
export const referralRoutes = defineRoutes('referral', {
  overview: { method: 'GET', path: '/wps/v2/referral', auth: 'member' },
});

/** The rewards are money: finance sets them (admin may do anything); content reads them and the report. */
export const referralOperatorRoutes = defineRoutes('referralOperator', {
  settings: { method: 'GET', path: '/wps/operator/referral', auth: 'operator', roles: ['content', 'finance'] },
  save: { method: 'PUT', path: '/wps/operator/referral', auth: 'operator', roles: ['finance'] },
});
