import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BrandLogo, Button, Icon, PageHeader, UnreadBadge } from '../../components/ui/index.ts';
import { isInAppChat, openCustomerService, useSupportUnread } from '../../lib/customerService.ts';
import { useSession } from '../../lib/session/index.ts';
import { useSystemStatus } from '../../lib/system/index.ts';
import { openModal } from '../../lib/ui/index.ts';
import { AgentClock } from './AgentClock.tsx';
import { useConsolidatedFlags } from './api/consolidated.ts';
import { AgentCentreView } from './components/AgentCentreView.tsx';
import { agentMenu, agentPageOf, contractKindOfPage, type AgentMenuEntry, type AgentPage } from './pages.ts';
import './agent.css';

/** Agent centre frame (spec §2): header with clock and account, the menu, the selected report. */
export function AgentHomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { whitelabel, customerService } = useSystemStatus();
  const unread = useSupportUnread();
  const { isLoggedIn, memberInfo } = useSession();
  // The consolidated contract flags decide which salary and dividend pages this agent sees.
  const flags = useConsolidatedFlags();
  const menu = agentMenu(whitelabel.features).filter((e) => {
    const kind = e.kind === 'page' ? contractKindOfPage(e.page) : null;
    return !kind || !flags.data || flags.data.pages[kind];
  });
  const pages = menu.flatMap((e) => (e.kind === 'page' ? [e.page] : []));
  const page = agentPageOf(params.get('page'), pages);
  const pageTitle = (p: AgentPage) => t(`ac_${p}`);
  const account = memberInfo?.nickname || memberInfo?.account || t('guest');

  // Signing out (here or in another tab) leaves the centre for the agent login.
  useEffect(() => {
    if (!isLoggedIn) void navigate('/agent', { replace: true });
  }, [isLoggedIn, navigate]);

  const renderEntry = (entry: AgentMenuEntry) => {
    if (entry.kind === 'page') {
      const active = entry.page === page;
      return (
        <Link
          to={`/agentHome?page=${entry.page}`}
          className={`agent-menu__link${active ? ' agent-menu__link--active' : ''}`}
          aria-current={active ? 'page' : undefined}
          preventScrollReset
        >
          <Icon name={entry.icon} size={18} />
          {pageTitle(entry.page)}
        </Link>
      );
    }
    if (entry.kind === 'link') {
      return (
        <Link to={entry.to} className="agent-menu__link">
          <Icon name={entry.icon} size={18} />
          {t(entry.key)}
        </Link>
      );
    }
    return (
      <button
        type="button"
        className="agent-menu__link"
        onClick={() => openCustomerService(customerService[0])}
        data-testid="agent-menu-cs"
      >
        <Icon name={entry.icon} size={18} />
        {t(entry.key)}
        {isInAppChat(customerService[0]) ? (
          <UnreadBadge count={unread} label={t('cs_unread', { count: unread })} />
        ) : null}
      </button>
    );
  };

  return (
    <div className="agent-shell" data-testid="app-root">
      <header className="agent-header">
        <Link to="/" className="agent-header__brand" aria-label={t('home_link', { site: whitelabel.siteName })}>
          <BrandLogo siteName={whitelabel.siteName} logoUrl={whitelabel.logoUrl} size="sm" />
        </Link>
        <span className="agent-header__tag">{t('agent_centre')}</span>
        <AgentClock timeZone={whitelabel.timezone} />
        <div className="agent-header__account">
          <span className="agent-header__avatar" aria-hidden="true">
            <Icon name="user" size={18} />
          </span>
          <span className="agent-header__name" data-testid="agent-account">
            {account}
          </span>
          <Button
            variant="outline"
            size="sm"
            leadingIcon={<Icon name="logout" size={16} />}
            onClick={() => openModal('confirmLogout', { returnTo: '/agent' })}
            data-testid="agent-logout"
          >
            {t('logout')}
          </Button>
        </div>
      </header>
      <div className="agent-shell__body">
        <nav className="agent-menu" aria-label={t('agent_menu')}>
          <ul className="agent-menu__list">
            {menu.map((entry) => (
              <li key={entry.kind === 'page' ? entry.page : entry.key}>{renderEntry(entry)}</li>
            ))}
          </ul>
        </nav>
        <main id="main" className="agent-shell__main" data-page={page}>
          <PageHeader title={pageTitle(page)} subtitle={t('agent_centre')} icon="chart" />
          <AgentCentreView page={page} />
        </main>
      </div>
    </div>
  );
}
