import { defineRoutes } from '../route.ts';

/**
 * Rebate (issue 19, decision 071): a share of the member's settled turnover per game type, paid on
 * the member centre's manualRebate page by a claim, or by the brand's daily job.
 */
export const rebateRoutes = defineRoutes('rebate', {
  overview: { method: 'GET', path: '/wps/v2/rebate', auth: 'member' },
  claim: { method: 'POST', path: '/wps/v2/rebate/claim', auth: 'member' },
});

/** Rates are money: finance sets them (admin may do anything); content reads the report too. */
const REBATE_ROLES = ['content', 'finance'] as const;

export const rebateOperatorRoutes = defineRoutes('rebateOperator', {
  settings: { method: 'GET', path: '/wps/operator/rebate', auth: 'operator', roles: REBATE_ROLES },
  save: { method: 'PUT', path: '/wps/operator/rebate', auth: 'operator', roles: ['finance'] },
  report: { method: 'GET', path: '/wps/operator/rebate/report', auth: 'operator', roles: REBATE_ROLES },
});
