import { useCallback, useEffect, useState } from 'react';
import { api, type ApiError } from '../lib/api.ts';
import { formatMoney, formatMultiplier, formatTime, type Money } from '../lib/format.ts';
import { t, type Key } from '../lib/i18n.ts';
import { useSharedState, type GameProps } from './game-props.ts';

type Side = 'MERON' | 'WALA' | 'DRAW';
type Outcome = Side | 'CANCELLED';
interface FightView {
  id: number;
  derby: string;
  fightNo: number;
  meron: string;
  wala: string;
  phase: 'betting' | 'fighting' | 'result' | 'void';
  odds: { meron: number; wala: number; draw: number };
  bettingEndsAt: number;
  commitment: string | null;
  result: Outcome | null;
  serverSeed: string | null;
}
interface CockfightState {
  serverNow: number;
  feed: string | null;
  fight: FightView | null;
  history: { id: number; fightNo: number; result: Outcome }[];
  limits: { minStake: string; maxStake: string; marginBp: number };
}
interface MyBet {
  roundId: string;
  fightNo: number;
  derby: string;
  meron: string;
  wala: string;
  pick: Side;
  odds: number;
  stake: string;
  potentialReturn: string;
  win: string | null;
  status: string;
  result: 'WIN' | 'LOSE' | 'PUSH' | 'VOID' | null;
  createdAt: string;
}

const SIDES: Side[] = ['MERON', 'WALA', 'DRAW'];
const sideKey = (s: Side): Key => (s === 'MERON' ? 'meron' : s === 'WALA' ? 'wala' : 'draw');
const oddsOf = (f: FightView, s: Side) => f.odds[sideKey(s) as 'meron' | 'wala' | 'draw'];

/** A gamecock, drawn by us: body, tail, wing, neck hackles, comb, wattle, beak, legs. */
const Rooster = ({ color, dark, flip }: { color: string; dark: string; flip?: boolean }) => (
  <g transform={flip ? 'scale(-1 1)' : undefined}>
    <path d="M-30 -6 C-58 -40 -64 -4 -52 14 C-46 4 -40 0 -30 4 Z" fill={dark} />
    <path d="M-34 -2 C-62 -30 -70 6 -50 22 C-44 10 -38 8 -30 8 Z" fill="#1f2937" opacity="0.55" />
    <ellipse cx="-4" cy="6" rx="30" ry="21" fill={color} />
    <path d="M-18 2 C-6 -6 10 -2 14 10 C2 16 -10 16 -18 2 Z" fill={dark} opacity="0.8" />
    <path d="M12 -4 C14 -22 22 -34 30 -34 C38 -32 40 -20 34 -8 C28 2 18 4 12 -4 Z" fill="#f59e0b" />
    <circle cx="30" cy="-30" r="10" fill={color} />
    <path d="M24 -40 q3 -8 6 0 q3 -9 6 0 q3 -7 5 2 Z" fill="#dc2626" />
    <path d="M38 -30 l12 3 l-12 4 Z" fill="#fbbf24" />
    <path d="M34 -22 q4 10 -2 10 q-4 -4 2 -10 Z" fill="#dc2626" />
    <circle cx="32" cy="-32" r="2" fill="#111827" />
    <path d="M-8 26 l-4 22 m4 -22 l6 22" stroke="#fbbf24" strokeWidth="4" strokeLinecap="round" />
    <path d="M-18 48 h12 M-4 48 h12" stroke="#fbbf24" strokeWidth="3" strokeLinecap="round" />
  </g>
);

/** The pit: a sand ring under lights, the meron (red) and wala (blue) cocks, the state of the fight. */
const Arena = ({ fight, seconds }: { fight: FightView | null; seconds: number }) => {
  const phase = fight?.phase ?? 'idle';
  const winner = fight?.result;
  const cls = (side: 'MERON' | 'WALA') =>
    `cf-cock cf-${side.toLowerCase()}${winner === side ? ' won' : winner && winner !== 'DRAW' && winner !== 'CANCELLED' ? ' lost' : ''}`;
  return (
    <div className={`cf-arena phase-${phase}`} data-testid="hg-cf-arena">
      <svg viewBox="0 0 400 220" role="img" aria-label={t('arena')}>
        <defs>
          <radialGradient id="cf-sand" cx="50%" cy="55%" r="60%">
            <stop offset="0%" stopColor="#d6b98a" />
            <stop offset="70%" stopColor="#a9865a" />
            <stop offset="100%" stopColor="#5b4630" />
          </radialGradient>
          <radialGradient id="cf-light" cx="50%" cy="0%" r="80%">
            <stop offset="0%" stopColor="#fff7d6" stopOpacity="0.55" />
            <stop offset="100%" stopColor="#fff7d6" stopOpacity="0" />
          </radialGradient>
        </defs>
        <rect width="400" height="220" fill="#111827" />
        {Array.from({ length: 18 }, (_, i) => (
          <circle key={i} cx={12 + i * 22} cy={22 + (i % 3) * 6} r="7" fill="#374151" className="cf-crowd" />
        ))}
        <ellipse cx="200" cy="150" rx="190" ry="62" fill="#3f2d1d" />
        <ellipse cx="200" cy="150" rx="178" ry="54" fill="url(#cf-sand)" />
        <ellipse cx="200" cy="150" rx="178" ry="54" fill="none" stroke="#fbbf24" strokeOpacity="0.35" strokeWidth="2" />
        <line x1="200" y1="100" x2="200" y2="200" stroke="#fff" strokeOpacity="0.25" strokeDasharray="4 6" />
        <rect width="400" height="220" fill="url(#cf-light)" />
        <g className={cls('MERON')}>
          <g transform="translate(120 130)">
            <Rooster color="#dc2626" dark="#7f1d1d" />
          </g>
        </g>
        <g className={cls('WALA')}>
          <g transform="translate(280 130)">
            <Rooster color="#2563eb" dark="#1e3a8a" flip />
          </g>
        </g>
        {phase === 'fighting' && (
          <g className="cf-dust">
            <circle cx="200" cy="150" r="14" fill="#e5d3b3" opacity="0.5" />
            <circle cx="188" cy="140" r="8" fill="#e5d3b3" opacity="0.4" />
            <circle cx="214" cy="158" r="10" fill="#e5d3b3" opacity="0.4" />
          </g>
        )}
      </svg>
      <div className="cf-arena-status" aria-live="polite" data-testid="hg-cf-status">
        {!fight
          ? t('cfNoFight')
          : phase === 'betting'
            ? t('cfBettingCloses', { s: seconds })
            : phase === 'fighting'
              ? t('cfFighting')
              : winner === 'CANCELLED'
                ? t('cfCancelled')
                : winner === 'DRAW'
                  ? t('cfDrawResult')
                  : t('cfWinner', { side: t(sideKey(winner as Side)) })}
      </div>
      <span className="cf-live" aria-hidden="true">
        ● LIVE
      </span>
    </div>
  );
};

/** What a settled (or open) bet came to, in words. */
const betState = (b: MyBet, money: Money) => {
  if (b.result === 'WIN') return t('cfWon', { amount: formatMoney(b.win ?? '0', money) });
  if (b.result === 'PUSH') return t('cfPush', { amount: formatMoney(b.win ?? '0', money) });
  if (b.result === 'VOID') return t('cfVoid', { amount: formatMoney(b.stake, money) });
  if (b.result === 'LOSE') return t('cfLost');
  return t('cfPending');
};

/** Cockfight: the current fight live over server-sent events, its odds, a bet slip, results and my bets. */
export const CockfightGame = ({ money, balance, onBalance }: GameProps) => {
  const { state, offset } = useSharedState<CockfightState>('cockfight/events');
  const [now, setNow] = useState(Date.now());
  const [pick, setPick] = useState<Side | null>(null);
  const [stakeText, setStakeText] = useState((10).toFixed(money.exponent));
  const [message, setMessage] = useState<{ text: string; good?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [tab, setTab] = useState<'open' | 'settled'>('open');
  const [bets, setBets] = useState<{ open: MyBet[]; settled: MyBet[] }>({ open: [], settled: [] });

  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, []);

  const loadBets = useCallback(async () => {
    const [open, settled] = await Promise.all([
      api<MyBet[]>('/cockfight/bets?status=open'),
      api<MyBet[]>('/cockfight/bets?status=settled'),
    ]);
    setBets({ open, settled });
    return open;
  }, []);

  const f = state?.fight ?? null;
  // A fight's end settles its bets: pick up my bets and the balance, again while any is still settling.
  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = async (tries: number) => {
      const open = await loadBets().catch(() => null);
      const b = await api<{ balance: string }>('/balance').catch(() => null);
      if (stop) return;
      if (b) onBalance(b.balance);
      const waiting = open?.some((x) => x.fightNo === f?.fightNo && (f?.phase === 'result' || f?.phase === 'void'));
      if (waiting && tries > 0) timer = setTimeout(() => void refresh(tries - 1), 1000);
    };
    void refresh(10);
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [f?.id, f?.phase, f?.fightNo, loadBets, onBalance]);

  const parseMinor = (text: string) => {
    const m = /^\s*(\d{1,12})(?:[.,](\d{0,2}))?\s*$/.exec(text);
    return m
      ? BigInt(m[1]!) * 10n ** BigInt(money.exponent) +
          BigInt((m[2] ?? '').padEnd(money.exponent, '0').slice(0, money.exponent) || '0')
      : null;
  };

  const serverNow = now + offset;
  const seconds = f ? Math.max(0, Math.ceil((f.bettingEndsAt - serverNow) / 1000)) : 0;
  const open = f?.phase === 'betting' && seconds > 0;
  const stake = parseMinor(stakeText);
  const min = BigInt(state?.limits.minStake ?? '1');
  const max = BigInt(state?.limits.maxStake ?? '0');
  const price = f && pick ? oddsOf(f, pick) : null;
  const potential = stake !== null && price !== null ? (stake * BigInt(price)) / 100n : null;

  const place = async () => {
    if (!f || !pick || price === null) return setMessage({ text: t('cfPick') });
    if (stake === null || stake < min || stake > max)
      return setMessage({
        text: t('cfLimits', { min: formatMoney(min, money), max: formatMoney(max, money) }),
      });
    if (stake > BigInt(balance)) return setMessage({ text: t('noFunds') });
    setBusy(true);
    setMessage(null);
    try {
      const res = await api<{ balance: string; odds: number }>('/cockfight/bet', {
        body: { pick, stake: stake.toString(), odds: price },
      });
      onBalance(res.balance);
      setMessage({ text: t('cfPlaced', { side: t(sideKey(pick)), odds: formatMultiplier(res.odds) }), good: true });
      setTab('open');
      await loadBets().catch(() => undefined);
    } catch (e) {
      setMessage({ text: (e as ApiError).message });
    } finally {
      setBusy(false);
    }
  };

  if (!state)
    return (
      <p className="center-note" aria-busy="true">
        {t('loading')}
      </p>
    );
  const initial = (o: Outcome) => (o === 'CANCELLED' ? '×' : t(sideKey(o)).slice(0, 1).toUpperCase());
  const list = tab === 'open' ? bets.open : bets.settled;

  return (
    <div className="cf-layout">
      <section className="cf-main" aria-label={t('cockfight')}>
        <div className="cf-head">
          <h2 data-testid="hg-cf-fight">{f ? t('cfFight', { derby: f.derby, n: f.fightNo }) : t('cockfight')}</h2>
          {f && (
            <p className="cf-versus">
              <span className="cf-tag meron">{t('meron')}</span> {f.meron} <span className="muted">vs</span> {f.wala}{' '}
              <span className="cf-tag wala">{t('wala')}</span>
            </p>
          )}
        </div>
        <Arena fight={f} seconds={seconds} />
        <div className="cf-odds" role="group" aria-label={t('odds')}>
          {SIDES.map((s) => (
            <button
              key={s}
              type="button"
              className={`cf-odd ${s.toLowerCase()}${pick === s ? ' picked' : ''}`}
              aria-pressed={pick === s}
              disabled={!open}
              onClick={() => {
                setPick(s);
                setMessage(null);
              }}
              data-testid={`hg-cf-pick-${s}`}
            >
              <span>{t(sideKey(s))}</span>
              <strong data-testid={`hg-cf-odds-${s}`}>{f ? formatMultiplier(oddsOf(f, s)) : '—'}</strong>
            </button>
          ))}
        </div>
        <div className="cf-slip" data-testid="hg-cf-slip">
          <h3>{t('betSlip')}</h3>
          <p className="cf-slip-pick">
            {pick && f ? `${t(sideKey(pick))} @ ${formatMultiplier(oddsOf(f, pick))}` : t('cfPick')}
          </p>
          <label className="field">
            <span>
              {t('stake')} ({money.currency})
            </span>
            <input
              inputMode="decimal"
              value={stakeText}
              onChange={(e) => setStakeText(e.target.value)}
              data-testid="hg-cf-stake"
            />
          </label>
          <p className="muted small" data-testid="hg-cf-limits">
            {t('cfLimits', { min: formatMoney(min, money), max: formatMoney(max, money) })}
          </p>
          <p className="cf-return">
            <span className="muted">{t('potentialReturn')}</span>
            <strong data-testid="hg-cf-return">{potential !== null ? formatMoney(potential, money) : '—'}</strong>
          </p>
          <button
            type="button"
            className="spin"
            onClick={() => void place()}
            disabled={busy || !open || !pick}
            data-testid="hg-cf-place"
          >
            {!open ? t('cfWaitNext') : pick ? t('cfPlace', { side: t(sideKey(pick)) }) : t('cfPick')}
          </button>
          {message && (
            <p className={message.good ? 'message good' : 'message'} role={message.good ? 'status' : 'alert'}>
              {message.text}
            </p>
          )}
        </div>
        {f?.commitment && (
          <p className="muted small mono cf-fair">
            {t('cfCommit')}: {f.commitment.slice(0, 16)}…
            {f.serverSeed ? ` · ${t('cfSeed')}: ${f.serverSeed.slice(0, 16)}…` : ''}
            {f.serverSeed && f.result && f.result !== 'CANCELLED' && (
              <>
                {' · '}
                <a
                  href={`/verify/cockfight?${new URLSearchParams({
                    serverSeed: f.serverSeed,
                    hash: f.commitment,
                    fight: String(f.fightNo),
                    result: f.result,
                    lang: new URLSearchParams(location.search).get('lang') ?? '',
                  }).toString()}`}
                  target="_blank"
                  rel="noreferrer"
                  data-testid="hg-cf-verify-link"
                >
                  {t('cfVerifyLink')}
                </a>
              </>
            )}
          </p>
        )}
        <p className="muted small">{t('cfRules')}</p>
      </section>
      <aside className="cf-side">
        <section aria-label={t('lastResults')}>
          <h3>{t('lastResults')}</h3>
          <ol className="cf-results" data-testid="hg-cf-results">
            {state.history.map((h) => (
              <li key={h.id} className={`cf-dot ${h.result.toLowerCase()}`} title={`#${h.fightNo}`}>
                {initial(h.result)}
              </li>
            ))}
          </ol>
        </section>
        <section aria-label={t('history')} data-testid="hg-cf-mybets">
          <div className="cf-tabs" role="tablist">
            {(['open', 'settled'] as const).map((k) => (
              <button
                key={k}
                type="button"
                role="tab"
                aria-selected={tab === k}
                className={tab === k ? 'active' : ''}
                onClick={() => setTab(k)}
                data-testid={`hg-cf-tab-${k}`}
              >
                {t(k === 'open' ? 'cfOpen' : 'cfSettled')} ({(k === 'open' ? bets.open : bets.settled).length})
              </button>
            ))}
          </div>
          {list.length === 0 ? (
            <p className="muted small">{t('noBets')}</p>
          ) : (
            <ul className="cf-bets">
              {list.map((b) => (
                <li key={b.roundId} data-testid="hg-cf-bet" data-result={b.result ?? 'OPEN'}>
                  <div>
                    <strong className={`cf-tag ${b.pick.toLowerCase()}`}>{t(sideKey(b.pick))}</strong> @{' '}
                    {formatMultiplier(b.odds)} · #{b.fightNo}
                    <span className="muted small"> {formatTime(b.createdAt)}</span>
                  </div>
                  <div className="cf-bet-money">
                    <span>
                      {t('stake')} {formatMoney(b.stake, money)}
                    </span>
                    <span className={b.result === 'WIN' ? 'won' : b.result === 'LOSE' ? 'lost' : ''}>
                      {b.result
                        ? betState(b, money)
                        : `${t('potentialReturn')} ${formatMoney(b.potentialReturn, money)}`}
                    </span>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </aside>
    </div>
  );
};
