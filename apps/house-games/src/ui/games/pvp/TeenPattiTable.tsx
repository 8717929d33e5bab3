import type { PvpCardView, PvpSeatView, PvpView, TeenTableView } from '../../../shared/pvp-view.ts';
import { formatMoney, type Money } from '../../lib/format.ts';
import { teenCategoryName, tp } from './words.ts';

const RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['♠', '♥', '♣', '♦'];

const Card = ({ c }: { c: PvpCardView }) => (
  <span className={`pvp-card ${c.suit === 1 || c.suit === 3 ? 'red' : ''}`} data-testid="pvp-card">
    {RANKS[c.rank]}
    {SUITS[c.suit]}
  </span>
);

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
      <div className="pvp-head">
        <div>
          <strong>Teen Patti</strong>{' '}
          <span className="muted">
            {tp('boot', { amount: m(teen.boot) })} · {tp('rake', { amount: `${view.room.rakeBp / 100}%` })}
          </span>
        </div>
        <button type="button" className="ghost" onClick={() => send({ op: 'leave' })} data-testid="pvp-leave">
          {tp('leave')}
        </button>
      </div>
      {view.bots && <p className="pvp-demo-bots">{tp('demoBots')}</p>}
      <div className="pvp-status" aria-live="polite">
        <span data-testid="pvp-phase">{phaseWord}</span>
        {secs !== null && view.phase === 'playing' && (
          <span className="pvp-timer" data-testid="pvp-timer">
            {tp('timer', { s: secs })}
          </span>
        )}
        {view.handId !== null && <span className="muted">{tp('hand', { n: view.handId })}</span>}
      </div>
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
      {view.notice && <p className="pvp-error">{tp('called')}</p>}
      {error && (
        <p className="pvp-error" role="alert">
          {error}
        </p>
      )}
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
        {view.phase === 'result' && me?.net != null && (
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
  if (!s)
    return (
      <li className="pvp-seat empty">
        <span className="muted">{tp('empty')}</span>
      </li>
    );
  return (
    <li
      className={`pvp-seat ${s.you ? 'you' : ''} ${turn ? 'turn' : ''} ${s.packed ? 'packed' : ''} ${s.winner ? 'winner' : ''}`}
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
        {s.winner && <span className="pvp-banker-badge">{tp('winner')}</span>}
      </div>
      <div className="pvp-seat-line muted">
        {s.inHand && <span>{s.packed ? tp('packed') : s.seen ? tp('seenWord') : tp('blind')}</span>}
        {s.auto && <span>{tp('auto')}</span>}
        {!s.connected && <span>{tp('dropped')}</span>}
        {s.paused && <span data-testid="pvp-paused">{tp('sittingOut')}</span>}
        {s.put && <span>{tp('inPot', { amount: formatMoney(s.put, money) })}</span>}
      </div>
      {s.inHand && (
        <div className="pvp-cards">
          {s.cards ? s.cards.map((c, i) => <Card key={i} c={c} />) : [0, 1, 2].map((i) => <Back key={i} />)}
        </div>
      )}
      {s.category !== null && s.category !== undefined && (
        <div className="pvp-seat-result">
          <strong>{teenCategoryName(s.category)}</strong>
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
