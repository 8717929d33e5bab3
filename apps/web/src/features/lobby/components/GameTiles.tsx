import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, Skeleton } from '../../../components/ui/index.ts';

/** Skeleton game tiles: artwork square, name and vendor lines (design.md §7 grid). */
export interface GameTileSkeletonsProps {
  count: number;
  variant?: 'grid' | 'wide';
  /** One sideways-scrolling row on phones (home shelves). */
  row?: boolean;
  /** Ends the shelf with a "see all" tile to the type's page. */
  moreTo?: string | null | undefined;
  moreLabel?: string;
}

export function GameTileSkeletons({ count, variant = 'grid', row = false, moreTo, moreLabel }: GameTileSkeletonsProps) {
  const { t } = useTranslation();
  return (
    <div className={`game-grid game-grid--${variant}${row ? ' game-grid--row' : ''}`} aria-busy="true">
      <span className="visually-hidden">{t('section_loading')}</span>
      {Array.from({ length: count }, (_, i) => (
        <div className="game-tile game-tile--skeleton" key={i} aria-hidden="true">
          <Skeleton variant="tile" className={variant === 'wide' ? 'game-tile__art--wide' : undefined} />
          <Skeleton variant="text" width="78%" />
          <Skeleton variant="text" width="46%" height={10} />
        </div>
      ))}
      {moreTo ? (
        <Link to={moreTo} className="game-tile game-tile--more" aria-label={moreLabel}>
          <span className="game-tile__more-icon" aria-hidden="true">
            <Icon name="chevronRight" size={20} />
          </span>
          <span aria-hidden="true">{t('see_all')}</span>
        </Link>
      ) : null}
    </div>
  );
}
