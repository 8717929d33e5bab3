import { memberEndpoints } from '@app/contract';
import { useEndpointQuery } from '../../../lib/api/index.ts';

/** GET /wps/member/logins: recent login attempts (time, IP, device, how, result). */
export const useLoginHistory = () => useEndpointQuery(memberEndpoints.logins, { query: { limit: 20 } });
