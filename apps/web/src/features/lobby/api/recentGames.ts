import { gameRoutes } from '@app/contract/routes/game';
import type { QueryOf, gameEndpoints } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, endpointKey } from '../../../lib/api/index.ts';
import { useCatalogueLanguage } from './language.ts';
import { useMemberKey } from './member.ts';
import { CLIENT } from './client.ts';

type Query = Omit<QueryOf<typeof gameEndpoints.recentGames>, 'language' | 'clientType' | 'platform'>;

/** GCS_recentGame: games the member launched, latest first (15 on the home page). */
export const useRecentGames = (query: Query, options: { enabled?: boolean } = {}) => {
  const member = useMemberKey();
  const language = useCatalogueLanguage();
  const full = { clientType: CLIENT.clientType, ...query, language };
  return useQuery({
    queryKey: [...endpointKey(gameRoutes.recentGames, { query: full }, language.toLowerCase()), member],
    queryFn: ({ signal }) => call(gameRoutes.recentGames, { query: full, signal }),
    enabled: member !== null && (options.enabled ?? true),
    placeholderData: keepPreviousData,
  });
};
