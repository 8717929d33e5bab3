import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, Skeleton } from '../../../components/ui/index.ts';
import { loadChunk } from '../../../lib/chunks.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';

/** Spec §9: QR size 120 with margin 5. */
const QR_OPTIONS = { width: 120, margin: 5, errorCorrectionLevel: 'M' } as const;

/** Encodes a download link; the QR library is its own chunk, fetched only when a code is shown. */
const useQrDataUrl = (text: string): string | null => {
  const [result, setResult] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    if (!text) return;
    let cancelled = false;
    loadChunk(() => import('qrcode'))
      .then((QRCode) => QRCode.toDataURL(text, QR_OPTIONS))
      .then((url) => {
        if (!cancelled) setResult({ text, url });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [text]);
  return result?.text === text ? result.url : null;
};

function QrCard({ platform, href }: { platform: string; href: string }) {
  const { t } = useTranslation();
  const dataUrl = useQrDataUrl(href);
  return (
    <a className="app-download__card" href={href} target="_blank" rel="noopener noreferrer">
      <span className="app-download__qr">
        {dataUrl ? (
          <img src={dataUrl} width={120} height={120} alt={t('app_qr_alt', { platform })} />
        ) : (
          <Skeleton width={120} height={120} radius={8} />
        )}
      </span>
      <span className="app-download__platform">{platform}</span>
    </a>
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
        {appDownload.ios ? <QrCard platform={t('app_ios')} href={appDownload.ios} /> : null}
        {appDownload.android ? <QrCard platform={t('app_android')} href={appDownload.android} /> : null}
      </div>
      <p className="app-download__hint">{t('app_scan')}</p>
      {appDownload.lite ? (
        <a className="app-download__lite" href={appDownload.lite} target="_blank" rel="noopener noreferrer">
          {t('app_lite')}
          <Icon name="chevronRight" size={16} />
        </a>
      ) : null}
    </section>
  );
}
