import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Icon, buttonClass } from '../../../components/ui/index.ts';
import { useSession } from '../../../lib/session/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { openModal } from '../../../lib/ui/index.ts';
import { JackpotCounter } from './JackpotCounter.tsx';

/**
 * Home hero. The banner carousel (group w_home) takes this place once banners load; until then
 * the brand greets the visitor with the page's heading and the jackpot.
 */
export function HeroBanner({ showJackpot = true }: { showJackpot?: boolean }) {
  const { t } = useTranslation();
  const { siteName } = useWhitelabel();
  const { isLoggedIn, isTrial } = useSession();

  return (
    <div className="hero">
      <div className="hero__art" aria-hidden="true">
        <span className="hero__chip hero__chip--a" />
        <span className="hero__chip hero__chip--b" />
        <span className="hero__chip hero__chip--c" />
        <span className="hero__card">
          <Icon name="crown" size={40} />
        </span>
      </div>
      <div className="hero__content">
        <p className="hero__kicker">{t('hero_kicker', { site: siteName })}</p>
        <h1 className="hero__title" data-testid="page-title">
          {t('hero_title')}
        </h1>
        <p className="hero__subtitle">{t('hero_subtitle')}</p>
        <div className="hero__actions">
          {isLoggedIn && isTrial ? (
            <Button size="lg" onClick={() => openModal('trialAccount')} data-testid="hero-real-account">
              {t('hero_cta_register')}
            </Button>
          ) : isLoggedIn ? (
            <Link to="/member?page=depositv2" className={buttonClass('primary', 'lg')}>
              {t('hero_cta_deposit')}
            </Link>
          ) : (
            <Button size="lg" onClick={() => openModal('register', {})}>
              {t('hero_cta_register')}
            </Button>
          )}
          <a href="#lobby" className={buttonClass('secondary', 'lg')}>
            {t('hero_cta_explore')}
          </a>
        </div>
      </div>
      {showJackpot ? <JackpotCounter /> : null}
    </div>
  );
}
