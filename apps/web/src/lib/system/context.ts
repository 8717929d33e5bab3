import { createContext, useContext } from 'react';
import type { SystemStatusResponse, Whitelabel } from '@app/contract';

/**
 * The answer of GET /wps/system/status once the app is allowed to run (systemStatus 0). Provided
 * by the boot gate (features/system); read by the shell and any feature that needs brand data.
 */
export const SystemStatusContext = createContext<SystemStatusResponse | null>(null);

export const useSystemStatus = (): SystemStatusResponse => {
  const status = useContext(SystemStatusContext);
  if (!status) throw new Error('useSystemStatus must be used below the boot gate');
  return status;
};

export const useWhitelabel = (): Whitelabel => useSystemStatus().whitelabel;

/** The brand bits remembered between visits, so the splash looks right before the status call. */
export interface CachedBrand {
  siteName: string;
  logoUrl: string;
  theme: Whitelabel['theme'];
}
