import { defineRoutes } from '../route.ts';

/**
 * The operator's reports (issue 21, decision 084): figures by day, by vendor and game type, by agent
 * team, by member, and a member's statement; and marking a member as a test account, which keeps
 * them out of the dashboard and every report. Figures are finance's (decision 069); admin passes
 * every role check.
 */
const REPORT_READERS = ['finance'] as const;
/** Who decides which accounts the figures leave out: the ones who read the figures. */
const TEST_MARKERS = ['finance'] as const;

export const reportsRoutes = defineRoutes('reports', {
  days: { method: 'GET', path: '/wps/operator/reports/days', auth: 'operator', roles: REPORT_READERS },
  games: { method: 'GET', path: '/wps/operator/reports/games', auth: 'operator', roles: REPORT_READERS },
  teams: { method: 'GET', path: '/wps/operator/reports/teams', auth: 'operator', roles: REPORT_READERS },
  members: { method: 'GET', path: '/wps/operator/reports/members', auth: 'operator', roles: REPORT_READERS },
  statement: { method: 'GET', path: '/wps/operator/reports/statement', auth: 'operator', roles: REPORT_READERS },
  markTest: { method: 'POST', path: '/wps/operator/members/test-account', auth: 'operator', roles: TEST_MARKERS },
  unmarkTest: {
    method: 'POST',
    path: '/wps/operator/members/test-account/unmark',
    auth: 'operator',
    roles: TEST_MARKERS,
  },
});
