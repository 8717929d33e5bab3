import { useEffect, useState } from 'react';
import { api, type ApiError } from '../lib/api.ts';
import { formatDecimal, formatMoney } from '../lib/format.ts';
import { lang, t } from '../lib/i18n.ts';
import { FairnessPanel, type SeedView } from '../components/FairnessPanel.tsx';
import { type GameProps } from './game-props.ts';

interface RollResult {
  roundId: string;
  balance: string;
  roll: number;
  target: number;
  direction: 'under' | 'over';
  won: boolean;
  win: string;
  bet: string;
  multiplierBp: number;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  winPending: boolean;
}

const EDGE_RETURN = 9900;
const toMinor = (text: string, exponent: number): bigint | null => {
  const m = /^\s*(\d{1,12})(?:[.,](\d{0,8}))?\s*$/.exec(text);
  if (!m) return null;
  const frac = (m[2] ?? '').padEnd(exponent, '0');
  if (frac.length > exponent && /[1-9]/.test(frac.slice(exponent))) return null;
  return BigInt(m[1]!) * 10n ** BigInt(exponent) + BigInt(frac.slice(0, exponent) || '0');
};

/** Dice: roll 0.00–99.99 under or over a target; 99% of fair odds; provably fair. */
export const DiceGame = ({ money, balance, onBalance }: GameProps) => {
  const [betText, setBetText] = useState((1).toFixed(money.exponent));
  const [target, setTarget] = useState(5000);
  const [direction, setDirection] = useState<'under' | 'over'>('under');
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState<RollResult | null>(null);
  const [recent, setRecent] = useState<RollResult[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [seed, setSeed] = useState<SeedView | null>(null);
  const [shown, setShown] = useState<number | null>(null);

  useEffect(() => {
    api<SeedView>('/fair').then(setSeed, () => undefined);
  }, []);

  const winning = direction === 'under' ? target : 9999 - target;
  const chance = winning / 100;
  const multiplier = EDGE_RETURN / winning;
  const bet = toMinor(betText, money.exponent);
  const payout = bet === null ? null : (bet * BigInt(EDGE_RETURN)) / BigInt(Math.max(1, winning));
  const valid = winning >= 200 && winning <= 9800;

  const roll = async () => {
    if (bet === null || bet <= 0n) return setMessage(t('tryAgain'));
    if (bet > BigInt(balance)) return setMessage(t('noFunds'));
    setBusy(true);
    setMessage(null);
    try {
      const r = await api<RollResult>('/dice/roll', { body: { bet: bet.toString(), target, direction } });
      // A short count-up to the roll, then the result.
      for (let i = 0; i < 8; i++) {
        setShown(Math.floor(Math.random() * 10_000));
        await new Promise((res) => setTimeout(res, 40));
      }
      setShown(r.roll);
      setLast(r);
      setRecent((x) => [r, ...x].slice(0, 10));
      onBalance(r.balance);
      setSeed((s) => (s ? { ...s, nextNonce: r.nonce + 1 } : s));
      if (r.winPending) {
        setMessage(t('winPending'));
        onBalance(null);
      }
    } catch (e) {
      const err = e as ApiError;
      setMessage(err.code === 'INSUFFICIENT_FUNDS' ? t('noFunds') : err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="dice-layout">
      <section className="dice" aria-label={t('dice')}>
        <div className={`dice-result ${last ? (last.won ? 'won' : 'lost') : ''}`} aria-live="polite">
          <span className="dice-number" data-testid="hg-dice-roll">
            {shown === null ? '—' : formatDecimal(shown / 100, 2)}
          </span>
          {last && !busy && (
            <span data-testid="hg-dice-outcome">
              {last.won ? t('youWon', { amount: formatMoney(last.win, money) }) : t('youLost')}
            </span>
          )}
        </div>
        <div className="dice-track" aria-hidden="true">
          <div
            className="dice-zone"
            style={
              direction === 'under'
                ? { left: 0, width: `${target / 100}%` }
                : { left: `${(target + 1) / 100}%`, right: 0 }
            }
          />
          {shown !== null && <div className="dice-marker" style={{ left: `${shown / 100}%` }} />}
        </div>
        <label className="field">
          <span>
            {t('target')}: {formatDecimal(target / 100, 2)}
          </span>
          <input
            type="range"
            min={direction === 'under' ? 200 : 199}
            max={direction === 'under' ? 9800 : 9799}
            step={1}
            value={target}
            onChange={(e) => setTarget(Number(e.target.value))}
            data-testid="hg-dice-target"
          />
        </label>
        <div className="segmented" role="group" aria-label={t('target')}>
          <button
            type="button"
            aria-pressed={direction === 'under'}
            onClick={() => {
              setDirection('under');
              setTarget((x) => Math.min(9800, Math.max(200, x)));
            }}
          >
            {t('rollUnder')}
          </button>
          <button
            type="button"
            aria-pressed={direction === 'over'}
            onClick={() => {
              setDirection('over');
              setTarget((x) => Math.min(9799, Math.max(199, x)));
            }}
          >
            {t('rollOver')}
          </button>
        </div>
        <div className="stats">
          <div>
            <span className="muted">{t('winChance')}</span>
            <strong>{formatDecimal(chance, 2)}%</strong>
          </div>
          <div>
            <span className="muted">{t('payout')}</span>
            <strong>{formatDecimal(multiplier, 4)}×</strong>
          </div>
          <div>
            <span className="muted">{t('profitOnWin')}</span>
            <strong>{payout === null || bet === null ? '—' : formatMoney(payout - bet, money)}</strong>
          </div>
        </div>
        <label className="field">
          <span>
            {t('bet')} ({money.currency})
          </span>
          <input
            inputMode="decimal"
            value={betText}
            onChange={(e) => setBetText(e.target.value)}
            data-testid="hg-dice-bet"
            aria-invalid={bet === null}
          />
        </label>
        <button
          type="button"
          className="spin"
          onClick={() => void roll()}
          disabled={busy || !valid || bet === null}
          data-testid="hg-dice-roll-button"
        >
          {busy ? t('rolling') : t('roll')}
        </button>
        {message && (
          <p className="message" role="alert">
            {message}
          </p>
        )}
        {recent.length > 0 && (
          <ul className="recent-rolls">
            {recent.map((r) => (
              <li key={r.roundId} className={r.won ? 'won' : 'lost'}>
                <span className="mono">#{r.nonce}</span> {formatDecimal(r.roll / 100, 2)}
                <a
                  href={`/verify?${new URLSearchParams({ game: 'dice', hash: r.serverSeedHash, clientSeed: r.clientSeed, nonce: String(r.nonce), lang })}`}
                  target="_blank"
                  rel="noreferrer"
                  data-testid="hg-dice-verify"
                >
                  {t('verify')}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <FairnessPanel seed={seed} onSeed={setSeed} />
    </div>
  );
};
