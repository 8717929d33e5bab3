import { gameRoutes } from '@app/contract/routes/game';
import type { QueryOf, gameEndpoints } from '@app/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointQuery } from '../../../lib/api/index.ts';
import { useCatalogueLanguage } from './language.ts';
import { CLIENT } from './client.ts';

export type GameListQuery = Omit<QueryOf<typeof gameEndpoints.gameList>, 'language' | 'clientType' | 'platform'>;

/** GCSGAME_gameList: games by type, vendor, classify and name, one page. */
export const useGameList = (query: GameListQuery, options: { enabled?: boolean } = {}) => {
  const language = useCatalogueLanguage();
  return useEndpointQuery(
    gameRoutes.gameList,
    { query: { ...CLIENT, ...query, language } },
    { languageDependent: true, placeholderData: keepPreviousData, enabled: options.enabled ?? true },
  );
};
