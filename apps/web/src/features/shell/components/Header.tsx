import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatch } from 'react-router';
import { BrandLogo, Button, Icon } from '../../../components/ui/index.ts';
import { useSession } from '../../../lib/session/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { openModal, preloadModal } from '../../../lib/ui/index.ts';
import { GatedLink } from './GatedLink.tsx';
import { HeaderSearch } from './HeaderSearch.tsx';
import { MemberInfo, type MemberInfoProps } from './MemberInfo.tsx';

export interface HeaderProps {
  isDesktop: boolean;
  onOpenMenu: () => void;
  /** The menu button that opens the side-menu drawer: phones, and desktop pages with a menu of their own. */
  showMenuButton?: boolean;
  /** A second row on desktop (game categories), from the frame slots. */
  nav?: ReactNode;
  /** Extra buttons beside login/register or the member info. */
  actions?: ReactNode;
  /** The balance the member info shows (a hook from the wallet feature, composed in src/app). */
  useMemberBalance?: () => MemberBalance;
  /** First entries of the member menu (the points chip), from the frame slots. */
  memberMenu?: ReactNode;
}

export type MemberBalance = Pick<MemberInfoProps, 'balance' | 'onRefreshBalance' | 'refreshing'>;
const useNoBalance = (): MemberBalance => ({});

/** Sticky header (design.md §7): logo, search, deposit/withdraw/agent, login/register or member. */
export function Header({
  isDesktop,
  onOpenMenu,
  showMenuButton = !isDesktop,
  nav,
  actions,
  useMemberBalance = useNoBalance,
  memberMenu,
}: HeaderProps) {
  const { t } = useTranslation();
  const { siteName, logoUrl } = useWhitelabel();
  const { isLoggedIn, isTrial, withdrawOnly } = useSession();
  const balance = useMemberBalance();
  // The game page hides the balance (spec §2): the game shows its own.
  const onGamePage = useMatch('/seamless') !== null;

  return (
    <header className="site-header">
      <div className="site-header__inner">
        {showMenuButton ? (
          <button type="button" className="site-header__menu-btn" onClick={onOpenMenu} aria-label={t('nav_open_menu')}>
            <Icon name="menu" size={22} />
          </button>
        ) : null}
        <Link to="/" className="site-header__logo" aria-label={t('home_link', { site: siteName })}>
          <BrandLogo siteName={siteName} logoUrl={logoUrl} size={isDesktop ? 'md' : 'sm'} />
        </Link>
        {isDesktop ? (
          <>
            <HeaderSearch />
            <nav className="site-header__nav" aria-label={t('nav_main')}>
              {isTrial ? null : (
                <>
                  {withdrawOnly ? null : (
                    <GatedLink className="site-header__nav-link" to="/member?page=depositv2">
                      <Icon name="wallet" size={18} />
                      {t('nav_deposit')}
                    </GatedLink>
                  )}
                  <GatedLink className="site-header__nav-link" to="/member?page=withdraw">
                    <Icon name="download" size={18} />
                    {t('nav_withdraw')}
                  </GatedLink>
                </>
              )}
              <Link className="site-header__nav-link" to="/agent">
                <Icon name="users" size={18} />
                {t('nav_agent')}
              </Link>
            </nav>
          </>
        ) : null}
        <div className="site-header__actions">
          {actions}
          {isLoggedIn ? (
            <MemberInfo {...balance} hideBalance={onGamePage} menuItems={memberMenu} />
          ) : (
            <>
              <Button
                variant="outline"
                size="sm"
                onClick={() => openModal('login', {})}
                onPointerEnter={() => preloadModal('login')}
                onFocus={() => preloadModal('login')}
                data-testid="login-button"
              >
                {t('login')}
              </Button>
              <Button
                size="sm"
                onClick={() => openModal('register', {})}
                onPointerEnter={() => preloadModal('register')}
                onFocus={() => preloadModal('register')}
                data-testid="register-button"
              >
                {t('register')}
              </Button>
            </>
          )}
        </div>
      </div>
      {isDesktop && nav ? <div className="site-header__categories">{nav}</div> : null}
    </header>
  );
}
