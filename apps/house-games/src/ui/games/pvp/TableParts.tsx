import type { ReactNode } from 'react';
import type { PvpCardView, PvpSeatView, PvpView } from '../../../shared/pvp-view.ts';
import { formatMoney, type Money } from '../../lib/format.ts';
import { tp } from './words.ts';

/** The parts both PvP tables (Niu Niu and Teen Patti) draw the same way. */

const RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['♠', '♥', '♣', '♦'];

export const Card = ({ c }: { c: PvpCardView }) => (
  <span className={`pvp-card ${c.suit === 1 || c.suit === 3 ? 'red' : ''}`} data-testid="pvp-card">
    {RANKS[c.rank]}
    {SUITS[c.suit]}
  </span>
);

/** The table's title line (game, stake or boot, rake) and the leave button. */
export const TableHead = ({ title, terms, send }: { title: string; terms: ReactNode; send: (m: unknown) => void }) => (
  <div className="pvp-head">
    <div>
      <strong>{title}</strong> <span className="muted">{terms}</span>
    </div>
    <button type="button" className="ghost" onClick={() => send({ op: 'leave' })} data-testid="pvp-leave">
      {tp('leave')}
    </button>
  </div>
);

/** The phase in words, the seat timer when it shows, and the hand's number. */
export const TableStatus = ({ view, phase, secs }: { view: PvpView; phase: string; secs: number | null }) => (
  <div className="pvp-status" aria-live="polite">
    <span data-testid="pvp-phase">{phase}</span>
    {secs !== null && (
      <span className="pvp-timer" data-testid="pvp-timer">
        {tp('timer', { s: secs })}
      </span>
    )}
    {view.handId !== null && <span className="muted">{tp('hand', { n: view.handId })}</span>}
  </div>
);

/** The room's notice (called to act) and the last refusal. */
export const TableNotices = ({ view, error }: { view: PvpView; error: string | null }) => (
  <>
    {view.notice && <p className="pvp-error">{tp('called')}</p>}
    {error && (
      <p className="pvp-error" role="alert">
        {error}
      </p>
    )}
  </>
);

export const EmptySeat = () => (
  <li className="pvp-seat empty">
    <span className="muted">{tp('empty')}</span>
  </li>
);

/** A seat's frame: its name with the you and bot badges (and the game's own badge), then its lines. */
export const SeatFrame = ({
  s,
  className,
  badge,
  children,
}: {
  s: PvpSeatView;
  className: string;
  badge: ReactNode;
  children: ReactNode;
}) => (
  <li
    className={`pvp-seat ${s.you ? 'you' : ''} ${className}`}
    data-testid="pvp-seat"
    data-bot={s.bot ? 'true' : 'false'}
    data-you={s.you ? 'true' : 'false'}
  >
    <div className="pvp-seat-name">
      <strong>{s.name}</strong>
      {s.you && <span className="pvp-you-badge">{tp('you')}</span>}
      {s.bot && (
        <span className="pvp-bot-badge" data-testid="pvp-bot">
          {tp('bot')}
        </span>
      )}
      {badge}
    </div>
    {children}
  </li>
);

/** A seat's state words every game shows: playing on auto, dropped, sitting out. */
export const SeatFlags = ({ s }: { s: PvpSeatView }) => (
  <>
    {s.auto && <span>{tp('auto')}</span>}
    {!s.connected && <span>{tp('dropped')}</span>}
    {s.paused && <span data-testid="pvp-paused">{tp('sittingOut')}</span>}
  </>
);

/** A seat's hand name and its signed result, with the rake taken from a win. */
export const SeatResult = ({ s, hand, money }: { s: PvpSeatView; hand: ReactNode; money: Money }) => (
  <div className="pvp-seat-result">
    <strong>{hand}</strong>
    {s.net !== null && (
      <span className={BigInt(s.net) > 0n ? 'won' : 'lost'}>
        {BigInt(s.net) > 0n ? '+' : '−'}
        {formatMoney(BigInt(s.net) < 0n ? -BigInt(s.net) : BigInt(s.net), money)}
        {s.rake && BigInt(s.rake) > 0n && ` (${tp('rake', { amount: formatMoney(s.rake, money) })})`}
      </span>
    )}
  </div>
);

/** Your result once the hand is over: won (net of rake) or lost, and the rake. */
export const HandOutcome = ({ view, money }: { view: PvpView; money: Money }) => {
  const me = view.you !== null ? view.seats[view.you] : null;
  if (view.phase !== 'result' || me?.net == null) return null;
  const m = (a: string | bigint) => formatMoney(a, money);
  return (
    <p
      className={`pvp-outcome ${BigInt(me.net) > 0n ? 'won' : 'lost'}`}
      data-testid="pvp-outcome"
      data-delta={String(BigInt(me.payout ?? '0') - BigInt(me.escrow ?? '0'))}
    >
      {BigInt(me.net) > 0n
        ? tp('youWon', { amount: m(BigInt(me.net) - BigInt(me.rake ?? '0')) })
        : tp('youLost', { amount: m(-BigInt(me.net)) })}
      {BigInt(me.rake ?? '0') > 0n && ` · ${tp('rake', { amount: m(me.rake ?? '0') })}`}
    </p>
  );
};

/** The hand's seed commitment, and the seed once the hand is over. */
export const FairLine = ({ view }: { view: PvpView }) =>
  view.serverSeedHash ? (
    <p className="pvp-fair muted">
      {tp('seedHash')}: <code>{view.serverSeedHash}</code>
      {view.serverSeed && (
        <>
          <br />
          {tp('seed')}: <code data-testid="pvp-seed">{view.serverSeed}</code>
        </>
      )}
    </p>
  ) : null;
