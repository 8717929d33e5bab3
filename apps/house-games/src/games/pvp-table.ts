import { hashServerSeed, newServerSeed } from '../math/fair/hmac.ts';
import type { PvpPhase, PvpRoomInfo, PvpRoomListing } from '../shared/pvp-view.ts';
import type { HouseDb } from '../store/db.ts';
import type { BetFlow } from './bet-flow.ts';
import type { BetRow } from './bets.ts';
import { GameError } from './errors.ts';
import type { PvpOptions } from './pvp-room-info.ts';
import type { PvpRoomDef } from './pvp-titles.ts';
import { ownerOf, type GameSession } from './sessions.ts';
import type { BetRef, Wallet } from './wallet.ts';

const BOT_NAMES = ['Ana', 'Bia', 'Caio', 'Duda', 'Enzo', 'Fabi', 'Gui', 'Hugo', 'Iris', 'Joca'];

/** What every game's seat holds: who sits there, their connection, and their hand's money. */
export interface TableSeat {
  seat: number;
  name: string;
  bot: boolean;
  session: GameSession | null;
  owner: string | null;
  connections: number;
  leaving: boolean;
  /**
   * The casino's reality check is open for this player (decision 064's pause): the seat is kept
   * but sits out, dealt into no new hand, until they answer "continue".
   */
  paused: boolean;
  inHand: boolean;
  auto: boolean;
  bet: BetRow | null;
  ref: BetRef | null;
  escrow: bigint | null;
  cards: number[] | null;
  net: bigint | null;
  rake: bigint | null;
  payout: bigint | null;
}

/** What every game's hand holds: its id and its provably fair seeds. */
export interface TableHand {
  id: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
}

/** The seat fields every hand starts from. */
const handStart = {
  inHand: true,
  auto: false,
  bet: null,
  ref: null,
  escrow: null,
  cards: null,
  net: null,
  rake: null,
  payout: null,
} as const;

/**
 * A PvP room's table, whichever game it deals (decisions 100 and 103): seats, reconnects and drops,
 * demo bots, the room's serialised steps and its timer, the hand's row with its seeds, every human
 * seat's up-front stake (a refusal calls the hand off and refunds every stake taken), the hand's
 * record and one win per human seat, then the next hand. A game supplies its own seat fields, the
 * most a seat can be asked to stake, what a dropped player does, and how a hand is played.
 */
export abstract class PvpTable<S extends TableSeat, H extends TableHand> {
  readonly seats: (S | null)[];
  phase: PvpPhase = 'waiting';
  deadline: number | null = null;
  hand: H | null = null;
  notice: string | null = null;
  protected timer: NodeJS.Timeout | null = null;
  protected botTimers = new Set<NodeJS.Timeout>();
  private listeners = new Set<() => void>();
  private queue: Promise<void> = Promise.resolve();
  protected stopped = false;
  /** Resolves when the current hand's money is done (tests wait on it). */
  lastHand: Promise<void> = Promise.resolve();

  constructor(
    readonly def: PvpRoomDef,
    readonly key: string,
    protected readonly db: HouseDb,
    protected readonly flow: BetFlow,
    protected readonly wallet: Wallet,
    protected readonly opts: PvpOptions,
  ) {
    this.seats = Array.from({ length: def.seats }, () => null);
  }

  /** The most a seat can be asked to stake in one hand here: sitting needs that balance. */
  protected abstract bankroll(): bigint;
  /** The game's own seat fields as a hand starts. */
  protected abstract gameSeat(): Omit<S, keyof TableSeat>;
  /** A player whose last connection closed mid-hand: the game's auto-rule plays their seat. */
  protected abstract dropped(s: S): void;
  /** Plays a hand once the room has started one. */
  protected abstract beginHand(): Promise<void>;

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  protected emit() {
    for (const fn of this.listeners) fn();
  }

  get humans() {
    return this.seats.filter((s): s is S => !!s && !s.bot);
  }

  protected seatOf(owner: string) {
    return this.seats.find((s) => s && s.owner === owner) ?? null;
  }

  protected inHand() {
    return this.seats.filter((s): s is S => !!s && s.inHand);
  }

  /** A player the auto-rule plays for: every connection closed, or their reality check open. */
  protected away(s: S) {
    return !s.bot && (s.connections === 0 || s.paused);
  }

  /** The seats a new hand deals in (a paused player sits out); null unless two, one of them a player. */
  private dealable() {
    const seated = this.seats.filter((s): s is S => !!s && !s.paused);
    return seated.length >= 2 && seated.some((s) => !s.bot) ? seated : null;
  }

  /** Serialises the room's steps: one at a time, errors logged into the notice, never thrown. */
  protected run(step: () => Promise<void> | void) {
    const next = this.queue.then(async () => {
      if (!this.stopped) await step();
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  protected later(ms: number, step: () => Promise<void> | void) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run(step);
    }, ms);
  }

  /** Sits a player (or finds their seat again after a reconnect). */
  async sit(s: GameSession): Promise<number> {
    const owner = ownerOf(s);
    const mine = this.seatOf(owner);
    if (mine) {
      mine.session = s;
      mine.connections++;
      mine.leaving = false;
      this.emit();
      return mine.seat;
    }
    if (this.seats.findIndex((x) => x === null) < 0)
      throw new GameError('ROOM_FULL', 'Every seat of this room is taken; pick another room', 409);
    const balance = await this.wallet.balance(s);
    const need = this.bankroll();
    if (balance < need)
      throw new GameError('INSUFFICIENT_FUNDS', 'Your balance does not cover this room: pick a lower stake', 409, {
        balance: String(balance),
        need: String(need),
      });
    // The balance call let others in: a second connection of this player, or the last free seat.
    if (this.seatOf(owner)) return this.sit(s);
    const free = this.seats.findIndex((x) => x === null);
    if (free < 0) throw new GameError('ROOM_FULL', 'Every seat of this room is taken; pick another room', 409);
    this.seats[free] = this.newSeat(free, s.nickname, false, s);
    this.fillBots();
    this.maybeStart();
    this.emit();
    return free;
  }

  private newSeat(seat: number, name: string, bot: boolean, s: GameSession | null): S {
    return {
      ...handStart,
      ...this.gameSeat(),
      inHand: false,
      seat,
      name,
      bot,
      session: s,
      owner: s ? ownerOf(s) : bot ? `bot:${seat}` : null,
      connections: s ? 1 : 0,
      leaving: false,
      paused: false,
    } as S;
  }

  /** Demo: bots take seats beside a lone player (up to half the room, at least one opponent). */
  private fillBots() {
    if (!this.opts.bots || this.humans.length === 0) return;
    const want = Math.max(2, Math.ceil(this.def.seats / 2));
    let taken = this.seats.filter(Boolean).length;
    for (let i = 0; i < this.seats.length && taken < want; i++) {
      if (this.seats[i]) continue;
      const used = new Set(this.seats.map((x) => x?.name));
      const name = `Bot ${BOT_NAMES.find((n) => !used.has(`Bot ${n}`)) ?? i + 1}`;
      this.seats[i] = this.newSeat(i, name, true, null);
      taken++;
    }
  }

  /**
   * The casino's reality check opened (`on`) or was answered "continue": a paused player is dealt
   * into no new hand and no stake of theirs is taken, their seat kept and shown paused; a hand they
   * are already in is finished by the auto-rule, as for a drop. On "continue" they are dealt in from
   * the next hand. Stopping closes the game, and with it the seat (a drop).
   */
  pause(owner: string, on: boolean) {
    const s = this.seatOf(owner);
    if (!s) throw new GameError('NOT_SEATED', 'Sit at a room first', 409);
    if (s.paused === on) return;
    s.paused = on;
    if (on && s.inHand) this.dropped(s);
    if (on) this.holdStart();
    else this.maybeStart();
    this.emit();
  }

  /** A connection of this player closed; with none left they are dropped (auto-played, then stood up). */
  drop(owner: string, leave = false) {
    const s = this.seatOf(owner);
    if (!s) return;
    s.connections = leave ? 0 : Math.max(0, s.connections - 1);
    if (s.connections > 0) return;
    s.leaving = true;
    if (!s.inHand) this.stand(s);
    else this.dropped(s);
    this.emit();
  }

  private stand(s: S) {
    this.seats[s.seat] = null;
    if (this.humans.length === 0) for (const x of this.seats) if (x?.bot && !x.inHand) this.seats[x.seat] = null;
    this.holdStart();
  }

  /** A hand about to start with no longer two seats to deal, one a player's, waits again. */
  private holdStart() {
    if (this.phase === 'starting' && !this.dealable()) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      this.phase = 'waiting';
      this.deadline = null;
    }
  }

  private maybeStart() {
    if (this.stopped || this.phase !== 'waiting' || !this.dealable()) return;
    this.phase = 'starting';
    this.deadline = Date.now() + this.opts.startMs;
    this.later(this.opts.startMs, () => this.beginHand());
  }

  /**
   * A hand begins: its row and seeds (the hash is public before anything is decided), every seated
   * player not paused in it with fresh seat fields. Null when the room no longer has two such seats
   * and a player.
   */
  protected async openHand(): Promise<{ seated: S[]; seeds: TableHand } | null> {
    if (this.phase !== 'starting') return null;
    const seated = this.dealable();
    if (!seated) {
      this.phase = 'waiting';
      this.deadline = null;
      this.emit();
      return null;
    }
    const serverSeed = newServerSeed();
    const serverSeedHash = hashServerSeed(serverSeed);
    const [row] = await this.db.query<{ id: string }>(
      `INSERT INTO hg_pvp_hands (room_id, game, stake, server_seed, server_seed_hash, phase)
       VALUES ($1, $2, $3, $4, $5, 'playing') RETURNING id`,
      [this.key, this.def.game, String(this.def.stake), serverSeed, serverSeedHash],
    );
    const id = Number(row!.id);
    this.notice = null;
    for (const s of seated) Object.assign(s, handStart, this.gameSeat());
    return { seated, seeds: { id, serverSeed, serverSeedHash, clientSeed: `${this.def.id}:${id}` } };
  }

  /**
   * Every human seat stakes its escrow as one seamless bet. A refusal calls the hand off: every
   * stake taken is refunded once and the refused seat stands up. False when the hand is off.
   */
  protected async stakeSeats(hand: H, seats: S[]): Promise<boolean> {
    for (const s of seats) {
      if (s.bot || !s.session) continue;
      try {
        const { row, ref } = await this.flow.stake(
          s.session,
          { game: 'pvp', amount: s.escrow!, pvpHandId: hand.id },
          { game: 'pvp', room: this.def.id, hand: hand.id, seat: s.seat },
          { open: {} },
        );
        s.bet = { ...row, status: 'open' };
        s.ref = ref;
      } catch (err) {
        await this.callOff(hand, s, err instanceof GameError ? err.message : 'the stake was refused');
        return false;
      }
    }
    return true;
  }

  private async callOff(hand: H, refused: S, why: string) {
    for (const s of this.inHand()) if (s.bet) await this.flow.giveBack(s.bet);
    await this.db.query(`UPDATE hg_pvp_hands SET phase = 'void', settled_at = now() WHERE id = $1`, [hand.id]);
    this.notice = `Hand ${hand.id} was called off (${refused.name}: ${why}); every stake was refunded.`;
    refused.leaving = true;
    this.endHandNow();
  }

  /**
   * The hand is decided (every seat's payout set): its record is kept, each human seat gets one win
   * (zero closes a lost escrow) under its bet's key, and the result shows until the next hand.
   */
  protected async payHand(hand: H, record: unknown) {
    await this.db.query(`UPDATE hg_pvp_hands SET record = $2 WHERE id = $1`, [hand.id, JSON.stringify(record)]);
    for (const s of this.inHand()) {
      if (s.bot || !s.session || !s.ref) continue;
      const outcome = { kind: 'pvp', seat: s.seat, hand: record };
      await this.flow.pay(s.session, s.ref, s.payout!, outcome).catch(() => undefined);
    }
    await this.db.query(`UPDATE hg_pvp_hands SET phase = 'settled', settled_at = now() WHERE id = $1`, [hand.id]);
    this.phase = 'result';
    this.deadline = Date.now() + this.opts.resultMs;
    this.emit();
    this.later(this.opts.resultMs, () => {
      if (this.phase === 'result') this.endHandNow();
    });
  }

  private endHandNow() {
    for (const s of this.seats) if (s) s.inHand = false;
    for (const s of this.seats) if (s && s.leaving) this.stand(s);
    if (this.humans.length === 0) for (const s of this.seats) if (s?.bot) this.seats[s.seat] = null;
    this.phase = 'waiting';
    this.deadline = null;
    this.fillBots();
    this.maybeStart();
    this.emit();
  }

  listing(): Omit<PvpRoomListing, keyof PvpRoomInfo> {
    const taken = this.seats.filter(Boolean);
    return {
      taken: taken.length,
      players: taken.filter((s) => !s!.bot).length,
      bots: taken.filter((s) => s!.bot).length,
      phase: this.phase,
    };
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    for (const t of this.botTimers) clearTimeout(t);
    this.listeners.clear();
  }
}
