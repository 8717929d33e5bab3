import type { GameEntry } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState, type IconName } from '../../../components/ui/index.ts';
import { useFavoriteToggle } from '../hooks/useFavoriteToggle.ts';
import { startGame } from '../startGame.ts';
import { GameTileSkeletons } from './GameTiles.tsx';
import { GameTile } from './GameTile.tsx';

export interface GameGridProps {
  games: readonly GameEntry[] | undefined;
  loading: boolean;
  /** Skeletons while loading. */
  skeletons: number;
  /** Sideways-scrolling row on phones (home shelves). */
  row?: boolean;
  emptyIcon?: IconName;
  emptyText?: string;
  /** The first tiles' images load at once (above the fold). */
  eagerCount?: number;
  testId?: string;
}

/** Tiles in a grid: 3 across on phones, up to 7 on wide screens; skeletons while loading. */
export function GameGrid({
  games,
  loading,
  skeletons,
  row,
  emptyIcon = 'grid',
  emptyText,
  eagerCount = 0,
  testId,
}: GameGridProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isFavorite, toggle } = useFavoriteToggle();
  if (loading && !games?.length) return <GameTileSkeletons count={skeletons} />;
  if (!games?.length) {
    return <EmptyState icon={emptyIcon} title={t('in_no_data')} description={emptyText} />;
  }
  return (
    <div className={`game-grid${row ? ' game-grid--row' : ''}`} data-testid={testId} aria-busy={loading || undefined}>
      {games.map((game, i) => (
        <GameTile
          key={game.nodeId}
          game={game}
          eager={i < eagerCount}
          favorite={isFavorite(game.nodeId)}
          onStart={(g) => startGame(g, (to) => void navigate(to))}
          onToggleFavorite={(g) => void toggle(g)}
        />
      ))}
    </div>
  );
}
