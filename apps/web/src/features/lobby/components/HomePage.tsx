import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AfterFirstPaint, TabPanel } from '../../../components/ui/index.ts';
import { gameTypeEntry, LOBBY_MENU, type LobbyMenuKey } from '../../../lib/gameTypes.ts';
import { queryClient } from '../../../lib/api/index.ts';
import { getSession, useSession } from '../../../lib/session/index.ts';
import { DEFAULT_LANGUAGE, storedLanguage, toContractLanguage } from '../../../i18n/index.ts';
import { openModal, uiStore } from '../../../lib/ui/index.ts';
import {
  HOME_ANNOUNCEMENT_EXTRA,
  HOME_ANNOUNCEMENT_TYPES,
  prefetchHomeAnnouncements,
  useAnnouncements,
} from '../api/announcements.ts';
import { isPopupDismissed } from '../hooks/popupDismissal.ts';
import { BannerCarousel } from './BannerCarousel.tsx';
import { CategoryPanel } from './CategoryPanel.tsx';
import { GameCategoryMenu, LOBBY_PANEL_PREFIX } from './GameCategoryMenu.tsx';
import { HeroBanner } from './HeroBanner.tsx';
import { HomeSections } from './HomeSections.tsx';
import { JackpotCounter } from './JackpotCounter.tsx';
import { LobbySearch } from './LobbySearch.tsx';
import { NoticeMarquee } from './NoticeMarquee.tsx';
import { WinnerBoard } from './WinnerBoard.tsx';
import '../lobby.css';
import '../games.css';
import '../lobby-home.css';

// The home page is the first screen of most visits: ask for its banners before the app renders.
if (
  typeof window !== 'undefined' &&
  /^\/(|home|index(\.html)?|help|register)$/.test(window.location.pathname) &&
  !getSession().token
) {
  void prefetchHomeAnnouncements(queryClient, toContractLanguage(storedLanguage() ?? DEFAULT_LANGUAGE));
}

const isMenuKey = (value: string | null): value is LobbyMenuKey =>
  value !== null && (LOBBY_MENU as readonly string[]).includes(value);

/**
 * Opens the public announcement popup once per session and audience (spec §4). A member sees it
 * at once after logging in. A visitor's first page shows it once the lobby around it has rendered
 * and the browser is idle (at most a second later), so the page comes up first.
 */
const useAnnouncementPopup = (hasPopup: boolean, isMember: boolean) => {
  useEffect(() => {
    const audience = isMember ? 'member' : 'anonymous';
    if (!hasPopup || isPopupDismissed(audience)) return;
    const open = () => {
      if (!isPopupDismissed(audience) && !uiStore.get().modal) openModal('announcements', { audience });
    };
    if (isMember || typeof window.requestIdleCallback !== 'function') {
      open();
      return;
    }
    const id = window.requestIdleCallback(open, { timeout: 1000 });
    return () => window.cancelIdleCallback(id);
  }, [hasPopup, isMember]);
};

/**
 * The lobby home (spec §2): banners, notice marquee, jackpot, game menu, search, winners board
 * (HOME only) and the shelves. The current game type lives in the URL: `?type=` (HOME when
 * absent), and a search `?q=` makes it SEARCH; clearing the search goes back to HOME.
 */
export function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isLoggedIn, isTrial } = useSession();
  const [params, setParams] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';
  const typeParam = params.get('type');
  const menu: LobbyMenuKey = isMenuKey(typeParam) ? typeParam : 'HOME';
  const current = query ? 'SEARCH' : menu;
  const { data: content, isSuccess: contentLoaded } = useAnnouncements(
    HOME_ANNOUNCEMENT_TYPES,
    HOME_ANNOUNCEMENT_EXTRA,
  );
  useAnnouncementPopup(Boolean(content?.popup.length), isLoggedIn && !isTrial);

  const choose = (key: LobbyMenuKey) => {
    const entry = gameTypeEntry(key as 'RNG');
    if (entry?.path) {
      void navigate(entry.path);
      return;
    }
    const next = new URLSearchParams(params);
    next.delete('q');
    if (key === 'HOME') next.delete('type');
    else next.set('type', key);
    setParams(next, { preventScrollReset: true });
  };

  const search = (text: string) => {
    const next = new URLSearchParams(params);
    if (text) {
      next.set('q', text);
      next.delete('type');
    } else next.delete('q');
    setParams(next, { replace: true, preventScrollReset: true });
  };

  const marquee = [...(content?.headlines ?? []), ...(content?.notices ?? [])].map((a) => a.title);

  return (
    <div className="home" data-testid="home-page">
      <h1 className="visually-hidden" data-testid="page-title">
        {t('hero_title')}
      </h1>
      {content?.banners.length ? (
        <BannerCarousel banners={content.banners} />
      ) : contentLoaded ? (
        // No banners configured: the brand's hero greets the visitor instead.
        <HeroBanner showJackpot={false} />
      ) : (
        // The banners' place is kept while they load, so nothing below moves when they arrive.
        <div className="banner-carousel banner-carousel--loading" aria-hidden="true">
          <div className="banner-carousel__placeholders">
            {[0, 1, 2].map((i) => (
              <div key={i} className="banner-card banner-card--placeholder" />
            ))}
          </div>
        </div>
      )}
      <NoticeMarquee lines={marquee} />
      <JackpotCounter />
      <div id="lobby" className="home__lobby">
        <div className="home__menu-row">
          <GameCategoryMenu value={current === 'SEARCH' ? 'HOME' : menu} onChange={choose} />
          <LobbySearch value={query} onSearch={search} />
        </div>
        <div className="home__body" data-current-game-type={current}>
          <TabPanel idPrefix={LOBBY_PANEL_PREFIX} id={current === 'SEARCH' ? 'HOME' : menu}>
            {current === 'HOME' ? (
              <AfterFirstPaint placeholder={<div className="shelf-placeholder" aria-hidden="true" />}>
                <HomeSections />
              </AfterFirstPaint>
            ) : (
              <CategoryPanel key={`${current}:${query}`} kind={current} query={query} />
            )}
          </TabPanel>
          {current === 'HOME' ? (
            <AfterFirstPaint>
              <WinnerBoard />
            </AfterFirstPaint>
          ) : null}
        </div>
      </div>
    </div>
  );
}
