import { defineRoutes } from '../route.ts';

/**
 * Missions and leaderboards (issue 20, decision 073): the member centre's missionLeaderboard page
 * (mission summary with claims, leaderboard standings with the member's own place).
 */
export const missionRoutes = defineRoutes('mission', {
  missions: { method: 'GET', path: '/wps/v2/missions', auth: 'member' },
  claim: { method: 'POST', path: '/wps/v2/missions/claim', auth: 'member' },
  leaderboards: { method: 'GET', path: '/wps/v2/leaderboards', auth: 'member' },
});

/** Missions pay money and points: content and finance run them (admin may do anything). */
const MISSION_ROLES = ['content', 'finance'] as const;

export const missionOperatorRoutes = defineRoutes('missionOperator', {
  list: { method: 'GET', path: '/wps/operator/missions', auth: 'operator', roles: MISSION_ROLES },
  save: { method: 'POST', path: '/wps/operator/missions', auth: 'operator', roles: MISSION_ROLES },
  end: { method: 'POST', path: '/wps/operator/missions/end', auth: 'operator', roles: MISSION_ROLES },
  saveBoard: { method: 'POST', path: '/wps/operator/leaderboards', auth: 'operator', roles: MISSION_ROLES },
  endBoard: { method: 'POST', path: '/wps/operator/leaderboards/end', auth: 'operator', roles: MISSION_ROLES },
  report: { method: 'GET', path: '/wps/operator/missions/report', auth: 'operator', roles: MISSION_ROLES },
});
