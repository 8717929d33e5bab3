import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button, EmptyState, Skeleton, TabPanel, Tabs } from '../../../components/ui/index.ts';
import { isApiError } from '../../../lib/api/index.ts';
import { formatDateTime } from '../../../lib/format/datetime.ts';
import { useLiveFeed } from '../../../lib/live/feed.ts';
import { useSession } from '../../../lib/session/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { BETS_KEY, RESULTS_KEY, useLotteryState } from '../api/lottery.ts';
import type { LotteryT } from '../hooks/useLotteryText.ts';
import { Balls } from './Balls.tsx';
import { BetBoard } from './BetBoard.tsx';
import { MyBets } from './MyBets.tsx';
import { ResultsVerify } from './ResultsVerify.tsx';
import { Rules } from './Rules.tsx';
import { TrendChart } from './TrendChart.tsx';
import { clockText, gameName, textOf } from './names.ts';
import { isSheetFamily } from '@app/contract/lottery-draw';
import { VnResults } from './VnResults.tsx';
import { specialKey, specialOf } from './VnSheet.tsx';

type Tab = 'bet' | 'trend' | 'results' | 'mine' | 'rules';

/** A second-by-second clock on the server's time. */
const useServerNow = (skewMs: number) => {
  const [now, setNow] = useState(() => Date.now() + skewMs);
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now() + skewMs), 250);
    return () => clearInterval(id);
  }, [skewMs]);
  return now;
};

/** One lottery game: its period and countdown, last results, the board, trends, verify, bets and rules. */
export function LotteryGame({ gameCode, t }: { gameCode: string; t: LotteryT }) {
  const state = useLotteryState(gameCode);
  const qc = useQueryClient();
  const { token } = useSession();
  const { timezone } = useWhitelabel();
  const [tab, setTab] = useState<Tab>('bet');
  const now = useServerNow(state.data?.skewMs ?? 0);
  const data = state.data;

  // Follow the period: at the close and the draw ask again; while the last draw's result is not in, ask often.
  const lastDrawn = data?.recent[0]?.numero ?? null;
  const awaiting = data ? (data.recent[0]?.drawAt ?? '') < data.current.openAt : false;
  const boundary = data
    ? now < Date.parse(data.current.closeAt)
      ? Date.parse(data.current.closeAt)
      : Date.parse(data.current.drawAt)
    : null;
  const refetch = state.refetch;
  useEffect(() => {
    if (boundary === null) return;
    const id = setTimeout(() => void refetch(), Math.max(0, boundary - now) + 300);
    return () => clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- re-armed when the boundary moves, not every tick
  }, [boundary, refetch]);
  useEffect(() => {
    if (!awaiting) return;
    const id = setInterval(() => void refetch(), 2000);
    return () => clearInterval(id);
  }, [awaiting, refetch]);
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (lastDrawn && seen.current && seen.current !== lastDrawn) {
      void qc.invalidateQueries({ queryKey: RESULTS_KEY });
      void qc.invalidateQueries({ queryKey: BETS_KEY });
    }
    seen.current = lastDrawn;
  }, [lastDrawn, qc]);
  // Settlement pushes a balance event: the bets list follows it (the wallet refreshes the balance).
  useLiveFeed(token, (e) => {
    if (e.event === 'balance') void qc.invalidateQueries({ queryKey: BETS_KEY });
  });

  if (state.isLoading) return <Skeleton variant="block" width="100%" height={240} />;
  if (!data) {
    const missing = isApiError(state.error) && state.error.status === 404;
    return (
      <EmptyState
        icon="ticket"
        title={missing ? t('lt_unavailable') : t('lt_load_error')}
        action={
          missing ? undefined : (
            <Button variant="outline" onClick={() => void state.refetch()}>
              {t('lt_retry')}
            </Button>
          )
        }
      />
    );
  }

  const { game, current, next } = data;
  const vn = isSheetFamily(game.family) ? game.family : null;
  const closing = current.status === 'open' && now < Date.parse(current.closeAt);
  // An official period can have its result before its hour (two operators confirmed it early).
  const resulted = current.status === 'drawn' || current.status === 'settled' || current.status === 'void';
  const tabs: { id: Tab; label: string }[] = [
    ...(game.betting ? [{ id: 'bet' as const, label: t('lt_tab_bet') }] : []),
    { id: 'trend', label: t('lt_tab_trend') },
    { id: 'results', label: t('lt_tab_results') },
    ...(game.betting ? [{ id: 'mine' as const, label: t('lt_tab_mine') }] : []),
    ...(game.betting ? [{ id: 'rules' as const, label: t('lt_tab_rules') }] : []),
  ];
  const shown = tabs.some((x) => x.id === tab) ? tab : tabs[0]!.id;
  const last = data.recent.find((p) => p.result);
  // A draw days away (Thailand's twice a month) counts down in days first.
  const countdown = (ms: number) =>
    ms >= 86_400_000
      ? t('lt_countdown_days', { days: Math.floor(ms / 86_400_000), clock: clockText(ms % 86_400_000) })
      : clockText(ms);
  const showSeedHash = !game.official || last?.source === 'house';

  return (
    <div className="lt-game" data-testid="lt-game" data-game={game.gameCode}>
      <section className="lt-period" aria-labelledby="lt-period-title" data-testid="lt-period">
        <div className="lt-period__now">
          <h2 id="lt-period-title" className="lt-period__title">
            {gameName(t, game)} · <span data-testid="lt-numero">{t('lt_period', { numero: current.numero })}</span>
          </h2>
          {closing ? (
            <p className="lt-period__countdown">
              {t('lt_closes_in')}{' '}
              <strong data-testid="lt-countdown" aria-live="off">
                {countdown(Date.parse(current.closeAt) - now)}
              </strong>
            </p>
          ) : resulted ? (
            <p className="lt-period__countdown" data-testid="lt-resulted">
              {t('lt_vn_resulted', { time: formatDateTime(next.openAt, timezone) })}
            </p>
          ) : (
            <p className="lt-period__countdown" data-testid="lt-drawing">
              {t('lt_drawing')} <strong>{clockText(Date.parse(current.drawAt) - now)}</strong>
            </p>
          )}
          <p className="lt-period__small">
            {t('lt_draws_at', { time: formatDateTime(current.drawAt, timezone) })}
            {!closing
              ? ` · ${t('lt_next_period', { numero: next.numero, time: formatDateTime(next.openAt, timezone) })}`
              : ''}
          </p>
          {showSeedHash ? (
            <p className="lt-period__small">
              {t('lt_seed_hash')}: <code className="lt-code lt-code--inline">{current.seedHash}</code>
            </p>
          ) : null}
          {game.official ? <p className="lt-period__small">{t('lt_vn_official_note')}</p> : null}
        </div>
        <div className="lt-period__last" data-testid="lt-last">
          <span className="lt-period__small">
            {t('lt_last_result')}
            {last ? ` · ${last.numero}` : ''}
          </span>
          {last?.result && vn ? (
            <span className="lt-period__special" data-testid="lt-last-special">
              <span className="lt-period__small">{textOf(t, specialKey(vn))}</span> <b>{specialOf(vn, last.result)}</b>
            </span>
          ) : last?.result ? (
            <Balls family={game.family} numbers={last.result} />
          ) : (
            <span>{t('lt_no_results')}</span>
          )}
        </div>
      </section>

      {!game.betting ? <p className="lt-notice">{t('lt_betting_later')}</p> : null}

      <Tabs items={tabs} value={shown} onChange={setTab} label={gameName(t, game)} idPrefix="lt" controlsPanels />
      <TabPanel idPrefix="lt" id={shown}>
        {shown === 'bet' ? <BetBoard state={data} t={t} onClosed={() => void refetch()} /> : null}
        {shown === 'trend' ? <TrendChart gameCode={game.gameCode} family={game.family} t={t} /> : null}
        {shown === 'results' && vn ? (
          <VnResults gameCode={game.gameCode} family={vn} t={t} />
        ) : shown === 'results' ? (
          <ResultsVerify gameCode={game.gameCode} family={game.family} t={t} />
        ) : null}
        {shown === 'mine' ? <MyBets gameCode={game.gameCode} family={game.family} t={t} /> : null}
        {shown === 'rules' ? <Rules state={data} t={t} /> : null}
      </TabPanel>
    </div>
  );
}
