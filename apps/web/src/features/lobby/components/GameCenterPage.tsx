import type { GameType } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader, Skeleton } from '../../../components/ui/index.ts';
import { gameTypeEntry, gameTypeLabelKey } from '../../../lib/gameTypes.ts';
import { useVendorsOf } from '../api/vendors.ts';
import { chooseVendor } from '../startGame.ts';
import { GameListView } from './GameListView.tsx';
import '../games.css';
import '../lobby-home.css';

/**
 * Game centre (spec §2: /sports, /esports, /lott, /elott): the type's providers as cards (a card
 * opens the provider's games), then the game list view of the type.
 */
export function GameCenterPage({ gameType }: { gameType: GameType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const entry = gameTypeEntry(gameType);
  const label = t(gameTypeLabelKey(gameType));
  const vendors = useVendorsOf(gameType);
  return (
    <div className="game-center">
      <PageHeader title={label} icon={entry?.icon ?? 'grid'} subtitle={t('game_center_info')} />
      <section aria-label={t('vendors')} className="game-center__grid" data-testid="vendor-cards">
        {vendors.data
          ? vendors.data.map((v) => (
              <button
                key={v.vassalage}
                type="button"
                className="vendor-card"
                onClick={() => chooseVendor(v, (to) => void navigate(to))}
              >
                <img className="vendor-card__art" src={v.lagerIcon} alt="" width={320} height={120} loading="lazy" />
                <span className="vendor-card__meta">
                  <strong>{v.displayName}</strong>
                  <span className="vendor-card__count">{t('game_count', { count: v.gameCount })}</span>
                </span>
              </button>
            ))
          : Array.from({ length: 3 }, (_, i) => (
              <div key={i} className="vendor-card" aria-hidden="true">
                <Skeleton className="vendor-card__art" />
              </div>
            ))}
      </section>
      <GameListView gameType={gameType} />
    </div>
  );
}
