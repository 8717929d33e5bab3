import { Suspense, lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo, Icon, UnreadBadge } from '../../../components/ui/index.ts';
import { GAME_TYPE_ENTRIES, gameTypeLabelKey } from '../../../lib/gameTypes.ts';
import {
  customerServiceName,
  isInAppChat,
  openCustomerService,
  useSupportUnread,
} from '../../../lib/customerService.ts';
import { HELP_TOPICS } from '../../../lib/helpTopics.ts';
import { useSystemStatus } from '../../../lib/system/index.ts';
import { LanguageSelect } from './LanguageSelect.tsx';
import { socialName } from './socialName.ts';

/** The networks' glyphs are drawn paths: a chunk of their own, so the first page does not wait for the footer's marks. */
const SocialIcon = lazy(() => import('./SocialIcons.tsx').then((m) => ({ default: m.SocialIcon })));

const SOCIAL_TYPE = 'SOCIAL';

const mirrorHref = (domain: string) => (/^https?:\/\//i.test(domain) ? domain : `https://${domain}`);

export interface FooterProps {
  showLanguage: boolean;
  /** Provider logos, fed by the lobby once vendors load (spec §2). */
  providers?: ReactNode;
}

/** Footer (spec §2): game categories, help, social links, providers, customer service, mirrors. */
export function Footer({ showLanguage, providers }: FooterProps) {
  const { t, i18n } = useTranslation();
  const status = useSystemStatus();
  const { whitelabel, customerService, resources } = status;
  const unread = useSupportUnread();
  const social = resources.filter((r) => r.resourceType.toUpperCase() === SOCIAL_TYPE && r.url);

  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <BrandLogo siteName={whitelabel.siteName} logoUrl={whitelabel.logoUrl} size="sm" />
          <p className="site-footer__tagline">{t('hero_subtitle')}</p>
          <p className="site-footer__age">
            <span className="site-footer__age-badge" aria-hidden="true">
              18+
            </span>
            {t('footer_responsible')}
          </p>
          {showLanguage ? <LanguageSelect /> : null}
        </div>

        <nav className="site-footer__col" aria-labelledby="footer-games">
          <h2 id="footer-games" className="site-footer__heading">
            {t('footer_games')}
          </h2>
          <ul className="site-footer__links">
            {GAME_TYPE_ENTRIES.filter((e) => e.path).map((entry) => (
              <li key={entry.type}>
                <Link to={entry.path ?? '/'}>{t(gameTypeLabelKey(entry.type))}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav className="site-footer__col" aria-labelledby="footer-help">
          <h2 id="footer-help" className="site-footer__heading">
            {t('footer_help')}
          </h2>
          <ul className="site-footer__links">
            {HELP_TOPICS.map((topic) => (
              <li key={topic}>
                <Link to={`/help#${topic}`}>{t(`help_${topic}`)}</Link>
              </li>
            ))}
            <li>
              <Link to="/download" data-testid="footer-download">
                {t('footer_download_guides')}
              </Link>
            </li>
            <li>
              <Link to="/mirrors" data-testid="footer-mirrors-page">
                {t('footer_mirrors')}
              </Link>
            </li>
          </ul>
        </nav>

        <div className="site-footer__col site-footer__col--wide">
          {customerService.length > 0 ? (
            <section aria-labelledby="footer-cs">
              <h2 id="footer-cs" className="site-footer__heading">
                {t('footer_cs')}
              </h2>
              <ul className="site-footer__cs">
                {customerService.map((entry, index) => (
                  <li key={`${entry.csType}-${index}`}>
                    <button
                      type="button"
                      className="site-footer__cs-btn"
                      onClick={() => openCustomerService(entry)}
                      data-testid={isInAppChat(entry) ? 'footer-chat' : undefined}
                    >
                      <Icon name="headset" size={16} />
                      {customerServiceName(entry, i18n.language) || t('in_customer_service')}
                      {isInAppChat(entry) ? (
                        <UnreadBadge
                          count={unread}
                          label={t('cs_unread', { count: unread })}
                          testId="footer-chat-unread"
                        />
                      ) : null}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {social.length > 0 ? (
            <section aria-labelledby="footer-social">
              <h2 id="footer-social" className="site-footer__heading">
                {t('footer_social')}
              </h2>
              <ul className="site-footer__social">
                {social.map((item) => (
                  <li key={`${item.key}-${item.url}`}>
                    <a
                      className="site-footer__social-link"
                      href={item.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t('social_link', { site: whitelabel.siteName, network: socialName(item.key) })}
                      data-social={item.key.toUpperCase()}
                    >
                      <Suspense fallback={<span className="site-footer__social-mark" aria-hidden="true" />}>
                        <SocialIcon network={item.key} />
                      </Suspense>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>

      {providers ? (
        <section className="site-footer__providers" aria-label={t('providers_slot')}>
          {providers}
        </section>
      ) : null}

      {whitelabel.mirrorDomains.length > 0 ? (
        <section className="site-footer__mirrors" aria-labelledby="footer-mirrors">
          <h2 id="footer-mirrors" className="site-footer__heading">
            {t('footer_mirrors')}
          </h2>
          <ul className="site-footer__mirror-list">
            {whitelabel.mirrorDomains.map((domain) => (
              <li key={domain}>
                <a href={mirrorHref(domain)} rel="noopener">
                  {domain.replace(/^https?:\/\//i, '')}
                </a>
              </li>
            ))}
            <li>
              <Link to="/mirrors" data-testid="footer-mirrors-all">
                {t('footer_mirrors_all')}
              </Link>
            </li>
          </ul>
        </section>
      ) : null}

      <p className="site-footer__copyright">
        {t('footer_copyright', { year: String(new Date().getFullYear()), site: whitelabel.siteName })}
      </p>
    </footer>
  );
}
