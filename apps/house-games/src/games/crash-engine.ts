import { randomBytes } from 'node:crypto';
import type { HouseDb } from '../store/db.ts';
import {
  CRASH_CAP_CENTS,
  CRASH_GROWTH_PER_MS,
  CRASH_MIN_TARGET_CENTS,
  crashPayout,
  crashPoint,
  durationTo,
  multiplierAt,
} from '../math/fair/crash.ts';
import { hashServerSeed, newServerSeed } from '../math/fair/hmac.ts';
import { BetFlow, InFlight } from './bet-flow.ts';
import type { Bets } from './bets.ts';
import { GameError } from './errors.ts';
import type { Fairness } from './fairness.ts';
import { ownerOf, type GameSession } from './sessions.ts';
import type { Wallet } from './wallet.ts';

/**
 * Crash: one shared round at a time for everyone. Betting (the round's server-seed hash is already
 * public) → running (the multiplier climbs; players cash out by hand or at their auto target) →
 * crashed (the server seed and the round's client seed are revealed) → a short pause → next round.
 *
 * The crash point is fixed when betting closes: crashPoint(serverSeed, SHA-256(salt + every bet's
 * client seed in bet order), round id). The house committed to the server seed before any bet and
 * cannot change the bettors' seeds; no bettor can predict the server seed.
 */
export type CrashPhase = 'betting' | 'running' | 'crashed';

interface LiveBet {
  betId: number;
  roundId: string;
  owner: string;
  session: GameSession;
  name: string;
  amount: bigint;
  autoCashout: number | null;
  cashout: number | null;
  win: bigint | null;
}

export interface CrashRoundView {
  id: number;
  phase: CrashPhase;
  serverSeedHash: string;
  bettingEndsAt: number;
  startedAt: number | null;
  crashPoint: number | null;
  serverSeed: string | null;
  clientSeed: string | null;
  bets: {
    name: string;
    amount: string;
    autoCashout: number | null;
    cashout: number | null;
    win: string | null;
    mine?: boolean;
  }[];
}

export interface CrashEvent {
  type: 'state';
  serverNow: number;
  /** The climb's rate: multiplier = e^(growthPerMs · ms since the start). */
  growthPerMs: number;
  round: CrashRoundView;
  history: { id: number; crashPoint: number }[];
}

export const maskName = (name: string): string => {
  const n = [...name];
  if (n.length <= 2) return `${n[0] ?? '*'}***`;
  if (n.length <= 4) return `${n[0]}***${n[n.length - 1]}`;
  return `${n.slice(0, 2).join('')}***${n.slice(-2).join('')}`;
};

export class CrashEngine {
  private round: {
    id: number;
    phase: CrashPhase;
    serverSeed: string;
    serverSeedHash: string;
    salt: string;
    bettingEndsAt: number;
    startedAt: number | null;
    crashAt: number | null;
    crashPoint: number | null;
    clientSeed: string | null;
  } | null = null;
  private bets: LiveBet[] = [];
  private readonly inFlight = new InFlight();
  private closing = false;
  private history: { id: number; crashPoint: number }[] = [];
  private listeners = new Set<(e: CrashEvent) => void>();
  private timers: NodeJS.Timeout[] = [];
  private stopped = false;

  constructor(
    private readonly db: HouseDb,
    private readonly bets_: Bets,
    private readonly wallet: Wallet,
    private readonly fairness: Fairness,
    private readonly timing: { bettingMs: number; pauseMs: number; tickMs?: number; speed?: number },
  ) {
    this.flow = new BetFlow(db, bets_, wallet);
  }

  private readonly flow: BetFlow;

  /** How fast the multiplier climbs (per ms); a speed above 1 only shortens rounds (tests). */
  private get growth() {
    return CRASH_GROWTH_PER_MS * (this.timing.speed ?? 1);
  }

  async start() {
    await this.recover();
    const rows = await this.db.query<{ id: string; crash_point: number }>(
      `SELECT id, crash_point FROM hg_crash_rounds WHERE phase = 'crashed' ORDER BY id DESC LIMIT 20`,
    );
    this.history = rows.map((r) => ({ id: Number(r.id), crashPoint: Number(r.crash_point) }));
    await this.newRound();
  }

  stop() {
    this.stopped = true;
    this.timers.forEach(clearTimeout);
  }

  /** A past round's public facts for the verify page; its seeds only once it has crashed. */
  async pastRound(id: number) {
    const [r] = await this.db.query<Record<string, unknown>>('SELECT * FROM hg_crash_rounds WHERE id = $1', [id]);
    if (!r) throw new GameError('NOT_FOUND', 'No such crash round', 404);
    const done = r.phase === 'crashed';
    const bets = done ? await this.bets_.ofCrashRound(id) : [];
    return {
      id,
      phase: r.phase,
      serverSeedHash: r.server_seed_hash,
      serverSeed: done ? r.server_seed : null,
      salt: done ? r.salt : null,
      clientSeed: r.client_seed ?? null,
      betClientSeeds: bets.map((b) => b.clientSeed ?? ''),
      crashPoint: done ? r.crash_point : null,
    };
  }

  subscribe(fn: (e: CrashEvent) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  snapshot(owner?: string): CrashEvent {
    const r = this.round;
    return {
      type: 'state',
      serverNow: Date.now(),
      growthPerMs: this.growth,
      history: this.history,
      round: r
        ? {
            id: r.id,
            phase: r.phase,
            serverSeedHash: r.serverSeedHash,
            bettingEndsAt: r.bettingEndsAt,
            startedAt: r.startedAt,
            crashPoint: r.phase === 'crashed' ? r.crashPoint : null,
            serverSeed: r.phase === 'crashed' ? r.serverSeed : null,
            clientSeed: r.phase === 'betting' ? null : r.clientSeed,
            bets: this.bets.map((b) => ({
              name: b.name,
              amount: String(b.amount),
              autoCashout: b.owner === owner ? b.autoCashout : null,
              cashout: b.cashout,
              win: b.win === null ? null : String(b.win),
              ...(owner && b.owner === owner ? { mine: true } : {}),
            })),
          }
        : {
            id: 0,
            phase: 'crashed',
            serverSeedHash: '',
            bettingEndsAt: 0,
            startedAt: null,
            crashPoint: null,
            serverSeed: null,
            clientSeed: null,
            bets: [],
          },
    };
  }

  private broadcast() {
    const e = this.snapshot();
    for (const fn of this.listeners) fn(e);
  }

  private later(ms: number, fn: () => Promise<void> | void) {
    if (this.stopped) return;
    const t = setTimeout(() => {
      this.timers = this.timers.filter((x) => x !== t);
      Promise.resolve(fn()).catch((err) => console.error('crash engine', err));
    }, ms);
    this.timers.push(t);
  }

  private async newRound() {
    const serverSeed = newServerSeed();
    const salt = randomBytes(16).toString('hex');
    const bettingEndsAt = Date.now() + this.timing.bettingMs;
    const [r] = await this.db.query<{ id: string }>(
      `INSERT INTO hg_crash_rounds (server_seed, server_seed_hash, salt, phase, betting_ends_at) VALUES ($1, $2, $3, 'betting', $4) RETURNING id`,
      [serverSeed, hashServerSeed(serverSeed), salt, new Date(bettingEndsAt)],
    );
    this.round = {
      id: Number(r!.id),
      phase: 'betting',
      serverSeed,
      serverSeedHash: hashServerSeed(serverSeed),
      salt,
      bettingEndsAt,
      startedAt: null,
      crashAt: null,
      crashPoint: null,
      clientSeed: null,
    };
    this.bets = [];
    this.closing = false;
    this.broadcast();
    this.later(this.timing.bettingMs, () => this.run());
  }

  async placeBet(s: GameSession, input: { bet: string; autoCashout: number | null }) {
    const r = this.round;
    if (!r || r.phase !== 'betting' || this.closing)
      throw new GameError('BETTING_CLOSED', 'Bets for this round are closed; wait for the next one', 409);
    const amount = BigInt(input.bet);
    if (amount < 10n || amount > 10_000_000n)
      throw new GameError('VALIDATION_FAILED', 'A crash bet is between 10 and 10000000', 400);
    const auto = input.autoCashout;
    if (auto !== null && (!Number.isInteger(auto) || auto < CRASH_MIN_TARGET_CENTS || BigInt(auto) > CRASH_CAP_CENTS)) {
      throw new GameError('VALIDATION_FAILED', 'Auto cash-out is between 1.01× and 10000×', 400);
    }
    const owner = ownerOf(s);
    if (this.bets.some((b) => b.owner === owner))
      throw new GameError('ALREADY_BET', 'You already have a bet in this round', 409);
    return this.inFlight.run(async () => {
      const clientSeed = await this.fairness.clientSeed(owner);
      const { row, balance } = await this.flow.stake(
        s,
        { game: 'crash', amount, crashRoundId: r.id, clientSeed, autoCashout: auto },
        { kind: 'crash', crashRound: r.id, bet: String(amount), autoCashout: auto },
        { open: {} },
      );
      this.bets.push({
        betId: row.id,
        roundId: row.roundId,
        owner,
        session: s,
        name: maskName(s.nickname),
        amount,
        autoCashout: auto,
        cashout: null,
        win: null,
      });
      this.broadcast();
      return { roundId: row.roundId, crashRound: r.id, balance: String(balance) };
    });
  }

  private async run() {
    const r = this.round!;
    this.closing = true;
    await this.inFlight.drain();
    r.clientSeed = await this.flow.roundSeed(r.salt, this.bets);
    r.crashPoint = crashPoint(r.serverSeed, r.clientSeed, r.id);
    r.startedAt = Date.now();
    r.crashAt = r.startedAt + durationTo(r.crashPoint, this.growth);
    r.phase = 'running';
    await this.db.query(
      `UPDATE hg_crash_rounds SET phase = 'running', client_seed = $2, crash_point = $3, started_at = $4 WHERE id = $1`,
      [r.id, r.clientSeed, r.crashPoint, new Date(r.startedAt)],
    );
    this.broadcast();
    this.tick();
  }

  private tick() {
    const r = this.round!;
    const now = Date.now();
    const crashed = now >= (r.crashAt ?? 0);
    const reached = crashed
      ? (r.crashPoint as number)
      : Math.min(multiplierAt(now - (r.startedAt as number), this.growth), r.crashPoint as number);
    for (const b of this.bets) {
      if (b.cashout === null && b.autoCashout !== null && b.autoCashout <= reached) void this.settle(b, b.autoCashout);
    }
    if (crashed) {
      void this.crash();
      return;
    }
    this.later(Math.min(this.timing.tickMs ?? 100, Math.max(5, (r.crashAt as number) - now)), () => this.tick());
  }

  /** Manual cash-out at the multiplier the server sees now. */
  async cashout(s: GameSession) {
    const r = this.round;
    const owner = ownerOf(s);
    const b = this.bets.find((x) => x.owner === owner);
    if (!r || !b) throw new GameError('NO_BET', 'You have no bet in this round', 409);
    if (b.cashout !== null) throw new GameError('ALREADY_CASHED_OUT', 'You already cashed out', 409);
    if (r.phase !== 'running')
      throw new GameError(
        'NOT_RUNNING',
        r.phase === 'betting' ? 'The round has not started yet' : 'Too late: the round crashed',
        409,
      );
    const now = Date.now();
    const m = multiplierAt(now - (r.startedAt as number), this.growth);
    if (now >= (r.crashAt as number) || m > (r.crashPoint as number))
      throw new GameError('NOT_RUNNING', 'Too late: the round crashed', 409);
    if (m < CRASH_MIN_TARGET_CENTS) throw new GameError('TOO_EARLY', 'Cash out from 1.01×', 409);
    return this.settle(b, m);
  }

  private async settle(b: LiveBet, at: number) {
    b.cashout = at;
    b.win = crashPayout(b.amount, at);
    this.broadcast();
    return this.finish(b, at, b.win);
  }

  private async finish(b: LiveBet, at: number | null, win: bigint) {
    const r = this.round!;
    const outcome = {
      kind: 'crash' as const,
      crashRound: r.id,
      bet: String(b.amount),
      win: String(win),
      cashout: at,
      autoCashout: b.autoCashout,
      serverSeedHash: r.serverSeedHash,
    };
    const ref = { betId: b.betId, roundId: b.roundId, gameCode: b.session.gameCode, amount: b.amount };
    const settled = await this.flow
      .pay(b.session, ref, win, outcome, { cashout: at })
      .catch(() => ({ balance: null, pending: true }));
    return {
      roundId: b.roundId,
      cashout: at,
      win: String(win),
      balance: settled.balance === null ? null : String(settled.balance),
    };
  }

  private async crash() {
    const r = this.round!;
    r.phase = 'crashed';
    const losers = this.bets.filter((b) => b.cashout === null);
    for (const b of losers) b.win = 0n;
    await this.db.query(`UPDATE hg_crash_rounds SET phase = 'crashed', crashed_at = now() WHERE id = $1`, [r.id]);
    this.history = [{ id: r.id, crashPoint: r.crashPoint as number }, ...this.history].slice(0, 20);
    this.broadcast();
    await Promise.allSettled(losers.map((b) => this.finish(b, null, 0n)));
    this.later(this.timing.pauseMs, () => this.newRound());
  }

  /** A restart mid-round: that round can't be finished fairly, so its stakes are refunded. */
  private async recover() {
    const open = await this.db.query<{ id: string }>(
      `SELECT id FROM hg_crash_rounds WHERE phase <> 'crashed' AND phase <> 'void'`,
    );
    for (const { id } of open) {
      for (const b of await this.bets_.ofCrashRound(Number(id))) await this.flow.giveBack(b);
      await this.db.query(`UPDATE hg_crash_rounds SET phase = 'void' WHERE id = $1`, [id]);
    }
  }
}
