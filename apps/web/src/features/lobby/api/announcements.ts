import type { QueryOf } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call, endpointKey } from '../../../lib/api/index.ts';
import { useCatalogueLanguage } from './language.ts';
import { useMemberKey } from './member.ts';
import { lobbyRoutes } from './routes.ts';

type Query = QueryOf<typeof lobbyRoutes.listAnnouncements>;
type AnnouncementType = 'B' | 'PL' | 'PU' | 'PR' | 'H';

/**
 * MCSFE_getListAnnouncements (platform W). The home page asks for every type; the notice list asks
 * for B, PL, PU, PR with execution B (spec §7). Members see their own (execution A, F) items too,
 * so the member is part of the key.
 */
export const useAnnouncements = (types: readonly AnnouncementType[], extra: Omit<Query, 'types' | 'platform' | 'language'> = {}) => {
  const language = useCatalogueLanguage();
  const member = useMemberKey();
  const query = { types: types.join(','), platform: 'W', language, ...extra } as Query;
  return useQuery({
    queryKey: [...endpointKey(lobbyRoutes.listAnnouncements, { query }, language.toLowerCase()), member],
    queryFn: ({ signal }) => call(lobbyRoutes.listAnnouncements, { query, signal }),
    staleTime: 60_000,
  });
};

/** The types the home page shows: banners, notices, popup, promotions and headlines. */
export const HOME_ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
/** The notice list call of spec §7. */
export const NOTICE_TYPES = ['B', 'PL', 'PU', 'PR'] as const;
