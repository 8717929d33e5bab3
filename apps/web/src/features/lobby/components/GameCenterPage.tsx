import { useTranslation } from 'react-i18next';
import type { GameType } from '@app/contract';
import { PageHeader, Skeleton } from '../../../components/ui/index.ts';
import { gameTypeEntry, gameTypeLabelKey } from '../../../lib/gameTypes.ts';
import '../games.css';

const VENDOR_SLOTS = 4;

/** Game centre (spec §2: /sports, /esports, /lott, /elott): the providers' lobbies of one type. */
export function GameCenterPage({ gameType }: { gameType: GameType }) {
  const { t } = useTranslation();
  const entry = gameTypeEntry(gameType);
  const label = t(gameTypeLabelKey(gameType));
  return (
    <div className="game-center">
      <PageHeader title={label} icon={entry?.icon ?? 'grid'} subtitle={t('game_center_info')} />
      <section aria-label={t('vendors')} aria-busy="true" className="game-center__grid">
        <span className="visually-hidden">{t('section_loading')}</span>
        {Array.from({ length: VENDOR_SLOTS }, (_, i) => (
          <div key={i} className="vendor-card" aria-hidden="true">
            <Skeleton className="vendor-card__art" />
            <div className="vendor-card__meta">
              <Skeleton variant="text" width="55%" />
              <Skeleton variant="text" width="30%" height={10} />
            </div>
          </div>
        ))}
      </section>
    </div>
  );
}
