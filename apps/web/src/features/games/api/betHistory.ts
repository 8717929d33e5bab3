import type { QueryOf } from '@app/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointQuery } from '../../../lib/api/index.ts';
import { gameRoutes } from './routes.ts';

export type HistoryQuery = QueryOf<typeof gameRoutes.history>;

/** The member's rounds for the filters, newest first. */
export const useBetHistory = (query: HistoryQuery) =>
  useEndpointQuery(
    gameRoutes.history,
    { query },
    { languageDependent: true, placeholderData: keepPreviousData, staleTime: 10_000 },
  );
