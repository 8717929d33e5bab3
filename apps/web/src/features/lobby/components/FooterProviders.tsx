import { useTranslation } from 'react-i18next';
import { useVendorLanes } from '../api/vendors.ts';
import { LazySection } from './LazySection.tsx';
import '../lobby-frame.css';

/** The footer's provider logos (spec §2), every vendor once; drawn when the footer comes near. */
export function FooterProviders() {
  return (
    <LazySection placeholder={<div className="footer-providers__placeholder" aria-hidden="true" />}>
      <ProviderLogos />
    </LazySection>
  );
}

function ProviderLogos() {
  const { t } = useTranslation();
  const { data: lanes } = useVendorLanes();
  const all = (lanes ?? []).flatMap((l) => l.vendors);
  const vendors = all.filter((v, i) => all.findIndex((x) => x.vassalage === v.vassalage) === i);
  if (!vendors.length) return null;
  return (
    <div className="footer-providers" data-testid="footer-providers">
      <h2 className="site-footer__heading">{t('providers_slot')}</h2>
      <ul className="footer-providers__list">
        {vendors.map((v) => (
          <li key={v.vassalage}>
            <img src={v.iconUrl} alt={v.displayName} title={v.displayName} width={100} height={40} loading="lazy" />
          </li>
        ))}
      </ul>
    </div>
  );
}
