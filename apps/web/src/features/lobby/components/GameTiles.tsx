import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/ui/index.ts';

/** Skeleton game tiles: artwork square, name and vendor lines (design.md §7 grid). */
export function GameTileSkeletons({ count, variant = 'grid' }: { count: number; variant?: 'grid' | 'wide' }) {
  const { t } = useTranslation();
  return (
    <div className={`game-grid game-grid--${variant}`} aria-busy="true">
      <span className="visually-hidden">{t('section_loading')}</span>
      {Array.from({ length: count }, (_, i) => (
        <div className="game-tile game-tile--skeleton" key={i} aria-hidden="true">
          <Skeleton variant="tile" className={variant === 'wide' ? 'game-tile__art--wide' : undefined} />
          <Skeleton variant="text" width="78%" />
          <Skeleton variant="text" width="46%" height={10} />
        </div>
      ))}
    </div>
  );
}
