import { randomBytes } from 'node:crypto';
import type { HouseDb } from '../store/db.ts';
import { hashServerSeed, newServerSeed, words } from '../math/fair/hmac.ts';
import { LIVE_GAMES, totalReturn, type LiveKind, type LiveResult } from '../math/live/games.ts';
import type { LiveEvent, LivePhase } from '../shared/live-view.ts';
import { BetFlow, InFlight } from './bet-flow.ts';
import type { Bets } from './bets.ts';
import { maskName } from './crash-engine.ts';
import { GameError } from './errors.ts';
import type { Fairness } from './fairness.ts';
import { LISTED_TABLES, tableDef, type LiveTableDef } from './live-tables.ts';
import { ownerOf, type GameSession } from './sessions.ts';
import type { Wallet } from './wallet.ts';

/**
 * Live tables: each table runs one shared round at a time on a fixed clock, the same for everyone
 * seated there. betting (the round's server-seed hash is public) → dealing (the outcome is fixed
 * and the dealer deals it) → result (the seeds are revealed and every bet is settled) → the next
 * round opens only once every bet of this one is settled.
 *
 * The outcome is the game's deal over words(serverSeed, clientSeed, round id) where clientSeed =
 * SHA-256(salt + every bet's client seed in bet order), as for crash: the house committed to the
 * server seed before any bet, the bettors' seeds are mixed in, nobody can steer the draw. Outcomes
 * never depend on the stakes.
 *
 * A table deals only while someone watches it or has a bet on it; an idle table stops after its
 * round and starts again when a player sits down.
 */
export interface LiveTiming {
  bettingMs: number;
  dealMs: number;
  pauseMs: number;
}

export interface Stake {
  spot: string;
  amount: bigint;
}

interface LiveBet {
  betId: number;
  roundId: string;
  owner: string;
  session: GameSession;
  name: string;
  stakes: Stake[];
  amount: bigint;
  win: bigint | null;
}

interface Round {
  id: number;
  phase: LivePhase;
  serverSeed: string;
  serverSeedHash: string;
  salt: string;
  bettingEndsAt: number;
  dealEndsAt: number | null;
  resultEndsAt: number | null;
  clientSeed: string | null;
  result: LiveResult | null;
  /** Every bet's payment has been answered (the result is shown before, while they are paid). */
  paid?: boolean;
}

const HISTORY = 72;
const IDLE_MS = 90_000;
const MAX_STAKES = 40;

export const tablePublic = (d: LiveTableDef) => ({
  id: d.id,
  kind: d.kind,
  name: d.name,
  dealer: d.dealer,
  minBet: String(d.minBet),
  maxBet: String(d.maxBet),
});

class LiveTable {
  round: Round | null = null;
  private bets: LiveBet[] = [];
  private readonly inFlight = new InFlight();
  private closing = false;
  history: { id: number; result: LiveResult }[] = [];
  private listeners = new Set<(e: LiveEvent | null) => void>();
  private timer: NodeJS.Timeout | null = null;
  private throttle: NodeJS.Timeout | null = null;
  running = false;
  private stopped = false;
  private lastSeen = Date.now();
  /** Resolves when the current round has finished settling (tests and the benchmark wait on it). */
  settled: Promise<void> = Promise.resolve();

  constructor(
    readonly def: LiveTableDef,
    private readonly db: HouseDb,
    private readonly bets_: Bets,
    private readonly wallet: Wallet,
    private readonly fairness: Fairness,
    private readonly timing: LiveTiming,
  ) {
    this.flow = new BetFlow(db, bets_, wallet);
  }

  private readonly flow: BetFlow;

  async load() {
    const rows = await this.db.query<{ id: string; result: unknown }>(
      `SELECT id, result FROM hg_live_rounds WHERE table_id = $1 AND phase = 'settled' ORDER BY id DESC LIMIT ${HISTORY}`,
      [this.def.id],
    );
    this.history = rows.map((r) => ({
      id: Number(r.id),
      result: (typeof r.result === 'string' ? JSON.parse(r.result) : r.result) as LiveResult,
    }));
  }

  touch() {
    this.lastSeen = Date.now();
    if (!this.running && !this.stopped) {
      this.running = true;
      void this.newRound().catch((err) => {
        this.running = false;
        console.error('live table', this.def.id, err);
      });
    }
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.throttle) clearTimeout(this.throttle);
  }

  subscribe(fn: (e: LiveEvent | null) => void): () => void {
    this.listeners.add(fn);
    this.touch();
    return () => this.listeners.delete(fn);
  }

  snapshot(owner?: string): LiveEvent {
    const r = this.round;
    const totals: Record<string, bigint> = {};
    for (const b of this.bets) for (const s of b.stakes) totals[s.spot] = (totals[s.spot] ?? 0n) + s.amount;
    const mine = owner ? this.bets.filter((b) => b.owner === owner) : [];
    const revealed = r?.phase === 'result';
    return {
      type: 'state',
      serverNow: Date.now(),
      table: tablePublic(this.def),
      history: this.history,
      round: r
        ? {
            id: r.id,
            phase: r.phase,
            serverSeedHash: r.serverSeedHash,
            bettingEndsAt: r.bettingEndsAt,
            dealEndsAt: r.dealEndsAt,
            resultEndsAt: r.resultEndsAt,
            result: r.phase === 'betting' ? null : r.result,
            serverSeed: revealed ? r.serverSeed : null,
            clientSeed: r.phase === 'betting' ? null : r.clientSeed,
            totals: Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, String(v)])),
            players: new Set(this.bets.map((b) => b.owner)).size,
            mine: mine.flatMap((b) => b.stakes.map((s) => ({ spot: s.spot, amount: String(s.amount) }))),
            myWin:
              revealed && mine.length && mine.every((b) => b.win !== null)
                ? String(mine.reduce((sum, b) => sum + (b.win ?? 0n), 0n))
                : null,
            paid: r.paid === true,
            winners: revealed
              ? this.bets
                  .filter((b) => (b.win ?? 0n) > 0n)
                  .sort((a, b) => Number((b.win ?? 0n) - (a.win ?? 0n)))
                  .slice(0, 5)
                  .map((b) => ({ name: b.name, win: String(b.win) }))
              : [],
          }
        : null,
    };
  }

  /** Listeners are told something changed; each sends its own owner's snapshot. */
  private broadcast(now = false) {
    if (now) {
      if (this.throttle) clearTimeout(this.throttle);
      this.throttle = null;
      for (const fn of this.listeners) fn(null);
      return;
    }
    if (this.throttle) return;
    this.throttle = setTimeout(() => {
      this.throttle = null;
      for (const fn of this.listeners) fn(null);
    }, 250);
  }

  private later(ms: number, fn: () => Promise<void> | void) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      Promise.resolve(fn()).catch((err) => console.error('live table', this.def.id, err));
    }, ms);
  }

  private async newRound() {
    if (this.stopped) return;
    const idle = Date.now() - this.lastSeen > IDLE_MS && this.listeners.size === 0;
    if (idle) {
      this.running = false;
      this.round = null;
      this.bets = [];
      return;
    }
    const serverSeed = newServerSeed();
    const salt = randomBytes(16).toString('hex');
    const bettingEndsAt = Date.now() + this.timing.bettingMs;
    const [row] = await this.db.query<{ id: string }>(
      `INSERT INTO hg_live_rounds (table_id, kind, server_seed, server_seed_hash, salt, phase, betting_ends_at)
       VALUES ($1, $2, $3, $4, $5, 'betting', $6) RETURNING id`,
      [this.def.id, this.def.kind, serverSeed, hashServerSeed(serverSeed), salt, new Date(bettingEndsAt)],
    );
    this.round = {
      id: Number(row!.id),
      phase: 'betting',
      serverSeed,
      serverSeedHash: hashServerSeed(serverSeed),
      salt,
      bettingEndsAt,
      dealEndsAt: null,
      resultEndsAt: null,
      clientSeed: null,
      result: null,
    };
    this.bets = [];
    this.closing = false;
    this.broadcast(true);
    this.later(this.timing.bettingMs, () => this.deal());
  }

  async placeBet(s: GameSession, stakes: Stake[]) {
    this.touch();
    const r = this.round;
    if (!r || r.phase !== 'betting' || this.closing || Date.now() >= r.bettingEndsAt)
      throw new GameError('BETTING_CLOSED', 'Bets for this round are closed; wait for the next one', 409);
    if (!stakes.length || stakes.length > MAX_STAKES)
      throw new GameError('VALIDATION_FAILED', `A bet covers 1 to ${MAX_STAKES} spots`, 400);
    const game = LIVE_GAMES[this.def.kind];
    const owner = ownerOf(s);
    const already = new Map<string, bigint>();
    for (const b of this.bets)
      if (b.owner === owner) for (const x of b.stakes) already.set(x.spot, (already.get(x.spot) ?? 0n) + x.amount);
    const seen = new Set<string>();
    for (const x of stakes) {
      if (!game.spotOk(x.spot))
        throw new GameError('UNKNOWN_SPOT', `${x.spot} is not a bet at this ${this.def.kind} table`, 400);
      if (seen.has(x.spot)) throw new GameError('VALIDATION_FAILED', `${x.spot} appears twice`, 400);
      seen.add(x.spot);
      if (x.amount < this.def.minBet)
        throw new GameError('BELOW_TABLE_MIN', `The table minimum is ${this.def.minBet}`, 400, {
          minBet: String(this.def.minBet),
        });
      if (x.amount + (already.get(x.spot) ?? 0n) > this.def.maxBet)
        throw new GameError('ABOVE_TABLE_MAX', `The table maximum per spot is ${this.def.maxBet}`, 400, {
          maxBet: String(this.def.maxBet),
        });
    }
    const amount = stakes.reduce((sum, x) => sum + x.amount, 0n);
    return this.inFlight.run(async () => {
      const clientSeed = await this.fairness.clientSeed(owner);
      const stakesOut = stakes.map((x) => ({ spot: x.spot, amount: String(x.amount) }));
      const placed = { kind: 'live', game: this.def.kind, table: this.def.id, liveRound: r.id, stakes: stakesOut };
      const { row, balance } = await this.flow.stake(
        s,
        { game: 'live', amount, liveRoundId: r.id, clientSeed },
        placed,
        { open: { outcome: placed } },
      );
      this.bets.push({
        betId: row.id,
        roundId: row.roundId,
        owner,
        session: s,
        name: maskName(s.nickname),
        stakes,
        amount,
        win: null,
      });
      this.broadcast();
      return { roundId: row.roundId, liveRound: r.id, balance: String(balance) };
    });
  }

  private async deal() {
    const r = this.round!;
    this.closing = true;
    await this.inFlight.drain();
    r.clientSeed = await this.flow.roundSeed(r.salt, this.bets);
    r.result = LIVE_GAMES[this.def.kind].deal(words(r.serverSeed, r.clientSeed, r.id));
    r.phase = 'dealing';
    r.dealEndsAt = Date.now() + this.timing.dealMs;
    await this.db.query(`UPDATE hg_live_rounds SET phase = 'dealing', client_seed = $2, result = $3 WHERE id = $1`, [
      r.id,
      r.clientSeed,
      JSON.stringify(r.result),
    ]);
    this.broadcast(true);
    this.later(this.timing.dealMs, () => this.reveal());
  }

  private async reveal() {
    const r = this.round!;
    r.phase = 'result';
    r.resultEndsAt = Date.now() + this.timing.pauseMs;
    await this.db.query(`UPDATE hg_live_rounds SET phase = 'result' WHERE id = $1`, [r.id]);
    for (const b of this.bets) b.win = totalReturn(this.def.kind, b.stakes, r.result!);
    const started = Date.now();
    const work = (async () => {
      // Settled in slices so a full table does not flood the casino's wallet all at once.
      for (let i = 0; i < this.bets.length; i += 50)
        await Promise.allSettled(this.bets.slice(i, i + 50).map((b) => this.finish(b, r)));
      await this.db.query(`UPDATE hg_live_rounds SET phase = 'settled', settled_at = now() WHERE id = $1`, [r.id]);
      this.history = [{ id: r.id, result: r.result! }, ...this.history].slice(0, HISTORY);
      this.lastSettleMs = Date.now() - started;
    })();
    this.settled = work;
    this.broadcast(true);
    await work;
    r.paid = true;
    this.broadcast(true);
    this.later(Math.max(0, (r.resultEndsAt ?? 0) - Date.now()), () => this.newRound());
  }

  lastSettleMs = 0;

  private async finish(b: LiveBet, r: Round) {
    const win = b.win ?? 0n;
    const outcome = {
      kind: 'live' as const,
      game: this.def.kind,
      table: this.def.id,
      liveRound: r.id,
      stakes: b.stakes.map((x) => ({ spot: x.spot, amount: String(x.amount) })),
      result: r.result,
      bet: String(b.amount),
      win: String(win),
      serverSeedHash: r.serverSeedHash,
    };
    const ref = { betId: b.betId, roundId: b.roundId, gameCode: b.session.gameCode, amount: b.amount };
    await this.flow.pay(b.session, ref, win, outcome).catch(() => undefined);
  }
}

/** Every live table of this process, started on demand. */
export class LiveTables {
  private tables = new Map<string, LiveTable>();
  private recovered: Promise<void> | null = null;

  constructor(
    private readonly db: HouseDb,
    private readonly bets: Bets,
    private readonly wallet: Wallet,
    private readonly fairness: Fairness,
    private readonly timing: LiveTiming,
  ) {
    this.flow = new BetFlow(db, bets, wallet);
  }

  private readonly flow: BetFlow;

  /** Refunds the stakes of rounds a restart cut short (they can't be finished fairly). */
  start() {
    this.recovered ??= this.recover();
    return this.recovered;
  }

  stop() {
    for (const t of this.tables.values()) t.stop();
  }

  async table(id: string): Promise<LiveTable> {
    await this.start();
    let t = this.tables.get(id);
    if (!t) {
      t = new LiveTable(tableDef(id), this.db, this.bets, this.wallet, this.fairness, this.timing);
      this.tables.set(id, t);
      await t.load();
    }
    return t;
  }

  /** Seats a viewer: the table deals while someone is there. */
  async seat(id: string) {
    const t = await this.table(id);
    t.touch();
    return t;
  }

  /** The model list: every listed table with its dealer, limits, phase and road. */
  async list() {
    await this.start();
    const out = [];
    for (const def of LISTED_TABLES) {
      const t = await this.table(def.id);
      out.push({
        ...tablePublic(def),
        open: t.running,
        phase: t.round?.phase ?? null,
        bettingEndsAt: t.round?.bettingEndsAt ?? null,
        road: t.history.slice(0, 30).map((h) => roadEntry(def.kind, h.result)),
      });
    }
    return out;
  }

  async pastRound(id: number) {
    const [r] = await this.db.query<Record<string, unknown>>('SELECT * FROM hg_live_rounds WHERE id = $1', [id]);
    if (!r) throw new GameError('NOT_FOUND', 'No such live round', 404);
    const done = r.phase === 'settled' || r.phase === 'result';
    const bets = done ? await this.bets.ofLiveRound(id) : [];
    return {
      id,
      tableId: r.table_id as string,
      kind: r.kind as LiveKind,
      phase: r.phase as string,
      serverSeedHash: r.server_seed_hash as string,
      serverSeed: done ? (r.server_seed as string) : null,
      salt: done ? (r.salt as string) : null,
      clientSeed: (r.client_seed as string | null) ?? null,
      betClientSeeds: bets.map((b) => b.clientSeed ?? ''),
      result: done ? ((typeof r.result === 'string' ? JSON.parse(r.result) : r.result) as LiveResult) : null,
    };
  }

  private async recover() {
    const open = await this.db.query<{ id: string }>(
      `SELECT id FROM hg_live_rounds WHERE phase NOT IN ('settled', 'void')`,
    );
    for (const { id } of open) {
      for (const b of await this.bets.ofLiveRound(Number(id))) await this.flow.giveBack(b);
      await this.db.query(`UPDATE hg_live_rounds SET phase = 'void' WHERE id = $1`, [id]);
    }
  }
}

/** A round as a road map cell: who won (and the pairs), the number, the dice. */
export const roadEntry = (kind: LiveKind, r: LiveResult): Record<string, unknown> => {
  const x = r as unknown as Record<string, unknown>;
  if (kind === 'baccarat')
    return {
      winner: x.winner,
      playerPair: x.playerPair,
      bankerPair: x.bankerPair,
      playerTotal: x.playerTotal,
      bankerTotal: x.bankerTotal,
    };
  if (kind === 'roulette') return { number: x.number, colour: x.colour };
  if (kind === 'dragontiger') return { winner: x.winner };
  if (kind === 'sicbo') return { dice: x.dice, total: x.total };
  return { result: x.result };
};
