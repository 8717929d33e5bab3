import { LOTTERY_FAMILIES, type LotteryGame } from '@app/contract';
import { Link } from 'react-router';
import type { LotteryT } from '../hooks/useLotteryText.ts';
import { gameName } from './names.ts';

/** Every lottery game of the brand, grouped by family; the open one is marked. */
export function GameSwitcher({
  games,
  current,
  t,
  basePath = '/lottery',
}: {
  games: LotteryGame[];
  current: string | null;
  t: LotteryT;
  /** The page the games open on (/lottery, /vnLottery). */
  basePath?: string;
}) {
  // Families in their catalogue order (SSC first; Vietnam North, Central, South), official draws first.
  const families = [...new Set(games.map((g) => g.family))].sort(
    (a, b) => LOTTERY_FAMILIES.indexOf(a) - LOTTERY_FAMILIES.indexOf(b),
  );
  const ordered = [...games].sort((a, b) => Number(b.official) - Number(a.official));
  return (
    <nav className="lt-switcher" aria-label={t('lt_games')} data-testid="lt-switcher">
      {families.map((family) => (
        <div key={family} className="lt-switcher__family">
          <span className="lt-switcher__label">{t(`lt_family_${family}`)}</span>
          <ul className="lt-switcher__games">
            {ordered
              .filter((g) => g.family === family)
              .map((g) => (
                <li key={g.gameCode}>
                  <Link
                    to={`${basePath}?gameCode=${encodeURIComponent(g.gameCode)}`}
                    className={`lt-chip${g.gameCode === current ? ' lt-chip--on' : ''}`}
                    aria-current={g.gameCode === current ? 'page' : undefined}
                    data-testid="lt-switch-game"
                    data-game={g.gameCode}
                  >
                    {gameName(t, g)}
                  </Link>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
