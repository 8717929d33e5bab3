import { memberRedEnvelopeEndpoints, type QueryOf } from '@app/contract';
import { useEndpointQuery } from '../../../lib/api/index.ts';

/** GET /wps/member/red-envelopes: envelopes addressed to the member. */
export const useMemberRedEnvelopes = (query: QueryOf<typeof memberRedEnvelopeEndpoints.list>, enabled = true) =>
  useEndpointQuery(memberRedEnvelopeEndpoints.list, { query }, { enabled, refetchInterval: 60_000 });
