import type { GameType } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/index.ts';
import { gameTypeEntry, gameTypeLabelKey } from '../../../lib/gameTypes.ts';
import { GameListView } from './GameListView.tsx';
import '../games.css';
import '../lobby-home.css';

/** /live, /fish, /rng, /pvp, /bgs: one game type's list (spec §2 "Game list view"). */
export function GameListPage({ gameType }: { gameType: GameType }) {
  const { t } = useTranslation();
  const entry = gameTypeEntry(gameType);
  const typeLabel = t(gameTypeLabelKey(gameType));
  return (
    <div className="game-list-page">
      <PageHeader title={typeLabel} icon={entry?.icon ?? 'grid'} subtitle={t('game_list_title', { type: typeLabel })} />
      <GameListView gameType={gameType} />
    </div>
  );
}
