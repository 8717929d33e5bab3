import { gameRoutes } from '@app/contract/routes/game';
import { useEndpointQuery } from '../../../lib/api/index.ts';
import { useCatalogueLanguage } from './language.ts';

/** /lgw/games/game_menus: categories with their titles and classify entries (vendors map). */
export const useGameMenus = () => {
  const language = useCatalogueLanguage();
  return useEndpointQuery(
    gameRoutes.gameMenus,
    { query: { language } },
    { languageDependent: true, staleTime: 5 * 60_000 },
  );
};
