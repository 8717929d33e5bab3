import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FairnessPanel, type SeedView } from '../components/FairnessPanel.tsx';
import { api, type ApiError } from '../lib/api.ts';
import { formatMoney } from '../lib/format.ts';
import { t } from '../lib/i18n.ts';
import { usePaused } from '../lib/pause.ts';
import { fishPosition, type SeaFish } from '../../shared/fish-path.ts';
import { drawTail, paintSea, sprite, type SpeciesArt } from './fish/art.ts';
import './fish/fish.css';
import { type GameProps } from './game-props.ts';

type WeaponKey = 'cannon' | 'bomb' | 'laser';
interface FishView {
  rtpBp: number;
  bets: string[];
  species: (SpeciesArt & { multipliers: number[] })[];
  weapons: { key: WeaponKey; price: number; maxFish: number }[];
}
interface ShotResult {
  roundId: string;
  balance: string | null;
  win: string;
  stake: string;
  winPending: boolean;
  serverSeedHash: string;
  nonce: number;
  hits: { fishId: number; species: string; captured: boolean; multiplier: number; win: string }[];
}
interface Effect {
  kind: 'bullet' | 'net' | 'coin' | 'blast' | 'beam';
  x: number;
  y: number;
  x2?: number;
  y2?: number;
  start: number;
  ms: number;
  text?: string;
}

/** Bubbles rising through the sea (fractions of the sea, speeds per second). */
const BUBBLES = Array.from({ length: 24 }, (_, i) => ({
  x: ((i * 37) % 100) / 100,
  y: ((i * 61) % 100) / 100,
  r: 1.5 + (i % 4),
  v: 0.03 + (i % 5) * 0.012,
}));
const MAX_IN_FLIGHT = 6;

/**
 * The fishing shooter's screen: fish from the server's sea swim across a canvas; a tap (or Fire)
 * names the fish the shot hits and the server decides and pays. A shot that hits no fish asks
 * nothing and costs nothing.
 */
export const FishGame = ({ money, balance, onBalance }: GameProps) => {
  const [view, setView] = useState<FishView | null>(null);
  const [betIndex, setBetIndex] = useState(0);
  const [weapon, setWeapon] = useState<WeaponKey>('cannon');
  const [message, setMessage] = useState<string | null>(null);
  const [last, setLast] = useState<string | null>(null);
  const [auto, setAuto] = useState(false);
  const [shots, setShots] = useState(0);
  /** The seed pair the shots are decided with: rotating it reveals the seed for the verify page. */
  const [seed, setSeed] = useState<SeedView | null>(null);
  const paused = usePaused();

  const stage = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const sea = useRef(new Map<number, SeaFish>());
  const offset = useRef(0);
  const gone = useRef(new Map<number, number>());
  const effects = useRef<Effect[]>([]);
  const size = useRef({ w: 0, h: 0, dpr: 1 });
  const aim = useRef(-Math.PI / 2);
  const locked = useRef<number | null>(null);
  const inFlight = useRef(0);
  const species = useMemo(() => new Map(view?.species.map((s) => [s.key, s]) ?? []), [view]);

  useEffect(() => {
    api<FishView>('/fish').then(setView, (e: Error) => setMessage(e.message));
    api<SeedView>('/fair').then(setSeed, () => undefined);
  }, []);

  // The sea: the next 15 s of fish, refreshed every 4 s; the server's clock beside ours.
  useEffect(() => {
    let stop = false;
    const load = async () => {
      const t0 = Date.now();
      const now = t0 + offset.current;
      try {
        const r = await api<{ serverNow: number; fish: SeaFish[] }>(
          `/fish/sea?from=${Math.round(now)}&to=${Math.round(now + 15_000)}`,
        );
        const t1 = Date.now();
        offset.current = r.serverNow - (t0 + t1) / 2;
        for (const f of r.fish) sea.current.set(f.id, f);
        const serverNow = t1 + offset.current;
        for (const [id, f] of sea.current) if (f.spawnAt + f.durationMs < serverNow) sea.current.delete(id);
      } catch {
        /* the next refresh tries again */
      }
      if (!stop) timer = setTimeout(() => void load(), 4000);
    };
    let timer = setTimeout(() => void load(), 0);
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, []);

  // The canvas follows its box (phone or desktop) at the screen's pixel density (at most 2×).
  useEffect(() => {
    const el = stage.current;
    const c = canvas.current;
    if (!el || !c) return;
    let bg: HTMLCanvasElement | null = null;
    const fit = () => {
      const w = el.clientWidth;
      const narrow = w < 640;
      const h = Math.round(
        Math.max(narrow ? 220 : 360, Math.min(narrow ? w * 1.05 : w * 0.56, window.innerHeight - (narrow ? 290 : 210))),
      );
      const dpr = Math.min(2, window.devicePixelRatio || 1);
      size.current = { w, h, dpr };
      c.style.height = `${h}px`;
      c.width = Math.round(w * dpr);
      c.height = Math.round(h * dpr);
      bg = paintSea(c.width, c.height);
    };
    fit();
    const ro = new ResizeObserver(fit);
    ro.observe(el);

    const ctx = c.getContext('2d')!;
    let raf = 0;
    let lastFrame = performance.now();
    const frame = (clock: number) => {
      const dt = Math.min(0.1, (clock - lastFrame) / 1000);
      lastFrame = clock;
      const { w, h, dpr } = size.current;
      const minSide = Math.min(w, h);
      const now = Date.now() + offset.current;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      if (bg) ctx.drawImage(bg, 0, 0, w, h);
      // Bubbles.
      ctx.fillStyle = 'rgba(255,255,255,0.25)';
      for (const b of BUBBLES) {
        b.y -= b.v * dt;
        if (b.y < -0.05) b.y = 1.05;
        ctx.beginPath();
        ctx.arc(b.x * w + Math.sin(clock / 700 + b.r) * 4, b.y * h, b.r, 0, Math.PI * 2);
        ctx.fill();
      }
      // Fish.
      for (const f of sea.current.values()) {
        const p = fishPosition(f, now);
        const art = species.get(f.species);
        if (!p || !art) continue;
        const caughtAt = gone.current.get(f.id);
        if (caughtAt !== undefined && now - caughtAt > 700) continue;
        const L = art.size * minSide * 1.25;
        const img = sprite(art, L * dpr);
        ctx.save();
        ctx.translate(p.x * w, p.y * h);
        ctx.rotate(p.angle);
        if (Math.cos(p.angle) < 0) ctx.scale(1, -1);
        if (caughtAt !== undefined) {
          const k = (now - caughtAt) / 700;
          ctx.globalAlpha = 1 - k;
          ctx.rotate(k * Math.PI * 3);
        }
        drawTail(ctx, art, L, Math.sin(clock / 120 + f.id));
        ctx.drawImage(img, -img.width / dpr / 2, -img.height / dpr / 2, img.width / dpr, img.height / dpr);
        ctx.restore();
        if (art.multipliers[0]! >= 10 && caughtAt === undefined) {
          ctx.fillStyle = 'rgba(255,255,255,0.85)';
          ctx.font = `600 ${Math.max(10, minSide * 0.028)}px system-ui, sans-serif`;
          ctx.textAlign = 'center';
          const label = art.boss ? `×${art.multipliers[0]}–${art.multipliers.at(-1)}` : `×${art.multipliers[0]}`;
          ctx.fillText(label, p.x * w, p.y * h + L * 0.45 + 10);
        }
        if (locked.current === f.id) {
          ctx.strokeStyle = '#f5b400';
          ctx.lineWidth = 2;
          ctx.beginPath();
          ctx.arc(p.x * w, p.y * h, L * 0.45, 0, Math.PI * 2);
          ctx.stroke();
        }
      }
      // Shots and what they did.
      const cx = w / 2;
      const cy = h - 6;
      effects.current = effects.current.filter((e) => clock - e.start < e.ms);
      for (const e of effects.current) {
        const k = (clock - e.start) / e.ms;
        if (e.kind === 'bullet') {
          const x = e.x + ((e.x2 ?? e.x) - e.x) * k;
          const y = e.y + ((e.y2 ?? e.y) - e.y) * k;
          ctx.fillStyle = '#ffe27a';
          ctx.beginPath();
          ctx.arc(x, y, 4, 0, Math.PI * 2);
          ctx.fill();
        } else if (e.kind === 'net') {
          ctx.strokeStyle = `rgba(255,255,255,${1 - k})`;
          ctx.lineWidth = 2;
          ctx.beginPath();
          ctx.arc(e.x, e.y, 10 + k * 24, 0, Math.PI * 2);
          ctx.stroke();
        } else if (e.kind === 'blast') {
          ctx.fillStyle = `rgba(255,170,60,${0.55 * (1 - k)})`;
          ctx.beginPath();
          ctx.arc(e.x, e.y, minSide * 0.2 * (0.4 + k * 0.6), 0, Math.PI * 2);
          ctx.fill();
        } else if (e.kind === 'beam') {
          ctx.strokeStyle = `rgba(120,240,255,${1 - k})`;
          ctx.lineWidth = 6 * (1 - k) + 1;
          ctx.beginPath();
          ctx.moveTo(e.x, e.y);
          ctx.lineTo(e.x2 ?? e.x, e.y2 ?? e.y);
          ctx.stroke();
        } else if (e.kind === 'coin') {
          ctx.fillStyle = `rgba(255,213,74,${1 - k * 0.6})`;
          ctx.font = `700 ${Math.max(14, minSide * 0.045)}px system-ui, sans-serif`;
          ctx.textAlign = 'center';
          ctx.fillText(e.text ?? '', e.x, e.y - k * 40);
        }
      }
      // The cannon.
      ctx.save();
      ctx.translate(cx, cy);
      ctx.rotate(aim.current + Math.PI / 2);
      ctx.fillStyle = '#c7d2fe';
      ctx.fillRect(-7, -46, 14, 40);
      ctx.fillStyle = '#f5b400';
      ctx.fillRect(-9, -50, 18, 8);
      ctx.restore();
      ctx.fillStyle = '#334155';
      ctx.beginPath();
      ctx.arc(cx, cy, 22, Math.PI, 0);
      ctx.fill();
      raf = requestAnimationFrame(frame);
    };
    raf = requestAnimationFrame(frame);
    return () => {
      cancelAnimationFrame(raf);
      ro.disconnect();
    };
  }, [species]);

  const bets = view?.bets ?? [];
  const bet = bets[betIndex] ?? '0';
  const w = view?.weapons.find((x) => x.key === weapon);
  const stake = BigInt(bet) * BigInt(w?.price ?? 1);

  /** Fish on screen now at canvas pixels: id, position and radius. */
  const onScreen = useCallback(() => {
    const { w: W, h: H } = size.current;
    const minSide = Math.min(W, H);
    const now = Date.now() + offset.current;
    const out: { id: number; x: number; y: number; r: number; value: number }[] = [];
    for (const f of sea.current.values()) {
      const p = fishPosition(f, now);
      const art = species.get(f.species);
      if (!p || !art || gone.current.has(f.id) || p.x < 0.03 || p.x > 0.97) continue;
      out.push({
        id: f.id,
        x: p.x * W,
        y: p.y * H,
        r: art.size * minSide * 0.6,
        value: art.multipliers.reduce((a, b) => a + b, 0) / art.multipliers.length,
      });
    }
    return out;
  }, [species]);

  /** Fires at a point of the canvas: the fish the shot hits are named to the server. */
  const fireAt = useCallback(
    (x: number, y: number) => {
      if (!view || !w || paused) return;
      const { w: W, h: H } = size.current;
      const cx = W / 2;
      const cy = H - 6;
      aim.current = Math.atan2(y - cy, x - cx);
      const fish = onScreen();
      const clock = performance.now();
      let hit: number[] = [];
      if (weapon === 'cannon') {
        const f = fish.filter((f) => Math.hypot(f.x - x, f.y - y) < f.r).sort((a, b) => b.value - a.value)[0];
        if (f) hit = [f.id];
        effects.current.push({ kind: 'bullet', x: cx, y: cy, x2: x, y2: y, start: clock, ms: 220 });
      } else if (weapon === 'bomb') {
        const R = Math.min(W, H) * 0.2;
        hit = fish
          .map((f) => ({ f, d: Math.hypot(f.x - x, f.y - y) - f.r }))
          .filter((a) => a.d < R)
          .sort((a, b) => a.d - b.d)
          .slice(0, w.maxFish)
          .map((a) => a.f.id);
        effects.current.push({ kind: 'blast', x, y, start: clock, ms: 500 });
      } else {
        const len = Math.hypot(x - cx, y - cy) || 1;
        const ux = (x - cx) / len;
        const uy = (y - cy) / len;
        hit = fish
          .map((f) => ({
            f,
            along: (f.x - cx) * ux + (f.y - cy) * uy,
            off: Math.abs((f.x - cx) * uy - (f.y - cy) * ux),
          }))
          .filter((a) => a.along > 0 && a.off < a.f.r)
          .sort((a, b) => a.along - b.along)
          .slice(0, w.maxFish)
          .map((a) => a.f.id);
        const far = Math.hypot(W, H);
        effects.current.push({
          kind: 'beam',
          x: cx,
          y: cy,
          x2: cx + ux * far,
          y2: cy + uy * far,
          start: clock,
          ms: 400,
        });
      }
      if (!hit.length) return;
      if (stake > BigInt(balance)) {
        setMessage(t('noFunds'));
        setAuto(false);
        return;
      }
      if (inFlight.current >= MAX_IN_FLIGHT) return;
      inFlight.current++;
      setMessage(null);
      // keepalive: a shot fired is settled by the server even if the player closes the game now.
      api<ShotResult>('/fish/shoot', { body: { bet, weapon, fishIds: hit }, keepalive: true })
        .then((r) => {
          setSeed((sd) => (sd && sd.serverSeedHash === r.serverSeedHash ? { ...sd, nextNonce: r.nonce + 1 } : sd));
          const { w: W2, h: H2 } = size.current;
          const now = Date.now() + offset.current;
          for (const h of r.hits) {
            const f = sea.current.get(h.fishId);
            const p = f ? fishPosition(f, now) : null;
            const at = p ? { x: p.x * W2, y: p.y * H2 } : { x, y };
            if (h.captured) {
              gone.current.set(h.fishId, now);
              if (locked.current === h.fishId) locked.current = null;
              effects.current.push({
                kind: 'coin',
                ...at,
                start: performance.now(),
                ms: 1200,
                text: `+${formatMoney(h.win, money)}`,
              });
            } else effects.current.push({ kind: 'net', ...at, start: performance.now(), ms: 400 });
          }
          const caught = r.hits.filter((h) => h.captured);
          setLast(
            caught.length
              ? caught.map((h) => t('fishCaught', { m: h.multiplier, amount: formatMoney(h.win, money) })).join(' · ')
              : t('fishMissed'),
          );
          setShots((n) => n + 1);
          onBalance(r.balance);
          if (r.winPending) {
            setMessage(t('winPending'));
            onBalance(null);
          }
        })
        .catch((e: unknown) => {
          const err = e as ApiError;
          if (err.code === 'FISH_GONE') {
            // Caught by an earlier shot or swum away: nothing was charged; aim elsewhere.
            const id = (err.value as { fishId?: number } | null)?.fishId;
            if (id !== undefined) gone.current.set(id, Date.now() + offset.current - 700);
            if (locked.current === id) locked.current = null;
          } else if (err.code === 'INSUFFICIENT_FUNDS') {
            setMessage(t('noFunds'));
            setAuto(false);
          } else setMessage(err.message);
        })
        .finally(() => {
          inFlight.current--;
        });
    },
    [view, w, paused, weapon, onScreen, stake, balance, bet, money, onBalance],
  );

  /** Fire: at the locked fish if it is still there, else at the fish nearest the cannon. */
  const fire = useCallback(() => {
    const fish = onScreen();
    const { w: W, h: H } = size.current;
    const near = (f: { x: number; y: number }) => Math.hypot(f.x - W / 2, f.y - H);
    const target = fish.find((f) => f.id === locked.current) ?? fish.sort((a, b) => near(a) - near(b))[0];
    if (!target) return;
    locked.current = target.id;
    fireAt(target.x, target.y);
  }, [onScreen, fireAt]);

  useEffect(() => {
    if (!auto || paused) return;
    const timer = setInterval(fire, 400);
    return () => clearInterval(timer);
  }, [auto, paused, fire]);

  const onPointer = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const x = e.clientX - rect.left;
    const y = e.clientY - rect.top;
    const f = onScreen().find((f) => Math.hypot(f.x - x, f.y - y) < f.r);
    locked.current = f?.id ?? locked.current;
    fireAt(x, y);
  };

  /** Each species drawn by the sea's own painter, for the pay table. */
  const icons = useMemo(() => {
    if (!view || typeof document === 'undefined') return new Map<string, string>();
    return new Map(view.species.map((s) => [s.key, sprite(s, 64).toDataURL()]));
  }, [view]);

  return (
    <div className="fish-layout">
      <div className="fish-stage" ref={stage}>
        <canvas
          ref={canvas}
          className="fish-canvas"
          onPointerDown={onPointer}
          role="img"
          aria-label={t('fishHint')}
          data-testid="hg-fish-sea"
        />
        {last && (
          <p className="fish-last" aria-live="polite" data-testid="hg-fish-last">
            {last}
          </p>
        )}
      </div>
      <section className="fish-controls" aria-label={t('betPerShot')}>
        <div className="segmented fish-weapons" role="group" aria-label={t('weaponNote', { price: '', n: '' })}>
          {(view?.weapons ?? []).map((x) => (
            <button
              key={x.key}
              type="button"
              aria-pressed={weapon === x.key}
              onClick={() => setWeapon(x.key)}
              data-testid={`hg-fish-weapon-${x.key}`}
              title={t('weaponNote', { price: x.price, n: x.maxFish })}
            >
              {t(x.key)}
              <small>×{x.price}</small>
            </button>
          ))}
        </div>
        <div className="fish-bet">
          <button
            type="button"
            onClick={() => setBetIndex((i) => Math.max(0, i - 1))}
            disabled={betIndex === 0}
            aria-label="−"
          >
            −
          </button>
          <div>
            <span className="muted small fish-bet-label">{t('betPerShot')}</span>
            <strong data-testid="hg-fish-bet">{formatMoney(bet, money)}</strong>
            <span className="muted small" data-testid="hg-fish-stake">
              {t('shotCost', { amount: formatMoney(stake, money) })}
            </span>
          </div>
          <button
            type="button"
            onClick={() => setBetIndex((i) => Math.min(bets.length - 1, i + 1))}
            disabled={betIndex >= bets.length - 1}
            aria-label="+"
          >
            +
          </button>
        </div>
        <div className="fish-fire">
          <button type="button" className="spin" onClick={fire} disabled={!view || paused} data-testid="hg-fish-fire">
            {t('fire')}
          </button>
          <button
            type="button"
            aria-pressed={auto}
            onClick={() => setAuto((a) => !a)}
            disabled={!view}
            data-testid="hg-fish-auto"
          >
            {auto ? t('stop') : t('autoFire')}
          </button>
        </div>
        {message && (
          <p className="message" role="alert" data-testid="hg-fish-message">
            {message}
          </p>
        )}
        <p className="muted small">{t('fishHint')}</p>
        <p className="muted small" data-testid="hg-fish-shots">
          {view ? t('fishRtp', { rtp: (view.rtpBp / 100).toFixed(2) }) : ''}
          {shots > 0 ? ` · ${shots}` : ''}
        </p>
      </section>
      <section className="fish-paytable" aria-label={t('fishPaytable')}>
        <h2>{t('fishPaytable')}</h2>
        <ul>
          {(view?.species ?? []).map((s) => (
            <li key={s.key}>
              {icons.get(s.key) && <img src={icons.get(s.key)} alt="" width={48} height={39} />}
              <span>{s.boss ? `×${s.multipliers[0]}–${s.multipliers.at(-1)}` : `×${s.multipliers[0]}`}</span>
            </li>
          ))}
        </ul>
      </section>
      <div className="fish-fair">
        <FairnessPanel seed={seed} onSeed={setSeed} diceLink={false} />
      </div>
    </div>
  );
};
