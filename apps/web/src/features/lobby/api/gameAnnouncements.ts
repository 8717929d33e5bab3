import { contentRoutes } from '@app/contract/routes/content';
import { useEndpointQuery } from '../../../lib/api/index.ts';
import { useCatalogueLanguage } from './language.ts';

/** Announcements attached to a game type (or one of its vendors), shown above its game list. */
export const useGameAnnouncements = (gameType: string, vassalage?: string) => {
  const language = useCatalogueLanguage();
  return useEndpointQuery(
    contentRoutes.gameAnnouncements,
    { query: { gameType: gameType as 'RNG', language, ...(vassalage && vassalage !== 'ALL' ? { vassalage } : {}) } },
    { languageDependent: true, staleTime: 120_000 },
  );
};
