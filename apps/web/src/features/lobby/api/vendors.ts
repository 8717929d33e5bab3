import { gameRoutes } from '@app/contract/routes/game';
import type { ResponseOf, gameEndpoints } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call, endpointKey } from '../../../lib/api/index.ts';
import { readJson, writeJson } from '../../../lib/storage.ts';
import { useCatalogueLanguage } from './language.ts';
import { CLIENT } from './client.ts';

type Lanes = ResponseOf<typeof gameEndpoints.newGameVendor>['data']['lanes'];

/**
 * Spec §4 "Vendor data: cached in session, refreshed on language change": the vendor lanes
 * (GCSGAME_newGameVendor, every type's vendors) live in session storage with the language they
 * were fetched in; a visit in the same tab starts from them, a language switch fetches again.
 */
export const VENDOR_CACHE_KEY = 'lobby.vendors';

interface Cached {
  language: string;
  savedAt: number;
  lanes: Lanes;
}

export const readVendorCache = (language: string): Cached | null => {
  const cached = readJson<Cached>('session', VENDOR_CACHE_KEY);
  return cached && cached.language === language && Array.isArray(cached.lanes) ? cached : null;
};

export const useVendorLanes = () => {
  const language = useCatalogueLanguage();
  const cached = readVendorCache(language);
  return useQuery({
    queryKey: [...endpointKey(gameRoutes.newGameVendor, {}, language.toLowerCase()), 'session-cached'],
    queryFn: async ({ signal }) => {
      const value = await call(gameRoutes.newGameVendor, { query: { platform: CLIENT.platform, language }, signal });
      writeJson('session', VENDOR_CACHE_KEY, {
        language,
        savedAt: Date.now(),
        lanes: value.data.lanes,
      } satisfies Cached);
      return value.data.lanes;
    },
    ...(cached ? { initialData: cached.lanes, initialDataUpdatedAt: cached.savedAt } : {}),
    // The session copy is the truth for this visit; a language switch asks for a new one.
    staleTime: Infinity,
  });
};

/** The vendors of one game type (GCSGAME_getVassGameType order), from the cached lanes. */
export const useVendorsOf = (gameType: string) => {
  const lanes = useVendorLanes();
  return { ...lanes, data: lanes.data?.find((l) => l.gameType === gameType)?.vendors };
};
