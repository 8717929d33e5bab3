import type { systemEndpoints, SystemStatusResponse } from '@app/contract';
import { useEndpointQuery } from '../../../lib/api/index.ts';

/** Re-read now and then so a maintenance switch reaches open tabs. */
const STATUS_REFRESH_MS = 5 * 60_000;

/**
 * GET /wps/system/status, typed by the contract's endpoint. Only its route is spelled here: the
 * first load must not carry zod and every schema of the contract (docs: web bundle budget). The
 * contract's schemas still check the answer in development (lib/api/client.ts) and the path is
 * compared with the contract's below.
 */
export const statusEndpoint = {
  method: 'GET',
  path: '/wps/system/status',
  auth: 'optional',
} as const satisfies Pick<typeof systemEndpoints.status, 'method' | 'path' | 'auth'> as unknown as typeof systemEndpoints.status;

if (import.meta.env.DEV) {
  void import('@app/contract').then(({ systemEndpoints: contract }) => {
    const { method, path, auth } = contract.status;
    if (method !== statusEndpoint.method || path !== statusEndpoint.path || auth !== statusEndpoint.auth)
      console.error('[api] the status route differs from the contract', contract.status);
    Object.assign(statusEndpoint, { response: contract.status.response });
  });
}

/** The first call of every visit (spec §4). */
export const useSystemStatusQuery = () =>
  useEndpointQuery(statusEndpoint, {}, { staleTime: STATUS_REFRESH_MS, refetchInterval: STATUS_REFRESH_MS, retry: 1 });

export type { SystemStatusResponse };
