import { useEndpointQuery } from '../../../lib/api/index.ts';
import { gameRoutes } from './routes.ts';

/** One round with its outcome and transactions. */
export const useBetRound = (id: number | null) =>
  useEndpointQuery(
    gameRoutes.round,
    { query: { id: id ?? 0 } },
    { enabled: id !== null, languageDependent: true, staleTime: 60_000 },
  );
