import type { HouseDb } from '../../store/db.ts';
import {
  priceFight,
  settleBet,
  SIDES,
  validProbabilities,
  type FightOutcome,
  type Odds,
  type Side,
} from '../../math/fair/cockfight.ts';
import { BetFlow, InFlight } from '../bet-flow.ts';
import type { Bets } from '../bets.ts';
import { GameError } from '../errors.ts';
import { ownerOf, type GameSession, type Sessions } from '../sessions.ts';
import type { Wallet } from '../wallet.ts';
import type { CockfightFeed, CockfightFeedEvents, FightCard, FightEnd } from './feed.ts';

/**
 * The cockfight book: fights come from a feed (feed.ts), the book prices them with the operator's
 * margin, takes bets through the seamless wallet while betting is open, and settles every bet of
 * a fight exactly once when its result arrives (decision 092):
 *   - once per fight: `settled_at` is claimed by one UPDATE … WHERE settled_at IS NULL;
 *   - once per bet: each open bet is claimed by UPDATE … WHERE status = 'open' before its money moves;
 *   - the wallet call carries the bet's transaction id (`<round>-W`, or `-R` for a void), which the
 *     platform applies once, so a retry after a crash pays nothing twice.
 * Fight phases: betting → fighting (betting closed) → result | void.
 */
export type FightPhase = 'betting' | 'fighting' | 'result' | 'void';

export interface CockfightLimits {
  minStake: bigint;
  maxStake: bigint;
  /** The operator's margin in basis points (500 = 5 %). */
  marginBp: number;
}

export interface FightView {
  id: number;
  derby: string;
  fightNo: number;
  meron: string;
  wala: string;
  phase: FightPhase;
  odds: Odds;
  bettingEndsAt: number;
  commitment: string | null;
  result: FightOutcome | null;
  serverSeed: string | null;
  endedAt: number | null;
}

export interface CockfightState {
  serverNow: number;
  feed: string | null;
  fight: FightView | null;
  history: { id: number; fightNo: number; result: FightOutcome }[];
  limits: { minStake: string; maxStake: string; marginBp: number };
}

type FightRow = Record<string, unknown>;

const toView = (r: FightRow): FightView => {
  const phase = r.phase as FightPhase;
  const done = phase === 'result' || phase === 'void';
  return {
    id: Number(r.id),
    derby: r.derby as string,
    fightNo: Number(r.fight_no),
    meron: r.meron as string,
    wala: r.wala as string,
    phase,
    odds: { meron: Number(r.odds_meron), wala: Number(r.odds_wala), draw: Number(r.odds_draw) },
    bettingEndsAt: new Date(r.betting_ends_at as string).getTime(),
    commitment: (r.commitment as string | null) ?? null,
    result: (r.result as FightOutcome | null) ?? null,
    serverSeed: done ? ((r.server_seed as string | null) ?? null) : null,
    endedAt: r.ended_at ? new Date(r.ended_at as string).getTime() : null,
  };
};

export class CockfightBook implements CockfightFeedEvents {
  private fight: FightView | null = null;
  private closing = false;
  private readonly inFlight = new InFlight();
  private history: CockfightState['history'] = [];
  private listeners = new Set<(s: CockfightState) => void>();

  constructor(
    private readonly db: HouseDb,
    private readonly bets: Bets,
    private readonly wallet: Wallet,
    private readonly sessions: Sessions,
    readonly limits: CockfightLimits,
    private readonly feed: CockfightFeed | null,
  ) {
    this.flow = new BetFlow(db, bets, wallet);
  }

  private readonly flow: BetFlow;

  /** Recovers what a restart interrupted, then listens to the feed. */
  async start() {
    await this.recover();
    const [last] = await this.db.query<FightRow>('SELECT * FROM hg_cockfight_fights ORDER BY id DESC LIMIT 1');
    if (last) this.fight = toView(last);
    await this.loadHistory();
    this.feed?.start(this);
  }

  stop() {
    this.feed?.stop();
  }

  /** The next fight number of the simulated feed (numbers continue across restarts). */
  static async nextFightNo(db: HouseDb): Promise<number> {
    const [r] = await db.query<{ n: string | null }>(`SELECT max(fight_no) AS n FROM hg_cockfight_fights`);
    return Number(r?.n ?? 0) + 1;
  }

  subscribe(fn: (s: CockfightState) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  snapshot(): CockfightState {
    return {
      serverNow: Date.now(),
      feed: this.feed?.name ?? null,
      fight: this.fight,
      history: this.history,
      limits: {
        minStake: String(this.limits.minStake),
        maxStake: String(this.limits.maxStake),
        marginBp: this.limits.marginBp,
      },
    };
  }

  private broadcast() {
    const s = this.snapshot();
    for (const fn of this.listeners) fn(s);
  }

  private async loadHistory() {
    const rows = await this.db.query<{ id: string; fight_no: number; result: FightOutcome }>(
      `SELECT id, fight_no, result FROM hg_cockfight_fights WHERE result IS NOT NULL ORDER BY id DESC LIMIT 16`,
    );
    this.history = rows.map((r) => ({ id: Number(r.id), fightNo: Number(r.fight_no), result: r.result }));
  }

  private async byRef(ref: string): Promise<FightRow> {
    const [r] = await this.db.query<FightRow>('SELECT * FROM hg_cockfight_fights WHERE feed_ref = $1', [ref]);
    if (!r) throw new GameError('NOT_FOUND', `No fight ${ref}`, 404);
    return r;
  }

  // ── The feed's events ────────────────────────────────────────────────────────────────────────

  async fightOpened(card: FightCard) {
    if (!validProbabilities(card.fair)) throw new RangeError(`fight ${card.ref}: probabilities are not a distribution`);
    const odds = priceFight(card.fair, this.limits.marginBp);
    const [r] = await this.db.query<FightRow>(
      `INSERT INTO hg_cockfight_fights (feed, feed_ref, derby, fight_no, meron, wala, p_meron, p_wala, p_draw,
         margin_bp, odds_meron, odds_wala, odds_draw, commitment, phase, betting_ends_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,'betting',$15)
       ON CONFLICT (feed_ref) DO NOTHING RETURNING *`,
      [
        this.feed?.name ?? 'manual',
        card.ref,
        card.derby,
        card.fightNo,
        card.meron,
        card.wala,
        card.fair.meron,
        card.fair.wala,
        card.fair.draw,
        this.limits.marginBp,
        odds.meron,
        odds.wala,
        odds.draw,
        card.commitment,
        new Date(card.bettingClosesAt),
      ],
    );
    if (!r) return; // the feed repeated itself
    this.fight = toView(r);
    this.closing = false;
    this.broadcast();
  }

  async bettingClosed(ref: string) {
    const r = await this.byRef(ref);
    if (this.fight?.id === Number(r.id)) this.closing = true;
    // Bets already on their way to the wallet finish before the fight is marked closed.
    await this.inFlight.drain();
    const [u] = await this.db.query<FightRow>(
      `UPDATE hg_cockfight_fights SET phase = 'fighting', closed_at = now(), betting_ends_at = least(betting_ends_at, now())
        WHERE id = $1 AND phase = 'betting' RETURNING *`,
      [r.id],
    );
    if (u && this.fight?.id === Number(u.id)) this.fight = toView(u);
    this.broadcast();
  }

  async fightEnded(ref: string, end: FightEnd) {
    const r = await this.byRef(ref);
    if (r.phase === 'betting') await this.bettingClosed(ref);
    const phase = end.outcome === 'CANCELLED' ? 'void' : 'result';
    const [u] = await this.db.query<FightRow>(
      `UPDATE hg_cockfight_fights SET phase = $2, result = $3, server_seed = $4, ended_at = now()
        WHERE id = $1 AND phase IN ('betting', 'fighting') RETURNING *`,
      [r.id, phase, end.outcome, end.serverSeed],
    );
    if (u && this.fight?.id === Number(u.id)) this.fight = toView(u);
    if (u) await this.loadHistory();
    this.broadcast();
    await this.settleFight(Number(r.id));
  }

  // ── Bets ─────────────────────────────────────────────────────────────────────────────────────

  async placeBet(s: GameSession, input: { pick: Side; stake: string; odds: number }) {
    const f = this.fight;
    if (!f || f.phase !== 'betting' || this.closing || Date.now() >= f.bettingEndsAt)
      throw new GameError('BETTING_CLOSED', 'Betting on this fight is closed; wait for the next fight', 409);
    const stake = BigInt(input.stake);
    if (stake < this.limits.minStake || stake > this.limits.maxStake)
      throw new GameError(
        'STAKE_OUT_OF_RANGE',
        `A stake is between ${this.limits.minStake} and ${this.limits.maxStake}`,
        400,
        { minStake: String(this.limits.minStake), maxStake: String(this.limits.maxStake) },
      );
    const price = f.odds[input.pick.toLowerCase() as keyof Odds];
    if (input.odds !== price)
      throw new GameError('ODDS_CHANGED', 'The odds have changed; check the new price and bet again', 409, {
        pick: input.pick,
        odds: price,
      });
    return this.inFlight.run(async () => {
      const { row, balance } = await this.flow.stake(
        s,
        { game: 'cockfight', amount: stake, fightId: f.id, pick: input.pick, odds: price },
        {
          kind: 'cockfight',
          fight: f.id,
          fightNo: f.fightNo,
          derby: f.derby,
          meron: f.meron,
          wala: f.wala,
          pick: input.pick,
          odds: price,
          bet: String(stake),
        },
        { open: {} },
      );
      return {
        roundId: row.roundId,
        fight: f.id,
        pick: input.pick,
        odds: price,
        stake: String(stake),
        potentialReturn: String((stake * BigInt(price)) / 100n),
        balance: String(balance),
      };
    });
  }

  /**
   * Settles every open bet of a fight that has its result, once. Returns how many bets this call
   * settled (0 when another call got there first).
   */
  async settleFight(fightId: number): Promise<number> {
    const [f] = await this.db.query<FightRow>(
      `UPDATE hg_cockfight_fights SET settled_at = now()
        WHERE id = $1 AND phase IN ('result', 'void') AND settled_at IS NULL RETURNING *`,
      [fightId],
    );
    if (!f) return 0;
    const view = toView(f);
    const outcome = view.result as FightOutcome;
    const open = await this.db.query<{ id: string }>(
      `SELECT id FROM hg_bets WHERE fight_id = $1 AND status = 'open' ORDER BY id`,
      [fightId],
    );
    let settled = 0;
    for (const { id } of open) if (await this.settleBet(Number(id), view, outcome)) settled++;
    return settled;
  }

  private async settleBet(betId: number, f: FightView, outcome: FightOutcome): Promise<boolean> {
    const [claimed] = await this.db.query<Record<string, unknown>>(
      `UPDATE hg_bets SET status = 'settling' WHERE id = $1 AND status = 'open' RETURNING *`,
      [betId],
    );
    if (!claimed) return false;
    const bet = await this.bets.byRound(claimed.round_id as string);
    const pick = bet.pick as Side;
    const { result, win } = settleBet(bet.amount, pick, bet.odds ?? 0, outcome);
    const detail = {
      kind: 'cockfight' as const,
      fight: f.id,
      fightNo: f.fightNo,
      derby: f.derby,
      meron: f.meron,
      wala: f.wala,
      pick,
      odds: bet.odds,
      bet: String(bet.amount),
      fightResult: outcome,
      result,
      win: String(win),
      commitment: f.commitment,
    };
    const s = await this.sessions.byId(bet.sessionId);
    const ref = { betId, roundId: bet.roundId, gameCode: bet.gameCode, amount: bet.amount };
    if (result === 'VOID') {
      await this.bets.update(betId, { win, outcome: detail });
      await this.wallet.refund({ demo: s.demo, sessionId: s.id, platformPlayerId: s.platformPlayerId }, ref);
      // Demo money is back at once; a real refund is settled when the outbox delivers it.
      if (s.demo) await this.bets.update(betId, { status: 'refunded', settled: true });
      return true;
    }
    await this.flow.pay(s, ref, win, detail).catch(() => undefined);
    return true;
  }

  /** The player's cockfight bets, newest first; open ones (not yet settled) or settled ones. */
  async myBets(s: GameSession, which: 'open' | 'settled', limit: number) {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT b.round_id, b.amount, b.win, b.status, b.pick, b.odds, b.outcome, b.created_at, b.settled_at,
              f.id AS fight_id, f.fight_no, f.derby, f.meron, f.wala, f.result AS fight_result
         FROM hg_bets b JOIN hg_cockfight_fights f ON f.id = b.fight_id
        WHERE b.owner = $1 AND b.game = 'cockfight'
          AND (CASE WHEN $2 = 'open' THEN b.status IN ('open', 'settling', 'placing')
                    ELSE b.status IN ('settled', 'refunded') END)
        ORDER BY b.id DESC LIMIT $3`,
      [ownerOf(s), which, limit],
    );
    return rows.map((r) => {
      const outcome = (typeof r.outcome === 'string' ? JSON.parse(r.outcome) : r.outcome) as {
        result?: string;
      } | null;
      return {
        roundId: r.round_id as string,
        fight: Number(r.fight_id),
        fightNo: Number(r.fight_no),
        derby: r.derby as string,
        meron: r.meron as string,
        wala: r.wala as string,
        pick: r.pick as Side,
        odds: Number(r.odds),
        stake: String(r.amount),
        potentialReturn: String((BigInt(r.amount as string) * BigInt(Number(r.odds))) / 100n),
        win: r.win === null ? null : String(r.win),
        status: r.status as string,
        result: r.status === 'refunded' ? 'VOID' : (outcome?.result ?? null),
        fightResult: (r.fight_result as FightOutcome | null) ?? null,
        createdAt: new Date(r.created_at as string).toISOString(),
        settledAt: r.settled_at ? new Date(r.settled_at as string).toISOString() : null,
      };
    });
  }

  /** A fight's public facts: its probabilities, prices, commitment, and its seed once it ended. */
  async fightFacts(id: number) {
    const [r] = await this.db.query<FightRow>('SELECT * FROM hg_cockfight_fights WHERE id = $1', [id]);
    if (!r) throw new GameError('NOT_FOUND', 'No such fight', 404);
    return {
      ...toView(r),
      fair: { meron: Number(r.p_meron), wala: Number(r.p_wala), draw: Number(r.p_draw) },
      marginBp: Number(r.margin_bp),
    };
  }

  /**
   * After a restart: a fight that was still open or fighting can't be finished fairly (the feed's
   * seed is gone), so it is void and its stakes refunded; a fight with its result but not settled
   * is settled now; and a bet caught between its claim and its wallet call is sent again (the
   * platform applies its transaction id once).
   */
  private async recover() {
    const open = await this.db.query<{ id: string }>(
      `UPDATE hg_cockfight_fights SET phase = 'void', result = 'CANCELLED', ended_at = now()
        WHERE phase IN ('betting', 'fighting') RETURNING id`,
    );
    const unsettled = await this.db.query<{ id: string }>(
      `SELECT id FROM hg_cockfight_fights WHERE phase IN ('result', 'void') AND settled_at IS NULL`,
    );
    for (const { id } of [...open, ...unsettled]) await this.settleFight(Number(id));
    const stuck = await this.db.query<{ id: string; fight_id: string }>(
      `SELECT b.id, b.fight_id FROM hg_bets b
        WHERE b.game = 'cockfight' AND b.status IN ('settling', 'placing') AND NOT b.demo
          AND NOT EXISTS (SELECT 1 FROM hg_outbox o WHERE o.bet_id = b.id AND o.done_at IS NULL)`,
    );
    for (const b of stuck) {
      const bet = await this.db.query<{ status: string; round_id: string }>(
        'SELECT status, round_id FROM hg_bets WHERE id = $1',
        [b.id],
      );
      if (bet[0]?.status === 'placing') {
        // We never learned whether the stake was taken: a real one is rolled back (safe for an
        // unknown bet; the outbox marks it refunded), play money that never left is refused.
        const row = await this.bets.byRound(bet[0].round_id);
        const s = await this.sessions.byId(row.sessionId);
        if (s.demo) {
          await this.bets.update(row.id, { status: 'refused' });
          continue;
        }
        await this.wallet.refund(
          { demo: false, sessionId: s.id, platformPlayerId: s.platformPlayerId },
          { betId: row.id, roundId: row.roundId, gameCode: row.gameCode, amount: row.amount },
        );
        await this.bets.update(row.id, { status: 'settling' });
        continue;
      }
      const f = await this.fightFacts(Number(b.fight_id));
      if (!f.result) continue;
      await this.db.query(`UPDATE hg_bets SET status = 'open' WHERE id = $1`, [b.id]);
      await this.settleBet(Number(b.id), f, f.result);
    }
  }
}

export const isSide = (v: unknown): v is Side => (SIDES as readonly unknown[]).includes(v);
