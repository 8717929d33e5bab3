import type { SystemStatusResponse } from '@app/contract';
import { systemRoutes } from '@app/contract/routes/system';
import { useEndpointQuery } from '../../../lib/api/index.ts';

/** Re-read now and then so a maintenance switch reaches open tabs. */
const STATUS_REFRESH_MS = 5 * 60_000;

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
    systemRoutes.status,
    {},
    {
      staleTime: STATUS_REFRESH_MS,
      refetchInterval: STATUS_REFRESH_MS,
      retry: 1,
      ...(boot ? { initialData: boot.value, initialDataUpdatedAt: boot.at } : {}),
    },
  );

export type { SystemStatusResponse };
