import { randomInt } from 'node:crypto';
import { hashServerSeed, newServerSeed, uniformInt, words } from '../math/fair/hmac.ts';
import {
  BIDS,
  MULTIPLES,
  cardOfIndex,
  dealDeck,
  niuExposure,
  rakeOf,
  rankNiu,
  settleNiu,
  type NiuHand,
} from '../math/pvp/niuniu.ts';
import type { PvpGameKind, PvpPhase, PvpRoomInfo, PvpRoomListing, PvpView } from '../shared/pvp-view.ts';
import { roomInfo, type PvpOptions } from './pvp-room-info.ts';
import type { HouseDb } from '../store/db.ts';
import type { BetRow, Bets } from './bets.ts';
import { GameError } from './errors.ts';
import { PVP_ROOMS, pvpGameOf, type PvpRoomDef } from './pvp-titles.ts';
import { ownerOf, type GameSession } from './sessions.ts';
import type { BetFlow } from './bet-flow.ts';
import type { BetRef, Wallet } from './wallet.ts';
import { TeenPattiRoom } from './teenpatti-room.ts';

export { roomInfo, type PvpOptions };

/** A room of either game. */
export type AnyPvpRoom = PvpRoom | TeenPattiRoom;

/**
 * PvP card rooms (decision record "pvp-card-rooms"): players against each other at a room of a
 * game and a stake, 2 to 6 seats. The house deals (CSPRNG, provably fair per hand), keeps the seat
 * timers, plays a dropped or timed-out seat by the auto-rule and takes a rake from the winners;
 * it never holds a hand. Each human seat's stake is one seamless bet (its most possible loss)
 * and one win (what it gets back after the hand and the rake), exactly once under the hand's keys.
 */

/** The worst a seat can be asked to stake: a banker at ×4 against five players at ×5. */
const bankroll = (stake: bigint) => niuExposure(stake, 4, 5);

const BOT_NAMES = ['Ana', 'Bia', 'Caio', 'Duda', 'Enzo', 'Fabi', 'Gui', 'Hugo', 'Iris', 'Joca'];

interface Seat {
  seat: number;
  name: string;
  bot: boolean;
  session: GameSession | null;
  owner: string | null;
  connections: number;
  leaving: boolean;
  inHand: boolean;
  bid: number | null;
  multiple: number | null;
  auto: boolean;
  bet: BetRow | null;
  ref: BetRef | null;
  escrow: bigint | null;
  cards: number[] | null;
  hand: NiuHand | null;
  net: bigint | null;
  rake: bigint | null;
  payout: bigint | null;
}

interface Hand {
  id: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  banker: number | null;
  bid: number | null;
  dealt: boolean;
}

export class PvpRoom {
  readonly seats: (Seat | null)[];
  phase: PvpPhase = 'waiting';
  deadline: number | null = null;
  hand: Hand | null = null;
  notice: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private botTimers = new Set<NodeJS.Timeout>();
  private listeners = new Set<() => void>();
  private queue: Promise<void> = Promise.resolve();
  private stopped = false;
  /** Resolves when the current hand's money is done (tests wait on it). */
  lastHand: Promise<void> = Promise.resolve();

  constructor(
    readonly def: PvpRoomDef,
    readonly key: string,
    private readonly db: HouseDb,
    private readonly flow: BetFlow,
    private readonly wallet: Wallet,
    private readonly opts: PvpOptions,
  ) {
    this.seats = Array.from({ length: def.seats }, () => null);
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private emit() {
    for (const fn of this.listeners) fn();
  }

  get humans() {
    return this.seats.filter((s): s is Seat => !!s && !s.bot);
  }

  private seatOf(owner: string) {
    return this.seats.find((s) => s && s.owner === owner) ?? null;
  }

  /** Serialises the room's steps: one at a time, errors logged into the notice, never thrown. */
  private run(step: () => Promise<void> | void) {
    const next = this.queue.then(async () => {
      if (!this.stopped) await step();
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  private later(ms: number, step: () => Promise<void> | void) {
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
    const free = this.seats.findIndex((x) => x === null);
    if (free < 0) throw new GameError('ROOM_FULL', 'Every seat of this room is taken; pick another room', 409);
    const balance = await this.wallet.balance(s);
    const need = bankroll(this.def.stake);
    if (balance < need)
      throw new GameError('INSUFFICIENT_FUNDS', 'Your balance does not cover this room: pick a lower stake', 409, {
        balance: String(balance),
        need: String(need),
      });
    if (this.seatOf(owner)) return this.sit(s);
    const again = this.seats.findIndex((x) => x === null);
    if (again < 0) throw new GameError('ROOM_FULL', 'Every seat of this room is taken; pick another room', 409);
    this.seats[again] = this.newSeat(again, s.nickname, false, s);
    this.fillBots();
    this.maybeStart();
    this.emit();
    return again;
  }

  private newSeat(seat: number, name: string, bot: boolean, s: GameSession | null): Seat {
    return {
      seat,
      name,
      bot,
      session: s,
      owner: s ? ownerOf(s) : bot ? `bot:${seat}` : null,
      connections: s ? 1 : 0,
      leaving: false,
      inHand: false,
      bid: null,
      multiple: null,
      auto: false,
      bet: null,
      ref: null,
      escrow: null,
      cards: null,
      hand: null,
      net: null,
      rake: null,
      payout: null,
    };
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

  /** A connection of this player closed; with none left they are dropped (auto-played, then stood up). */
  drop(owner: string, leave = false) {
    const s = this.seatOf(owner);
    if (!s) return;
    s.connections = leave ? 0 : Math.max(0, s.connections - 1);
    if (s.connections > 0) return;
    s.leaving = true;
    if (!s.inHand) this.stand(s);
    else this.autoPlay(s);
    this.emit();
  }

  private stand(s: Seat) {
    this.seats[s.seat] = null;
    if (this.humans.length === 0) for (const x of this.seats) if (x?.bot && !x.inHand) this.seats[x.seat] = null;
    if (this.seats.filter(Boolean).length < 2 && this.phase === 'starting') {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      this.phase = 'waiting';
      this.deadline = null;
    }
  }

  private maybeStart() {
    if (this.stopped || this.phase !== 'waiting') return;
    if (this.seats.filter(Boolean).length < 2 || this.humans.length === 0) return;
    this.phase = 'starting';
    this.deadline = Date.now() + this.opts.startMs;
    this.later(this.opts.startMs, () => this.beginHand());
  }

  /** The player's decision in the current phase (bid for banker, or bet multiple). */
  decide(owner: string, what: 'bid' | 'multiple', value: number) {
    const s = this.seatOf(owner);
    if (!s || !s.inHand) throw new GameError('NOT_SEATED', 'You are not in this hand', 409);
    if (what === 'bid') {
      if (this.phase !== 'bidding') throw new GameError('NOT_NOW', 'Bidding for the bank is closed', 409);
      if (!(BIDS as readonly number[]).includes(value)) throw new GameError('BAD_BID', 'A bid is 0 to 4', 400);
      if (s.bid !== null) throw new GameError('DECIDED', 'You have already bid', 409);
      s.bid = value;
    } else {
      if (this.phase !== 'betting') throw new GameError('NOT_NOW', 'Betting is closed', 409);
      if (this.hand?.banker === s.seat) throw new GameError('BANKER', 'The banker does not bet a multiple', 409);
      if (!(MULTIPLES as readonly number[]).includes(value))
        throw new GameError('BAD_MULTIPLE', 'A bet is ×1 to ×5', 400);
      if (s.multiple !== null) throw new GameError('DECIDED', 'You have already bet', 409);
      s.multiple = value;
    }
    this.emit();
    this.maybeAdvance();
  }

  /** The auto-rule: no bid for the bank, the lowest bet multiple. */
  private autoPlay(s: Seat) {
    if (!s.inHand) return;
    if (this.phase === 'bidding' && s.bid === null) {
      s.bid = 0;
      s.auto = true;
    }
    if (this.phase === 'betting' && s.multiple === null && this.hand?.banker !== s.seat) {
      s.multiple = 1;
      s.auto = true;
    }
    this.maybeAdvance();
  }

  private inHand() {
    return this.seats.filter((s): s is Seat => !!s && s.inHand);
  }

  private maybeAdvance() {
    if (this.phase === 'bidding' && this.inHand().every((s) => s.bid !== null)) void this.run(() => this.endBidding());
    if (this.phase === 'betting' && this.inHand().every((s) => s.multiple !== null || s.seat === this.hand?.banker))
      void this.run(() => this.endBetting());
  }

  private botsDecide() {
    for (const s of this.inHand()) {
      if (!s.bot) continue;
      const delay = Math.min(this.opts.decisionMs / 3, 400 + randomInt(1200));
      const t = setTimeout(() => {
        this.botTimers.delete(t);
        try {
          if (this.phase === 'bidding' && s.bid === null) this.decide(`bot:${s.seat}`, 'bid', randomInt(3));
          else if (this.phase === 'betting' && s.multiple === null && this.hand?.banker !== s.seat)
            this.decide(`bot:${s.seat}`, 'multiple', 1 + randomInt(3));
        } catch {
          // the phase moved on meanwhile
        }
      }, delay);
      this.botTimers.add(t);
    }
  }

  private async beginHand() {
    if (this.phase !== 'starting') return;
    const seated = this.seats.filter((s): s is Seat => !!s);
    if (seated.length < 2 || this.humans.length === 0) {
      this.phase = 'waiting';
      this.deadline = null;
      this.emit();
      return;
    }
    const serverSeed = newServerSeed();
    const serverSeedHash = hashServerSeed(serverSeed);
    const [row] = await this.db.query<{ id: string }>(
      `INSERT INTO hg_pvp_hands (room_id, game, stake, server_seed, server_seed_hash, phase)
       VALUES ($1, $2, $3, $4, $5, 'playing') RETURNING id`,
      [this.key, this.def.game, String(this.def.stake), serverSeed, serverSeedHash],
    );
    const id = Number(row!.id);
    this.hand = {
      id,
      serverSeed,
      serverSeedHash,
      clientSeed: `${this.def.id}:${id}`,
      banker: null,
      bid: null,
      dealt: false,
    };
    this.notice = null;
    for (const s of seated) {
      Object.assign(s, {
        inHand: true,
        bid: null,
        multiple: null,
        auto: false,
        bet: null,
        ref: null,
        escrow: null,
        cards: null,
        hand: null,
        net: null,
        rake: null,
        payout: null,
      });
      // A bot's decisions are its own; a seat whose player is gone is played by the auto-rule.
      if (!s.bot && s.connections === 0) s.leaving = true;
    }
    this.phase = 'bidding';
    this.deadline = Date.now() + this.opts.decisionMs;
    for (const s of seated) if (!s.bot && s.connections === 0) this.autoPlay(s);
    this.botsDecide();
    this.later(this.opts.decisionMs, () => this.endBidding());
    this.emit();
  }

  private async endBidding() {
    if (this.phase !== 'bidding' || !this.hand) return;
    for (const s of this.inHand())
      if (s.bid === null) {
        s.bid = 0;
        s.auto = true;
      }
    const top = Math.max(...this.inHand().map((s) => s.bid ?? 0));
    const candidates = this.inHand().filter((s) => s.bid === top);
    // Ties for the bank are drawn from the hand's own seed (nonce 1; the deal reads nonce 0).
    const pick = uniformInt(words(this.hand.serverSeed, this.hand.clientSeed, 1), candidates.length);
    this.hand.banker = candidates[pick]!.seat;
    this.hand.bid = top;
    this.phase = 'betting';
    this.deadline = Date.now() + this.opts.decisionMs;
    for (const s of this.inHand()) if (!s.bot && s.connections === 0) this.autoPlay(s);
    this.botsDecide();
    this.later(this.opts.decisionMs, () => this.endBetting());
    this.emit();
  }

  private async endBetting() {
    if (this.phase !== 'betting' || !this.hand) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const s of this.inHand())
      if (s.multiple === null && s.seat !== this.hand.banker) {
        s.multiple = 1;
        s.auto = true;
      }
    this.phase = 'dealing';
    this.deadline = null;
    this.emit();
    let done: () => void = () => undefined;
    this.lastHand = new Promise<void>((r) => (done = r));
    try {
      await this.playHand(this.hand);
    } finally {
      done();
    }
  }

  private async playHand(hand: Hand) {
    const seats = this.inHand();
    const stake = this.def.stake;
    const bid = hand.bid ?? 0;
    const players = seats.filter((s) => s.seat !== hand.banker);
    for (const s of seats)
      s.escrow =
        s.seat === hand.banker
          ? players.reduce((a, p) => a + niuExposure(stake, bid, p.multiple ?? 1), 0n)
          : niuExposure(stake, bid, s.multiple ?? 1);

    // Stakes first: every human seat's escrow is one bet. A refusal calls the hand off.
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
        return this.abort(hand, s, err instanceof GameError ? err.message : 'the stake was refused');
      }
    }

    // The deal: 5 cards a seat in seat order from one shuffled deck, HMAC words of the hand.
    const stream = words(hand.serverSeed, hand.clientSeed, 0);
    const cards = dealDeck((n) => uniformInt(stream, n), seats.length * 5);
    seats.forEach((s, i) => {
      s.cards = cards.slice(i * 5, i * 5 + 5);
      s.hand = rankNiu(s.cards.map(cardOfIndex));
    });
    const nets = settleNiu(
      stake,
      hand.banker!,
      bid,
      seats.map((s) => ({ seat: s.seat, hand: s.hand!, multiple: s.multiple ?? 1 })),
    );
    for (const s of seats) {
      s.net = nets.get(s.seat)!;
      s.rake = rakeOf(s.net, this.opts.rakeBp);
      s.payout = s.escrow! + s.net - s.rake;
    }
    hand.dealt = true;
    const record = this.record(hand);
    await this.db.query(`UPDATE hg_pvp_hands SET record = $2 WHERE id = $1`, [hand.id, JSON.stringify(record)]);

    // Then each human seat's win (zero closes a lost escrow), once, under the bet's key.
    for (const s of seats) {
      if (s.bot || !s.session || !s.ref) continue;
      const outcome = { kind: 'pvp', seat: s.seat, hand: record };
      await this.flow.pay(s.session, s.ref!, s.payout!, outcome).catch(() => undefined);
    }
    await this.db.query(`UPDATE hg_pvp_hands SET phase = 'settled', settled_at = now() WHERE id = $1`, [hand.id]);
    this.phase = 'result';
    this.deadline = Date.now() + this.opts.resultMs;
    this.emit();
    this.later(this.opts.resultMs, () => this.endHand());
  }

  /** A stake was refused: every stake taken is refunded, the refused seat stands up. */
  private async abort(hand: Hand, refused: Seat, why: string) {
    for (const s of this.inHand()) if (s.bet) await this.flow.giveBack(s.bet);
    await this.db.query(`UPDATE hg_pvp_hands SET phase = 'void', settled_at = now() WHERE id = $1`, [hand.id]);
    this.notice = `Hand ${hand.id} was called off (${refused.name}: ${why}); every stake was refunded.`;
    refused.leaving = true;
    this.endHandNow();
  }

  private async endHand() {
    if (this.phase !== 'result') return;
    this.endHandNow();
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

  /** The hand as history keeps it: every seat's decisions, cards, result and money; the seeds. */
  record(hand: Hand) {
    return {
      handId: hand.id,
      room: this.def.id,
      game: this.def.game,
      stake: String(this.def.stake),
      rakeBp: this.opts.rakeBp,
      serverSeedHash: hand.serverSeedHash,
      serverSeed: hand.serverSeed,
      clientSeed: hand.clientSeed,
      banker: hand.banker,
      bid: hand.bid,
      seats: this.inHand().map((s) => ({
        seat: s.seat,
        name: s.name,
        bot: s.bot,
        bid: s.bid,
        multiple: s.seat === hand.banker ? null : s.multiple,
        auto: s.auto,
        cards: (s.cards ?? []).map(cardOfIndex),
        category: s.hand?.category ?? null,
        multiplier: s.hand?.multiplier ?? null,
        escrow: String(s.escrow ?? 0n),
        net: String(s.net ?? 0n),
        rake: String(s.rake ?? 0n),
        payout: String(s.payout ?? 0n),
      })),
    };
  }

  view(owner: string | null): PvpView {
    const h = this.hand;
    const shown = !!h?.dealt && (this.phase === 'result' || this.phase === 'dealing');
    const you = owner ? (this.seatOf(owner)?.seat ?? null) : null;
    return {
      room: roomInfo(this.def, this.opts.rakeBp),
      bots: this.opts.bots,
      phase: this.phase,
      deadline: this.deadline,
      now: Date.now(),
      handId: h?.id ?? null,
      serverSeedHash: h?.serverSeedHash ?? null,
      serverSeed: shown ? h!.serverSeed : null,
      clientSeed: h?.clientSeed ?? null,
      banker: h?.banker ?? null,
      bid: h?.bid ?? null,
      you,
      notice: this.notice,
      seats: this.seats.map((s) =>
        s
          ? {
              seat: s.seat,
              name: s.name,
              bot: s.bot,
              you: s.seat === you,
              connected: s.bot || s.connections > 0,
              inHand: s.inHand,
              bid: s.bid,
              multiple: s.multiple,
              auto: s.auto,
              cards: shown && s.inHand && s.cards ? s.cards.map(cardOfIndex) : null,
              category: shown && s.inHand ? (s.hand?.category ?? null) : null,
              multiplier: shown && s.inHand ? (s.hand?.multiplier ?? null) : null,
              escrow: s.inHand && s.escrow !== null ? String(s.escrow) : null,
              net: shown && s.inHand && s.net !== null ? String(s.net) : null,
              rake: shown && s.inHand && s.rake !== null ? String(s.rake) : null,
              payout: shown && s.inHand && s.payout !== null ? String(s.payout) : null,
            }
          : null,
      ),
    };
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

/** Every PvP room of this process: one per room, currency and money kind (real or free trial). */
export class PvpRooms {
  private rooms = new Map<string, AnyPvpRoom>();
  private recovered: Promise<void> | null = null;

  constructor(
    private readonly db: HouseDb,
    private readonly bets: Bets,
    private readonly flow: BetFlow,
    private readonly wallet: Wallet,
    readonly opts: PvpOptions,
  ) {}

  start() {
    this.recovered ??= this.recover();
    return this.recovered;
  }

  stop() {
    for (const r of this.rooms.values()) r.stop();
  }

  /** The room a session plays at: real money and free trials never share a table, nor currencies. */
  async room(id: string, s: GameSession): Promise<AnyPvpRoom> {
    await this.start();
    const def = PVP_ROOMS.find((r) => r.id === id);
    if (!def) throw new GameError('NO_ROOM', 'No such room', 404);
    const game = pvpGameOf(s.gameCode);
    if (game !== def.game) throw new GameError('WRONG_GAME', 'This room plays another game', 409);
    const key = `${def.id}:${s.currency}${s.demo ? ':trial' : ''}`;
    let r = this.rooms.get(key);
    if (!r) {
      r =
        def.game === 'teenpatti'
          ? new TeenPattiRoom(def, key, this.db, this.flow, this.wallet, this.opts)
          : new PvpRoom(def, key, this.db, this.flow, this.wallet, this.opts);
      this.rooms.set(key, r);
    }
    return r;
  }

  /** Spec §7 GLS2_roomList: rooms by game and stake, with the seats taken (real-money tables). */
  list(game?: PvpGameKind, currency?: string): PvpRoomListing[] {
    return PVP_ROOMS.filter((d) => !game || d.game === game).map((d) => {
      const live = [...this.rooms.values()].filter(
        (r) => r.def.id === d.id && !r.key.endsWith(':trial') && (!currency || r.key === `${d.id}:${currency}`),
      );
      const sum = live.map((r) => r.listing());
      return {
        ...roomInfo(d, this.opts.rakeBp),
        taken: sum.reduce((a, x) => a + x.taken, 0),
        players: sum.reduce((a, x) => a + x.players, 0),
        bots: sum.reduce((a, x) => a + x.bots, 0),
        phase: sum.find((x) => x.phase !== 'waiting')?.phase ?? 'waiting',
      };
    });
  }

  /** A finished hand's record, every card and seed (a hand in play shows nothing yet). */
  async pastHand(id: number) {
    const [r] = await this.db.query<Record<string, unknown>>(
      'SELECT id, room_id, game, phase, server_seed_hash, record FROM hg_pvp_hands WHERE id = $1',
      [id],
    );
    if (!r) throw new GameError('NOT_FOUND', 'No such hand', 404);
    const record = typeof r.record === 'string' ? JSON.parse(r.record) : r.record;
    return {
      id,
      phase: r.phase as string,
      serverSeedHash: r.server_seed_hash as string,
      record: r.phase === 'settled' ? record : null,
    };
  }

  /** Hands a restart cut short cannot be finished fairly: their stakes are refunded. */
  private async recover() {
    const open = await this.db.query<{ id: string }>(`SELECT id FROM hg_pvp_hands WHERE phase = 'playing'`);
    for (const { id } of open) {
      for (const b of await this.bets.ofPvpHand(Number(id))) await this.flow.giveBack(b);
      await this.db.query(`UPDATE hg_pvp_hands SET phase = 'void' WHERE id = $1`, [id]);
    }
  }
}
