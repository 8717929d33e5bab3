import { gameRoutes } from '@app/contract/routes/game';
import type { QueryOf, gameEndpoints } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, endpointKey } from '../../../lib/api/index.ts';
import { useCatalogueLanguage } from './language.ts';
import { useMemberKey } from './member.ts';
import { CLIENT } from './client.ts';

type Query = Omit<QueryOf<typeof gameEndpoints.favoriteList>, 'language' | 'clientType' | 'platform'>;

/** getFavoriteGamesList: the member's favourite games, one page (the home page loads 999). */
export const useFavoriteList = (query: Query, options: { enabled?: boolean } = {}) => {
  const member = useMemberKey();
  const language = useCatalogueLanguage();
  const full = { ...CLIENT, ...query, language };
  return useQuery({
    queryKey: [...endpointKey(gameRoutes.favoriteList, { query: full }, language.toLowerCase()), member],
    queryFn: ({ signal }) => call(gameRoutes.favoriteList, { query: full, signal }),
    enabled: member !== null && (options.enabled ?? true),
    placeholderData: keepPreviousData,
  });
};

/** Every cached favourites list, to refresh after a toggle. */
export const favoriteListPrefix = () => endpointKey(gameRoutes.favoriteList).slice(0, 2);
