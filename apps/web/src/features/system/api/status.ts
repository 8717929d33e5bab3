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
} as const satisfies Pick<
  typeof systemEndpoints.status,
  'method' | 'path' | 'auth'
> as unknown as typeof systemEndpoints.status;

if (import.meta.env.DEV) {
  void import('@app/contract').then(({ systemEndpoints: contract }) => {
    const { method, path, auth } = contract.status;
    if (method !== statusEndpoint.method || path !== statusEndpoint.path || auth !== statusEndpoint.auth)
      console.error('[api] the status route differs from the contract', contract.status);
    Object.assign(statusEndpoint, { response: contract.status.response });
  });
}

/**
 * The server sends this visitor's status inside the page (a JSON data block, decision 040): the
 * same answer the call gives, without waiting a round trip for it. Read once; absent in development
 * (Vite serves the page), where the first render asks for it as before.
 */
const readBootStatus = (): { value: SystemStatusResponse; at: number } | undefined => {
  if (typeof document === 'undefined') return undefined;
  const block = document.getElementById('boot-status');
  if (!block?.textContent) return undefined;
  try {
    const value = JSON.parse(block.textContent) as SystemStatusResponse;
    return typeof value === 'object' && value !== null && 'systemStatus' in value
      ? { value, at: Date.now() }
      : undefined;
  } catch {
    return undefined;
  }
};
const boot = readBootStatus();

/** The first call of every visit (spec §4), answered by the page itself when the server inlined it. */
export const useSystemStatusQuery = () =>
  useEndpointQuery(
    statusEndpoint,
    {},
    {
      staleTime: STATUS_REFRESH_MS,
      refetchInterval: STATUS_REFRESH_MS,
      retry: 1,
      ...(boot ? { initialData: boot.value, initialDataUpdatedAt: boot.at } : {}),
    },
  );

export type { SystemStatusResponse };
