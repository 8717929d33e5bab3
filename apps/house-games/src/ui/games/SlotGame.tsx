import { useCallback, useEffect, useRef, useState } from 'react';
import { themeById } from '../../shared/themes.ts';
import { api, type ApiError } from '../lib/api.ts';
import { formatDecimal, formatMoney } from '../lib/format.ts';
import { t } from '../lib/i18n.ts';
import { SymbolArt } from '../components/SymbolArt.tsx';
import { Paytable } from '../components/Paytable.tsx';
import type { SlotConfig } from './slot-config.ts';
import { type GameProps } from './game-props.ts';

interface SpinView {
  grid: string[][];
  lines: { line: number; symbol: string; count: number; pay: number }[];
  scatters: number;
  scatterPay: number;
  freeSpinsAwarded: number;
}
interface SpinResult {
  roundId: string;
  bet: string;
  win: string;
  balance: string;
  winPending: boolean;
  outcome: { lineBet: number; multiplier: number; base: SpinView; freeSpins: SpinView[] };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const randomGrid = (c: SlotConfig) =>
  c.strips.map((strip) => {
    const stop = Math.floor(Math.random() * strip.length);
    return Array.from({ length: c.rows }, (_, r) => strip[(stop + r) % strip.length]!);
  });

/** Which cells a view's winning lines cross (plus every scatter when they pay). */
const winningCells = (c: SlotConfig, v: SpinView) => {
  const cells = new Set<string>();
  for (const w of v.lines) {
    const rows = c.paylines[w.line]!;
    for (let r = 0; r < w.count; r++) cells.add(`${r}:${rows[r]}`);
  }
  if (v.scatterPay > 0 || v.freeSpinsAwarded > 0)
    v.grid.forEach((col, r) => col.forEach((s, row) => s === 'S' && cells.add(`${r}:${row}`)));
  return cells;
};

export const SlotGame = ({ money, balance, onBalance }: GameProps) => {
  const [cfg, setCfg] = useState<SlotConfig | null>(null);
  const [betIndex, setBetIndex] = useState(0);
  const [grid, setGrid] = useState<string[][]>([]);
  const [spinning, setSpinning] = useState<boolean[]>([]);
  const [busy, setBusy] = useState(false);
  const [win, setWin] = useState<string | null>(null);
  const [lit, setLit] = useState<Set<string>>(new Set());
  const [banner, setBanner] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [lineInfo, setLineInfo] = useState<string[]>([]);
  const [paytable, setPaytable] = useState(false);
  const [auto, setAuto] = useState(0);
  const autoRef = useRef(0);

  useEffect(() => {
    api<SlotConfig>('/slot').then(
      (c) => {
        setCfg(c);
        setGrid(randomGrid(c));
        setSpinning(new Array(c.reels).fill(false));
      },
      (e: Error) => setMessage(e.message),
    );
  }, []);

  const showView = useCallback(
    (c: SlotConfig, v: SpinView, lineBet: number, mult: number) => {
      setGrid(v.grid);
      setLit(winningCells(c, v));
      setLineInfo(
        v.lines.map((l) => `${l.line + 1}: ${l.count}× ${l.symbol} = ${formatMoney(l.pay * lineBet * mult, money)}`),
      );
    },
    [money],
  );

  const spin = useCallback(async () => {
    if (!cfg || busy) return;
    const bet = cfg.bets[betIndex]!;
    if (BigInt(bet) > BigInt(balance)) {
      setMessage(t('noFunds'));
      autoRef.current = 0;
      setAuto(0);
      return;
    }
    setBusy(true);
    setMessage(null);
    setWin(null);
    setLit(new Set());
    setLineInfo([]);
    setBanner(null);
    setSpinning(new Array(cfg.reels).fill(true));
    const started = Date.now();
    let result: SpinResult;
    try {
      result = await api<SpinResult>('/slot/spin', { body: { bet } });
    } catch (e) {
      setSpinning(new Array(cfg.reels).fill(false));
      setBusy(false);
      autoRef.current = 0;
      setAuto(0);
      const err = e as ApiError;
      setMessage(err.code === 'INSUFFICIENT_FUNDS' ? t('noFunds') : err.message || t('tryAgain'));
      if (err.code === 'INSUFFICIENT_FUNDS' && (err.value as { balance?: string } | null)?.balance)
        onBalance((err.value as { balance: string }).balance);
      return;
    }
    // The stake is taken: show the balance without the win, stop the reels one by one.
    onBalance((BigInt(result.balance) - BigInt(result.win)).toString());
    await sleep(Math.max(0, 500 - (Date.now() - started)));
    const o = result.outcome;
    for (let r = 0; r < cfg.reels; r++) {
      setGrid((g) => g.map((col, i) => (i === r ? o.base.grid[r]! : col)));
      setSpinning((s) => s.map((x, i) => (i === r ? false : x)));
      await sleep(140);
    }
    showView(cfg, o.base, o.lineBet, 1);
    if (o.freeSpins.length) {
      setBanner(t('freeSpinsWon', { n: o.base.freeSpinsAwarded }));
      await sleep(1200);
      for (const [i, f] of o.freeSpins.entries()) {
        setBanner(`${t('freeSpins')} ${i + 1}/${o.freeSpins.length} · ×${o.multiplier}`);
        setSpinning(new Array(cfg.reels).fill(true));
        await sleep(250);
        setSpinning(new Array(cfg.reels).fill(false));
        showView(cfg, f, o.lineBet, o.multiplier);
        await sleep(550);
      }
    }
    setWin(result.win);
    onBalance(result.balance);
    if (result.winPending) {
      setMessage(t('winPending'));
      onBalance(null);
    }
    setBusy(false);
  }, [cfg, busy, betIndex, balance, onBalance, showView]);

  // Autoplay: the next spin starts when the last one has settled.
  useEffect(() => {
    if (!busy && auto > 0 && autoRef.current > 0) {
      const h = setTimeout(() => {
        autoRef.current -= 1;
        setAuto(autoRef.current);
        void spin();
      }, 600);
      return () => clearTimeout(h);
    }
  }, [busy, auto, spin]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (
        e.code === 'Space' &&
        (e.target as HTMLElement)?.tagName !== 'BUTTON' &&
        (e.target as HTMLElement)?.tagName !== 'INPUT'
      ) {
        e.preventDefault();
        void spin();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [spin]);

  if (!cfg)
    return (
      <p className="center-note" aria-busy="true">
        {message ?? t('loading')}
      </p>
    );
  const theme = themeById(cfg.theme);
  const p = theme.palette;
  const bet = cfg.bets[betIndex]!;
  const symbolSize = cfg.reels >= 6 || cfg.rows >= 4 ? 54 : 66;

  return (
    <section
      className="slot"
      style={{
        ['--bg1' as string]: p.bg[0],
        ['--bg2' as string]: p.bg[1],
        ['--frame' as string]: p.frame,
        ['--reel' as string]: p.reel,
        ['--accent' as string]: p.accent,
        ['--glow' as string]: p.glow,
        ['--cols' as string]: cfg.reels,
        ['--rows' as string]: cfg.rows,
      }}
      aria-label={theme.name.en}
    >
      <div className="slot-meta">
        <span>
          {cfg.lines} {t('lines')}
        </span>
        <span>
          {t('rtp')} {formatDecimal(cfg.rtp * 100, 2)}%
        </span>
        <button type="button" className="link" onClick={() => setPaytable(true)}>
          {t('paytable')}
        </button>
      </div>
      <div
        className="reels"
        style={{
          gridTemplateColumns: `repeat(${cfg.reels}, 1fr)`,
          filter: cfg.hue ? `hue-rotate(${cfg.hue}deg)` : undefined,
        }}
        data-testid="hg-reels"
      >
        {grid.map((col, r) => (
          <div key={r} className={`reel ${spinning[r] ? 'spinning' : ''}`}>
            {col.map((s, row) => (
              <div key={row} className={`cell ${lit.has(`${r}:${row}`) ? 'lit' : ''}`} data-symbol={s}>
                <SymbolArt
                  symbolKey={spinning[r] ? cfg.strips[r]![(row * 7 + r) % cfg.strips[r]!.length]! : s}
                  theme={theme}
                  size={symbolSize}
                />
              </div>
            ))}
          </div>
        ))}
        {banner && (
          <div className="banner" role="status">
            {banner}
          </div>
        )}
      </div>
      <div className="win-row" aria-live="polite">
        <span className="muted">{t('win')}</span>
        <strong data-testid="hg-win" className={win && win !== '0' ? 'won' : ''}>
          {win === null ? '—' : formatMoney(win, money)}
        </strong>
      </div>
      {lineInfo.length > 0 && (
        <ul className="line-info">
          {lineInfo.slice(0, 6).map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      )}
      {message && (
        <p className="message" role="alert">
          {message}
        </p>
      )}
      <div className="controls">
        <div className="bet-control">
          <button
            type="button"
            aria-label={t('betMinus')}
            disabled={busy || betIndex === 0}
            onClick={() => setBetIndex((i) => Math.max(0, i - 1))}
          >
            −
          </button>
          <div className="bet-value">
            <span className="muted">{t('bet')}</span>
            <strong data-testid="hg-bet">{formatMoney(bet, money)}</strong>
          </div>
          <button
            type="button"
            aria-label={t('betPlus')}
            disabled={busy || betIndex === cfg.bets.length - 1}
            onClick={() => setBetIndex((i) => Math.min(cfg.bets.length - 1, i + 1))}
          >
            +
          </button>
        </div>
        <button
          type="button"
          className="spin"
          onClick={() => void spin()}
          disabled={busy}
          data-testid="hg-spin"
          aria-label={t('spin')}
        >
          {busy ? '…' : t('spin')}
        </button>
        <button
          type="button"
          className={`auto ${auto ? 'on' : ''}`}
          onClick={() => {
            autoRef.current = auto ? 0 : 10;
            setAuto(autoRef.current);
            if (!auto && !busy) void spin();
          }}
        >
          {auto ? `${t('stop')} (${auto})` : `${t('auto')} 10`}
        </button>
      </div>
      <p className="muted small">
        {t('minBet')}: {formatMoney(cfg.minBet, money)}
      </p>
      {paytable && <Paytable cfg={cfg} theme={theme} money={money} bet={bet} onClose={() => setPaytable(false)} />}
    </section>
  );
};
