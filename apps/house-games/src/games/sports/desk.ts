import type { HouseDb } from '../../store/db.ts';
import { betReturn, marketOf, offeredOdds, type LegResult, type Score } from '../../math/sports/football.ts';
import { isSport, marketsOf, SPORTS, type ResultDetail, type Sport } from '../../math/sports/sports.ts';
import { isSystem, linesOf, systemReturn, type SystemKind } from '../../math/sports/systems.ts';
import { GameError } from '../errors.ts';
import { operatorMarkets, type SportsBook } from './book.ts';
import type { SportResult } from './feed.ts';

/**
 * The sportsbook's operator desk (issue 23 "Console", decision 114): what the platform's
 * console reads and changes through the signed operator API (server/operator-routes.ts).
 *   - events by state with their markets, the operator's suspensions and voids, and their liability;
 *   - suspend or resume an event or one market (bets on it are refused with MARKET_SUSPENDED);
 *   - void an event (its result becomes "abandoned": every leg void, through the feed's own result
 *     path) or a market (its legs are VOID): the bets are settled again through the book's postings,
 *     once per set of results, so a voided single refunds its stake once however often it is asked;
 *   - the margin per sport (the book applies it to the feed's fair prices; open events are re-priced);
 *   - a corrected result through the feed's `resultCorrected` (a difference posted, never an edit);
 *   - GGR by sport over a date range.
 * Only real-money bets count in liability and GGR (free-trial bets are play money).
 */
type Row = Record<string, unknown>;
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

export type EventState = 'upcoming' | 'live' | 'resulted';

export interface CorrectedResult {
  score: Score | null;
  halfTime?: Score | undefined;
  sets?: [number, number][] | undefined;
  maps?: ('H' | 'A')[] | undefined;
}

export class SportsDesk {
  constructor(
    private readonly db: HouseDb,
    private readonly book: SportsBook,
  ) {}

  private async eventRow(id: number): Promise<Row> {
    const [r] = await this.db.query<Row>('SELECT * FROM hg_sport_events WHERE id = $1', [id]);
    if (!r) throw new GameError('NOT_FOUND', `No event ${id}`, 404);
    return r;
  }

  /** The market ids an event has: those it is priced on and those its bets' legs are on. */
  private async marketIds(r: Row): Promise<Set<string>> {
    const odds = json<Record<string, number>>(r.odds);
    const legs = await this.db.query<{ selection: string }>(
      'SELECT DISTINCT selection FROM hg_sport_legs WHERE event_id = $1',
      [r.id],
    );
    return new Set([...Object.keys(odds), ...legs.map((l) => l.selection)].map(marketOf));
  }

  private view(r: Row, liability: Map<number, EventLiability>) {
    const odds = json<Record<string, number>>(r.odds);
    const sport = (isSport(String(r.sport)) ? r.sport : 'football') as Sport;
    const op = operatorMarkets(r);
    const live = r.live ? json<{ minute: number; score: Score }>(r.live) : null;
    const markets = marketsOf(sport, Object.keys(odds)).map((m) => ({
      market: m.market,
      kind: m.kind,
      suspended: op.suspended.has(m.market),
      voided: op.voided.has(m.market),
      selections: m.selections.map((key) => ({ key, odds: odds[key] ?? 0 })),
    }));
    // A voided market no longer priced (the feed dropped it) still shows, voided.
    for (const v of op.voided)
      if (!markets.some((m) => m.market === v))
        markets.push({ market: v, kind: v.split(':')[0]!, suspended: false, voided: true, selections: [] });
    const l = liability.get(Number(r.id));
    return {
      id: Number(r.id),
      sport,
      league: r.league as string,
      leagueName: r.league_name as string,
      home: r.home as string,
      away: r.away as string,
      startsAt: new Date(r.starts_at as string).toISOString(),
      state: (r.status === 'resulted' ? 'resulted' : r.status === 'started' ? 'live' : 'upcoming') as EventState,
      /** Suspended by the feed (an incident in play) and by the operator. */
      feedSuspended: r.suspended === true,
      suspended: r.op_suspended === true,
      voided: r.status === 'resulted' && r.abandoned === true,
      marginBp: Number(r.margin_bp),
      score:
        r.status === 'resulted' && !r.abandoned
          ? { home: Number(r.score_home), away: Number(r.score_away) }
          : (live?.score ?? null),
      detail: r.status === 'resulted' && r.result_detail ? json<ResultDetail>(r.result_detail) : null,
      resultVersion: Number(r.result_version),
      openBets: l?.bets ?? 0,
      openStake: String(l?.stake ?? 0n),
      /** The most the house pays if one outcome wins (the worst of its outcomes). */
      worstPayout: String(l?.worst ?? 0n),
      markets,
    };
  }

  /** Events of a state (and a sport), soonest first (resulted: latest first), with their markets and liability. */
  async events(q: { state: EventState; sport?: Sport | undefined; limit: number }) {
    const status = q.state === 'upcoming' ? 'open' : q.state === 'live' ? 'started' : 'resulted';
    const rows = await this.db.query<Row>(
      `SELECT * FROM hg_sport_events WHERE status = $1 AND ($2::text IS NULL OR sport = $2)
        ORDER BY ${status === 'resulted' ? 'resulted_at DESC, id DESC' : 'starts_at, id'} LIMIT $3`,
      [status, q.sport ?? null, q.limit],
    );
    const liability = await this.liabilities(rows.map((r) => Number(r.id)));
    const counts = await this.db.query<{ sport: string; status: string; n: string }>(
      `SELECT sport, status, count(*) AS n FROM hg_sport_events GROUP BY sport, status`,
    );
    return {
      serverNow: Date.now(),
      counts: SPORTS.map((sport) => {
        const n = (s: string) => Number(counts.find((c) => c.sport === sport && c.status === s)?.n ?? 0);
        return { sport, upcoming: n('open'), live: n('started'), resulted: n('resulted') };
      }),
      events: rows.map((r) => this.view(r, liability)),
    };
  }

  async event(id: number) {
    const r = await this.eventRow(id);
    return this.view(r, await this.liabilities([id]));
  }

  /** Suspends or resumes an event (no market named) or one of its markets. */
  async suspend(input: { event: number; market?: string | undefined; suspended: boolean }) {
    const r = await this.eventRow(input.event);
    if (r.status === 'resulted')
      throw new GameError('EVENT_RESULTED', 'This event has a result: nothing to suspend', 409);
    if (input.market === undefined) {
      await this.db.query('UPDATE hg_sport_events SET op_suspended = $2 WHERE id = $1', [input.event, input.suspended]);
    } else {
      if (!(await this.marketIds(r)).has(input.market))
        throw new GameError('VALIDATION_FAILED', `market: ${input.market} is not a market of this event`, 400);
      await this.db.query(
        input.suspended
          ? `UPDATE hg_sport_events SET suspended_markets = suspended_markets || jsonb_build_array($2::text)
              WHERE id = $1 AND NOT suspended_markets @> jsonb_build_array($2::text)`
          : `UPDATE hg_sport_events SET suspended_markets = suspended_markets - $2::text WHERE id = $1`,
        [input.event, input.market],
      );
    }
    return this.event(input.event);
  }

  /**
   * Voids an event (no market named: its result becomes abandoned through the feed's result path,
   * every leg void) or one market (its legs VOID, a new result version when the event has its
   * result). Every bet affected is settled again by the book's postings: once per set of results.
   */
  async void(input: { event: number; market?: string | undefined }) {
    const r = await this.eventRow(input.event);
    if (input.market === undefined) {
      if (r.status === 'resulted') await this.book.resultCorrected(r.feed_ref as string, { score: null });
      else await this.book.eventResulted(r.feed_ref as string, { score: null });
      return this.event(input.event);
    }
    if (!(await this.marketIds(r)).has(input.market))
      throw new GameError('VALIDATION_FAILED', `market: ${input.market} is not a market of this event`, 400);
    await this.db.query(
      `UPDATE hg_sport_events SET voided_markets = voided_markets || jsonb_build_array($2::text),
              result_version = CASE WHEN status = 'resulted' THEN result_version + 1 ELSE result_version END
        WHERE id = $1 AND NOT voided_markets @> jsonb_build_array($2::text)`,
      [input.event, input.market],
    );
    // Asked twice (or at once by two): the second finds the market voided and its bets' postings
    // made (UNIQUE (bet_id, key)), so it pays nothing more.
    await this.book.settleEvent(input.event);
    return this.event(input.event);
  }

  /**
   * A corrected (or late) result for an event that has started or has one, through the feed's own
   * `resultCorrected`: bets settled on the old result post the difference.
   */
  async correct(id: number, result: CorrectedResult) {
    const r = await this.eventRow(id);
    if (r.status === 'open') throw new GameError('EVENT_NOT_STARTED', 'This event has not started yet', 409);
    const sport = String(r.sport) as Sport;
    const bad = (m: string) => {
      throw new GameError('VALIDATION_FAILED', m, 400);
    };
    let sent: SportResult = { score: null };
    if (result.score !== null) {
      const { home, away } = result.score;
      const detail: ResultDetail = {};
      if (sport === 'football') {
        if (result.sets || result.maps) bad('football takes a half-time score, not sets or maps');
        if (result.halfTime) {
          if (result.halfTime.home > home || result.halfTime.away > away)
            bad('halfTime: the half-time score cannot exceed the final score');
          detail.halfTime = result.halfTime;
        }
      } else if (sport === 'tennis') {
        if (result.halfTime || result.maps) bad('tennis takes sets, not a half-time score or maps');
        if (!result.sets?.length) bad('sets: tennis needs the games of each set');
        const won = (i: 0 | 1) => result.sets!.filter((x) => x[i] > x[1 - i]!).length;
        if (won(0) !== home || won(1) !== away) bad('sets: the sets won do not add up to the score');
        detail.sets = result.sets!;
      } else if (sport === 'esports') {
        if (result.halfTime || result.sets) bad('esports takes maps, not a half-time score or sets');
        if (!result.maps?.length) bad('maps: esports needs the winner of each map');
        const won = (w: 'H' | 'A') => result.maps!.filter((x) => x === w).length;
        if (won('H') !== home || won('A') !== away) bad('maps: the maps won do not add up to the score');
        detail.maps = result.maps!;
      } else if (result.halfTime || result.sets || result.maps) {
        bad(`${sport} takes the final score only`);
      }
      if (sport !== 'football' && home === away) bad(`score: a ${sport} match has a winner`);
      sent = { score: { home, away }, ...detail };
    }
    await this.book.resultCorrected(r.feed_ref as string, sent);
    return this.event(id);
  }

  /** The margin per sport: the operator's setting, else the configured one. */
  async margins() {
    const rows = await this.db.query<{ sport: string; margin_bp: number }>(
      'SELECT sport, margin_bp FROM hg_sport_margins',
    );
    return {
      defaultBp: this.book.limits.marginBp,
      sports: SPORTS.map((sport) => {
        const m = rows.find((r) => r.sport === sport);
        return { sport, marginBp: m ? Number(m.margin_bp) : this.book.limits.marginBp, own: m !== undefined };
      }),
    };
  }

  /** Sets a sport's margin; its open events (upcoming and in play) are re-priced on their fair prices now. */
  async setMargin(sport: Sport, marginBp: number) {
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO hg_sport_margins (sport, margin_bp) VALUES ($1, $2)
         ON CONFLICT (sport) DO UPDATE SET margin_bp = EXCLUDED.margin_bp, updated_at = now()`,
        [sport, marginBp],
      );
      const open = await tx.query<{ id: string; fair: unknown }>(
        `SELECT id, fair FROM hg_sport_events WHERE sport = $1 AND status IN ('open', 'started') FOR UPDATE`,
        [sport],
      );
      if (open.length)
        await tx.query(
          `UPDATE hg_sport_events e SET odds = r.odds, margin_bp = $2
             FROM jsonb_to_recordset($1::jsonb) AS r(id bigint, odds jsonb) WHERE e.id = r.id`,
          [
            JSON.stringify(
              open.map((o) => ({
                id: Number(o.id),
                odds: Object.fromEntries(
                  Object.entries(json<Record<string, number>>(o.fair)).map(([k, f]) => [k, offeredOdds(f, marginBp)]),
                ),
              })),
            ),
            marginBp,
          ],
        );
    });
    return this.margins();
  }

  /**
   * Liability of events: for each open real-money bet with an open leg on the event, its open stake
   * and what it returns if that leg's outcome wins: a single exactly (stake × odds), an accumulator
   * or a system its potential return with its other legs as they stand (settled ones at their
   * result, open ones won), attributed in full to each of its open legs.
   */
  private async openLegs(eventIds: number[]) {
    if (!eventIds.length) return [];
    const bets = await this.db.query<Row>(
      `SELECT b.id, b.amount, b.sport_system,
              (SELECT coalesce(sum(p.stake_part), 0) FROM hg_sport_postings p
                WHERE p.bet_id = b.id AND p.key LIKE 'cashout:%') AS part_stake,
              (SELECT json_agg(json_build_array(l.event_id, l.selection, l.odds, l.result) ORDER BY l.id)
                 FROM hg_sport_legs l WHERE l.bet_id = b.id) AS legs
         FROM hg_bets b
        WHERE b.game = 'sports' AND b.status = 'open' AND NOT b.demo
          AND EXISTS (SELECT 1 FROM hg_sport_legs l WHERE l.bet_id = b.id AND l.event_id = ANY($1::bigint[])
                        AND l.result IS NULL)`,
      [eventIds],
    );
    const out: { event: number; selection: string; bet: number; stake: bigint; payout: bigint }[] = [];
    for (const b of bets) {
      const legs = json<[number, string, number, LegResult | null][]>(b.legs);
      const stake = BigInt(b.amount as string);
      const asWon = legs.map((l) => ({ odds: Number(l[2]), result: l[3] ?? ('WIN' as const) }));
      const system = isSystem(String(b.sport_system)) ? (b.sport_system as SystemKind) : null;
      const openStake = stake - BigInt(b.part_stake as string);
      const payout = system
        ? systemReturn(stake / BigInt(linesOf(system)), system, asWon)
        : betReturn(openStake, asWon);
      for (const l of legs)
        if (l[3] === null && eventIds.includes(Number(l[0])))
          out.push({ event: Number(l[0]), selection: l[1], bet: Number(b.id), stake: openStake, payout });
    }
    return out;
  }

  private async liabilities(eventIds: number[]): Promise<Map<number, EventLiability>> {
    const legs = await this.openLegs(eventIds);
    const out = new Map<number, EventLiability>();
    const bySel = new Map<string, bigint>();
    for (const l of legs) {
      const e = out.get(l.event) ?? { bets: 0, stake: 0n, worst: 0n };
      e.bets++;
      e.stake += l.stake;
      out.set(l.event, e);
      const k = `${l.event}|${l.selection}`;
      bySel.set(k, (bySel.get(k) ?? 0n) + l.payout);
    }
    for (const [k, p] of bySel) {
      const e = out.get(Number(k.split('|')[0]))!;
      if (p > e.worst) e.worst = p;
    }
    return out;
  }

  /** One event's liability per outcome: bets, open stake and what the house pays if it wins, by market. */
  async liability(id: number) {
    const r = await this.eventRow(id);
    const legs = await this.openLegs([id]);
    const sels = new Map<string, { bets: number; stake: bigint; payout: bigint }>();
    let stake = 0n;
    for (const l of legs) {
      const s = sels.get(l.selection) ?? { bets: 0, stake: 0n, payout: 0n };
      s.bets++;
      s.stake += l.stake;
      s.payout += l.payout;
      sels.set(l.selection, s);
      stake += l.stake;
    }
    const odds = json<Record<string, number>>(r.odds);
    const sport = (isSport(String(r.sport)) ? r.sport : 'football') as Sport;
    const markets = marketsOf(sport, [...new Set([...Object.keys(odds), ...sels.keys()])])
      .map((m) => ({
        market: m.market,
        outcomes: m.selections.map((key) => {
          const s = sels.get(key);
          return {
            key,
            odds: odds[key] ?? 0,
            bets: s?.bets ?? 0,
            stake: String(s?.stake ?? 0n),
            payout: String(s?.payout ?? 0n),
          };
        }),
      }))
      .filter((m) => m.outcomes.some((o) => o.bets > 0));
    return {
      event: await this.event(id),
      /** Every open bet's stake once, however many of its legs are on the event. */
      openStake: String(stake),
      markets,
    };
  }

  /**
   * GGR by sport over [from, to) (dates as UTC days): stakes of real-money bets placed in the range
   * (neither refused nor handed back), what was paid on sports bets in the range (every posting that
   * moved money: wins, cash outs, and corrections' differences, which may be negative), GGR = stake −
   * paid, and the bets placed. A bet is its legs' sport, or `mixed` when they are of several.
   */
  async ggr(q: { from: string; to: string }) {
    const rows = await this.db.query<{ sport: string; stake: string; paid: string; bets: string }>(
      `WITH sb AS (
         SELECT b.id, b.amount, b.created_at,
                CASE WHEN count(DISTINCT e.sport) = 1 THEN min(e.sport) ELSE 'mixed' END AS sport
           FROM hg_bets b JOIN hg_sport_legs l ON l.bet_id = b.id JOIN hg_sport_events e ON e.id = l.event_id
          WHERE b.game = 'sports' AND NOT b.demo AND b.status NOT IN ('refused', 'placing', 'refunded')
            AND (b.created_at >= $1::date AND b.created_at < $2::date + 1
                 OR EXISTS (SELECT 1 FROM hg_sport_postings p WHERE p.bet_id = b.id
                             AND p.created_at >= $1::date AND p.created_at < $2::date + 1))
          GROUP BY b.id),
       staked AS (
         SELECT sport, sum(amount) AS stake, count(*) AS bets FROM sb
          WHERE created_at >= $1::date AND created_at < $2::date + 1 GROUP BY sport),
       paid AS (
         SELECT sb.sport, sum(p.amount) AS paid FROM sb JOIN hg_sport_postings p ON p.bet_id = sb.id
          WHERE p.status <> 'refused' AND p.created_at >= $1::date AND p.created_at < $2::date + 1 GROUP BY sb.sport)
       SELECT coalesce(s.sport, p.sport) AS sport, coalesce(s.stake, 0)::text AS stake,
              coalesce(p.paid, 0)::text AS paid, coalesce(s.bets, 0)::text AS bets
         FROM staked s FULL JOIN paid p ON p.sport = s.sport ORDER BY 1`,
      [q.from, q.to],
    );
    const list = rows.map((r) => ({
      sport: r.sport,
      stake: r.stake,
      paid: r.paid,
      ggr: String(BigInt(r.stake) - BigInt(r.paid)),
      bets: Number(r.bets),
    }));
    const sum = (k: 'stake' | 'paid' | 'ggr') => String(list.reduce((t, r) => t + BigInt(r[k]), 0n));
    return {
      from: q.from,
      to: q.to,
      /** The days are UTC days. */
      timezone: 'UTC',
      list,
      totals: { stake: sum('stake'), paid: sum('paid'), ggr: sum('ggr'), bets: list.reduce((t, r) => t + r.bets, 0) },
    };
  }
}

interface EventLiability {
  bets: number;
  stake: bigint;
  worst: bigint;
}
