import { Link } from 'react-router';
import { Icon, PageHeader, Skeleton } from '../../../components/ui/index.ts';
import { APP_PLATFORMS, guidePath, isStoreLink, QR_SIZE, useQrDataUrl, type AppPlatform } from '../../../lib/qr.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { useGuideText, type GuideT } from '../hooks/useGuideText.ts';
import { StepArt, type Scene } from './StepArt.tsx';
import '../guides.css';

const STEPS: Record<AppPlatform, Scene[]> = {
  ios: ['safari', 'share-bar', 'sheet-add', 'home'],
  android: ['chrome', 'menu-dots', 'sheet-install', 'home'],
  lite: ['browser', 'sheet-bookmark', 'name', 'home'],
};
const GIVES = [1, 2, 3, 4] as const;
const TROUBLE = [1, 2, 3] as const;

/** Whether this browser looks like the platform's (to open the guide a phone would want). */
export const platformOfAgent = (ua: string): AppPlatform =>
  /android/i.test(ua) ? 'android' : /iphone|ipad|ipod|macintosh/i.test(ua) ? 'ios' : 'android';

function GuideQr({ href, label, t }: { href: string; label: string; t: GuideT }) {
  const dataUrl = useQrDataUrl(href);
  return (
    <figure className="guide-qr" data-testid="guide-qr">
      <span className="guide-qr__code">
        {dataUrl ? (
          <img src={dataUrl} width={QR_SIZE} height={QR_SIZE} alt={t('gd_qr_alt', { platform: label })} />
        ) : (
          <Skeleton width={QR_SIZE} height={QR_SIZE} radius={8} />
        )}
      </span>
      <figcaption>{t('gd_scan')}</figcaption>
    </figure>
  );
}

/**
 * /download/:platform: how to put the brand's app on a phone. The app is the site itself installed
 * to the home screen (a web app with a manifest, decision 058); when the operator has set a store or
 * package link for the platform, the guide leads with it.
 */
export function DownloadGuide({ platform }: { platform: AppPlatform }) {
  const { t, ready } = useGuideText();
  const { siteName, appDownload } = useWhitelabel();
  if (!ready) return <div className="guide" aria-busy="true" />;
  const host = globalThis.location.host;
  const own = `${globalThis.location.origin}${guidePath(platform)}`;
  const link = appDownload[platform];
  const store = isStoreLink(link, platform) ? link : null;
  const label = t(`gd_platform_${platform}`);
  const steps = STEPS[platform];

  return (
    <div className="guide" data-testid="download-guide" data-platform={platform}>
      <PageHeader
        title={t(`gd_title_${platform}`, { site: siteName })}
        subtitle={t(`gd_intro_${platform}`, { site: siteName })}
        icon="download"
      />

      <nav className="guide-platforms" aria-label={t('gd_platforms')}>
        {APP_PLATFORMS.map((p) => (
          <Link
            key={p}
            to={guidePath(p)}
            className={`guide-platforms__item${p === platform ? ' guide-platforms__item--on' : ''}`}
            aria-current={p === platform ? 'page' : undefined}
            data-testid={`guide-tab-${p}`}
          >
            <Icon name={p === 'lite' ? 'globe' : 'phone'} size={16} />
            {t(`gd_platform_${p}`)}
          </Link>
        ))}
      </nav>

      <div className="guide-top">
        <section className="guide-card guide-what" aria-labelledby="guide-what">
          <h2 id="guide-what" className="guide-card__title">
            {t('gd_what_title')}
          </h2>
          <p>{t(platform === 'lite' ? 'gd_what_lite' : 'gd_what_app', { site: siteName })}</p>
          {store ? (
            <a className="guide-store" href={store} target="_blank" rel="noopener noreferrer" data-testid="guide-store">
              <Icon name="download" size={18} />
              {t(`gd_store_${platform}`)}
            </a>
          ) : null}
          <h3 className="guide-card__sub">{t('gd_gives_title')}</h3>
          <ul className="guide-gives">
            {GIVES.map((n) => (
              <li key={n}>
                <Icon name="check" size={16} />
                {t(`gd_give_${n}`)}
              </li>
            ))}
          </ul>
        </section>
        <GuideQr href={store ?? own} label={label} t={t} />
      </div>

      <section className="guide-card" aria-labelledby="guide-steps">
        <h2 id="guide-steps" className="guide-card__title">
          {t('gd_steps_title')}
        </h2>
        <ol className="guide-steps" data-testid="guide-steps">
          {steps.map((scene, i) => (
            <li key={scene} className="guide-step">
              <StepArt scene={scene} />
              <div className="guide-step__text">
                <span className="guide-step__n" aria-hidden="true">
                  {i + 1}
                </span>
                <p>{t(`gd_${platform}_step_${(i + 1) as 1 | 2 | 3 | 4}`, { site: siteName, host })}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section className="guide-card" aria-labelledby="guide-trouble">
        <h2 id="guide-trouble" className="guide-card__title">
          {t('gd_trouble_title')}
        </h2>
        <dl className="guide-trouble">
          {TROUBLE.map((n) => (
            <div key={n}>
              <dt>{t(`gd_${platform}_q_${n}`)}</dt>
              <dd>{t(`gd_${platform}_a_${n}`, { site: siteName })}</dd>
            </div>
          ))}
        </dl>
        <p className="guide-more">
          <Link to="/mirrors">{t('gd_mirrors_link')}</Link>
          <span aria-hidden="true"> · </span>
          <Link to="/help#account">{t('gd_help_link')}</Link>
        </p>
      </section>
    </div>
  );
}
