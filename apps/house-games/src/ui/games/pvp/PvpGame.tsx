import { useEffect, useRef, useState } from 'react';
import type { PvpCardView, PvpRoomListing, PvpSeatView, PvpView } from '../../../shared/pvp-view.ts';
import { api, getToken } from '../../lib/api.ts';
import { usePaused } from '../../lib/pause.ts';
import { formatMoney, type Money } from '../../lib/format.ts';
import { TeenPattiTable } from './TeenPattiTable.tsx';
import { categoryName, tp } from './words.ts';
import './pvp.css';

const RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['♠', '♥', '♣', '♦'];

const Card = ({ c }: { c: PvpCardView }) => (
  <span className={`pvp-card ${c.suit === 1 || c.suit === 3 ? 'red' : ''}`} data-testid="pvp-card">
    {RANKS[c.rank]}
    {SUITS[c.suit]}
  </span>
);

interface Listing {
  rakeBp: number;
  bots: boolean;
  rooms: PvpRoomListing[];
}

/**
 * A PvP title opened from the casino: the room list (rooms by stake, seats taken, bots marked),
 * then the table over a WebSocket (seats, bids, bets, cards, the seat timer, the result and rake).
 */
export const PvpGame = ({
  code,
  money,
  onBalance,
}: {
  code: string;
  money: Money;
  onBalance: (b: string | null) => void;
}) => {
  const game = /teen-?patti$/i.test(code) ? 'teenpatti' : 'niuniu';
  const title = game === 'teenpatti' ? 'Teen Patti' : 'Niu Niu';
  const [rooms, setRooms] = useState<Listing | null>(null);
  const [view, setView] = useState<PvpView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [connected, setConnected] = useState(false);
  const [now, setNow] = useState(Date.now());
  const skew = useRef(0);
  const ws = useRef<WebSocket | null>(null);

  useEffect(() => {
    let stop = false;
    const load = () =>
      api<Listing>(`/pvp/rooms?game=${game}`)
        .then((r) => !stop && setRooms(r))
        .catch((e: Error) => !stop && setError(e.message));
    void load();
    const every = setInterval(load, 4000);
    return () => {
      stop = true;
      clearInterval(every);
    };
  }, [game]);

  useEffect(() => {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(
      `${proto}://${location.host}/api/pvp/ws?token=${encodeURIComponent(getToken() ?? '')}`,
    );
    ws.current = socket;
    socket.onopen = () => setConnected(true);
    socket.onclose = () => setConnected(false);
    socket.onmessage = (e) => {
      const m = JSON.parse(String(e.data)) as
        { type: 'state'; state: PvpView } | { type: 'error'; message: string } | { type: 'left' } | { type: 'hello' };
      if (m.type === 'state') {
        skew.current = m.state.now - Date.now();
        setView(m.state);
        setError(null);
      } else if (m.type === 'error') setError(m.message);
      else if (m.type === 'left') setView(null);
    };
    return () => socket.close();
  }, []);

  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(tick);
  }, []);

  // After each result (and each refund) the balance is the casino's: read it again.
  const phase = view?.phase;
  const handId = view?.handId;
  useEffect(() => {
    if (phase === 'result' || phase === 'waiting')
      void api<{ balance: string }>('/balance')
        .then((b) => onBalance(b.balance))
        .catch(() => undefined);
  }, [phase, handId, onBalance]);

  const send = (m: unknown) => ws.current?.readyState === WebSocket.OPEN && ws.current.send(JSON.stringify(m));

  // The casino's reality check: while it is open the seat sits out (kept), dealt in again after
  // "continue" (decision 064; the room keeps the rule, the screen only tells it).
  const paused = usePaused();
  const seated = view?.you ?? null;
  useEffect(() => {
    if (seated !== null && ws.current?.readyState === WebSocket.OPEN)
      ws.current.send(JSON.stringify({ op: paused ? 'pause' : 'resume' }));
  }, [paused, seated]);

  if (!view)
    return (
      <section className="pvp-rooms" data-testid="pvp-rooms">
        <h2>{tp('rooms')}</h2>
        <p className="muted">{tp('roomsNote', { rake: ((rooms?.rakeBp ?? 0) / 100).toString() })}</p>
        {rooms?.bots && <p className="pvp-demo-bots">{tp('demoBots')}</p>}
        {error && (
          <p className="pvp-error" role="alert">
            {error}
          </p>
        )}
        {!connected && <p className="muted">{tp('connecting')}</p>}
        <ul className="pvp-room-list">
          {rooms?.rooms.map((r) => (
            <li key={r.id} className="pvp-room" data-testid="pvp-room" data-room={r.id}>
              <div>
                <strong>
                  {title} {formatMoney(r.stake, money)}
                  {r.seats === 2 ? ' · 1v1' : ''}
                </strong>
                <span className="muted">
                  {tp('stake')} {formatMoney(r.stake, money)}
                </span>
              </div>
              <div className="pvp-room-seats">
                <span>{tp('seated', { n: r.taken, m: r.seats })}</span>
                {r.bots > 0 && <span className="pvp-bot-badge">{tp('botsHere', { n: r.bots })}</span>}
              </div>
              <button
                type="button"
                disabled={!connected || r.taken >= r.seats}
                onClick={() => send({ op: 'sit', room: r.id })}
                data-testid="pvp-sit"
              >
                {r.taken >= r.seats ? tp('full') : tp('sit')}
              </button>
            </li>
          ))}
        </ul>
        <Rules />
      </section>
    );

  const me = view.you !== null ? view.seats[view.you] : null;
  const secs = view.deadline ? Math.max(0, Math.ceil((view.deadline - (now + skew.current)) / 1000)) : null;
  if (view.teen)
    return <TeenPattiTable view={view} teen={view.teen} money={money} secs={secs} error={error} send={send} />;
  const myTurnBid = view.phase === 'bidding' && me?.inHand && me.bid === null;
  const myTurnBet = view.phase === 'betting' && me?.inHand && me.multiple === null && view.banker !== view.you;
  const phaseWord =
    view.phase === 'waiting'
      ? tp('waiting')
      : view.phase === 'starting'
        ? tp('starting', { s: secs ?? 0 })
        : view.phase === 'bidding'
          ? tp('bidding')
          : view.phase === 'betting'
            ? tp('betting')
            : view.phase === 'dealing'
              ? tp('dealing')
              : tp('result');

  return (
    <section className="pvp-table" data-testid="pvp-table" data-phase={view.phase} data-hand={view.handId ?? ''}>
      <div className="pvp-head">
        <div>
          <strong>Niu Niu</strong>{' '}
          <span className="muted">
            {tp('stake')} {formatMoney(view.room.stake, money)} · {tp('rake', { amount: `${view.room.rakeBp / 100}%` })}
          </span>
        </div>
        <button type="button" className="ghost" onClick={() => send({ op: 'leave' })} data-testid="pvp-leave">
          {tp('leave')}
        </button>
      </div>
      {view.bots && <p className="pvp-demo-bots">{tp('demoBots')}</p>}
      <div className="pvp-status" aria-live="polite">
        <span data-testid="pvp-phase">{phaseWord}</span>
        {secs !== null && view.phase !== 'starting' && (
          <span className="pvp-timer" data-testid="pvp-timer">
            {tp('timer', { s: secs })}
          </span>
        )}
        {view.handId !== null && <span className="muted">{tp('hand', { n: view.handId })}</span>}
      </div>
      {view.notice && <p className="pvp-error">{tp('called')}</p>}
      {error && (
        <p className="pvp-error" role="alert">
          {error}
        </p>
      )}
      <ol className="pvp-seats">
        {view.seats.map((s, i) => (
          <Seat key={i} s={s} view={view} money={money} />
        ))}
      </ol>
      <div className="pvp-actions">
        {myTurnBid && (
          <div role="group" aria-label={tp('chooseBid')} data-testid="pvp-bids">
            <p>{tp('chooseBid')}</p>
            {[0, 1, 2, 3, 4].map((b) => (
              <button key={b} type="button" onClick={() => send({ op: 'bid', value: b })} data-bid={b}>
                {b === 0 ? tp('noBid') : `×${b}`}
              </button>
            ))}
          </div>
        )}
        {myTurnBet && (
          <div role="group" aria-label={tp('chooseMultiple')} data-testid="pvp-multiples">
            <p>{tp('chooseMultiple')}</p>
            {[1, 2, 3, 4, 5].map((m) => (
              <button key={m} type="button" onClick={() => send({ op: 'multiple', value: m })} data-multiple={m}>
                ×{m}
              </button>
            ))}
          </div>
        )}
        {view.phase === 'betting' && view.banker === view.you && <p>{tp('bankerWaits')}</p>}
        {view.phase === 'result' && me?.net != null && (
          <p
            className={`pvp-outcome ${BigInt(me.net) > 0n ? 'won' : 'lost'}`}
            data-testid="pvp-outcome"
            data-delta={String(BigInt(me.payout ?? '0') - BigInt(me.escrow ?? '0'))}
          >
            {BigInt(me.net) > 0n
              ? tp('youWon', { amount: formatMoney(BigInt(me.net) - BigInt(me.rake ?? '0'), money) })
              : tp('youLost', { amount: formatMoney(-BigInt(me.net), money) })}
            {BigInt(me.rake ?? '0') > 0n && ` · ${tp('rake', { amount: formatMoney(me.rake ?? '0', money) })}`}
          </p>
        )}
      </div>
      {view.serverSeedHash && (
        <p className="pvp-fair muted">
          {tp('seedHash')}: <code>{view.serverSeedHash}</code>
          {view.serverSeed && (
            <>
              <br />
              {tp('seed')}: <code data-testid="pvp-seed">{view.serverSeed}</code>
            </>
          )}
        </p>
      )}
      <Rules />
    </section>
  );
};

const Seat = ({ s, view, money }: { s: PvpSeatView | null; view: PvpView; money: Money }) => {
  if (!s)
    return (
      <li className="pvp-seat empty">
        <span className="muted">{tp('empty')}</span>
      </li>
    );
  const banker = view.banker === s.seat && s.inHand;
  return (
    <li
      className={`pvp-seat ${s.you ? 'you' : ''} ${banker ? 'banker' : ''}`}
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
        {banker && <span className="pvp-banker-badge">{tp('banker')}</span>}
      </div>
      <div className="pvp-seat-line muted">
        {s.bid !== null && <span>{s.bid === 0 ? tp('noBid') : tp('bidX', { n: s.bid })}</span>}
        {s.multiple !== null && !banker && <span>{tp('multipleX', { n: s.multiple })}</span>}
        {s.auto && <span>{tp('auto')}</span>}
        {!s.connected && <span>{tp('dropped')}</span>}
        {s.paused && <span data-testid="pvp-paused">{tp('sittingOut')}</span>}
        {s.escrow && <span>{tp('staked', { amount: formatMoney(s.escrow, money) })}</span>}
      </div>
      {s.cards && (
        <div className="pvp-cards">
          {s.cards.map((c, i) => (
            <Card key={i} c={c} />
          ))}
        </div>
      )}
      {s.category !== null && (
        <div className="pvp-seat-result">
          <strong>
            {categoryName(s.category)} ×{s.multiplier}
          </strong>
          {s.net !== null && (
            <span className={BigInt(s.net) > 0n ? 'won' : 'lost'}>
              {BigInt(s.net) > 0n ? '+' : '−'}
              {formatMoney(BigInt(s.net) < 0n ? -BigInt(s.net) : BigInt(s.net), money)}
              {s.rake && BigInt(s.rake) > 0n && ` (${tp('rake', { amount: formatMoney(s.rake, money) })})`}
            </span>
          )}
        </div>
      )}
    </li>
  );
};

const Rules = () => (
  <details className="pvp-rules">
    <summary>{tp('rules')}</summary>
    <p>{tp('rulesText')}</p>
    <p>{tp('payouts')}</p>
  </details>
);
