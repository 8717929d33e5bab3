import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../../components/ui/index.ts';
import type { CachedBrand } from '../../../lib/system/index.ts';
import '../system.css';

/** While the status call runs: the brand (from the last visit, if any) and a progress bar. */
export function SplashScreen({ brand }: { brand: CachedBrand | null }) {
  const { t } = useTranslation();
  return (
    <div className="splash" role="status" aria-live="polite" data-testid="splash">
      <div className="splash__glow" aria-hidden="true" />
      {brand?.siteName ? (
        <BrandLogo siteName={brand.siteName} logoUrl={brand.logoUrl} size="lg" />
      ) : (
        <span className="splash__orb" aria-hidden="true" />
      )}
      <span className="splash__bar" aria-hidden="true">
        <span className="splash__bar-fill" />
      </span>
      <span className="splash__text">{t('loading')}</span>
    </div>
  );
}
