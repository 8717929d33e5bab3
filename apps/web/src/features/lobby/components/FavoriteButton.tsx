import type { GameEntry } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/index.ts';

export interface FavoriteButtonProps {
  game: Pick<GameEntry, 'nodeId' | 'vassalage' | 'gameType' | 'gameName'>;
  active: boolean;
  onToggle: () => void;
}

/** The heart on a tile: adds or removes the favourite (logged out it asks for a login). */
export function FavoriteButton({ game, active, onToggle }: FavoriteButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`fav-btn${active ? ' fav-btn--active' : ''}`}
      aria-pressed={active}
      aria-label={t(active ? 'lobby_fav_remove' : 'lobby_fav_add', { game: game.gameName })}
      data-testid="favorite-toggle"
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
    >
      <Icon name="heart" size={16} />
    </button>
  );
}
