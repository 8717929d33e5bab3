import { useEffect, useRef, useState } from 'react';
import type { PvpRoomListing, PvpSeatView, PvpView } from '../../../shared/pvp-view.ts';
import { api, getToken } from '../../lib/api.ts';
import { usePaused } from '../../lib/pause.ts';
import { formatMoney, type Money } from '../../lib/format.ts';
import {
  Card,
  EmptySeat,
  FairLine,
  HandOutcome,
  SeatFlags,
  SeatFrame,
  SeatResult,
  TableHead,
  TableNotices,
  TableStatus,
} from './TableParts.tsx';
import { TeenPattiTable } from './TeenPattiTable.tsx';
import { categoryName, tp } from './words.ts';
import './pvp.css';

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
      <TableHead
        title="Niu Niu"
        terms={
          <>
            {tp('stake')} {formatMoney(view.room.stake, money)} · {tp('rake', { amount: `${view.room.rakeBp / 100}%` })}
          </>
        }
        send={send}
      />
      {view.bots && <p className="pvp-demo-bots">{tp('demoBots')}</p>}
      <TableStatus view={view} phase={phaseWord} secs={view.phase !== 'starting' ? secs : null} />
      <TableNotices view={view} error={error} />
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
        <HandOutcome view={view} money={money} />
      </div>
      <FairLine view={view} />
      <Rules />
    </section>
  );
};

const Seat = ({ s, view, money }: { s: PvpSeatView | null; view: PvpView; money: Money }) => {
  if (!s) return <EmptySeat />;
  const banker = view.banker === s.seat && s.inHand;
  return (
    <SeatFrame
      s={s}
      className={banker ? 'banker' : ''}
      badge={banker && <span className="pvp-banker-badge">{tp('banker')}</span>}
    >
      <div className="pvp-seat-line muted">
        {s.bid !== null && <span>{s.bid === 0 ? tp('noBid') : tp('bidX', { n: s.bid })}</span>}
        {s.multiple !== null && !banker && <span>{tp('multipleX', { n: s.multiple })}</span>}
        <SeatFlags s={s} />
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
        <SeatResult
          s={s}
          hand={
            <>
              {categoryName(s.category)} ×{s.multiplier}
            </>
          }
          money={money}
        />
      )}
    </SeatFrame>
  );
};

const Rules = () => (
  <details className="pvp-rules">
    <summary>{tp('rules')}</summary>
    <p>{tp('rulesText')}</p>
    <p>{tp('payouts')}</p>
  </details>
);
