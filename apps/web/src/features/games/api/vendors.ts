import { gameRoutes } from '@app/contract/routes/game';
import { useEndpointQuery } from '../../../lib/api/index.ts';

/** Every vendor (for the history's provider filter). */
export const useVendorOptions = () =>
  useEndpointQuery(gameRoutes.vassGameType, {}, { languageDependent: true, staleTime: 300_000 });
