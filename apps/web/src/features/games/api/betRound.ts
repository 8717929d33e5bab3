import { gamePlayRoutes } from '@app/contract/routes/game-play';
import { useEndpointQuery } from '../../../lib/api/index.ts';

/** One round with its outcome and transactions. */
export const useBetRound = (id: number | null) =>
  useEndpointQuery(
    gamePlayRoutes.round,
    { query: { id: id ?? 0 } },
    { enabled: id !== null, languageDependent: true, staleTime: 60_000 },
  );
