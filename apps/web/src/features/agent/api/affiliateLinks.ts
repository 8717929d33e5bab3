import { agentEndpoints } from '@app/contract';
import { useEndpointQuery } from '../../../lib/api/index.ts';

/** GET /wps/agent/affiliate/links: invitation code and links per domain. */
export const useAffiliateLinks = () => useEndpointQuery(agentEndpoints.affiliateLinks, {}, { staleTime: 300_000 });
