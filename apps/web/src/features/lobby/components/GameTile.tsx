import type { GameEntry } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GameArt } from './GameArt.tsx';
import { FavoriteButton } from './FavoriteButton.tsx';

export interface GameTileProps {
  game: GameEntry;
  onStart: (game: GameEntry) => void;
  favorite: boolean;
  onToggleFavorite: (game: GameEntry) => void;
  eager?: boolean;
}

/** A game: artwork, name, vendor, hot/new badge and the favourite heart (design.md §7). */
export function GameTile({ game, onStart, favorite, onToggleFavorite, eager }: GameTileProps) {
  const { t } = useTranslation();
  return (
    <article className="game-tile" data-testid="game-tile" data-game-code={game.gameCode} data-node-id={game.nodeId}>
      <div className="game-tile__frame">
        <button
          type="button"
          className="game-tile__play"
          onClick={() => onStart(game)}
          aria-label={t('lobby_play', { game: game.gameName })}
        >
          {game.showIcon ? (
            <GameArt src={game.iconUrl} name={game.gameName} eager={eager} />
          ) : (
            <GameArt src="" name={game.gameName} />
          )}
          <span className="game-tile__overlay" aria-hidden="true">
            <span className="game-tile__cta">{t('lobby_play_short')}</span>
          </span>
        </button>
        {game.isHot || game.isNew ? (
          <span className={`game-badge game-badge--${game.isHot ? 'hot' : 'new'}`}>
            {t(game.isHot ? 'badge_hot' : 'badge_new')}
          </span>
        ) : null}
        {game.isGame === 'GAME' ? (
          <FavoriteButton game={game} active={favorite} onToggle={() => onToggleFavorite(game)} />
        ) : null}
        {game.isGame === 'GAME' && game.supportPlay === 0 ? (
          // supportPlay 0 (spec §3): a free trial with play money, no login needed.
          <Link className="game-tile__demo" to={`/seamless?gameId=${game.nodeId}&demo=1`} data-testid="game-demo">
            {t('game_play_demo')}
          </Link>
        ) : null}
      </div>
      {/* The name and vendor open the game too, for pointer and touch; keyboards and screen readers
          use the play button above, whose label names the game. */}
      <div className="game-tile__caption" onClick={() => onStart(game)}>
        <p className="game-tile__name" title={game.gameName} data-testid="game-name">
          {game.gameName}
        </p>
        <p className="game-tile__vendor">{game.vendorName}</p>
      </div>
    </article>
  );
}
