import type { HouseDb, Queryable } from '../../store/db.ts';
import {
  betResult,
  betReturn,
  marketOf,
  offeredOdds,
  potentialReturn,
  type LegResult,
} from '../../math/sports/football.ts';
import { cashOutValue, partialCashOut } from '../../math/sports/cashout.ts';
import {
  isSystem,
  linesOf,
  SYSTEMS,
  systemPotential,
  systemReturn,
  type SystemKind,
} from '../../math/sports/systems.ts';
import { isSport, marketsOf, SPORT_RULES, SPORTS, type ResultDetail, type Sport } from '../../math/sports/sports.ts';
import { BetFlow, InFlight } from '../bet-flow.ts';
import type { Bets } from '../bets.ts';
import { GameError } from '../errors.ts';
import { ownerOf, type GameSession, type Sessions } from '../sessions.ts';
import { winTx, type Wallet } from '../wallet.ts';
import type { KnownEvent, LiveState, SportFixture, SportResult, SportsFeed, SportsFeedEvents } from './feed.ts';

/**
 * The sportsbook (decision 099): events and fair prices come from a feed (feed.ts); the book
 * offers them with the operator's margin, takes singles and accumulators through the seamless
 * wallet while an event is open, and settles each bet once per set of results:
 *   - a leg's result is written when its event's result arrives (with the result's version);
 *   - a bet is settled when every leg has a result: under a lock on the bet, a posting keyed by its
 *     legs' events and result versions is inserted once (UNIQUE (bet_id, key)), with the return and
 *     the difference from what was already paid;
 *   - the money moves under the posting's own transaction id (`<round>-W` first, then `-W<n>` or
 *     `-D<n>` for a correction's difference), which the platform applies once.
 * A corrected result is a new version: every bet on the event gets a new key and posts only the
 * difference; nothing already posted is edited.
 */
export interface SportsLimits {
  minStake: bigint;
  maxStake: bigint;
  /** The most one bet may return (stake × odds); a bigger slip is refused with the stake that fits. */
  maxPayout: bigint;
  marginBp: number;
  maxLegs: number;
  /** The cash-out margin in basis points (decision 102). */
  cashOutMarginBp: number;
  /** The in-play bet delay (decision 107): an in-play bet is checked again after this long. */
  inPlayDelayMs?: number;
}

export interface LegInput {
  event: number;
  selection: string;
  /** The odds the player saw (hundredths). */
  odds: number;
}

type Row = Record<string, unknown>;

/** Bets claimed per transaction when an event settles (decision 105). */
const SETTLE_CHUNK = 2000;
/** A settlement's credits per seamless `wins` call, and such calls in flight at once. */
const WINS_PER_CALL = 250;
const WINS_CALLS_IN_FLIGHT = 4;

/** The market a board shows for an event before its page opens (the first, the winner's). */
const HEADLINE: Record<Sport, string> = { football: '1X2', basketball: 'ML', tennis: 'MW', esports: 'MW' };
const rulesOf = (sport: unknown) => SPORT_RULES[isSport(String(sport)) ? (sport as Sport) : 'football'];
const detailOf = (result: SportResult): ResultDetail | null => {
  if (result.score === null) return null;
  const { halfTime, sets, maps } = result;
  const d: ResultDetail = { ...(halfTime ? { halfTime } : {}), ...(sets ? { sets } : {}), ...(maps ? { maps } : {}) };
  return Object.keys(d).length ? d : null;
};

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** The markets the operator suspended or voided on an event (decision 114). */
export const operatorMarkets = (r: Row) => ({
  suspended: new Set(json<string[] | null>(r.suspended_markets) ?? []),
  voided: new Set(json<string[] | null>(r.voided_markets) ?? []),
});

/**
 * Legs read with their event's `suspended` and `suspended_markets`: a leg also counts as suspended
 * while the operator has suspended its market, so no cash out is offered or taken on it.
 */
const withMarketsSuspended = (legs: Row[]) => {
  for (const l of legs) if (operatorMarkets(l).suspended.has(marketOf(String(l.selection)))) l.suspended = true;
  return legs;
};

const eventView = (r: Row, full: boolean) => {
  const odds = json<Record<string, number>>(r.odds);
  const sport = (isSport(String(r.sport)) ? r.sport : 'football') as Sport;
  const op = operatorMarkets(r);
  // A market the operator voided is no longer offered; one suspended shows as such (and refuses bets).
  const markets = marketsOf(
    sport,
    Object.keys(odds).filter((k) => (odds[k] ?? 0) > 0),
  )
    .filter((m) => !op.voided.has(m.market))
    .map((m) => ({
      market: m.market,
      kind: m.kind,
      suspended: op.suspended.has(m.market),
      selections: m.selections.map((s) => ({ key: s, odds: odds[s]! })),
    }))
    .filter((m) => full || m.market === HEADLINE[sport]);
  return {
    id: Number(r.id),
    sport: r.sport as string,
    league: r.league as string,
    leagueName: r.league_name as string,
    home: r.home as string,
    away: r.away as string,
    startsAt: new Date(r.starts_at as string).toISOString(),
    status: r.status as 'open' | 'started' | 'resulted',
    suspended: r.suspended === true || r.op_suspended === true,
    /** In-play: the clock, the score and the incidents so far (null before kick-off or without a live feed). */
    live: liveView(r),
    score: r.status === 'resulted' && !r.abandoned ? { home: Number(r.score_home), away: Number(r.score_away) } : null,
    abandoned: r.abandoned === true,
    /** What a result holds besides the score: the half-time score, each set's games, each map's winner. */
    detail: r.status === 'resulted' && r.result_detail ? json<ResultDetail>(r.result_detail) : null,
    markets,
  };
};
export type SportEventView = ReturnType<typeof eventView>;

const liveView = (r: Row) => {
  if (r.status !== 'started' || !r.live) return null;
  const l = json<LiveState>(r.live);
  return { ...liveClock(l), incidents: l.incidents };
};
/** The clock and score of a live state, with the other sports' own (decision 115): quarter and clock, sets and games, maps. */
const liveClock = (l: LiveState) => ({
  minute: l.minute,
  score: l.score,
  ...(l.period !== undefined ? { period: l.period, clock: l.clock ?? 0 } : {}),
  ...(l.sets ? { sets: l.sets, games: l.games ?? [0, 0], serving: l.serving ?? 'home' } : {}),
  ...(l.maps ? { maps: l.maps } : {}),
});
/** An event takes bets: pre-match before kick-off, or in-play once its feed sends a live state. */
const bettable = (r: Row) =>
  (r.status === 'open' && new Date(r.starts_at as string).getTime() > Date.now()) ||
  (r.status === 'started' && r.live !== null && r.live !== undefined);

export class SportsBook implements SportsFeedEvents {
  private readonly inFlight = new InFlight();
  private readonly flow: BetFlow;

  constructor(
    private readonly db: HouseDb,
    private readonly bets: Bets,
    private readonly wallet: Wallet,
    private readonly sessions: Sessions,
    readonly limits: SportsLimits,
    private readonly feed: SportsFeed | null,
  ) {
    this.flow = new BetFlow(db, bets, wallet);
  }

  get feedName() {
    return this.feed?.name ?? null;
  }

  /** Settles what a restart interrupted, then hands the feed the events it still has open. */
  async start() {
    await this.recover();
    const known = await this.db.query<Row>(
      `SELECT feed_ref, sport, league, home, away, starts_at, status, live FROM hg_sport_events WHERE status IN ('open', 'started') AND feed = $1`,
      [this.feed?.name ?? 'manual'],
    );
    this.feed?.start(
      this,
      known.map((k): KnownEvent => ({
        ref: k.feed_ref as string,
        sport: (isSport(String(k.sport)) ? k.sport : 'football') as Sport,
        league: k.league as string,
        home: k.home as string,
        away: k.away as string,
        startsAt: new Date(k.starts_at as string).getTime(),
        status: k.status as 'open' | 'started',
        live: k.live ? json<LiveState>(k.live) : null,
      })),
    );
  }

  stop() {
    this.feed?.stop();
  }

  /**
   * The margin the book applies to a sport's fair prices (decision 114): the operator's
   * setting for the sport, else the configured HOUSE_GAMES_SPORTS_MARGIN_BP.
   */
  async marginOf(sport: string): Promise<number> {
    const [m] = await this.db.query<{ margin_bp: number }>('SELECT margin_bp FROM hg_sport_margins WHERE sport = $1', [
      sport,
    ]);
    return m ? Number(m.margin_bp) : this.limits.marginBp;
  }

  private async byRef(ref: string): Promise<Row> {
    const [r] = await this.db.query<Row>('SELECT * FROM hg_sport_events WHERE feed_ref = $1', [ref]);
    if (!r) throw new GameError('NOT_FOUND', `No event ${ref}`, 404);
    return r;
  }

  // ── The feed's events ────────────────────────────────────────────────────────────────────────

  async eventListed(f: SportFixture) {
    if (!isSport(f.sport)) throw new RangeError(`event ${f.ref}: no settlement rules for ${String(f.sport)}`);
    const odds: Record<string, number> = {};
    const marginBp = await this.marginOf(f.sport);
    for (const [sel, fair] of Object.entries(f.fair)) {
      if (!SPORT_RULES[f.sport].isSelection(sel)) throw new RangeError(`event ${f.ref}: unknown selection ${sel}`);
      odds[sel] = offeredOdds(fair, marginBp);
    }
    const [listed] = await this.db.query<{ id: string }>(
      `INSERT INTO hg_sport_events (feed, feed_ref, sport, league, league_name, home, away, starts_at, status, margin_bp, fair, odds)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,'open',$9,$10,$11)
       ON CONFLICT (feed_ref) DO UPDATE SET fair = EXCLUDED.fair, odds = EXCLUDED.odds, starts_at = EXCLUDED.starts_at,
         margin_bp = EXCLUDED.margin_bp
       WHERE hg_sport_events.status = 'open' RETURNING id`,
      [
        this.feed?.name ?? 'manual',
        f.ref,
        f.sport,
        f.league,
        f.leagueName,
        f.home,
        f.away,
        new Date(f.startsAt),
        marginBp,
        JSON.stringify(f.fair),
        JSON.stringify(odds),
      ],
    );
    // A price moved: auto cash outs on the event may have been reached (decision 108).
    if (listed) await this.autoCashOutOn(Number(listed.id));
  }

  async eventSuspended(ref: string, suspended: boolean) {
    await this.byRef(ref);
    await this.db.query(`UPDATE hg_sport_events SET suspended = $2 WHERE feed_ref = $1`, [ref, suspended]);
    if (!suspended) await this.autoCashOutOn(Number((await this.byRef(ref)).id));
  }

  async eventStarted(ref: string) {
    await this.byRef(ref);
    // Bets already on their way to the wallet finish before the event is marked started.
    await this.inFlight.drain();
    await this.db.query(
      `UPDATE hg_sport_events SET status = 'started', started_at = now() WHERE feed_ref = $1 AND status = 'open'`,
      [ref],
    );
  }

  /**
   * In-play (decision 102): the feed's clock, score, incidents and fair prices; the book offers
   * the prices with the margin. Only a started event goes live (one still open is started first).
   */
  async eventLive(ref: string, live: LiveState) {
    const r = await this.byRef(ref);
    if (r.status === 'open') await this.eventStarted(ref);
    const odds: Record<string, number> = {};
    const marginBp = await this.marginOf(String(r.sport));
    for (const [sel, fair] of Object.entries(live.fair)) {
      if (!rulesOf(r.sport).isSelection(sel)) throw new RangeError(`event ${ref}: unknown selection ${sel}`);
      odds[sel] = offeredOdds(fair, marginBp);
    }
    await this.db.query(
      `UPDATE hg_sport_events SET live = $2, fair = $3, odds = $4, margin_bp = $5 WHERE feed_ref = $1 AND status = 'started'`,
      [ref, JSON.stringify(live), JSON.stringify(live.fair), JSON.stringify(odds), marginBp],
    );
    await this.autoCashOutOn(Number(r.id));
  }

  async eventResulted(ref: string, result: SportResult) {
    const r = await this.byRef(ref);
    if (r.status === 'open') await this.eventStarted(ref);
    // In-play bets already on their way to the wallet write their legs before the result does.
    await this.inFlight.drain();
    const [u] = await this.db.query<Row>(
      `UPDATE hg_sport_events SET status = 'resulted', resulted_at = now(), score_home = $2, score_away = $3,
              abandoned = $4, result_version = 1, result_detail = $5
        WHERE id = $1 AND status IN ('open', 'started') RETURNING *`,
      [
        r.id,
        result.score?.home ?? null,
        result.score?.away ?? null,
        result.score === null,
        JSON.stringify(detailOf(result)),
      ],
    );
    if (!u) return; // the feed repeated itself
    await this.settleEvent(Number(u.id));
  }

  async resultCorrected(ref: string, result: SportResult) {
    const r = await this.byRef(ref);
    if (r.status !== 'resulted') return this.eventResulted(ref, result);
    const [u] = await this.db.query<Row>(
      `UPDATE hg_sport_events SET score_home = $2, score_away = $3, abandoned = $4, result_version = result_version + 1,
              resulted_at = now(), result_detail = $5
        WHERE id = $1 AND status = 'resulted'
          AND (score_home IS DISTINCT FROM $2 OR score_away IS DISTINCT FROM $3 OR abandoned <> $4
               OR result_detail IS DISTINCT FROM $5::jsonb) RETURNING *`,
      [
        r.id,
        result.score?.home ?? null,
        result.score?.away ?? null,
        result.score === null,
        JSON.stringify(detailOf(result)),
      ],
    );
    if (!u) return; // the same result again changes nothing
    await this.settleEvent(Number(u.id));
  }

  // ── Bets ─────────────────────────────────────────────────────────────────────────────────────

  /**
   * One bet: a single (one leg), an accumulator (legs on different events), or a system (decision
   * 104: `system` names it, `stake` is the stake per line, the bet's stake is lines × stake per line).
   */
  async placeBet(
    s: GameSession,
    input: { legs: LegInput[]; stake: string; acceptChanges: boolean; slipId?: string; system?: string | undefined },
  ) {
    const owner = ownerOf(s);
    if (input.slipId) {
      const [dup] = await this.db.query<{ id: string }>(`SELECT id FROM hg_bets WHERE owner = $1 AND client_ref = $2`, [
        owner,
        input.slipId,
      ]);
      if (dup) return this.betView(Number(dup.id), s);
    }
    let { legs, stake, potential, system } = await this.check(input);
    // The in-play bet delay (decision 107): nothing moves before it ends; then the slip is checked
    // again against the prices it was about to take, so a market suspended or a price moved during
    // the delay refuses the bet (MARKET_SUSPENDED, or ODDS_CHANGED with the new price) unless the
    // player accepts price changes.
    const delay = this.limits.inPlayDelayMs ?? 0;
    if (delay > 0 && legs.some((l) => l.inPlay)) {
      await new Promise((r) => setTimeout(r, delay));
      ({ legs, stake, potential, system } = await this.check({
        ...input,
        legs: legs.map((l) => ({ event: l.event, selection: l.selection, odds: l.odds })),
      }));
    }
    return this.inFlight.run(async () => {
      const { row } = await this.flow.stake(
        s,
        { game: 'sports', amount: stake, ...(input.slipId ? { clientRef: input.slipId } : {}) },
        {
          kind: 'sports',
          type: system ? 'system' : legs.length === 1 ? 'single' : 'accumulator',
          ...(system ? { system, lines: linesOf(system) } : {}),
          legs: legs.map((l) => ({ event: `${l.home} v ${l.away}`, selection: l.selection, odds: l.odds })),
          bet: String(stake),
          potentialReturn: String(potential),
        },
      );
      if (system) await this.db.query(`UPDATE hg_bets SET sport_system = $2 WHERE id = $1`, [row.id, system]);
      // The legs are written before the bet is open: an event can't start (and settle) in between,
      // it waits for bets in flight.
      for (const l of legs)
        await this.db.query(`INSERT INTO hg_sport_legs (bet_id, event_id, selection, odds) VALUES ($1,$2,$3,$4)`, [
          row.id,
          l.event,
          l.selection,
          l.odds,
        ]);
      await this.bets.update(row.id, { status: 'open' });
      return this.betView(row.id, s);
    });
  }

  /** Validates a slip against the current board; refuses with a clear reason (and the new prices). */
  private async check(input: { legs: LegInput[]; stake: string; acceptChanges: boolean; system?: string | undefined }) {
    const { minStake, maxStake, maxPayout, maxLegs } = this.limits;
    let system: SystemKind | null = null;
    if (input.system !== undefined) {
      if (!isSystem(input.system)) throw new GameError('VALIDATION_FAILED', `system: unknown ${input.system}`, 400);
      system = input.system;
      const need = SYSTEMS[system].selections;
      if (input.legs.length !== need)
        throw new GameError('SYSTEM_SELECTIONS', `This system takes exactly ${need} selections`, 400, {
          selections: need,
        });
    }
    if (input.legs.length < 1 || input.legs.length > maxLegs)
      throw new GameError('TOO_MANY_LEGS', `A bet has between 1 and ${maxLegs} selections`, 400, { maxLegs });
    const ids = input.legs.map((l) => l.event);
    if (new Set(ids).size !== ids.length)
      throw new GameError('SAME_EVENT', 'An accumulator takes one selection per event', 400);
    // A system's stake is per line: the limits hold for each line, the maximum payout for the bet.
    const stake = BigInt(input.stake);
    if (stake < minStake || stake > maxStake)
      throw new GameError('STAKE_OUT_OF_RANGE', `A stake is between ${minStake} and ${maxStake}`, 400, {
        minStake: String(minStake),
        maxStake: String(maxStake),
      });
    const rows = await this.db.query<Row>(`SELECT * FROM hg_sport_events WHERE id = ANY($1::bigint[])`, [ids]);
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    const changed: LegInput[] = [];
    const legs = input.legs.map((l) => {
      const r = byId.get(l.event);
      if (!r) throw new GameError('NOT_FOUND', `No event ${l.event}`, 404);
      if (!rulesOf(r.sport).isSelection(l.selection))
        throw new GameError('VALIDATION_FAILED', `legs: unknown selection ${l.selection}`, 400);
      if (!bettable(r))
        throw new GameError('EVENT_STARTED', `${r.home} v ${r.away} has started: betting on it is closed`, 409, {
          event: l.event,
        });
      const price = json<Record<string, number>>(r.odds)[l.selection] ?? 0;
      const op = operatorMarkets(r);
      const market = marketOf(l.selection);
      if (
        r.suspended === true ||
        r.op_suspended === true ||
        op.suspended.has(market) ||
        op.voided.has(market) ||
        price === 0
      )
        throw new GameError('MARKET_SUSPENDED', `${r.home} v ${r.away}: this market is suspended`, 409, {
          event: l.event,
          selection: l.selection,
        });
      if (price !== l.odds) changed.push({ ...l, odds: price });
      return { ...l, odds: price, home: r.home as string, away: r.away as string, inPlay: r.status === 'started' };
    });
    if (changed.length && !input.acceptChanges)
      throw new GameError('ODDS_CHANGED', 'The odds have changed; check the new prices and bet again', 409, {
        legs: changed,
      });
    const odds = legs.map((l) => l.odds);
    const potential = system ? systemPotential(stake, system, odds) : potentialReturn(stake, odds);
    if (potential > maxPayout) {
      // The largest stake (per line for a system) whose return fits.
      const fits = (maxPayout * stake) / potential;
      throw new GameError('PAYOUT_TOO_HIGH', `A bet may return at most ${maxPayout}; lower the stake`, 400, {
        maxPayout: String(maxPayout),
        maxStake: String(fits < minStake ? 0n : fits),
      });
    }
    return { legs, stake: system ? stake * BigInt(linesOf(system)) : stake, potential, system };
  }

  /**
   * The cash-out offer now for the bet's whole open stake (decisions 102, 108), or null: a single or
   * an accumulator (not a system) still open, no open leg's event resulted nor suspended, every open
   * leg priced and no leg lost. `legs` carry their event's status, suspension and fair prices.
   *   offer = open stake × Π(settled legs' factors) × Π(open legs' taken / fair now) × (1 − c), floored.
   */
  private offerOf(bet: Row, legs: Row[], openStake: bigint): bigint | null {
    if (bet.status !== 'open' || !legs.length || bet.sport_system) return null;
    if (openStake <= 0n) return null;
    const open = legs.filter((l) => l.result === null || l.result === undefined);
    if (open.some((l) => l.event_status === 'resulted' || l.suspended === true)) return null;
    return cashOutValue(
      openStake,
      legs.map((l) => ({
        odds: Number(l.odds),
        result: (l.result as LegResult | null | undefined) ?? null,
        fair: l.result == null ? (json<Record<string, number>>(l.fair)[l.selection as string] ?? 0) * 100 : 0,
      })),
      this.limits.cashOutMarginBp,
    );
  }

  /**
   * A bet's legs with their events' state, for the cash-out offer: a leg is suspended while its
   * event is (by the feed or the operator) or the operator suspended its market (decision 114).
   */
  private async legsForOffer(q: Queryable, betId: number) {
    return withMarketsSuspended(
      await q.query<Row>(
        `SELECT l.*, e.status AS event_status, (e.suspended OR e.op_suspended) AS suspended, e.fair,
                e.suspended_markets FROM hg_sport_legs l
           JOIN hg_sport_events e ON e.id = l.event_id WHERE l.bet_id = $1 ORDER BY l.id`,
        [betId],
      ),
    );
  }

  /**
   * Cashes out an open single or accumulator at the offer the player saw (`amount`, for the whole
   * open stake): all of it, or `part` of the open stake at ⌊amount × part / open stake⌋ (the rest
   * stays open). Under the lock on the bet that settlement takes, as a posting paid through the
   * seamless wallet under its own transaction id. Refused when the offer moved (CASHOUT_CHANGED with
   * the new one), a market is suspended, or the bet is settled; a full cash out asked again answers
   * the same bet and pays nothing more.
   */
  async cashOut(s: GameSession, betId: number, amount: bigint, part?: bigint) {
    const claimed = await this.db.transaction(async (tx: Queryable) => {
      const [bet] = await tx.query<Row>(
        `SELECT * FROM hg_bets WHERE id = $1 AND owner = $2 AND game = 'sports' FOR UPDATE`,
        [betId, ownerOf(s)],
      );
      if (!bet) throw new GameError('NOT_FOUND', 'No such bet', 404);
      return this.claimCashOut(tx, bet, { amount, part });
    });
    if (claimed) await this.send(claimed.postingId);
    return this.betView(betId, s);
  }

  /**
   * Claims a cash out on a locked bet: a posting keyed `cashout` (all of the open stake: the bet is
   * settled at it) or `cashout:<seq>` (a part: the bet stays open on the rest). With `auto`, only
   * when the offer has reached the bet's auto cash-out value, at the offer then; null when there is
   * nothing to do (already cashed out, or the offer below the value).
   */
  private async claimCashOut(
    tx: Queryable,
    bet: Row,
    ask: { amount: bigint; part?: bigint | undefined } | { auto: bigint },
  ): Promise<{ postingId: number } | null> {
    const betId = Number(bet.id);
    const posted = await tx.query<Row>(`SELECT key, amount, stake_part FROM hg_sport_postings WHERE bet_id = $1`, [
      betId,
    ]);
    if (posted.some((p) => p.key === 'cashout')) return null; // asked twice: the first answer stands
    const partials = posted.filter((p) => String(p.key).startsWith('cashout:'));
    if (posted.length > partials.length || bet.status !== 'open')
      throw new GameError('BET_SETTLED', 'This bet is already settled: it cannot be cashed out', 409);
    if (bet.sport_system) throw new GameError('CASHOUT_UNAVAILABLE', 'A system cannot be cashed out', 409);
    const legs = await this.legsForOffer(tx, betId);
    const open = legs.filter((l) => l.result === null);
    if (!open.length || open.every((l) => l.event_status === 'resulted'))
      throw new GameError('BET_SETTLED', 'The match has ended: this bet is being settled', 409);
    if (open.some((l) => l.suspended === true))
      throw new GameError('MARKET_SUSPENDED', 'The market is suspended: cash out again in a moment', 409);
    const stake = BigInt(bet.amount as string);
    const openStake = stake - partials.reduce((t, p) => t + BigInt(p.stake_part as string), 0n);
    const offer = this.offerOf(bet, legs, openStake);
    if ('auto' in ask) {
      if (offer === null || offer < ask.auto) return null;
    } else {
      if (offer === null) throw new GameError('CASHOUT_UNAVAILABLE', 'No cash out is offered on this bet now', 409);
      if (offer !== ask.amount)
        throw new GameError('CASHOUT_CHANGED', 'The cash-out offer has changed; check it and confirm again', 409, {
          amount: String(offer),
        });
    }
    const part = 'auto' in ask ? openStake : (ask.part ?? openStake);
    const { minStake } = this.limits;
    if (part > openStake || (part < openStake && (part < minStake || openStake - part < minStake)))
      throw new GameError(
        'CASHOUT_PART',
        `The part cashed out is at most the open stake (${openStake}), and it and the rest are each at least ${minStake}`,
        400,
        { openStake: String(openStake), minStake: String(minStake) },
      );
    const pay = partialCashOut(offer, part, openStake);
    const full = part === openStake;
    const paid = posted.reduce((t, p) => t + BigInt(p.amount as string), 0n);
    const seq = posted.length;
    const roundId = bet.round_id as string;
    const [p] = await tx.query<{ id: string }>(
      `INSERT INTO hg_sport_postings (bet_id, key, seq, total, amount, transaction_id, status, stake_part)
       VALUES ($1,$2,$3,$4,$5,$6,'new',$7) RETURNING id`,
      [
        betId,
        full ? 'cashout' : `cashout:${seq}`,
        seq,
        String(paid + pay),
        String(pay),
        seq === 0 ? winTx(roundId) : `${roundId}-W${seq}`,
        String(part),
      ],
    );
    if (full)
      await tx.query(
        `UPDATE hg_bets SET win = $2, status = 'settling', outcome = $3, sport_auto_cashout = NULL WHERE id = $1`,
        [
          betId,
          String(paid + pay),
          JSON.stringify({
            kind: 'sports',
            result: 'CASHED_OUT',
            cashedOut: true,
            auto: 'auto' in ask,
            win: String(paid + pay),
            stake: String(stake),
          }),
        ],
      );
    return { postingId: Number(p!.id) };
  }

  /**
   * Auto cash out (decision 108): the value at which the member wants the bet cashed out whole, or
   * null to remove it. Checked at once and whenever a price of the bet's events moves or one of its
   * legs is settled.
   */
  async setAutoCashOut(s: GameSession, betId: number, value: bigint | null) {
    const [bet] = await this.db.query<Row>(
      `SELECT id, status, sport_system FROM hg_bets WHERE id = $1 AND owner = $2 AND game = 'sports'`,
      [betId, ownerOf(s)],
    );
    if (!bet) throw new GameError('NOT_FOUND', 'No such bet', 404);
    if (bet.status !== 'open') throw new GameError('BET_SETTLED', 'This bet is already settled', 409);
    if (bet.sport_system) throw new GameError('CASHOUT_UNAVAILABLE', 'A system cannot be cashed out', 409);
    await this.db.query(`UPDATE hg_bets SET sport_auto_cashout = $2 WHERE id = $1 AND status = 'open'`, [
      betId,
      value === null ? null : String(value),
    ]);
    if (value !== null) await this.autoCashOut([betId]);
    return this.betView(betId, s);
  }

  /** Runs the auto cash outs of the open bets on an event that have a value set. */
  private async autoCashOutOn(eventId: number) {
    // From the few bets with an auto value (hg_bets_auto_cashout_idx) to their legs, not from the
    // event's legs, which are all its bets (decision 122).
    const ids = await this.db.query<{ id: string }>(
      `SELECT b.id FROM hg_bets b
        WHERE b.sport_auto_cashout IS NOT NULL AND b.status = 'open'
          AND EXISTS (SELECT 1 FROM hg_sport_legs l WHERE l.bet_id = b.id AND l.event_id = $1)
        ORDER BY b.id`,
      [eventId],
    );
    if (ids.length) await this.autoCashOut(ids.map((r) => Number(r.id)));
  }

  /**
   * Cashes out each bet whose offer has reached its auto value, exactly once: under the bet's lock
   * (the one settlement and the player's cash out take) the `cashout` posting is inserted at most
   * once per bet; a bet settled, suspended or below its value is left as it is.
   */
  private async autoCashOut(betIds: number[]) {
    for (const betId of betIds) {
      try {
        const claimed = await this.db.transaction(async (tx: Queryable) => {
          const [bet] = await tx.query<Row>(
            `SELECT * FROM hg_bets WHERE id = $1 AND status = 'open' AND sport_auto_cashout IS NOT NULL FOR UPDATE`,
            [betId],
          );
          if (!bet) return null;
          return this.claimCashOut(tx, bet, { auto: BigInt(bet.sport_auto_cashout as string) });
        });
        if (claimed) await this.send(claimed.postingId);
      } catch (err) {
        if (!(err instanceof GameError)) throw err; // suspended, being settled: a later price tries again
      }
    }
  }

  /**
   * Writes every leg's result on an event (at its result version) and settles the bets it completes,
   * in chunks (decision 105): per chunk one transaction locks its bets, reads their legs and
   * postings, and inserts the postings in one statement; the chunk's money then moves through the
   * seamless wallet in `wins` calls of WINS_PER_CALL, and one statement marks what was answered.
   * The next chunk is claimed while this one is being paid. Answers the postings this call made.
   */
  async settleEvent(eventId: number): Promise<number> {
    const [e] = await this.db.query<Row>('SELECT * FROM hg_sport_events WHERE id = $1', [eventId]);
    if (!e) return 0;
    const voided = operatorMarkets(e).voided;
    // Before its result, only the legs of markets the operator voided have one (VOID, decision 114):
    // at the event's result version, so the result rewrites them at its own.
    if (e.status !== 'resulted' && !voided.size) return 0;
    const resulted = e.status === 'resulted';
    const score = e.abandoned ? null : { home: Number(e.score_home), away: Number(e.score_away) };
    const detail = json<ResultDetail | null>(e.result_detail) ?? {};
    const rules = rulesOf(e.sport);
    const version = Number(e.result_version);
    const sels = (
      await this.db.query<{ selection: string }>(`SELECT DISTINCT selection FROM hg_sport_legs WHERE event_id = $1`, [
        eventId,
      ])
    ).filter(({ selection }) => resulted || voided.has(marketOf(selection)));
    const resultOf = (selection: string): LegResult =>
      voided.has(marketOf(selection)) ? 'VOID' : rules.settle(selection, score, detail);
    if (!resulted && sels.length)
      await this.db.query(
        `UPDATE hg_sport_legs SET result = 'VOID', result_version = $2
          WHERE event_id = $1 AND selection = ANY($3::text[]) AND result IS NULL`,
        [eventId, version, sels.map((x) => x.selection)],
      );
    else if (sels.length)
      // One statement for the event's legs; a twin settler finds them written and writes nothing.
      await this.db.query(
        `UPDATE hg_sport_legs l SET result = r.result, result_version = $2
           FROM jsonb_to_recordset($3::jsonb) AS r(selection text, result text)
          WHERE l.event_id = $1 AND l.selection = r.selection AND (l.result IS NULL OR l.result_version < $2)`,
        [eventId, version, JSON.stringify(sels.map(({ selection }) => ({ selection, result: resultOf(selection) })))],
      );
    const ready = await this.db.query<{ bet_id: string }>(
      `SELECT l.bet_id FROM hg_sport_legs l JOIN hg_bets b ON b.id = l.bet_id
        WHERE l.event_id = $1 AND b.status IN ('open', 'settling', 'settled')
          AND NOT EXISTS (SELECT 1 FROM hg_sport_legs o WHERE o.bet_id = l.bet_id AND o.result IS NULL)
        ORDER BY l.bet_id`,
      [eventId],
    );
    const ids = ready.map((r) => Number(r.bet_id));
    let posted = 0;
    let paying: Promise<void> = Promise.resolve();
    // A result's settlement keeps its progress (decision 122); voids before the result do not (two
    // voids share the event's result version, and each completes bets of its own).
    const progress = resulted ? { eventId, version } : undefined;
    for (let i = 0; i < ids.length; i += SETTLE_CHUNK) {
      const claimed = await this.claim(ids.slice(i, i + SETTLE_CHUNK), progress);
      posted += claimed.length;
      await paying;
      paying = this.sendMany(claimed);
    }
    await paying;
    // An accumulator's leg settled: its other legs' offer may have reached an auto cash out.
    await this.autoCashOutOn(eventId);
    return posted;
  }

  /**
   * Settles one bet on its legs' current results, once per set of results: returns false when this
   * set was already settled (by this call's twin, or before a restart).
   */
  async settleBet(betId: number): Promise<boolean> {
    const claimed = await this.claim([betId]);
    await this.sendMany(claimed);
    return claimed.length > 0;
  }

  /**
   * Claims the settlement of these bets on their legs' current results, in one transaction: the
   * bets are locked (the lock cash out takes), and a bet gets a posting keyed by its legs' events and
   * result versions unless it has one (UNIQUE (bet_id, key)), has been cashed out, or has a leg
   * without a result. A posting holds the new total and the difference from the postings before it;
   * its transaction id is `<round>-W` for the first, `-W<n>` / `-D<n>` for a correction's difference.
   * Answers the new postings' ids (to be sent).
   *
   * An event's settlement names its result version (`progress`, decision 122). Its claims then take
   * the event's progress row first, one at a time, and record the highest bet id they examined. A bet
   * at or below that mark, at the same version, was examined by a committed claim: unless it is
   * still open (a straggler: it was not ready then), it is passed over without being locked or read.
   * So a twin settler that finds a chunk claimed reads only the bets' statuses.
   */
  private async claim(betIds: number[], progress?: { eventId: number; version: number }): Promise<number[]> {
    if (!betIds.length) return [];
    return this.db.transaction(async (tx: Queryable) => {
      let examined = 0;
      if (progress) {
        await tx.query(
          `INSERT INTO hg_sport_settlement_progress (event_id, result_version, claimed_through) VALUES ($1, $2, 0)
           ON CONFLICT (event_id) DO NOTHING`,
          [progress.eventId, progress.version],
        );
        const [p] = await tx.query<{ result_version: number; claimed_through: string; current: number }>(
          `SELECT p.result_version, p.claimed_through, e.result_version AS current
             FROM hg_sport_settlement_progress p JOIN hg_sport_events e ON e.id = p.event_id
            WHERE p.event_id = $1 FOR UPDATE OF p`,
          [progress.eventId],
        );
        // A newer result came meanwhile: this pass claims as if alone and leaves the mark to that one's.
        if (Number(p!.current) !== progress.version) progress = undefined;
        else if (Number(p!.result_version) === progress.version) examined = Number(p!.claimed_through);
      }
      const posted = await this.claimLocked(tx, betIds, examined);
      if (progress)
        await tx.query(
          `UPDATE hg_sport_settlement_progress
              SET claimed_through = CASE WHEN result_version = $2 THEN greatest(claimed_through, $3) ELSE $3 END,
                  result_version = $2
            WHERE event_id = $1`,
          [progress.eventId, progress.version, Math.max(...betIds)],
        );
      return posted;
    });
  }

  /** The claim's work inside its transaction: bets at or below `examined` are taken only while still open. */
  private async claimLocked(tx: Queryable, betIds: number[], examined: number): Promise<number[]> {
    // Each bet is locked by its own index lookup, in id order (a big `id = ANY(…)` list is searched
    // again for every heap row). Only bets that may need a posting come back: complete, not cashed
    // out, without a posting for these results; a twin settler that finds the chunk claimed reads
    // no more than that (decision 120). The checks below are made again on what comes back.
    const [r] = await tx.query<{ bets: unknown }>(
      `WITH locked AS MATERIALIZED (
           SELECT h.* FROM (SELECT DISTINCT u.id FROM unnest($1::bigint[]) AS u(id) ORDER BY u.id) x
            CROSS JOIN LATERAL (
              SELECT b.id, b.amount, b.round_id, b.sport_system FROM hg_bets b
               WHERE b.id = x.id AND b.status IN ('open', 'settling', 'settled')
                 AND (x.id > $2 OR b.status = 'open') FOR UPDATE) h),
         found AS (
           SELECT k.*, g.legs, g.key, g.complete, p.keys, p.paid, p.part_stake, p.part_paid, p.cashed, p.has_key
             FROM locked k
            CROSS JOIN LATERAL (
              SELECT json_agg(json_build_array(l.event_id, l.odds, l.result, l.result_version) ORDER BY l.event_id) AS legs,
                     string_agg(l.event_id::text || 'v' || l.result_version::text, ',' ORDER BY l.event_id) AS key,
                     bool_and(l.result IS NOT NULL) AS complete
                FROM hg_sport_legs l WHERE l.bet_id = k.id) g
            CROSS JOIN LATERAL (
              SELECT coalesce(json_agg(p.key), '[]') AS keys, coalesce(sum(p.amount), 0)::text AS paid,
                     coalesce(sum(p.stake_part) FILTER (WHERE p.key LIKE 'cashout:%'), 0)::text AS part_stake,
                     coalesce(sum(p.amount) FILTER (WHERE p.key LIKE 'cashout:%'), 0)::text AS part_paid,
                     coalesce(bool_or(p.key = 'cashout'), false) AS cashed,
                     coalesce(bool_or(p.key = g.key), false) AS has_key
                FROM hg_sport_postings p WHERE p.bet_id = k.id) p)
         SELECT coalesce(json_agg(json_build_object(
                  'id', f.id, 'stake', f.amount::text, 'round', f.round_id, 'system', f.sport_system,
                  'partStake', f.part_stake, 'partPaid', f.part_paid, 'legs', f.legs, 'keys', f.keys, 'paid', f.paid)), '[]') AS bets
           FROM found f WHERE f.complete AND NOT f.cashed AND NOT f.has_key`,
      [betIds, examined],
    );
    type Found = {
      id: number;
      stake: string;
      round: string;
      legs: [number, number, LegResult | null, number][];
      keys: string[];
      paid: string;
      system: string | null;
      partStake: string;
      partPaid: string;
    };
    const postings = [];
    for (const b of json<Found[]>(r!.bets)) {
      if (b.legs.some((l) => l[2] === null)) continue;
      // A cashed-out bet was settled once at its cash-out price: results change nothing.
      if (b.keys.includes('cashout')) continue;
      const key = b.legs.map((l) => `${l[0]}v${l[3]}`).join(',');
      if (b.keys.includes(key)) continue;
      const stake = BigInt(b.stake);
      const results = b.legs.map((l) => l[2] as LegResult);
      const legResults = b.legs.map((l) => ({ odds: Number(l[1]), result: l[2] as LegResult }));
      const system = isSystem(String(b.system)) ? (b.system as SystemKind) : null;
      // A system pays the sum of its lines, each an accumulator at the stake per line (decision 107);
      // parts cashed out before (decision 108) keep what they paid and the rest of the stake settles.
      const total = system
        ? systemReturn(stake / BigInt(linesOf(system)), system, legResults)
        : BigInt(b.partPaid) + betReturn(stake - BigInt(b.partStake), legResults);
      const seq = b.keys.length;
      const amount = total - BigInt(b.paid);
      postings.push({
        bet_id: b.id,
        key,
        seq,
        total: String(total),
        amount: String(amount),
        transaction_id: seq === 0 ? winTx(b.round) : amount >= 0n ? `${b.round}-W${seq}` : `${b.round}-D${seq}`,
        status: seq > 0 && amount === 0n ? 'done' : 'new',
        outcome: {
          kind: 'sports',
          result: betResult(stake, total, results),
          win: String(total),
          correction: seq > 0,
        },
      });
    }
    if (!postings.length) return [];
    const made = await tx.query<{ id: string }>(
      `WITH r AS (
           SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(bet_id bigint, key text, seq integer, total bigint,
             amount bigint, transaction_id text, status text, outcome jsonb)),
         ins AS (
           INSERT INTO hg_sport_postings (bet_id, key, seq, total, amount, transaction_id, status)
           SELECT bet_id, key, seq, total, amount, transaction_id, status FROM r
           ON CONFLICT DO NOTHING RETURNING id, bet_id),
         bets AS (
           UPDATE hg_bets b SET win = r.total, status = 'settling', outcome = r.outcome
             FROM ins JOIN r ON r.bet_id = ins.bet_id WHERE b.id = ins.bet_id)
         SELECT id FROM ins ORDER BY id`,
      [JSON.stringify(postings)],
    );
    return made.map((m) => Number(m.id));
  }

  /** Moves one posting's money (cash out). */
  private send(postingId: number) {
    return this.sendMany([postingId]);
  }

  /**
   * Moves postings' money, each under its transaction id (safe to repeat: the platform applies each
   * once): credits in `wins` calls (WINS_PER_CALL each, WINS_CALLS_IN_FLIGHT at once), a correction's
   * debit on its own; then one statement marks the postings and their bets.
   * A credit the platform can't take now is queued (the outbox retries it); a refused correction
   * (e.g. the player's session ended) is kept as `refused` with the reason, for the operator.
   */
  private async sendMany(postingIds: number[]) {
    if (!postingIds.length) return;
    // One index lookup per posting (OFFSET 0 keeps the subquery apart): with `id = ANY(…)` a planner
    // whose statistics lagged the table's growth scanned every posting for each chunk (decision 120).
    const rows = await this.db.query<Row>(
      `SELECT p.id, p.bet_id, p.key, p.seq, p.total, p.amount, p.transaction_id, p.status,
              b.round_id, b.game_code, b.amount AS stake, b.session_id
         FROM unnest($1::bigint[]) AS x(id)
         CROSS JOIN LATERAL (SELECT * FROM hg_sport_postings s WHERE s.id = x.id OFFSET 0) p
         JOIN hg_bets b ON b.id = p.bet_id ORDER BY p.id`,
      [postingIds],
    );
    const sessions = await this.sessions.byIds(rows.map((p) => Number(p.session_id)));
    type Marked = {
      id: number;
      bet_id: number;
      status: string;
      error: string | null;
      bet_status: string;
      balance: string | null;
      keep_balance: boolean;
    };
    const marks: Marked[] = [];
    const mark = (p: Row, m: Omit<Marked, 'id' | 'bet_id'>) =>
      marks.push({ id: Number(p.id), bet_id: Number(p.bet_id), ...m });
    const refused = (p: Row, err: unknown) =>
      mark(p, {
        status: 'refused',
        error: (err as Error).message.slice(0, 500),
        bet_status: 'settled',
        balance: null,
        keep_balance: true,
      });
    const money = (p: Row) => {
      const amount = BigInt(p.amount as string);
      return {
        s: sessions.get(Number(p.session_id)),
        b: {
          betId: Number(p.bet_id),
          roundId: p.round_id as string,
          gameCode: p.game_code as string,
          amount: BigInt(p.stake as string),
        },
        transactionId: p.transaction_id as string,
        amount,
        detail: { kind: 'sports', posting: Number(p.seq), total: String(p.total), difference: String(amount) },
      };
    };
    const credits: Row[] = [];
    const debits: Row[] = [];
    for (const p of rows) {
      if (p.status === 'done')
        mark(p, { status: 'done', error: null, bet_status: 'settled', balance: null, keep_balance: true });
      else if (!sessions.has(Number(p.session_id)))
        refused(p, new GameError('NO_SESSION', 'No such game session', 404));
      else if (BigInt(p.amount as string) >= 0n) credits.push(p);
      else debits.push(p);
    }
    // Credits: WINS_PER_CALL in one seamless `wins` call, WINS_CALLS_IN_FLIGHT calls at once.
    const groups: Row[][] = [];
    for (let i = 0; i < credits.length; i += WINS_PER_CALL) groups.push(credits.slice(i, i + WINS_PER_CALL));
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(WINS_CALLS_IN_FLIGHT, groups.length) }, async () => {
        while (next < groups.length) {
          const group = groups[next++]!;
          const answers = await this.wallet.creditMany(group.map((p) => ({ ...money(p), s: money(p).s! })));
          for (const [k, p] of group.entries()) {
            const a = answers[k]!;
            if (a instanceof Error) refused(p, a);
            else
              mark(p, {
                status: a.pending ? 'queued' : 'done',
                error: null,
                // A part cashed out (decision 108): paid once; the bet stays open on the rest.
                bet_status: String(p.key).startsWith('cashout:') ? 'open' : a.pending ? 'settling' : 'settled',
                balance: a.balance === null ? null : String(a.balance),
                keep_balance: false,
              });
          }
        }
      }),
    );
    // A correction's negative difference: a further debit through the player's game session.
    for (const p of debits) {
      const m = money(p);
      try {
        const balance = await this.wallet.debit(m.s!, m.b, m.transactionId, -m.amount, m.detail);
        mark(p, { status: 'done', error: null, bet_status: 'settled', balance: String(balance), keep_balance: false });
      } catch (err) {
        // A refused correction (e.g. the player's session ended) is kept for the operator to see.
        refused(p, err);
      }
    }
    if (!marks.length) return;
    // The bets are locked in id order first, as a claim locks them: a twin settler claiming the same
    // chunk meanwhile (it finds the postings and claims nothing) then waits for this mark instead of
    // holding some of its bets while this waits for the others (a deadlock, seen in bench:sports).
    await this.db.transaction(async (tx: Queryable) => {
      await tx.query(
        `SELECT h.id FROM (SELECT DISTINCT u.id FROM unnest($1::bigint[]) AS u(id) ORDER BY u.id) x
          CROSS JOIN LATERAL (SELECT b.id FROM hg_bets b WHERE b.id = x.id FOR UPDATE) h`,
        [marks.map((m) => m.bet_id)],
      );
      await tx.query(
        `WITH r AS (
           SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(id bigint, bet_id bigint, status text, error text,
             bet_status text, balance bigint, keep_balance boolean)),
         p AS (UPDATE hg_sport_postings p SET status = r.status, error = r.error FROM r WHERE p.id = r.id)
         UPDATE hg_bets b
            SET status = r.bet_status,
                balance_after = CASE WHEN r.keep_balance THEN b.balance_after ELSE r.balance END,
                settled_at = CASE WHEN r.bet_status = 'settled' THEN now() ELSE b.settled_at END
           FROM r WHERE b.id = r.bet_id`,
        [JSON.stringify(marks)],
      );
    });
  }

  /**
   * After a restart: a bet caught between its debit and its legs is handed back (BetFlow.giveBack);
   * postings claimed but never sent are sent again; events resulted are settled.
   */
  private async recover() {
    const placing = await this.db.query<{ round_id: string }>(
      `SELECT round_id FROM hg_bets WHERE game = 'sports' AND status = 'placing' ORDER BY id`,
    );
    for (const { round_id } of placing) await this.flow.giveBack(await this.bets.byRound(round_id));
    const unsent = await this.db.query<{ id: string }>(
      `SELECT id FROM hg_sport_postings WHERE status = 'new' ORDER BY id`,
    );
    for (let i = 0; i < unsent.length; i += SETTLE_CHUNK)
      await this.sendMany(unsent.slice(i, i + SETTLE_CHUNK).map((u) => Number(u.id)));
    const resulted = await this.db.query<{ id: string }>(
      `SELECT DISTINCT l.event_id AS id FROM hg_sport_legs l JOIN hg_sport_events e ON e.id = l.event_id
        JOIN hg_bets b ON b.id = l.bet_id
        WHERE e.status = 'resulted' AND b.status = 'open'`,
    );
    for (const { id } of resulted) await this.settleEvent(Number(id));
  }

  // ── What the screens read ────────────────────────────────────────────────────────────────────

  /**
   * Upcoming events (open for betting), soonest first; of some sports (all when none is named), by
   * league, or matching a search. The sports and leagues come with their counts (the home's chips).
   */
  async events(q: {
    sports?: Sport[] | undefined;
    league?: string | undefined;
    search?: string | undefined;
    limit: number;
  }) {
    const sports = q.sports?.length ? q.sports : null;
    const rows = await this.db.query<Row>(
      `SELECT * FROM hg_sport_events
        WHERE status = 'open' AND starts_at > now()
          AND ($1::text IS NULL OR league = $1)
          AND ($2::text IS NULL OR home ILIKE '%' || $2 || '%' OR away ILIKE '%' || $2 || '%' OR league_name ILIKE '%' || $2 || '%')
          AND ($4::text[] IS NULL OR sport = ANY($4::text[]))
        ORDER BY starts_at, id LIMIT $3`,
      [q.league ?? null, q.search ? q.search.replace(/[%_\\]/g, (c) => `\\${c}`) : null, q.limit, sports],
    );
    const live = await this.db.query<Row>(
      `SELECT * FROM hg_sport_events WHERE status = 'started' AND live IS NOT NULL
          AND ($1::text[] IS NULL OR sport = ANY($1::text[])) ORDER BY starts_at, id LIMIT 50`,
      [sports],
    );
    const leagues = await this.db.query<{ sport: string; league: string; league_name: string; n: string }>(
      `SELECT sport, league, league_name, count(*) AS n FROM hg_sport_events WHERE status = 'open' AND starts_at > now()
          AND ($1::text[] IS NULL OR sport = ANY($1::text[]))
        GROUP BY sport, league, league_name ORDER BY sport, league`,
      [sports],
    );
    // Every sport's count (the chips show them whichever sport is picked).
    const counts = await this.db.query<{ sport: string; n: string }>(
      `SELECT sport, count(*) AS n FROM hg_sport_events WHERE status = 'open' AND starts_at > now() GROUP BY sport`,
    );
    const bySport = new Map(counts.map((c) => [c.sport, Number(c.n)]));
    return {
      serverNow: Date.now(),
      feed: this.feedName,
      sports: SPORTS.filter((x) => bySport.has(x)).map((x) => ({ id: x, events: bySport.get(x)! })),
      leagues: leagues.map((l) => ({ sport: l.sport, id: l.league, name: l.league_name, events: Number(l.n) })),
      events: rows.map((r) => eventView(r, false)),
      live: live.map((r) => eventView(r, false)),
      limits: {
        minStake: String(this.limits.minStake),
        maxStake: String(this.limits.maxStake),
        maxPayout: String(this.limits.maxPayout),
        maxLegs: this.limits.maxLegs,
        marginBp: this.limits.marginBp,
        inPlayDelayMs: this.limits.inPlayDelayMs ?? 0,
        cashOutMarginBp: this.limits.cashOutMarginBp,
      },
    };
  }

  /**
   * The results page (decision 108): events resulted, newest first, by league, with the final score
   * and the half-time score (the goals of the feed's incidents up to minute 45; null when the feed
   * sent no live states). Abandoned events say so.
   */
  async results(q: { league?: string | undefined; limit: number }) {
    const rows = await this.db.query<Row>(
      `SELECT id, sport, league, league_name, home, away, starts_at, resulted_at, score_home, score_away, abandoned, live
         FROM hg_sport_events WHERE status = 'resulted' AND ($1::text IS NULL OR league = $1)
        ORDER BY resulted_at DESC, id DESC LIMIT $2`,
      [q.league ?? null, q.limit],
    );
    const leagues = await this.db.query<{ league: string; league_name: string; n: string }>(
      `SELECT league, league_name, count(*) AS n FROM hg_sport_events WHERE status = 'resulted'
        GROUP BY league, league_name ORDER BY league`,
    );
    return {
      leagues: leagues.map((l) => ({ id: l.league, name: l.league_name, events: Number(l.n) })),
      events: rows.map((r) => {
        const live = r.live ? json<LiveState>(r.live) : null;
        const goals = (side: 'home' | 'away') =>
          live?.incidents.filter((i) => i.kind === 'goal' && i.side === side && i.minute <= 45).length ?? 0;
        return {
          id: Number(r.id),
          sport: r.sport as string,
          league: r.league as string,
          leagueName: r.league_name as string,
          home: r.home as string,
          away: r.away as string,
          startsAt: new Date(r.starts_at as string).toISOString(),
          resultedAt: new Date(r.resulted_at as string).toISOString(),
          abandoned: r.abandoned === true,
          score: r.abandoned ? null : { home: Number(r.score_home), away: Number(r.score_away) },
          halfTime: r.abandoned || !live ? null : { home: goals('home'), away: goals('away') },
        };
      }),
    };
  }

  async event(id: number) {
    const [r] = await this.db.query<Row>('SELECT * FROM hg_sport_events WHERE id = $1', [id]);
    if (!r) throw new GameError('NOT_FOUND', 'No such event', 404);
    return { serverNow: Date.now(), event: eventView(r, true) };
  }

  private async betView(betId: number, s: GameSession) {
    const [v] = await this.myBets(s, 'all', 1, betId);
    if (!v) throw new GameError('NOT_FOUND', 'No such bet', 404);
    return { ...v, balance: String(await this.wallet.balance(s).catch(() => 0n)) };
  }

  /** The player's sports bets with their legs' states, newest first. */
  async myBets(s: GameSession, which: 'open' | 'settled' | 'all', limit: number, only?: number) {
    const rows = await this.db.query<Row>(
      `SELECT b.id, b.round_id, b.amount, b.win, b.status, b.created_at, b.settled_at, b.outcome, b.sport_system,
              b.sport_auto_cashout
         FROM hg_bets b
        WHERE b.owner = $1 AND b.game = 'sports' AND b.status <> 'refused'
          AND ($4::bigint IS NULL OR b.id = $4)
          AND (CASE WHEN $2 = 'open' THEN b.status IN ('open', 'settling', 'placing')
                    WHEN $2 = 'settled' THEN b.status IN ('settled', 'refunded') ELSE true END)
        ORDER BY b.id DESC LIMIT $3`,
      [ownerOf(s), which, limit, only ?? null],
    );
    if (!rows.length) return [];
    const legs = withMarketsSuspended(
      await this.db.query<Row>(
        `SELECT l.*, e.home, e.away, e.league_name, e.starts_at, e.status AS event_status, e.score_home, e.score_away, e.abandoned,
                (e.suspended OR e.op_suspended) AS suspended, e.suspended_markets, e.fair, e.live
           FROM hg_sport_legs l JOIN hg_sport_events e ON e.id = l.event_id
          WHERE l.bet_id = ANY($1::bigint[]) ORDER BY l.id`,
        [rows.map((r) => r.id)],
      ),
    );
    const partials = await this.db.query<Row>(
      `SELECT bet_id, stake_part, amount FROM hg_sport_postings
        WHERE bet_id = ANY($1::bigint[]) AND key LIKE 'cashout:%' ORDER BY seq`,
      [rows.map((r) => r.id)],
    );
    return rows.map((r) => {
      const mine = legs.filter((l) => String(l.bet_id) === String(r.id));
      const stake = BigInt(r.amount as string);
      const outcome = json<{ result?: string } | null>(r.outcome);
      const system = isSystem(String(r.sport_system)) ? (r.sport_system as SystemKind) : null;
      const lines = system ? linesOf(system) : 1;
      const parts = partials.filter((p) => String(p.bet_id) === String(r.id));
      const openStake = stake - parts.reduce((t, p) => t + BigInt(p.stake_part as string), 0n);
      const partsPaid = parts.reduce((t, p) => t + BigInt(p.amount as string), 0n);
      const offer = this.offerOf(r, mine, openStake);
      return {
        id: Number(r.id),
        roundId: r.round_id as string,
        type: system ? ('system' as const) : mine.length === 1 ? ('single' as const) : ('accumulator' as const),
        /** A system's name, its number of lines and the stake on each (the stake is lines × stake per line). */
        system,
        lines,
        lineStake: String(stake / BigInt(lines)),
        stake: String(stake),
        odds: mine.reduce((p, l) => (p * Number(l.odds)) / 100, 1),
        potentialReturn: String(
          system
            ? systemPotential(
                stake / BigInt(lines),
                system,
                mine.map((l) => Number(l.odds)),
              )
            : partsPaid +
                potentialReturn(
                  openStake,
                  mine.map((l) => Number(l.odds)),
                ),
        ),
        /** The stake still riding after partial cash outs, and each part cashed out (decision 108). */
        openStake: String(openStake),
        cashedOutParts: parts.map((p) => ({ stake: String(p.stake_part), amount: String(p.amount) })),
        /** The value at which the bet is cashed out by itself, or null. */
        autoCashOut: r.sport_auto_cashout == null ? null : String(r.sport_auto_cashout),
        status: r.status as string,
        win: r.win === null ? null : String(r.win),
        result: r.status === 'settled' ? (outcome?.result ?? null) : null,
        createdAt: new Date(r.created_at as string).toISOString(),
        settledAt: r.settled_at ? new Date(r.settled_at as string).toISOString() : null,
        /** What cashing out pays now (minor units), or null when no offer stands. */
        cashOut: offer === null ? null : String(offer),
        cashedOut: outcome?.result === 'CASHED_OUT',
        legs: mine.map((l) => ({
          event: Number(l.event_id),
          home: l.home as string,
          away: l.away as string,
          league: l.league_name as string,
          startsAt: new Date(l.starts_at as string).toISOString(),
          selection: l.selection as string,
          odds: Number(l.odds),
          result: (l.result as LegResult | null) ?? null,
          score:
            l.event_status === 'resulted' && !l.abandoned
              ? { home: Number(l.score_home), away: Number(l.score_away) }
              : null,
          live: l.event_status === 'started' && l.live ? liveClock(json<LiveState>(l.live)) : null,
        })),
      };
    });
  }
}
