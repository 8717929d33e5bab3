import { gameRoutes } from '@app/contract/routes/game';
import { useEndpointQuery } from '../../../lib/api/index.ts';
import { useCatalogueLanguage } from './language.ts';

/** Spec §9: the winners board loads 20. */
export const WINNERS_LOADED = 20;

/** The winners board (largest real wins, by amount descending). */
export const useWinners = () => {
  const language = useCatalogueLanguage();
  return useEndpointQuery(
    gameRoutes.winnerList,
    { query: { gameCategory: 'HOME', language, limitNum: WINNERS_LOADED } },
    { languageDependent: true, staleTime: 60_000, refetchInterval: 120_000 },
  );
};
