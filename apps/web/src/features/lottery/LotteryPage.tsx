import { LOTTERY_KINDS } from '@app/contract';
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

/**
 * Lottery pages (spec §2): /lottery, /seaLottery, /vnLottery and the game paths /lottert,
 * /sealottery, /vnlottery. `gameCode` picks the game; all of them need a session.
 */
export function LotteryPage({ area }: { area: LotteryArea }) {
  if (area === 'sea') return <RegionalLotteryPage area={area} />;
  return <PlayingLotteryPage area={area} />;
}

/**
 * The house lottery and the Vietnamese lotteries (issue 18, decisions 063 and 068): the game switcher
 * of the page's games, and the game the lobby opened (`gameCode`) with its period, board, trends or
 * sheets, verification, bets and rules; /vnLottery without a game is the regions' lobby.
 */
function PlayingLotteryPage({ area }: { area: 'lottery' | 'vn' }) {
  const { t: appT } = useTranslation();
  const { t, ready } = useLotteryText();
  const [params] = useSearchParams();
  const gameCode = params.get('gameCode')?.trim() || null;
  const games = useLotteryGames();
  const list = (games.data?.list ?? []).filter((g) => g.area === area);
  const known = gameCode !== null && list.some((g) => g.gameCode === gameCode);
  const basePath = area === 'vn' ? '/vnLottery' : '/lottery';

  return (
    <div className="lottery" data-testid="lottery-page" data-area={area}>
      <PageHeader title={appT(area === 'vn' ? 'lottery_vn_title' : 'lottery_title')} icon="ticket" />
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

/** The South-East Asian lotteries: their draws and bets are not built yet (issue 18). */
function RegionalLotteryPage({ area }: { area: LotteryArea }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const gameCode = params.get('gameCode')?.trim() || null;
  const title = area === 'sea' ? t('lottery_sea_title') : area === 'vn' ? t('lottery_vn_title') : t('lottery_title');

  return (
    <div className="lottery">
      <PageHeader
        title={title}
        icon="ticket"
        subtitle={gameCode ? t('lottery_game_code', { code: gameCode }) : t('lottery_pick')}
      />
      {area === 'lottery' ? (
        <ul className="lottery__kinds" aria-label={t('game_LOTT')}>
          {LOTTERY_KINDS.map((kind) => (
            <li key={kind} className="lottery__kind">
              {kind}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="lottery__layout">
        <section className="lottery__board" aria-label={title}>
          <EmptyState icon="ticket" title={gameCode ?? t('lottery_title')} description={t('lottery_pick')} />
        </section>
        <section className="lottery__draws" aria-labelledby="lottery-draws">
          <h2 id="lottery-draws" className="lottery__draws-title">
            {t('lottery_draw_board')}
          </h2>
          <div className="lottery__draw-list" aria-hidden="true">
            {Array.from({ length: 5 }, (_, i) => (
              <div key={i} className="lottery__draw">
                <Skeleton variant="text" width="40%" />
                <div className="lottery__balls">
                  {Array.from({ length: 5 }, (_, j) => (
                    <Skeleton key={j} variant="circle" width={26} height={26} />
                  ))}
                </div>
              </div>
            ))}
          </div>
        </section>
      </div>
    </div>
  );
}
