import type { PvpSeatView, PvpView, TeenTableView } from '../../../shared/pvp-view.ts';
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
import { teenCategoryName, tp } from './words.ts';

const Back = () => <span className="pvp-card back" aria-hidden="true" data-testid="pvp-card-back" />;

/**
 * The Teen Patti table (the same room engine and socket as Niu Niu): seats with cards face down
 * while blind and face up once seen, the pot, the current stake, whose turn it is with its timer,
 * and see / chaal / raise / pack / show buttons priced for you; the result with the rake.
 */
export const TeenPattiTable = ({
  view,
  teen,
  money,
  secs,
  error,
  send,
}: {
  view: PvpView;
  teen: TeenTableView;
  money: Money;
  secs: number | null;
  error: string | null;
  send: (m: unknown) => void;
}) => {
  const me = view.you !== null ? view.seats[view.you] : null;
  const myTurn =
    view.phase === 'playing' && teen.turn !== null && teen.turn === view.you && !me?.packed && !teen.asking;
  const turnName = teen.turn !== null ? view.seats[teen.turn]?.name : null;
  const inPlay = view.phase === 'playing' && !!me?.inHand && !me.packed;
  const nameOf = (seat: number) => view.seats[seat]?.name ?? '';
  const asking = view.phase === 'playing' ? (teen.asking ?? null) : null;
  const askedMe = !!asking && asking.to === view.you && inPlay;
  const last = teen.lastSideshow ?? null;
  const phaseWord = asking
    ? tp('sideshowAsking', { from: nameOf(asking.from), to: nameOf(asking.to) })
    : view.phase === 'waiting'
      ? tp('waiting')
      : view.phase === 'starting'
        ? tp('starting', { s: secs ?? 0 })
        : view.phase === 'playing'
          ? myTurn
            ? tp('yourTurn')
            : tp('turnOf', { name: turnName ?? '' })
          : view.phase === 'dealing'
            ? tp('dealing')
            : tp('result');
  const m = (a: string | bigint) => formatMoney(a, money);

  return (
    <section
      className="pvp-table teen"
      data-testid="pvp-table"
      data-game="teenpatti"
      data-phase={view.phase}
      data-hand={view.handId ?? ''}
    >
      <TableHead
        title="Teen Patti"
        terms={
          <>
            {tp('boot', { amount: m(teen.boot) })} · {tp('rake', { amount: `${view.room.rakeBp / 100}%` })}
          </>
        }
        send={send}
      />
      {view.bots && <p className="pvp-demo-bots">{tp('demoBots')}</p>}
      <TableStatus view={view} phase={phaseWord} secs={view.phase === 'playing' ? secs : null} />
      {view.phase !== 'waiting' && view.phase !== 'starting' && (
        <div className="teen-pot" data-testid="teen-pot" data-pot={teen.pot}>
          <span>
            {tp('pot')} <strong>{m(teen.pot)}</strong>
          </span>
          <span>
            {tp('currentStake')} <strong data-testid="teen-unit">{m(teen.unit)}</strong>
          </span>
          <span className="muted">{tp('roundN', { n: teen.round, m: teen.maxRounds })}</span>
        </div>
      )}
      {last && view.phase !== 'waiting' && view.phase !== 'starting' && (
        <p className="muted" data-testid="teen-sideshow-last">
          {last.accepted
            ? tp('sideshowAccepted', {
                from: nameOf(last.from),
                to: nameOf(last.to),
                loser: nameOf(last.loser ?? last.from),
              })
            : tp('sideshowRefused', { from: nameOf(last.from), to: nameOf(last.to) })}
        </p>
      )}
      <TableNotices view={view} error={error} />
      <ol className="pvp-seats">
        {view.seats.map((s, i) => (
          <TeenSeat key={i} s={s} turn={teen.turn === i && view.phase === 'playing'} money={money} />
        ))}
      </ol>
      <div className="pvp-actions">
        {askedMe && (
          <div className="teen-sideshow-ask" role="alertdialog" aria-live="assertive" data-testid="teen-sideshow-ask">
            <p>{tp('sideshowAsked', { name: nameOf(asking.from) })}</p>
            <button type="button" onClick={() => send({ op: 'accept' })} data-op="accept">
              {tp('accept')}
            </button>
            <button type="button" className="ghost" onClick={() => send({ op: 'refuse' })} data-op="refuse">
              {tp('refuse')}
            </button>
          </div>
        )}
        {inPlay && (
          <div role="group" aria-label={tp('yourMove')} data-testid="teen-actions">
            {!me.seen && (
              <button type="button" className="ghost" onClick={() => send({ op: 'see' })} data-op="see">
                {tp('see')}
              </button>
            )}
            {myTurn && teen.chaal && (
              <button type="button" onClick={() => send({ op: 'chaal' })} data-op="chaal">
                {tp(me.seen ? 'chaal' : 'blindChaal', { amount: m(teen.chaal) })}
              </button>
            )}
            {myTurn && teen.raise && (
              <button type="button" onClick={() => send({ op: 'raise' })} data-op="raise">
                {tp('raise', { amount: m(teen.raise) })}
              </button>
            )}
            {myTurn && teen.sideshow && (
              <button type="button" onClick={() => send({ op: 'sideshow' })} data-op="sideshow">
                {tp('sideshow', { amount: m(teen.sideshow) })}
              </button>
            )}
            {myTurn && teen.show && (
              <button type="button" onClick={() => send({ op: 'show' })} data-op="show">
                {tp('show', { amount: m(teen.show) })}
              </button>
            )}
            <button type="button" className="ghost" onClick={() => send({ op: 'pack' })} data-op="pack">
              {tp('pack')}
            </button>
          </div>
        )}
        <HandOutcome view={view} money={money} />
      </div>
      <FairLine view={view} />
      <details className="pvp-rules">
        <summary>{tp('rules')}</summary>
        <p>{tp('teenRules')}</p>
        <p>{tp('sideshowRule')}</p>
        <p>{tp('teenRanks')}</p>
      </details>
    </section>
  );
};

const TeenSeat = ({ s, turn, money }: { s: PvpSeatView | null; turn: boolean; money: Money }) => {
  if (!s) return <EmptySeat />;
  return (
    <SeatFrame
      s={s}
      className={`${turn ? 'turn' : ''} ${s.packed ? 'packed' : ''} ${s.winner ? 'winner' : ''}`}
      badge={s.winner && <span className="pvp-banker-badge">{tp('winner')}</span>}
    >
      <div className="pvp-seat-line muted">
        {s.inHand && <span>{s.packed ? tp('packed') : s.seen ? tp('seenWord') : tp('blind')}</span>}
        <SeatFlags s={s} />
        {s.put && <span>{tp('inPot', { amount: formatMoney(s.put, money) })}</span>}
      </div>
      {s.inHand && (
        <div className="pvp-cards">
          {s.cards ? s.cards.map((c, i) => <Card key={i} c={c} />) : [0, 1, 2].map((i) => <Back key={i} />)}
        </div>
      )}
      {s.category !== null && s.category !== undefined && (
        <SeatResult s={s} hand={teenCategoryName(s.category)} money={money} />
      )}
    </SeatFrame>
  );
};
