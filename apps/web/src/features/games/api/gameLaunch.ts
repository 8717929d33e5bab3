import { gamePlayRoutes } from '@app/contract/routes/game-play';
import { useEndpointQuery } from '../../../lib/api/index.ts';

/**
 * Launches a game once per visit of the game room: a launch makes a one-time token, so the answer
 * is never refetched in the background.
 */
export const useGameLaunch = (nodeId: number, demo: boolean, language: string) =>
  useEndpointQuery(
    gamePlayRoutes.gameLaunch,
    { query: { nodeId, demo: demo ? '1' : '0', language, platform: 'html5-desktop', clientType: 3 } },
    {
      enabled: Number.isInteger(nodeId) && nodeId > 0,
      retry: false,
      staleTime: Infinity,
      gcTime: 0,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    },
  );
