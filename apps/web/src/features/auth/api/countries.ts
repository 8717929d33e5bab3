import { verificationEndpoints } from '@app/contract';
import { useEndpointQuery } from '../../../lib/api/index.ts';

/** Country dialing codes (spec §3 Country), with the visitor's country first picked. */
export const useCountries = () => useEndpointQuery(verificationEndpoints.countries, {}, { staleTime: Infinity });
