import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, Skeleton } from '../../../components/ui/index.ts';
import { guidePath, isStoreLink, QR_SIZE, useQrDataUrl, type AppPlatform } from '../../../lib/qr.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';

/**
 * A platform's QR code. The code encodes the operator's link; the card itself opens that link when
 * it is a store's, and otherwise our installation guide in this tab.
 */
function QrCard({ platform, label, href }: { platform: AppPlatform; label: string; href: string }) {
  const { t } = useTranslation();
  const dataUrl = useQrDataUrl(href);
  const body = (
    <>
      <span className="app-download__qr">
        {dataUrl ? (
          <img src={dataUrl} width={QR_SIZE} height={QR_SIZE} alt={t('app_qr_alt', { platform: label })} />
        ) : (
          <Skeleton width={QR_SIZE} height={QR_SIZE} radius={8} />
        )}
      </span>
      <span className="app-download__platform">{label}</span>
    </>
  );
  return isStoreLink(href, platform) ? (
    <a
      className="app-download__card"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      data-testid={`app-qr-${platform}`}
    >
      {body}
    </a>
  ) : (
    <Link className="app-download__card" to={guidePath(platform)} data-testid={`app-qr-${platform}`}>
      {body}
    </Link>
  );
}

/** Side menu block: iOS and Android QR codes, plus the lite (web clip) app link. */
export function AppDownload() {
  const { t } = useTranslation();
  const { appDownload } = useWhitelabel();
  if (!appDownload.ios && !appDownload.android && !appDownload.lite) return null;
  return (
    <section className="app-download" aria-labelledby="app-download-title">
      <h2 id="app-download-title" className="side-menu__heading">
        <Icon name="download" size={16} />
        {t('nav_app_download')}
      </h2>
      <div className="app-download__grid">
        {appDownload.ios ? <QrCard platform="ios" label={t('app_ios')} href={appDownload.ios} /> : null}
        {appDownload.android ? <QrCard platform="android" label={t('app_android')} href={appDownload.android} /> : null}
      </div>
      <p className="app-download__hint">{t('app_scan')}</p>
      {appDownload.lite ? (
        isStoreLink(appDownload.lite, 'lite') ? (
          <a className="app-download__lite" href={appDownload.lite} target="_blank" rel="noopener noreferrer">
            {t('app_lite')}
            <Icon name="chevronRight" size={16} />
          </a>
        ) : (
          <Link className="app-download__lite" to={guidePath('lite')} data-testid="app-lite">
            {t('app_lite')}
            <Icon name="chevronRight" size={16} />
          </Link>
        )
      ) : null}
      <Link className="app-download__guide" to="/download" data-testid="app-guides">
        <Icon name="info" size={16} />
        {t('app_how_to_install')}
      </Link>
    </section>
  );
}
