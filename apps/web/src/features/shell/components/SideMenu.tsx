import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../components/ui/index.ts';
import { useSession } from '../../../lib/session/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { openModal } from '../../../lib/ui/index.ts';
import { AppDownload } from './AppDownload.tsx';
import { LanguageSelect } from './LanguageSelect.tsx';

interface MenuLink {
  key: string;
  label: string;
  icon: IconName;
  to?: string;
  onClick?: () => void;
}

/**
 * Spec §2 side menu: home, VIP (when enabled), invite (logged out, or referral promo on), bet
 * history, promotions, app download with QR codes, language select.
 */
export function SideMenu({
  onNavigate,
  showLanguage,
  extra,
}: {
  onNavigate?: () => void;
  showLanguage: boolean;
  /** Blocks from other features (promotions), composed by the app frame. */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const { features } = useWhitelabel();
  const { isLoggedIn } = useSession();
  const location = useLocation();
  const isCurrent = (to: string) => {
    const url = new URL(to, window.location.origin);
    return (
      url.pathname === location.pathname &&
      (url.search === '' || url.search === location.search) &&
      (!url.hash || url.hash === location.hash)
    );
  };

  const links: MenuLink[] = [
    { key: 'home', label: t('nav_home'), icon: 'home', to: '/' },
    ...(features.vip ? [{ key: 'vip', label: t('nav_vip'), icon: 'crown' as const, to: '/vip' }] : []),
    ...(!isLoggedIn || features.referral
      ? [
          isLoggedIn
            ? { key: 'invite', label: t('nav_invite'), icon: 'users' as const, to: '/member?page=referral' }
            : {
                key: 'invite',
                label: t('nav_invite'),
                icon: 'users' as const,
                onClick: () => openModal('register', {}),
              },
        ]
      : []),
    { key: 'bets', label: t('nav_bet_history'), icon: 'receipt', to: '/member?page=personalHistoryCopy' },
    { key: 'promotions', label: t('nav_promotions'), icon: 'gift', to: '/promotions' },
    { key: 'points', label: t('nav_points_mall'), icon: 'star', to: '/pointMall' },
    { key: 'help', label: t('nav_help'), icon: 'info', to: '/help' },
    { key: 'mirrors', label: t('nav_mirrors'), icon: 'globe', to: '/mirrors' },
  ];

  return (
    <div className="side-menu">
      <nav aria-label={t('nav_side')}>
        <ul className="side-menu__list">
          {links.map((link) => (
            <li key={link.key}>
              {link.to ? (
                <Link
                  to={link.to}
                  className={`side-menu__link${isCurrent(link.to) ? ' side-menu__link--active' : ''}`}
                  aria-current={isCurrent(link.to) ? 'page' : undefined}
                  onClick={onNavigate}
                >
                  <span className="side-menu__icon">
                    <Icon name={link.icon} size={18} />
                  </span>
                  {link.label}
                </Link>
              ) : (
                <button
                  type="button"
                  className="side-menu__link"
                  onClick={() => {
                    onNavigate?.();
                    link.onClick?.();
                  }}
                >
                  <span className="side-menu__icon">
                    <Icon name={link.icon} size={18} />
                  </span>
                  {link.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      </nav>
      {extra}
      <AppDownload />
      {showLanguage ? (
        <div className="side-menu__language">
          <LanguageSelect />
        </div>
      ) : null}
    </div>
  );
}
