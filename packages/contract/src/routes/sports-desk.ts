import { defineRoutes } from '../route.ts';

/**
 * The house sportsbook's console desk (issue 23 "Console", decision 114): the platform
 * passes each call to house games' signed operator API. Reading (events, liability, margins, the GGR
 * report) is finance's (and admin's); changing the book (suspend, void, margins, results) is admin's.
 */
export const sportsDeskRoutes = defineRoutes('sportsDesk', {
  events: { method: 'GET', path: '/wps/operator/sports/events', auth: 'operator', roles: ['finance'] },
  liability: { method: 'GET', path: '/wps/operator/sports/liability', auth: 'operator', roles: ['finance'] },
  margins: { method: 'GET', path: '/wps/operator/sports/margins', auth: 'operator', roles: ['finance'] },
  report: { method: 'GET', path: '/wps/operator/sports/report', auth: 'operator', roles: ['finance'] },
  suspend: { method: 'POST', path: '/wps/operator/sports/suspend', auth: 'operator', roles: ['admin'] },
  void: { method: 'POST', path: '/wps/operator/sports/void', auth: 'operator', roles: ['admin'] },
  setMargin: { method: 'POST', path: '/wps/operator/sports/margins', auth: 'operator', roles: ['admin'] },
  correctResult: { method: 'POST', path: '/wps/operator/sports/result', auth: 'operator', roles: ['admin'] },
});
