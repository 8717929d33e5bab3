import { useMemo } from 'react';
import { gameRoutes } from '@app/contract/routes/game';
import { useEndpointQuery } from '../../../lib/api/index.ts';

/** Every vendor (for the history's provider filter). */
export const useVendorOptions = () =>
  useEndpointQuery(gameRoutes.vassGameType, {}, { languageDependent: true, staleTime: 300_000 });

/** Vendor codes to the names players know them by ("LSP" → "Lotus Spin"); unknown codes stay as they are. */
export const useVendorNames = () => {
  const vendors = useVendorOptions();
  return useMemo(() => {
    const names = new Map<string, string>();
    for (const v of vendors.data?.list ?? []) if (!names.has(v.vassalage)) names.set(v.vassalage, v.displayName);
    return { nameOf: (code: string) => names.get(code) ?? code, list: names };
  }, [vendors.data]);
};
