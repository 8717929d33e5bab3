import { LOTTERY_FAMILIES } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState, PageHeader, Skeleton } from '../../components/ui/index.ts';
import { useLotteryGames } from './api/lottery.ts';
import { GameSwitcher } from './components/GameSwitcher.tsx';
import { LotteryGame } from './components/LotteryGame.tsx';
import { VnLobby } from './components/VnLobby.tsx';
import { useLotteryText } from './hooks/useLotteryText.ts';
import './lottery.css';

export type LotteryArea = 'lottery' | 'sea' | 'vn';

const BASE_PATH: Record<LotteryArea, string> = { lottery: '/lottery', vn: '/vnLottery', sea: '/seaLottery' };
const TITLE = { lottery: 'lottery_title', vn: 'lottery_vn_title', sea: 'lottery_sea_title' } as const;

/**
 * Lottery pages (spec §2): /lottery, /seaLottery, /vnLottery and the game paths /lottert,
 * /sealottery, /vnlottery. `gameCode` picks the game; all of them need a session.
 *
 * The house lottery, the Vietnamese and the South-East Asian lotteries (issue 18, decisions 063,
 * 068 and 072): the game switcher of the page's games, and the game the lobby opened (`gameCode`)
 * with its period, board, trends or sheets, verification, bets and rules; /vnLottery without a game
 * is the regions' lobby, /seaLottery without one opens its first game (Thailand's).
 */
export function LotteryPage({ area }: { area: LotteryArea }) {
  const { t: appT } = useTranslation();
  const { t, ready } = useLotteryText();
  const [params] = useSearchParams();
  const games = useLotteryGames();
  const list = (games.data?.list ?? [])
    .filter((g) => g.area === area)
    .sort((a, b) => LOTTERY_FAMILIES.indexOf(a.family) - LOTTERY_FAMILIES.indexOf(b.family));
  const gameCode = params.get('gameCode')?.trim() || (area === 'sea' ? (list[0]?.gameCode ?? null) : null);
  const known = gameCode !== null && list.some((g) => g.gameCode === gameCode);
  const basePath = BASE_PATH[area];

  return (
    <div className="lottery" data-testid="lottery-page" data-area={area}>
      <PageHeader title={appT(TITLE[area])} icon="ticket" />
      {!ready || games.isLoading ? (
        <Skeleton variant="block" width="100%" height={240} />
      ) : (
        <>
          <GameSwitcher games={list} current={known ? gameCode : null} t={t} basePath={basePath} />
          {gameCode && known ? (
            <LotteryGame key={gameCode} gameCode={gameCode} t={t} />
          ) : gameCode ? (
            <EmptyState icon="ticket" title={t('lt_unavailable')} description={appT('lottery_pick')} />
          ) : area === 'vn' ? (
            <VnLobby t={t} />
          ) : (
            <p className="lt-pick">{appT('lottery_pick')}</p>
          )}
        </>
      )}
    </div>
  );
}
