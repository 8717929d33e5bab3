import { gameRoutes } from '@app/contract/routes/game';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { call, endpointKey } from '../../../lib/api/index.ts';
import { useMemberKey } from './member.ts';
import { CLIENT } from './client.ts';

export const favoriteIdsKey = (member: { member: string } | null): QueryKey => [
  ...endpointKey(gameRoutes.favoriteIds),
  member,
];

/** MCSFE_getFavoriteGames: the member's favourite nodeIds (loaded on login, spec §4). */
export const useFavoriteIds = () => {
  const member = useMemberKey();
  return useQuery({
    queryKey: favoriteIdsKey(member),
    queryFn: async ({ signal }) => (await call(gameRoutes.favoriteIds, { query: CLIENT, signal })).ids,
    enabled: member !== null,
    staleTime: 60_000,
  });
};
