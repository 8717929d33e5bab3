import { contentRoutes } from '@app/contract/routes/content';
import type { QueryOf, contentEndpoints } from '@app/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { call, endpointKey } from '../../../lib/api/index.ts';
import { useCatalogueLanguage } from './language.ts';
import { useMemberKey } from './member.ts';

type Query = QueryOf<typeof contentEndpoints.listAnnouncements>;
type AnnouncementType = 'B' | 'PL' | 'PU' | 'PR' | 'H';
type Extra = Omit<Query, 'types' | 'platform' | 'language'>;

/** One query for the options a component and a prefetch share (same key, same cache entry). */
export const announcementsQuery = (
  types: readonly AnnouncementType[],
  extra: Extra,
  language: string,
  member: { member: string } | null,
) => {
  const query = { types: types.join(','), platform: 'W', language, ...extra } as Query;
  return {
    queryKey: [...endpointKey(contentRoutes.listAnnouncements, { query }, language.toLowerCase()), member],
    queryFn: ({ signal }: { signal: AbortSignal }) => call(contentRoutes.listAnnouncements, { query, signal }),
    staleTime: 60_000,
  };
};

/**
 * MCSFE_getListAnnouncements (platform W). The home page asks for every type; the notice list asks
 * for B, PL, PU, PR with execution B (spec §7). Members see their own (execution A, F) items too,
 * so the member is part of the key.
 */
export const useAnnouncements = (types: readonly AnnouncementType[], extra: Extra = {}) => {
  const language = useCatalogueLanguage();
  const member = useMemberKey();
  return useQuery(announcementsQuery(types, extra, language, member));
};

/** The types the home page shows: banners, notices, popup, promotions and headlines. */
export const HOME_ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export const HOME_ANNOUNCEMENT_EXTRA = { groupName: 'w_home' } as const;
/** The notice list call of spec §7. */
export const NOTICE_TYPES = ['B', 'PL', 'PU', 'PR'] as const;

/**
 * Starts the home page's banners call while the app still waits for the status call, so the
 * banner images (the largest paint) are not three round trips late. Anonymous visits only: a
 * member's key is known once member info loads.
 */
export const prefetchHomeAnnouncements = (client: QueryClient, language: string) =>
  client.prefetchQuery(announcementsQuery(HOME_ANNOUNCEMENT_TYPES, HOME_ANNOUNCEMENT_EXTRA, language, null));
