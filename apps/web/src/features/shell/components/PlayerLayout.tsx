import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { AfterFirstPaint, Modal } from '../../../components/ui/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { useIsDesktop } from '../../../lib/useMediaQuery.ts';
import { BottomTabBar } from './BottomTabBar.tsx';
import { Footer } from './Footer.tsx';
import { Header, type MemberBalance } from './Header.tsx';
import { SideMenu } from './SideMenu.tsx';
import { WithdrawOnly } from './WithdrawOnly.tsx';
import '../shell.css';
import '../member-info.css';
import '../side-menu.css';
import '../tab-bar.css';
import '../footer.css';

/**
 * The player site's frame (design.md §7): sticky header, side menu on desktop (a drawer on
 * phones), the page, the footer and the phone tab bar. The language select appears exactly once:
 * in the side menu on desktop, in the footer on phones. The member centre brings its own menu, so
 * on its pages the site's side menu stays in the drawer behind the header's menu button and the
 * language select moves to the footer: one side menu beside the content, never two.
 */
/** What other features put in the frame (composed in src/app, so features do not import each other). */
export interface FrameSlots {
  /** Under the header on desktop: the game categories. */
  headerNav?: ReactNode;
  /** Next to login/register or the member info. */
  headerActions?: ReactNode;
  /** In the side menu, after its links. */
  sideMenu?: (onNavigate?: () => void) => ReactNode;
  /** Provider logos in the footer. */
  footerProviders?: ReactNode;
  /** The member's balance for the header (the wallet's hook). */
  useMemberBalance?: () => MemberBalance;
  /** First entries of the member menu (the points chip). */
  memberMenu?: ReactNode;
}

export function PlayerLayout({ children, slots = {} }: { children?: ReactNode; slots?: FrameSlots }) {
  const { t } = useTranslation();
  const { siteName } = useWhitelabel();
  const isDesktop = useIsDesktop();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const ownMenu = useLocation().pathname.startsWith('/member');
  const sideBeside = isDesktop && !ownMenu;

  return (
    <div className="player-shell" data-testid="app-root">
      <a href="#main" className="skip-link">
        {t('skip_to_content')}
      </a>
      <Header
        isDesktop={isDesktop}
        onOpenMenu={() => setDrawerOpen(true)}
        showMenuButton={!sideBeside}
        nav={slots.headerNav}
        actions={slots.headerActions}
        useMemberBalance={slots.useMemberBalance}
        memberMenu={slots.memberMenu}
      />
      <div className="player-shell__body">
        {sideBeside ? (
          <aside className="player-shell__side">
            <SideMenu showLanguage extra={slots.sideMenu?.()} />
          </aside>
        ) : (
          <Modal
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            title={siteName}
            hideTitle
            variant="drawer"
            testId="side-drawer"
          >
            <SideMenu
              showLanguage={false}
              onNavigate={() => setDrawerOpen(false)}
              extra={slots.sideMenu?.(() => setDrawerOpen(false))}
            />
          </Modal>
        )}
        <div className="player-shell__content">
          <main id="main" className="player-shell__main" tabIndex={-1}>
            <WithdrawOnly>{children ?? <Outlet />}</WithdrawOnly>
          </main>
          <AfterFirstPaint>
            <Footer showLanguage={!sideBeside} providers={slots.footerProviders} />
          </AfterFirstPaint>
        </div>
      </div>
      {isDesktop ? null : <BottomTabBar />}
    </div>
  );
}
