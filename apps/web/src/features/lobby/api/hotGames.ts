import { gameRoutes } from '@app/contract/routes/game';
import { useEndpointQuery } from '../../../lib/api/index.ts';
import { useCatalogueLanguage } from './language.ts';
import { CLIENT } from './client.ts';

/** GCSGAME_hotGamesV2: the hot games (isPlatform 2), optionally of one type and vendor. */
export const useHotGames = (
  filter: { gameType?: string; vassalage?: string } = {},
  options: { enabled?: boolean } = {},
) => {
  const language = useCatalogueLanguage();
  return useEndpointQuery(
    gameRoutes.hotGames,
    {
      query: {
        platform: CLIENT.platform,
        isPlatform: 2,
        language,
        ...(filter.gameType ? { gameType: filter.gameType as 'RNG' } : {}),
        ...(filter.vassalage && filter.vassalage !== 'ALL' ? { vassalage: filter.vassalage } : {}),
      },
    },
    { languageDependent: true, enabled: options.enabled ?? true },
  );
};
