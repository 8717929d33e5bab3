import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Icon, type IconName } from '../../../components/ui/index.ts';
import { useSession } from '../../../lib/session/index.ts';
import { GatedLink } from './GatedLink.tsx';

interface Tab {
  key: string;
  label: string;
  icon: IconName;
  to: string;
  needsLogin: boolean;
  active: boolean;
}

/** Phone navigation (design.md §7): home, promotions, deposit, member (no deposit for a trial account). */
export function BottomTabBar() {
  const { t } = useTranslation();
  const { isTrial } = useSession();
  const { pathname, search } = useLocation();
  const page = new URLSearchParams(search).get('page');

  const allTabs: Tab[] = [
    { key: 'home', label: t('nav_home'), icon: 'home', to: '/', needsLogin: false, active: pathname === '/' },
    {
      key: 'promotions',
      label: t('nav_promotions'),
      icon: 'gift',
      to: '/promotions',
      needsLogin: false,
      active: pathname === '/promotions',
    },
    {
      key: 'deposit',
      label: t('nav_deposit'),
      icon: 'wallet',
      to: '/member?page=depositv2',
      needsLogin: true,
      active: pathname === '/member' && page === 'depositv2',
    },
    {
      key: 'member',
      label: t('nav_member'),
      icon: 'user',
      to: '/member',
      needsLogin: true,
      active: pathname === '/member' && page !== 'depositv2',
    },
  ];
  const tabs = isTrial ? allTabs.filter((tab) => tab.key !== 'deposit') : allTabs;

  return (
    <nav className="tab-bar" aria-label={t('nav_tabbar')}>
      <ul className="tab-bar__list">
        {tabs.map((tab) => {
          const TabLink = tab.needsLogin ? GatedLink : Link;
          return (
            <li key={tab.key} className="tab-bar__item">
              <TabLink
                to={tab.to}
                className={`tab-bar__link${tab.active ? ' tab-bar__link--active' : ''}${tab.key === 'deposit' ? ' tab-bar__link--cta' : ''}`}
                aria-current={tab.active ? 'page' : undefined}
              >
                <span className="tab-bar__icon">
                  <Icon name={tab.icon} size={22} />
                </span>
                <span className="tab-bar__label">{tab.label}</span>
              </TabLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
