import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TabPanel } from '../../../components/ui/index.ts';
import {
  GAME_TYPE_ENTRIES,
  LOBBY_MENU,
  LOBBY_MENU_ICONS,
  gameTypeEntry,
  gameTypeLabelKey,
  type LobbyMenuKey,
} from '../../../lib/gameTypes.ts';
import { useSession } from '../../../lib/session/index.ts';
import type { GameType } from '@app/contract';
import { HOME_LIMITS as LIMITS } from '../../../lib/contractConstants.ts';
import { GameCategoryMenu, LOBBY_PANEL_PREFIX } from './GameCategoryMenu.tsx';
import { GameSection } from './GameSection.tsx';
import { GameTileSkeletons } from './GameTiles.tsx';
import { HeroBanner } from './HeroBanner.tsx';
import { NoticeBar } from './NoticeBar.tsx';
import '../lobby.css';
import '../games.css';

const isMenuKey = (value: string | null): value is LobbyMenuKey =>
  value !== null && (LOBBY_MENU as readonly string[]).includes(value);

/** Home shelves in spec §2 order; each vendor type capped at 5, hot at 12. */
function HomeShelves() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  return (
    <>
      <GameSection id="hot" title={t('game_HOT')} icon="flame" to="/?type=HOT">
        <GameTileSkeletons count={LIMITS.homeHot} />
      </GameSection>
      {isLoggedIn ? (
        <GameSection id="fav" title={t('game_FAV')} icon="heart" to="/favorite">
          <GameTileSkeletons count={LIMITS.homePerType} row />
        </GameSection>
      ) : null}
      {GAME_TYPE_ENTRIES.filter((e) => e.type !== 'LOTT' && e.type !== 'ELOTT').map((entry) => (
        <GameSection
          key={entry.type}
          id={entry.type.toLowerCase()}
          title={t(gameTypeLabelKey(entry.type))}
          icon={entry.icon}
          to={entry.path}
        >
          <GameTileSkeletons
            count={LIMITS.homePerType}
            variant={entry.view === 'center' ? 'wide' : 'grid'}
            row
            moreTo={entry.path}
            moreLabel={`${t('see_all')}: ${t(gameTypeLabelKey(entry.type))}`}
          />
        </GameSection>
      ))}
    </>
  );
}

function CategoryShelf({ category, query }: { category: LobbyMenuKey | 'SEARCH'; query: string }) {
  const { t } = useTranslation();
  const entry = category === 'SEARCH' ? undefined : gameTypeEntry(category as GameType);
  const title = category === 'SEARCH' ? t('search_results_for', { query }) : t(gameTypeLabelKey(category));
  return (
    <GameSection
      id={category.toLowerCase()}
      title={title}
      icon={category === 'SEARCH' ? 'search' : LOBBY_MENU_ICONS[category]}
      to={entry?.path}
    >
      <GameTileSkeletons count={LIMITS.gameListPageSize} />
    </GameSection>
  );
}

/**
 * The lobby home (spec §2): hero, notices, game menu and shelves. The current menu entry lives
 * in `?type=` (HOME by default); a header search sets `?q=` and shows SEARCH results.
 */
export function HomePage() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';
  const typeParam = params.get('type');
  const category: LobbyMenuKey = isMenuKey(typeParam) ? typeParam : 'HOME';

  const choose = (key: LobbyMenuKey) => {
    const next = new URLSearchParams(params);
    next.delete('q');
    if (key === 'HOME') next.delete('type');
    else next.set('type', key);
    setParams(next, { preventScrollReset: true });
  };

  return (
    <div className="home">
      <HeroBanner />
      <NoticeBar />
      <div id="lobby" className="home__lobby">
        <GameCategoryMenu value={category} onChange={choose} />
        <TabPanel idPrefix={LOBBY_PANEL_PREFIX} id={category}>
          <div className="home__shelves">
            {query ? (
              <CategoryShelf category="SEARCH" query={query} />
            ) : category === 'HOME' ? (
              <HomeShelves />
            ) : (
              <CategoryShelf category={category} query="" />
            )}
          </div>
        </TabPanel>
      </div>
    </div>
  );
}
