import { MissionLeaderboardPage } from './components/MissionLeaderboardPage.tsx';

/** The member-centre page the missions provide (spec §2). Lazy with /member. */
export const MISSION_PAGES = { missionLeaderboard: MissionLeaderboardPage };

export { useMissions } from './api/missions.ts';
