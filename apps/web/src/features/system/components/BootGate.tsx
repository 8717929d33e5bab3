import { useEffect, useState, type ReactNode } from 'react';
import { changeLanguage, fromContractLanguage, isAppLanguage, storedLanguage } from '../../../i18n/index.ts';
import { setMerchantCode } from '../../../lib/session/index.ts';
import { SYSTEM_STATUS as SystemStatus } from '../../../lib/contractConstants.ts';
import { SystemStatusContext } from '../../../lib/system/index.ts';
import { useSystemStatusQuery } from '../api/status.ts';
import { applyBrand, readCachedBrand } from '../theme.ts';
import { MaintenancePage } from './MaintenancePage.tsx';
import { RegionBlockedPage } from './RegionBlockedPage.tsx';
import { SplashScreen } from './SplashScreen.tsx';
import { StatusErrorPage } from './StatusErrorPage.tsx';

/**
 * Spec §4 "System status": nothing of the app runs before GET /wps/system/status answers.
 * 0 → the app (children), 1 → maintenance, 2 → region blocked; a failed call → retry screen.
 */
export function BootGate({ children }: { children: ReactNode }) {
  const query = useSystemStatusQuery();
  const [brand] = useState(readCachedBrand);
  const status = query.data;

  useEffect(() => {
    if (!status) return;
    applyBrand(status.whitelabel);
    setMerchantCode(status.whitelabel.merchantCode);
    const brandDefault = fromContractLanguage(status.whitelabel.defaultLanguage);
    // The brand default applies only until the visitor picks a language themselves.
    if (!storedLanguage() && isAppLanguage(brandDefault))
      void changeLanguage(brandDefault, false).catch(() => undefined);
  }, [status]);

  // Once we have an answer, a failed background refresh keeps the last good one on screen.
  if (!status) {
    if (query.isError) {
      return (
        <StatusErrorPage
          brand={brand}
          message={query.error.message}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      );
    }
    return <SplashScreen brand={brand} />;
  }

  if (status.systemStatus === SystemStatus.MAINTENANCE) return <MaintenancePage status={status} />;
  if (status.systemStatus === SystemStatus.REGION_RESTRICTED) return <RegionBlockedPage status={status} />;
  return <SystemStatusContext.Provider value={status}>{children}</SystemStatusContext.Provider>;
}
