import { useEffect, useMemo, useRef, useState } from 'react';
import { LIVE_GAMES } from '../../../math/live/games.ts';
import type { LiveEvent } from '../../../shared/live-view.ts';
import { api, ApiError, getToken } from '../../lib/api.ts';
import { formatMoney } from '../../lib/format.ts';
import { lang } from '../../lib/i18n.ts';
import { Board } from './Board.tsx';
import { ChatPanel } from './ChatPanel.tsx';
import { Roads } from './Roads.tsx';
import { Stage, wheelAngle, type DealClock } from './Stage.tsx';
import { tl } from './words.ts';
import './live.css';
import { type GameProps, useFrameClock } from '../game-props.ts';

/** The table's state as the engine sends it. */
type LiveState = Omit<LiveEvent, 'type'>;

const CHIP_STEPS = [1n, 5n, 10n, 50n, 100n];

/** A live table: the dealer's stage, the betting board, the roads, all on the table's shared clock. */
export const LiveGame = ({ money, onBalance }: GameProps) => {
  const [state, setState] = useState<LiveState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [offset, setOffset] = useState(0);
  const now = useFrameClock();
  const [chip, setChip] = useState(0);
  const [pending, setPending] = useState<Record<string, bigint>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lastPaid = useRef<number | null>(null);
  /** The round whose result showed a stake of mine, until its payments are in. */
  const owed = useRef<number | null>(null);

  useEffect(() => {
    let es: EventSource | null = null;
    // The state call first: a table that is not dealing answers with its reason.
    api<LiveState>('/live/state')
      .then((s) => {
        setState(s);
        setOffset(s.serverNow - Date.now());
        es = new EventSource(`/api/live/events?token=${encodeURIComponent(getToken() ?? '')}`);
        es.onmessage = (e) => {
          const next = JSON.parse(e.data as string) as LiveState;
          setOffset(next.serverNow - Date.now());
          setState(next);
        };
      })
      .catch((e: unknown) => setError(e instanceof ApiError ? e.message : String(e)));
    return () => es?.close();
  }, []);

  const r = state?.round ?? null;
  const kind = state?.table.kind ?? 'baccarat';
  const serverNow = now + offset;

  // A new round: whatever was not placed is dropped.
  useEffect(() => {
    setPending({});
    setMessage(null);
  }, [r?.id]);

  // A round with a stake of mine has its result: once its bets are paid (or the next round has
  // opened, which waits for every payment), the wallet has moved: show the new balance. Read when
  // the result first shows, the balance could miss wins still on their way.
  useEffect(() => {
    if (!r) return;
    if (r.phase === 'result' && r.myWin !== null && lastPaid.current !== r.id) owed.current = r.id;
    if (owed.current !== null && (r.id !== owed.current || r.paid)) {
      lastPaid.current = owed.current;
      owed.current = null;
      api<{ balance: string }>('/balance')
        .then((b) => onBalance(b.balance))
        .catch(() => undefined);
    }
  }, [r, onBalance]);

  const minBet = BigInt(state?.table.minBet ?? '100');
  const chips = CHIP_STEPS.map((k) => k * minBet);
  const mine = useMemo(() => {
    const m: Record<string, bigint> = {};
    for (const x of r?.mine ?? []) m[x.spot] = (m[x.spot] ?? 0n) + BigInt(x.amount);
    return m;
  }, [r?.mine]);

  if (error)
    return (
      <p className="center-note" role="alert" data-testid="live-error">
        {error}
      </p>
    );
  if (!state) return <p className="center-note">…</p>;

  const betting = r?.phase === 'betting' && serverNow < r.bettingEndsAt;
  const secondsLeft = r && betting ? Math.max(0, Math.ceil((r.bettingEndsAt - serverNow) / 1000)) : 0;
  const dealStart = r?.bettingEndsAt ?? 0;
  const dealEnd = r?.dealEndsAt ?? dealStart + 6000;
  const clock: DealClock = {
    phase: r?.phase ?? 'betting',
    progress:
      r?.phase === 'dealing' ? Math.min(1, Math.max(0, (serverNow - dealStart) / Math.max(1, dealEnd - dealStart))) : 0,
  };
  const result = r?.result ?? null;
  const number = kind === 'roulette' && result ? (result as { number: number }).number : null;
  const angle = wheelAngle(serverNow, dealStart, dealEnd, r?.phase === 'betting' ? null : number);
  const revealed = r?.phase === 'result' && result !== null;
  const pendingTotal = Object.values(pending).reduce((s, v) => s + v, 0n);

  const pick = (spot: string) => {
    if (!betting) return setMessage(tl('closed'));
    setMessage(null);
    setPending((p) => ({ ...p, [spot]: (p[spot] ?? 0n) + chips[chip]! }));
  };

  const confirm = async () => {
    const bets = Object.entries(pending).map(([spot, amount]) => ({ spot, amount: String(amount) }));
    if (!bets.length) return;
    setBusy(true);
    try {
      const res = await api<{ balance: string }>('/live/bet', { body: { bets } });
      onBalance(res.balance);
      setPending({});
    } catch (e) {
      setMessage((e as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  const status = !r
    ? '…'
    : betting
      ? tl('placeBets')
      : r.phase === 'betting'
        ? tl('noMoreBets')
        : r.phase === 'dealing'
          ? kind === 'roulette'
            ? tl('spinning')
            : tl('dealing')
          : tl('result');
  const ring = r && betting ? Math.max(0, (r.bettingEndsAt - serverNow) / 15_000) : 0;
  const myStake = Object.values(mine).reduce((s, v) => s + v, 0n);

  return (
    <div className="live-layout">
      <div className={`live live-${kind}`} data-testid="live-table" data-phase={r?.phase ?? 'none'}>
        <section className="live-head">
          <div className="dealer">
            <span className="dealer-avatar" aria-hidden="true">
              {state.table.dealer.charAt(0)}
            </span>
            <div>
              <strong>{state.table.name}</strong>
              <div className="muted small">
                {tl('dealer', { name: state.table.dealer })} ·{' '}
                {tl('limits', {
                  min: formatMoney(state.table.minBet, money),
                  max: formatMoney(state.table.maxBet, money),
                })}
              </div>
            </div>
          </div>
          <div className={`live-status ${r?.phase ?? ''}`} aria-live="polite">
            <span data-testid="live-status">{status}</span>
            {betting && (
              <span className="countdown" data-testid="live-seconds">
                <svg viewBox="0 0 36 36" aria-hidden="true">
                  <circle cx="18" cy="18" r="15" className="ring-bg" />
                  <circle
                    cx="18"
                    cy="18"
                    r="15"
                    className="ring-fg"
                    strokeDasharray={`${Math.min(1, ring) * 94.2} 94.2`}
                  />
                </svg>
                <b>{secondsLeft}</b>
              </span>
            )}
          </div>
          <div className="muted small">
            {r && tl('round', { id: r.id })} · {tl('players', { n: r?.players ?? 0 })}
          </div>
        </section>

        <Stage kind={kind} result={result} clock={clock} angle={angle} now={now} />

        {revealed && r.myWin !== null && (
          <div
            className={`live-outcome ${BigInt(r.myWin) > 0n ? 'won' : 'lost'}`}
            data-testid="live-outcome"
            role="status"
          >
            {BigInt(r.myWin) > 0n ? tl('youWon', { amount: formatMoney(r.myWin, money) }) : tl('youLost')}
          </div>
        )}
        {revealed && r.winners.length > 0 && (
          <div className="live-winners muted small">
            {r.winners.map((w) => `${w.name} +${formatMoney(w.win, money)}`).join(' · ')}
          </div>
        )}

        <Board
          kind={kind}
          money={money}
          disabled={!betting || busy}
          onPick={pick}
          figures={{
            totals: r?.totals ?? {},
            mine,
            pending,
            winning: (spot) => revealed && LIVE_GAMES[kind].returned(spot, 100n, result) > 0n,
          }}
        />

        <div className="live-controls">
          <div className="chips" role="radiogroup" aria-label={tl('chip')}>
            {chips.map((c, i) => (
              <button
                key={i}
                type="button"
                role="radio"
                aria-checked={chip === i}
                className={`live-chip c${i}`}
                onClick={() => setChip(i)}
                data-testid={`chip-${i}`}
              >
                {formatMoney(c, money).replace(/[^\d.,]/g, '')}
              </button>
            ))}
          </div>
          <div className="live-actions">
            <button type="button" className="ghost" onClick={() => setPending({})} disabled={!pendingTotal || busy}>
              {tl('clear')}
            </button>
            <button
              type="button"
              className="spin"
              onClick={() => void confirm()}
              disabled={!betting || !pendingTotal || busy}
              data-testid="live-confirm"
            >
              {tl('confirm')}
              {pendingTotal > 0n ? ` · ${formatMoney(pendingTotal, money)}` : ''}
            </button>
          </div>
          {myStake > 0n && (
            <p className="muted small" data-testid="live-my-stake">
              {tl('staked', { amount: formatMoney(myStake, money) })}
            </p>
          )}
          {message && (
            <p className="message" role="alert">
              {message}
            </p>
          )}
        </div>

        <Roads kind={kind} history={state.history} />

        {r && (
          <section className="fairness live-fair">
            <dl>
              <dt>{tl('seedHash')}</dt>
              <dd className="mono small" data-testid="live-seed-hash">
                {r.serverSeedHash}
              </dd>
              {r.serverSeed && (
                <>
                  <dt>{tl('seed')}</dt>
                  <dd className="mono small">{r.serverSeed}</dd>
                </>
              )}
            </dl>
            {state.history[0] && (
              <a
                href={`/verify/live?round=${state.history[0].id}&lang=${lang}`}
                target="_blank"
                rel="noreferrer"
                data-testid="live-verify"
              >
                {tl('verifyRound')} #{state.history[0].id}
              </a>
            )}
          </section>
        )}
      </div>
      <ChatPanel />
    </div>
  );
};
