import type { GameType } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { gameTypeEntry, gameTypeLabelKey } from '../../../lib/gameTypes.ts';
import { useSession } from '../../../lib/session/index.ts';
import { useFavoriteIds } from '../api/favoriteIds.ts';
import { useFavoriteList } from '../api/favoriteList.ts';
import { useGameList } from '../api/gameList.ts';
import { useHotGames } from '../api/hotGames.ts';
import { useRecentGames } from '../api/recentGames.ts';
import { GameGrid } from './GameGrid.tsx';
import { GameSection } from './GameSection.tsx';
import { LazySection } from './LazySection.tsx';

/** Spec §9 home caps: recent 15, hot 12, favourites loaded with page size 999, 5 per game type. */
export const HOME_CAPS = { recent: 15, hot: 12, favorites: 999, perType: 5 } as const;

/** Casino, live, fish, PvP, in-house, sports, esports and cockfight (spec §2 home shelves). */
export const HOME_TYPES: readonly GameType[] = ['RNG', 'LIVE', 'FISH', 'PVP', 'BGS', 'SPORTS', 'ESPORTS', 'COCKFIGHT'];

function RecentShelf() {
  const { t } = useTranslation();
  const { data } = useRecentGames({ page: 1, pageSize: HOME_CAPS.recent });
  // Spec §2: only for a member with items.
  if (!data?.list.length) return null;
  return (
    <GameSection id="recent" title={t('game_RECENT')} icon="clock" to="/recent">
      <GameGrid games={data.list} loading={false} skeletons={HOME_CAPS.recent} row testId="section-recent-games" />
    </GameSection>
  );
}

function HotShelf() {
  const { t } = useTranslation();
  const { data, isLoading } = useHotGames();
  return (
    <GameSection id="hot" title={t('game_HOT')} icon="flame" to="/?type=HOT">
      <GameGrid
        games={data?.list.slice(0, HOME_CAPS.hot)}
        loading={isLoading}
        skeletons={HOME_CAPS.hot}
        eagerCount={6}
        testId="section-hot-games"
      />
    </GameSection>
  );
}

function FavoriteShelf() {
  const { t } = useTranslation();
  const { data, isLoading } = useFavoriteList({ pageNo: 1, pageSize: HOME_CAPS.favorites });
  const ids = useFavoriteIds();
  // A heart taken off shows at once: the list follows the (optimistic) id list.
  const games = data?.content.filter((g) => !ids.data || ids.data.includes(g.nodeId));
  return (
    <GameSection id="fav" title={t('game_FAV')} icon="heart" to="/favorite">
      <GameGrid
        games={games}
        loading={isLoading}
        skeletons={HOME_CAPS.perType}
        row
        emptyIcon="heart"
        emptyText={t('favorites_empty')}
        testId="section-fav-games"
      />
    </GameSection>
  );
}

function TypeShelf({ gameType }: { gameType: GameType }) {
  const { t } = useTranslation();
  const { data, isLoading } = useGameList({ gameType, pageNo: 1, pageSize: HOME_CAPS.perType });
  const entry = gameTypeEntry(gameType);
  return (
    <GameSection
      id={gameType.toLowerCase()}
      title={t(gameTypeLabelKey(gameType))}
      icon={entry?.icon ?? 'grid'}
      to={entry?.path ?? `/?type=${gameType}`}
    >
      <GameGrid
        games={data?.games}
        loading={isLoading}
        skeletons={HOME_CAPS.perType}
        row
        testId={`section-${gameType.toLowerCase()}-games`}
      />
    </GameSection>
  );
}

/** The HOME view's shelves, in spec §2 order; shelves below the fold load as they come into view. */
export function HomeSections() {
  const { isLoggedIn } = useSession();
  return (
    <div className="home__shelves" data-testid="home-sections">
      {isLoggedIn ? <RecentShelf /> : null}
      <HotShelf />
      {isLoggedIn ? <FavoriteShelf /> : null}
      {HOME_TYPES.map((type) => (
        <LazySection key={type} placeholder={<div className="shelf-placeholder" aria-hidden="true" />}>
          <TypeShelf gameType={type} />
        </LazySection>
      ))}
    </div>
  );
}
