import { contentRoutes } from '@app/contract/routes/content';
import { useEndpointQuery } from '../../../lib/api/index.ts';

/** MCSFE_getMirrorDomains: the brand's listed mirrors with their state (retired ones are left out). */
export const useMirrorDomains = () => useEndpointQuery(contentRoutes.mirrorDomains, {}, { staleTime: 60_000 });
