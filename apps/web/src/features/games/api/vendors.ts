import { useEndpointQuery } from '../../../lib/api/index.ts';
import { gameRoutes } from './routes.ts';

/** Every vendor (for the history's provider filter). */
export const useVendorOptions = () =>
  useEndpointQuery(gameRoutes.vendors, {}, { languageDependent: true, staleTime: 300_000 });
