import { gamePlayRoutes } from '@app/contract/routes/game-play';
import type { QueryOf, gamePlayEndpoints } from '@app/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointQuery } from '../../../lib/api/index.ts';

export type HistoryQuery = QueryOf<typeof gamePlayEndpoints.history>;

/** The member's rounds for the filters, newest first. */
export const useBetHistory = (query: HistoryQuery) =>
  useEndpointQuery(
    gamePlayRoutes.history,
    { query },
    { languageDependent: true, placeholderData: keepPreviousData, staleTime: 10_000 },
  );
