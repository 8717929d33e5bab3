import type { HouseDb, Queryable } from '../../store/db.ts';
import {
  betResult,
  betReturn,
  cashOutOffer,
  footballMarkets,
  isSelection,
  offeredOdds,
  potentialReturn,
  settleSelection,
  type LegResult,
  type Score,
} from '../../math/sports/football.ts';
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

const SETTLERS: Record<string, (selection: string, score: Score | null) => LegResult> = {
  football: settleSelection,
};

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

const eventView = (r: Row, full: boolean) => {
  const odds = json<Record<string, number>>(r.odds);
  const markets = footballMarkets()
    .map((m) => ({
      market: m.market,
      kind: m.kind,
      selections: m.selections.filter((s) => (odds[s] ?? 0) > 0).map((s) => ({ key: s, odds: odds[s]! })),
    }))
    .filter((m) => m.selections.length > 0 && (full || m.market === '1X2'));
  return {
    id: Number(r.id),
    sport: r.sport as string,
    league: r.league as string,
    leagueName: r.league_name as string,
    home: r.home as string,
    away: r.away as string,
    startsAt: new Date(r.starts_at as string).toISOString(),
    status: r.status as 'open' | 'started' | 'resulted',
    suspended: r.suspended === true,
    /** In-play: the clock, the score and the incidents so far (null before kick-off or without a live feed). */
    live: liveView(r),
    score: r.status === 'resulted' && !r.abandoned ? { home: Number(r.score_home), away: Number(r.score_away) } : null,
    abandoned: r.abandoned === true,
    markets,
  };
};
export type SportEventView = ReturnType<typeof eventView>;

const liveView = (r: Row) => {
  if (r.status !== 'started' || !r.live) return null;
  const l = json<LiveState>(r.live);
  return { minute: l.minute, score: l.score, incidents: l.incidents };
};
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
      `SELECT feed_ref, home, away, starts_at, status, live FROM hg_sport_events WHERE status IN ('open', 'started') AND feed = $1`,
      [this.feed?.name ?? 'manual'],
    );
    this.feed?.start(
      this,
      known.map((k): KnownEvent => ({
        ref: k.feed_ref as string,
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

  private async byRef(ref: string): Promise<Row> {
    const [r] = await this.db.query<Row>('SELECT * FROM hg_sport_events WHERE feed_ref = $1', [ref]);
    if (!r) throw new GameError('NOT_FOUND', `No event ${ref}`, 404);
    return r;
  }

  // ── The feed's events ────────────────────────────────────────────────────────────────────────

  async eventListed(f: SportFixture) {
    if (!SETTLERS[f.sport]) throw new RangeError(`event ${f.ref}: no settlement rules for ${f.sport}`);
    const odds: Record<string, number> = {};
    for (const [sel, fair] of Object.entries(f.fair)) {
      if (!isSelection(sel)) throw new RangeError(`event ${f.ref}: unknown selection ${sel}`);
      odds[sel] = offeredOdds(fair, this.limits.marginBp);
    }
    await this.db.query(
      `INSERT INTO hg_sport_events (feed, feed_ref, sport, league, league_name, home, away, starts_at, status, margin_bp, fair, odds)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,'open',$9,$10,$11)
       ON CONFLICT (feed_ref) DO UPDATE SET fair = EXCLUDED.fair, odds = EXCLUDED.odds, starts_at = EXCLUDED.starts_at,
         margin_bp = EXCLUDED.margin_bp
       WHERE hg_sport_events.status = 'open'`,
      [
        this.feed?.name ?? 'manual',
        f.ref,
        f.sport,
        f.league,
        f.leagueName,
        f.home,
        f.away,
        new Date(f.startsAt),
        this.limits.marginBp,
        JSON.stringify(f.fair),
        JSON.stringify(odds),
      ],
    );
  }

  async eventSuspended(ref: string, suspended: boolean) {
    await this.byRef(ref);
    await this.db.query(`UPDATE hg_sport_events SET suspended = $2 WHERE feed_ref = $1`, [ref, suspended]);
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
    for (const [sel, fair] of Object.entries(live.fair)) {
      if (!isSelection(sel)) throw new RangeError(`event ${ref}: unknown selection ${sel}`);
      odds[sel] = offeredOdds(fair, this.limits.marginBp);
    }
    await this.db.query(
      `UPDATE hg_sport_events SET live = $2, fair = $3, odds = $4 WHERE feed_ref = $1 AND status = 'started'`,
      [ref, JSON.stringify(live), JSON.stringify(live.fair), JSON.stringify(odds)],
    );
  }

  async eventResulted(ref: string, result: SportResult) {
    const r = await this.byRef(ref);
    if (r.status === 'open') await this.eventStarted(ref);
    // In-play bets already on their way to the wallet write their legs before the result does.
    await this.inFlight.drain();
    const [u] = await this.db.query<Row>(
      `UPDATE hg_sport_events SET status = 'resulted', resulted_at = now(), score_home = $2, score_away = $3,
              abandoned = $4, result_version = 1
        WHERE id = $1 AND status IN ('open', 'started') RETURNING *`,
      [r.id, result.score?.home ?? null, result.score?.away ?? null, result.score === null],
    );
    if (!u) return; // the feed repeated itself
    await this.settleEvent(Number(u.id));
  }

  async resultCorrected(ref: string, result: SportResult) {
    const r = await this.byRef(ref);
    if (r.status !== 'resulted') return this.eventResulted(ref, result);
    const [u] = await this.db.query<Row>(
      `UPDATE hg_sport_events SET score_home = $2, score_away = $3, abandoned = $4, result_version = result_version + 1,
              resulted_at = now()
        WHERE id = $1 AND status = 'resulted'
          AND (score_home IS DISTINCT FROM $2 OR score_away IS DISTINCT FROM $3 OR abandoned <> $4) RETURNING *`,
      [r.id, result.score?.home ?? null, result.score?.away ?? null, result.score === null],
    );
    if (!u) return; // the same result again changes nothing
    await this.settleEvent(Number(u.id));
  }

  // ── Bets ─────────────────────────────────────────────────────────────────────────────────────

  /** One bet: a single (one leg) or an accumulator (legs on different events). */
  async placeBet(s: GameSession, input: { legs: LegInput[]; stake: string; acceptChanges: boolean; slipId?: string }) {
    const owner = ownerOf(s);
    if (input.slipId) {
      const [dup] = await this.db.query<{ id: string }>(`SELECT id FROM hg_bets WHERE owner = $1 AND client_ref = $2`, [
        owner,
        input.slipId,
      ]);
      if (dup) return this.betView(Number(dup.id), s);
    }
    const { legs, stake, potential } = await this.check(input);
    return this.inFlight.run(async () => {
      const { row } = await this.flow.stake(
        s,
        { game: 'sports', amount: stake, ...(input.slipId ? { clientRef: input.slipId } : {}) },
        {
          kind: 'sports',
          type: legs.length === 1 ? 'single' : 'accumulator',
          legs: legs.map((l) => ({ event: `${l.home} v ${l.away}`, selection: l.selection, odds: l.odds })),
          bet: String(stake),
          potentialReturn: String(potential),
        },
      );
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
  private async check(input: { legs: LegInput[]; stake: string; acceptChanges: boolean }) {
    const { minStake, maxStake, maxPayout, maxLegs } = this.limits;
    if (input.legs.length < 1 || input.legs.length > maxLegs)
      throw new GameError('TOO_MANY_LEGS', `A bet has between 1 and ${maxLegs} selections`, 400, { maxLegs });
    const ids = input.legs.map((l) => l.event);
    if (new Set(ids).size !== ids.length)
      throw new GameError('SAME_EVENT', 'An accumulator takes one selection per event', 400);
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
      if (!isSelection(l.selection))
        throw new GameError('VALIDATION_FAILED', `legs: unknown selection ${l.selection}`, 400);
      if (!bettable(r))
        throw new GameError('EVENT_STARTED', `${r.home} v ${r.away} has started: betting on it is closed`, 409, {
          event: l.event,
        });
      const price = json<Record<string, number>>(r.odds)[l.selection] ?? 0;
      if (r.suspended === true || price === 0)
        throw new GameError('MARKET_SUSPENDED', `${r.home} v ${r.away}: this market is suspended`, 409, {
          event: l.event,
          selection: l.selection,
        });
      if (price !== l.odds) changed.push({ ...l, odds: price });
      return { ...l, odds: price, home: r.home as string, away: r.away as string };
    });
    if (changed.length && !input.acceptChanges)
      throw new GameError('ODDS_CHANGED', 'The odds have changed; check the new prices and bet again', 409, {
        legs: changed,
      });
    const potential = potentialReturn(
      stake,
      legs.map((l) => l.odds),
    );
    if (potential > maxPayout) {
      const fits = (maxPayout * stake) / potential;
      throw new GameError('PAYOUT_TOO_HIGH', `A bet may return at most ${maxPayout}; lower the stake`, 400, {
        maxPayout: String(maxPayout),
        maxStake: String(fits < minStake ? 0n : fits),
      });
    }
    return { legs, stake, potential };
  }

  /**
   * The cash-out offer of an open single now (decision 102), or null: only a single not yet
   * settled, on an event not resulted nor suspended, whose selection has a fair price.
   *   offer = stake × taken odds / current fair odds × (1 − cash-out margin), floored.
   */
  private offerOf(bet: Row, legs: Row[], event: Row | undefined): bigint | null {
    if (bet.status !== 'open' || legs.length !== 1 || !event) return null;
    const leg = legs[0]!;
    if (leg.result !== null && leg.result !== undefined) return null;
    if (event.status === 'resulted' || event.suspended === true) return null;
    const fair = json<Record<string, number>>(event.fair)[leg.selection as string] ?? 0;
    const offer = cashOutOffer(BigInt(bet.amount as string), Number(leg.odds), fair * 100, this.limits.cashOutMarginBp);
    return offer !== null && offer > 0n ? offer : null;
  }

  /**
   * Cashes out an open single at the offer the player saw (`amount`): once per bet, under a lock on
   * the bet (the one settlement takes too), as a posting keyed 'cashout' paid through the seamless
   * wallet (`<round>-W`, applied once). Refused when the offer moved (CASHOUT_CHANGED with the new
   * one), the market is suspended, or the bet is already settled; asked again after it was cashed
   * out, it answers the same bet and pays nothing more.
   */
  async cashOut(s: GameSession, betId: number, amount: bigint) {
    const claimed = await this.db.transaction(async (tx: Queryable) => {
      const [bet] = await tx.query<Row>(
        `SELECT * FROM hg_bets WHERE id = $1 AND owner = $2 AND game = 'sports' FOR UPDATE`,
        [betId, ownerOf(s)],
      );
      if (!bet) throw new GameError('NOT_FOUND', 'No such bet', 404);
      const posted = await tx.query<Row>(`SELECT key FROM hg_sport_postings WHERE bet_id = $1`, [betId]);
      if (posted.some((p) => p.key === 'cashout')) return null; // asked twice: the first answer stands
      if (posted.length || bet.status !== 'open')
        throw new GameError('BET_SETTLED', 'This bet is already settled: it cannot be cashed out', 409);
      const legs = await tx.query<Row>(`SELECT * FROM hg_sport_legs WHERE bet_id = $1`, [betId]);
      if (legs.length !== 1) throw new GameError('CASHOUT_UNAVAILABLE', 'Only a single can be cashed out', 409);
      const [event] = await tx.query<Row>(`SELECT * FROM hg_sport_events WHERE id = $1`, [legs[0]!.event_id]);
      if (event?.status === 'resulted' || legs[0]!.result !== null)
        throw new GameError('BET_SETTLED', 'The match has ended: this bet is being settled', 409);
      if (event?.suspended === true)
        throw new GameError('MARKET_SUSPENDED', 'The market is suspended: cash out again in a moment', 409);
      const offer = this.offerOf(bet, legs, event);
      if (offer === null) throw new GameError('CASHOUT_UNAVAILABLE', 'No cash out is offered on this bet now', 409);
      if (offer !== amount)
        throw new GameError('CASHOUT_CHANGED', 'The cash-out offer has changed; check it and confirm again', 409, {
          amount: String(offer),
        });
      const roundId = bet.round_id as string;
      const [p] = await tx.query<{ id: string }>(
        `INSERT INTO hg_sport_postings (bet_id, key, seq, total, amount, transaction_id, status)
         VALUES ($1,'cashout',0,$2,$2,$3,'new') RETURNING id`,
        [betId, String(offer), winTx(roundId)],
      );
      const stake = BigInt(bet.amount as string);
      await tx.query(`UPDATE hg_bets SET win = $2, status = 'settling', outcome = $3 WHERE id = $1`, [
        betId,
        String(offer),
        JSON.stringify({
          kind: 'sports',
          result: 'CASHED_OUT',
          cashedOut: true,
          win: String(offer),
          stake: String(stake),
        }),
      ]);
      return { postingId: Number(p!.id) };
    });
    if (claimed) await this.send(claimed.postingId);
    return this.betView(betId, s);
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
    if (!e || e.status !== 'resulted') return 0;
    const score = e.abandoned ? null : { home: Number(e.score_home), away: Number(e.score_away) };
    const settle = SETTLERS[e.sport as string]!;
    const version = Number(e.result_version);
    const sels = await this.db.query<{ selection: string }>(
      `SELECT DISTINCT selection FROM hg_sport_legs WHERE event_id = $1`,
      [eventId],
    );
    if (sels.length)
      // One statement for the event's legs; a twin settler finds them written and writes nothing.
      await this.db.query(
        `UPDATE hg_sport_legs l SET result = r.result, result_version = $2
           FROM jsonb_to_recordset($3::jsonb) AS r(selection text, result text)
          WHERE l.event_id = $1 AND l.selection = r.selection AND (l.result IS NULL OR l.result_version < $2)`,
        [
          eventId,
          version,
          JSON.stringify(sels.map(({ selection }) => ({ selection, result: settle(selection, score) }))),
        ],
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
    for (let i = 0; i < ids.length; i += SETTLE_CHUNK) {
      const claimed = await this.claim(ids.slice(i, i + SETTLE_CHUNK));
      posted += claimed.length;
      await paying;
      paying = this.sendMany(claimed);
    }
    await paying;
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
   */
  private async claim(betIds: number[]): Promise<number[]> {
    if (!betIds.length) return [];
    return this.db.transaction(async (tx: Queryable) => {
      const [r] = await tx.query<{ bets: unknown }>(
        `WITH locked AS (
           SELECT id, amount, round_id FROM hg_bets
            WHERE id = ANY($1::bigint[]) AND status IN ('open', 'settling', 'settled') ORDER BY id FOR UPDATE)
         SELECT coalesce(json_agg(json_build_object(
                  'id', k.id, 'stake', k.amount::text, 'round', k.round_id,
                  'legs', (SELECT json_agg(json_build_array(l.event_id, l.odds, l.result, l.result_version) ORDER BY l.event_id)
                             FROM hg_sport_legs l WHERE l.bet_id = k.id),
                  'keys', (SELECT coalesce(json_agg(p.key), '[]') FROM hg_sport_postings p WHERE p.bet_id = k.id),
                  'paid', (SELECT coalesce(sum(p.amount), 0)::text FROM hg_sport_postings p WHERE p.bet_id = k.id))), '[]') AS bets
           FROM locked k`,
        [betIds],
      );
      type Found = {
        id: number;
        stake: string;
        round: string;
        legs: [number, number, LegResult | null, number][];
        keys: string[];
        paid: string;
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
        const total = betReturn(
          stake,
          b.legs.map((l) => ({ odds: Number(l[1]), result: l[2] as LegResult })),
        );
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
    });
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
    const rows = await this.db.query<Row>(
      `SELECT p.id, p.bet_id, p.seq, p.total, p.amount, p.transaction_id, p.status,
              b.round_id, b.game_code, b.amount AS stake, b.session_id
         FROM hg_sport_postings p JOIN hg_bets b ON b.id = p.bet_id WHERE p.id = ANY($1::bigint[]) ORDER BY p.id`,
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
                bet_status: a.pending ? 'settling' : 'settled',
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
    await this.db.query(
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

  /** Upcoming events (open for betting), soonest first; by league, or matching a search. */
  async events(q: { league?: string | undefined; search?: string | undefined; limit: number }) {
    const rows = await this.db.query<Row>(
      `SELECT * FROM hg_sport_events
        WHERE status = 'open' AND starts_at > now()
          AND ($1::text IS NULL OR league = $1)
          AND ($2::text IS NULL OR home ILIKE '%' || $2 || '%' OR away ILIKE '%' || $2 || '%' OR league_name ILIKE '%' || $2 || '%')
        ORDER BY starts_at, id LIMIT $3`,
      [q.league ?? null, q.search ? q.search.replace(/[%_\\]/g, (c) => `\\${c}`) : null, q.limit],
    );
    const live = await this.db.query<Row>(
      `SELECT * FROM hg_sport_events WHERE status = 'started' AND live IS NOT NULL ORDER BY starts_at, id LIMIT 50`,
    );
    const leagues = await this.db.query<{ league: string; league_name: string; n: string }>(
      `SELECT league, league_name, count(*) AS n FROM hg_sport_events WHERE status = 'open' AND starts_at > now()
        GROUP BY league, league_name ORDER BY league`,
    );
    return {
      serverNow: Date.now(),
      feed: this.feedName,
      leagues: leagues.map((l) => ({ id: l.league, name: l.league_name, events: Number(l.n) })),
      events: rows.map((r) => eventView(r, false)),
      live: live.map((r) => eventView(r, false)),
      limits: {
        minStake: String(this.limits.minStake),
        maxStake: String(this.limits.maxStake),
        maxPayout: String(this.limits.maxPayout),
        maxLegs: this.limits.maxLegs,
        marginBp: this.limits.marginBp,
        cashOutMarginBp: this.limits.cashOutMarginBp,
      },
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
      `SELECT b.id, b.round_id, b.amount, b.win, b.status, b.created_at, b.settled_at, b.outcome
         FROM hg_bets b
        WHERE b.owner = $1 AND b.game = 'sports' AND b.status <> 'refused'
          AND ($4::bigint IS NULL OR b.id = $4)
          AND (CASE WHEN $2 = 'open' THEN b.status IN ('open', 'settling', 'placing')
                    WHEN $2 = 'settled' THEN b.status IN ('settled', 'refunded') ELSE true END)
        ORDER BY b.id DESC LIMIT $3`,
      [ownerOf(s), which, limit, only ?? null],
    );
    if (!rows.length) return [];
    const legs = await this.db.query<Row>(
      `SELECT l.*, e.home, e.away, e.league_name, e.starts_at, e.status AS event_status, e.score_home, e.score_away, e.abandoned,
              e.suspended, e.fair, e.live
         FROM hg_sport_legs l JOIN hg_sport_events e ON e.id = l.event_id
        WHERE l.bet_id = ANY($1::bigint[]) ORDER BY l.id`,
      [rows.map((r) => r.id)],
    );
    return rows.map((r) => {
      const mine = legs.filter((l) => String(l.bet_id) === String(r.id));
      const stake = BigInt(r.amount as string);
      const outcome = json<{ result?: string } | null>(r.outcome);
      const offer =
        mine.length === 1
          ? this.offerOf(r, mine, {
              status: mine[0]!.event_status,
              suspended: mine[0]!.suspended,
              fair: mine[0]!.fair,
            })
          : null;
      return {
        id: Number(r.id),
        roundId: r.round_id as string,
        type: mine.length === 1 ? ('single' as const) : ('accumulator' as const),
        stake: String(stake),
        odds: mine.reduce((p, l) => (p * Number(l.odds)) / 100, 1),
        potentialReturn: String(
          potentialReturn(
            stake,
            mine.map((l) => Number(l.odds)),
          ),
        ),
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
          live:
            l.event_status === 'started' && l.live
              ? { minute: json<LiveState>(l.live).minute, score: json<LiveState>(l.live).score }
              : null,
        })),
      };
    });
  }
}
