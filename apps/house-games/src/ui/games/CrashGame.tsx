import { useEffect, useRef, useState } from 'react';
import { api, type ApiError } from '../lib/api.ts';
import { formatMoney, formatMultiplier } from '../lib/format.ts';
import { lang, t } from '../lib/i18n.ts';
import { useSharedState, type GameProps, useFrameClock } from './game-props.ts';

interface RoundView {
  id: number;
  phase: 'betting' | 'running' | 'crashed';
  serverSeedHash: string;
  bettingEndsAt: number;
  startedAt: number | null;
  crashPoint: number | null;
  serverSeed: string | null;
  clientSeed: string | null;
  bets: {
    name: string;
    amount: string;
    autoCashout: number | null;
    cashout: number | null;
    win: string | null;
    mine?: boolean;
  }[];
}
interface CrashState {
  serverNow: number;
  growthPerMs: number;
  round: RoundView;
  history: { id: number; crashPoint: number }[];
}

const multiplierAt = (ms: number, growth: number) => Math.floor(100 * Math.exp(growth * Math.max(0, ms)));

/** Crash: one shared round for everyone, live over server-sent events. */
export const CrashGame = ({ money, balance, onBalance }: GameProps) => {
  const { state, offset } = useSharedState<CrashState>('crash/events');
  const now = useFrameClock();
  const [betText, setBetText] = useState((1).toFixed(money.exponent));
  const [autoText, setAutoText] = useState('2.00');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);

  const r = state?.round;
  const growth = state?.growthPerMs ?? 0.00006;
  const serverNow = now + offset;
  const live = r?.phase === 'running' && r.startedAt ? multiplierAt(serverNow - r.startedAt, growth) : 100;
  const shown = r?.phase === 'crashed' ? (r.crashPoint ?? 100) : live;
  const mine = r?.bets.find((b) => b.mine);

  useEffect(() => {
    const c = canvas.current;
    if (!c || !r) return;
    const ctx = c.getContext('2d');
    if (!ctx) return;
    const w = (c.width = c.clientWidth * devicePixelRatio);
    const h = (c.height = c.clientHeight * devicePixelRatio);
    ctx.clearRect(0, 0, w, h);
    const elapsed = r.phase === 'betting' ? 0 : Math.max(1, Math.log(shown / 100) / growth);
    const span = Math.max(8000, elapsed);
    const top = Math.max(2, (shown / 100) * 1.15);
    ctx.strokeStyle = r.phase === 'crashed' ? '#ef4444' : '#2ee6a6';
    ctx.lineWidth = 4 * devicePixelRatio;
    ctx.beginPath();
    for (let i = 0; i <= 60; i++) {
      const ms = (elapsed * i) / 60;
      const m = Math.exp(growth * ms);
      const x = (ms / span) * w;
      const y = h - ((m - 1) / (top - 1)) * h * 0.9 - 4;
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.stroke();
  }, [r, shown, growth]);

  const parseMinor = (text: string) => {
    const m = /^\s*(\d{1,12})(?:[.,](\d{0,2}))?\s*$/.exec(text);
    return m
      ? BigInt(m[1]!) * 10n ** BigInt(money.exponent) +
          BigInt((m[2] ?? '').padEnd(money.exponent, '0').slice(0, money.exponent) || '0')
      : null;
  };

  const placeBet = async () => {
    const bet = parseMinor(betText);
    const auto = autoText.trim() ? Math.round(Number(autoText.replace(',', '.')) * 100) : null;
    if (bet === null || bet <= 0n) return setMessage(t('tryAgain'));
    if (bet > BigInt(balance)) return setMessage(t('noFunds'));
    setBusy(true);
    setMessage(null);
    try {
      const res = await api<{ balance: string }>('/crash/bet', {
        body: { bet: bet.toString(), autoCashout: auto !== null && Number.isFinite(auto) ? auto : null },
      });
      onBalance(res.balance);
    } catch (e) {
      setMessage((e as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  const cashOut = async () => {
    setBusy(true);
    try {
      const res = await api<{ balance: string | null }>('/crash/cashout', { body: {} });
      onBalance(res.balance);
    } catch (e) {
      setMessage((e as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  // A settled cash-out credits the win: pick up the balance when the round ends.
  useEffect(() => {
    if (r?.phase === 'crashed')
      api<{ balance: string }>('/balance').then(
        (b) => onBalance(b.balance),
        () => undefined,
      );
  }, [r?.phase, r?.id, onBalance]);

  if (!r)
    return (
      <p className="center-note" aria-busy="true">
        {t('loading')}
      </p>
    );
  const seconds = Math.max(0, Math.ceil((r.bettingEndsAt - serverNow) / 1000));
  const myBet = mine ? BigInt(mine.amount) : 0n;

  return (
    <div className="crash-layout">
      <section className="crash" aria-label={t('crash')}>
        <div className="history-chips" aria-label={t('lastRounds')}>
          {state!.history.slice(0, 12).map((h) => (
            <a
              key={h.id}
              className={h.crashPoint >= 200 ? 'chip good' : 'chip'}
              href={`/verify?${new URLSearchParams({ game: 'crash', round: String(h.id), lang })}`}
              target="_blank"
              rel="noreferrer"
            >
              {formatMultiplier(h.crashPoint)}×
            </a>
          ))}
        </div>
        <div className={`crash-stage phase-${r.phase}`}>
          <canvas ref={canvas} aria-hidden="true" />
          <div className="crash-multiplier" aria-live="polite" data-testid="hg-crash-multiplier">
            {r.phase === 'betting'
              ? t('crashBetting', { s: seconds })
              : r.phase === 'crashed'
                ? t('crashCrashed', { m: formatMultiplier(shown) })
                : `${formatMultiplier(shown)}×`}
          </div>
        </div>
        <p className="muted small mono">
          #{r.id} · {t('serverSeedHash')}: {r.serverSeedHash.slice(0, 16)}…
        </p>
        <div className="crash-controls">
          <label className="field">
            <span>
              {t('bet')} ({money.currency})
            </span>
            <input
              inputMode="decimal"
              value={betText}
              onChange={(e) => setBetText(e.target.value)}
              disabled={Boolean(mine)}
            />
          </label>
          <label className="field">
            <span>{t('autoCashout')}</span>
            <input
              inputMode="decimal"
              value={autoText}
              onChange={(e) => setAutoText(e.target.value)}
              disabled={Boolean(mine)}
            />
          </label>
          {mine && r.phase === 'running' && mine.cashout === null ? (
            <button
              type="button"
              className="spin cashout"
              onClick={() => void cashOut()}
              disabled={busy}
              data-testid="hg-crash-cashout"
            >
              {t('cashOut', { amount: formatMoney((myBet * BigInt(live)) / 100n, money) })}
            </button>
          ) : mine ? (
            <button type="button" className="spin" disabled>
              {mine.cashout
                ? t('cashedOut', { m: formatMultiplier(mine.cashout) })
                : r.phase === 'betting'
                  ? t('betPlaced')
                  : t('waitNext')}
            </button>
          ) : (
            <button
              type="button"
              className="spin"
              onClick={() => void placeBet()}
              disabled={busy || r.phase !== 'betting'}
              data-testid="hg-crash-bet"
            >
              {r.phase === 'betting' ? t('placeBet') : t('waitNext')}
            </button>
          )}
        </div>
        {message && (
          <p className="message" role="alert">
            {message}
          </p>
        )}
      </section>
      <aside className="players" aria-label={t('players')}>
        <h3>
          {t('players')} ({r.bets.length})
        </h3>
        <ul>
          {r.bets.map((b, i) => (
            <li key={`${b.name}${i}`} className={b.mine ? 'mine' : ''}>
              <span>{b.name}</span>
              <span>{formatMoney(b.amount, money)}</span>
              <span className={b.cashout ? 'won' : ''}>
                {b.cashout ? `${formatMultiplier(b.cashout)}×` : r.phase === 'crashed' ? '✕' : '…'}
              </span>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
};
