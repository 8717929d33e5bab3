import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo, Icon } from '../../components/ui/index.ts';
import { useWhitelabel } from '../../lib/system/index.ts';
import './agent.css';

/** /agent (spec §2): the page around the username-type agent login form (composed in src/app). */
export function AgentLoginPage({ form }: { form: ReactNode }) {
  const { t } = useTranslation();
  const { siteName, logoUrl } = useWhitelabel();

  return (
    <div className="agent-login" data-testid="app-root">
      <header className="agent-login__top">
        <Link to="/" className="agent-login__brand" aria-label={t('home_link', { site: siteName })}>
          <BrandLogo siteName={siteName} logoUrl={logoUrl} size="md" />
        </Link>
        <Link to="/" className="agent-login__back">
          <Icon name="arrowLeft" size={16} />
          {t('agent_back_to_site')}
        </Link>
      </header>
      <main id="main" className="agent-login__main">
        <div className="agent-login__card">
          <span className="agent-login__badge" aria-hidden="true">
            <Icon name="users" size={28} />
          </span>
          <h1 className="agent-login__title" data-testid="page-title">
            {t('agent_login_title')}
          </h1>
          <p className="agent-login__intro">{t('agent_login_intro')}</p>
          {form}
        </div>
      </main>
      <footer className="agent-login__footer">
        <p>{t('footer_copyright', { year: String(new Date().getFullYear()), site: siteName })}</p>
      </footer>
    </div>
  );
}
