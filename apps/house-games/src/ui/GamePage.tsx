import { useCallback, useEffect, useRef, useState } from 'react';
import { api, ApiError, setToken } from './lib/api.ts';
import { formatMoney, type Money } from './lib/format.ts';
import { setLanguage, t } from './lib/i18n.ts';
import { listenForPause, usePaused } from './lib/pause.ts';
import { HistoryDrawer } from './components/HistoryDrawer.tsx';
import { SlotGame } from './games/SlotGame.tsx';
import { DiceGame } from './games/DiceGame.tsx';
import { CrashGame } from './games/CrashGame.tsx';
import { CockfightGame } from './games/CockfightGame.tsx';
import { ChatPanel } from './games/live/ChatPanel.tsx';
import { LiveGame } from './games/live/LiveGame.tsx';
import { FishGame } from './games/FishGame.tsx';
import { SportsGame } from './games/SportsGame.tsx';
import { PvpGame } from './games/pvp/PvpGame.tsx';
import { rereadBalance } from './games/game-props.ts';

interface Opened {
  token: string;
  balance: string;
  player: { nickname: string; currency: string; currencyExponent: number; language: string; demo: boolean };
  game: {
    code: string;
    vassalage: string;
    kind: 'slot' | 'dice' | 'crash' | 'cockfight' | 'live' | 'fish' | 'sports' | 'pvp';
    /** The sportsbook's esports view (an esports title, issue 23). */
    view?: 'esports';
  };
  lobbyUrl: string | null;
}

const storageKey = (code: string, chatOnly = false) => `hg:${chatOnly ? 'chat' : 'session'}:${code}`;

/**
 * A game opened by a casino. The one-time launch token is exchanged for our own session token
 * (kept for this tab so a reload keeps playing) and then removed from the address bar.
 */
export const GamePage = ({
  code,
  params,
  chatOnly = false,
}: {
  code: string;
  params: URLSearchParams;
  /** The live table's chat alone (the launch chat call's chatUrl). */
  chatOnly?: boolean;
}) => {
  const [session, setSession] = useState<Opened | null>(null);
  const [balance, setBalance] = useState<string>('0');
  const [error, setError] = useState<string | null>(null);
  const [showHistory, setShowHistory] = useState(false);
  const name = params.get('name') ?? code;
  const paused = usePaused();

  useEffect(() => listenForPause(), []);

  useEffect(() => {
    const launchToken = params.get('launchToken');
    const open = async () => {
      let opened: Opened | null = null;
      if (launchToken) {
        opened = await api<Opened>('/session', { body: { launchToken } });
        sessionStorage.setItem(storageKey(code, chatOnly), JSON.stringify(opened));
        const clean = new URL(location.href);
        clean.searchParams.delete('launchToken');
        window.history.replaceState(null, '', clean.toString());
      } else {
        const saved = sessionStorage.getItem(storageKey(code, chatOnly));
        if (saved) opened = JSON.parse(saved) as Opened;
      }
      if (!opened) throw new ApiError('NO_SESSION', t('sessionEnded'), 401, null);
      setToken(opened.token);
      setLanguage(params.get('lang') ?? opened.player.language);
      setBalance(opened.balance);
      setSession(opened);
      const b = await api<{ balance: string }>('/balance').catch(() => ({ balance: opened!.balance }));
      setBalance(b.balance);
    };
    open().catch((e: unknown) =>
      setError(
        e instanceof ApiError && e.status === 401
          ? t('sessionEnded')
          : e instanceof ApiError && e.code === 'FREE_TRIAL_OFF'
            ? t('freeTrialOff')
            : (e as Error).message,
      ),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A null balance: a credit is on its way (a win the platform did not answer in time goes through
  // the outbox, which retries within seconds). Read the wallet now and a few times after, so the
  // balance shown catches up without a reload.
  const stopRereads = useRef<() => void>(() => undefined);
  const onBalance = useCallback((b: string | null) => {
    if (b !== null) {
      setBalance(b);
      return;
    }
    stopRereads.current();
    stopRereads.current = rereadBalance(() => api<{ balance: string }>('/balance').then((r) => r.balance), setBalance);
  }, []);
  useEffect(() => () => stopRereads.current(), []);

  if (error)
    return (
      <main className="center-note" role="alert">
        {error}
      </main>
    );
  if (!session)
    return (
      <main className="center-note" aria-busy="true">
        {t('loading')}
      </main>
    );
  const money: Money = { currency: session.player.currency, exponent: session.player.currencyExponent };

  if (chatOnly)
    return (
      <div className="game-shell chat-only">
        <header className="topbar">
          <div className="topbar-title">
            <strong>{name}</strong>
          </div>
        </header>
        <main className="game-main">
          {session.game.kind === 'live' ? (
            <ChatPanel standalone />
          ) : (
            <p className="center-note" role="alert">
              {t('sessionEnded')}
            </p>
          )}
        </main>
      </div>
    );

  return (
    <div className={`game-shell kind-${session.game.kind}`}>
      {paused && (
        <div
          className="pause-cover"
          role="alertdialog"
          aria-modal="true"
          aria-labelledby="hg-paused-title"
          data-testid="hg-paused"
        >
          <div className="pause-card">
            <h2 id="hg-paused-title">{t('pausedTitle')}</h2>
            <p>{t('pausedBody')}</p>
          </div>
        </div>
      )}
      <header className="topbar" inert={paused}>
        <div className="topbar-title">
          <strong>{name}</strong>
          {session.player.demo && (
            <span className="badge" title={t('demoNote')}>
              {t('demo')}
            </span>
          )}
        </div>
        <div className="topbar-balance" aria-live="polite">
          <span className="muted">{t('balance')}</span>
          <strong data-testid="hg-balance">{formatMoney(balance, money)}</strong>
        </div>
        <div className="topbar-actions">
          <button type="button" className="ghost" onClick={() => setShowHistory(true)} data-testid="hg-history-open">
            {t('history')}
          </button>
          {(session.game.kind === 'dice' || session.game.kind === 'crash') && (
            <a
              className="ghost"
              href={`/verify?lang=${params.get('lang') ?? ''}`}
              target="_blank"
              rel="noreferrer"
              data-testid="hg-verify-link"
            >
              {t('verify')}
            </a>
          )}
        </div>
      </header>
      {session.player.demo && <p className="demo-note">{t('demoNote')}</p>}
      <main className="game-main" inert={paused}>
        {session.game.kind === 'slot' && <SlotGame money={money} balance={balance} onBalance={onBalance} />}
        {session.game.kind === 'dice' && <DiceGame money={money} balance={balance} onBalance={onBalance} />}
        {session.game.kind === 'crash' && <CrashGame money={money} balance={balance} onBalance={onBalance} />}
        {session.game.kind === 'cockfight' && <CockfightGame money={money} balance={balance} onBalance={onBalance} />}
        {session.game.kind === 'live' && <LiveGame money={money} balance={balance} onBalance={onBalance} />}
        {session.game.kind === 'fish' && <FishGame money={money} balance={balance} onBalance={onBalance} />}
        {session.game.kind === 'sports' && (
          <SportsGame money={money} balance={balance} onBalance={onBalance} esports={session.game.view === 'esports'} />
        )}
        {session.game.kind === 'pvp' && <PvpGame code={session.game.code} money={money} onBalance={onBalance} />}
      </main>
      {showHistory && <HistoryDrawer money={money} onClose={() => setShowHistory(false)} />}
    </div>
  );
};
