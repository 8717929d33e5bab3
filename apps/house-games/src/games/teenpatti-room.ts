import { randomInt } from 'node:crypto';
import { hashServerSeed, newServerSeed, uniformInt, words } from '../math/fair/hmac.ts';
import { cardOfIndex, dealDeck, rakeOf } from '../math/pvp/niuniu.ts';
import {
  MAX_ROUNDS,
  priceOf,
  rankTeen,
  splitPot,
  teenExposure,
  type TeenAction,
  type TeenHand,
} from '../math/pvp/teenpatti.ts';
import type { PvpPhase, PvpView } from '../shared/pvp-view.ts';
import type { HouseDb } from '../store/db.ts';
import type { BetFlow } from './bet-flow.ts';
import type { BetRow } from './bets.ts';
import { GameError } from './errors.ts';
import { roomInfo, type PvpOptions } from './pvp-room-info.ts';
import type { PvpRoomDef } from './pvp-titles.ts';
import { ownerOf, type GameSession } from './sessions.ts';
import type { BetRef, Wallet } from './wallet.ts';

/**
 * A Teen Patti room (the Teen Patti decision record): the same room engine shape as Niu Niu — seats,
 * a seat timer, the auto-rule, a rake from the winner's gain, the house only deals. Each human seat
 * stakes, when the hand begins, the most it can put in the pot (`teenExposure`: the boot and four
 * turns at the dearest price) as one seamless bet; the win gives back what it did not put in, plus
 * its share of the pot less the rake. So the balance moves by exactly share − put − rake.
 */
export type TeenOp = 'see' | 'chaal' | 'raise' | 'pack' | 'show';

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
  seen: boolean;
  packed: boolean;
  turns: number;
  put: bigint;
  auto: boolean;
  bet: BetRow | null;
  ref: BetRef | null;
  escrow: bigint | null;
  cards: number[] | null;
  hand: TeenHand | null;
  share: bigint | null;
  net: bigint | null;
  rake: bigint | null;
  payout: bigint | null;
}

interface Hand {
  id: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  pot: bigint;
  unit: bigint;
  turn: number | null;
  showdown: boolean;
  settled: boolean;
  actions: { seat: number; op: TeenOp | 'boot'; pay: string; auto: boolean }[];
}

export class TeenPattiRoom {
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
  private dealer = -1;
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
    const need = teenExposure(this.def.stake);
    if (balance < need)
      throw new GameError('INSUFFICIENT_FUNDS', 'Your balance does not cover this room: pick a lower stake', 409, {
        balance: String(balance),
        need: String(need),
      });
    if (this.seatOf(owner)) return this.sit(s);
    const free = this.seats.findIndex((x) => x === null);
    if (free < 0) throw new GameError('ROOM_FULL', 'Every seat of this room is taken; pick another room', 409);
    this.seats[free] = this.newSeat(free, s.nickname, false, s);
    this.fillBots();
    this.maybeStart();
    this.emit();
    return free;
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
      seen: false,
      packed: false,
      turns: 0,
      put: 0n,
      auto: false,
      bet: null,
      ref: null,
      escrow: null,
      cards: null,
      hand: null,
      share: null,
      net: null,
      rake: null,
      payout: null,
    };
  }

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

  /** A connection closed; with none left the player packs at once (the auto-rule), then stands up. */
  drop(owner: string, leave = false) {
    const s = this.seatOf(owner);
    if (!s) return;
    s.connections = leave ? 0 : Math.max(0, s.connections - 1);
    if (s.connections > 0) return;
    s.leaving = true;
    if (!s.inHand) this.stand(s);
    else if (this.phase === 'playing' && !s.packed) void this.run(() => this.apply(s, 'pack', true));
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

  private inHand() {
    return this.seats.filter((s): s is Seat => !!s && s.inHand);
  }

  private active() {
    return this.inHand().filter((s) => !s.packed);
  }

  /** A player's move: `see` any time in play; `chaal`, `raise`, `show` on their turn; `pack` any time. */
  act(owner: string, op: TeenOp): Promise<void> {
    const s = this.seatOf(owner);
    if (!s || !s.inHand) throw new GameError('NOT_SEATED', 'You are not in this hand', 409);
    if (this.phase !== 'playing' || !this.hand) throw new GameError('NOT_NOW', 'No hand is in play', 409);
    if (s.packed) throw new GameError('PACKED', 'You have packed this hand', 409);
    if (op !== 'see' && op !== 'pack' && this.hand.turn !== s.seat)
      throw new GameError('NOT_YOUR_TURN', 'Wait for your turn', 409);
    if (op === 'see' && s.seen) throw new GameError('DECIDED', 'You have already seen your cards', 409);
    if (op === 'raise' && !priceOf(this.def.stake, this.hand.unit, s.seen, 'raise'))
      throw new GameError('AT_LIMIT', 'The stake is at its limit: chaal instead', 409);
    if (op === 'show' && this.active().length !== 2)
      throw new GameError('NO_SHOW', 'A show is only for the last two players', 409);
    return this.run(() => this.apply(s, op, false));
  }

  /** One move, checked again inside the room's queue (the state may have moved meanwhile). */
  private apply(s: Seat, op: TeenOp, auto: boolean): Promise<void> | void {
    const h = this.hand;
    if (this.phase !== 'playing' || !h || !s.inHand || s.packed) return;
    if (op === 'see') {
      s.seen = true;
      this.emit();
      return;
    }
    if (op === 'pack') {
      s.packed = true;
      s.auto ||= auto;
      h.actions.push({ seat: s.seat, op, pay: '0', auto });
      if (h.turn === s.seat) return this.next();
      if (this.active().length < 2) return this.finish(false);
      this.emit();
      return;
    }
    if (h.turn !== s.seat) return;
    const price = priceOf(this.def.stake, h.unit, s.seen, op);
    if (!price) return;
    s.put += price.pay;
    h.pot += price.pay;
    h.unit = price.unit;
    s.turns++;
    h.actions.push({ seat: s.seat, op, pay: String(price.pay), auto });
    if (op === 'show') return this.finish(true);
    this.next();
  }

  /** The turn passes to the next seat still in; after every seat's last round, a show. */
  private next(): Promise<void> | void {
    const h = this.hand!;
    const live = this.active();
    if (live.length < 2) return this.finish(false);
    if (live.every((x) => x.turns >= MAX_ROUNDS)) return this.finish(true);
    const from = h.turn ?? this.dealer;
    let seat = from;
    for (let i = 0; i < this.seats.length; i++) {
      seat = (seat + 1) % this.seats.length;
      const x = this.seats[seat];
      if (x && x.inHand && !x.packed && x.turns < MAX_ROUNDS) break;
    }
    h.turn = seat;
    this.deadline = Date.now() + this.opts.decisionMs;
    // The seat timer: a seat that has not moved when it runs out packs (the auto-rule).
    const turnSeat = this.seats[seat]!;
    this.later(this.opts.decisionMs, () =>
      this.hand === h && h.turn === seat && this.phase === 'playing' ? this.apply(turnSeat, 'pack', true) : undefined,
    );
    if (turnSeat.bot) this.botMove(turnSeat);
    else if (turnSeat.connections === 0) void this.run(() => this.apply(turnSeat, 'pack', true));
    this.emit();
  }

  /** A bot plays by a simple rule of thumb on its own cards (demo only). */
  private botMove(s: Seat) {
    const delay = Math.min(this.opts.decisionMs / 3, 400 + randomInt(900));
    const t = setTimeout(() => {
      this.botTimers.delete(t);
      void this.run(() => {
        const h = this.hand;
        if (!h || h.turn !== s.seat || this.phase !== 'playing') return;
        if (!s.seen && (s.turns >= 1 || randomInt(2) === 0)) s.seen = true;
        const strength = s.hand!.category * 20 + (s.hand!.key[0] ?? 0);
        const live = this.active().length;
        if (s.seen && strength < 12 && randomInt(3) === 0) return this.apply(s, 'pack', false);
        if (live === 2 && s.turns >= 2) return this.apply(s, 'show', false);
        if (strength >= 40 && priceOf(this.def.stake, h.unit, s.seen, 'raise') && randomInt(2) === 0)
          return this.apply(s, 'raise', false);
        return this.apply(s, 'chaal', false);
      });
    }, delay);
    this.botTimers.add(t);
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
    const hand: Hand = {
      id,
      serverSeed,
      serverSeedHash,
      clientSeed: `${this.def.id}:${id}`,
      pot: 0n,
      unit: this.def.stake,
      turn: null,
      showdown: false,
      settled: false,
      actions: [],
    };
    this.hand = hand;
    this.notice = null;
    for (const s of seated)
      Object.assign(s, {
        inHand: true,
        seen: false,
        packed: false,
        turns: 0,
        put: 0n,
        auto: false,
        bet: null,
        ref: null,
        escrow: teenExposure(this.def.stake),
        cards: null,
        hand: null,
        share: null,
        net: null,
        rake: null,
        payout: null,
      });
    this.phase = 'dealing';
    this.deadline = null;
    this.emit();

    // Every human seat stakes its most possible loss up front; a refusal calls the hand off.
    for (const s of seated) {
      if (s.bot || !s.session) continue;
      try {
        const { row: bet, ref } = await this.flow.stake(
          s.session,
          { game: 'pvp', amount: s.escrow!, pvpHandId: id },
          { game: 'pvp', room: this.def.id, hand: id, seat: s.seat },
          { open: {} },
        );
        s.bet = { ...bet, status: 'open' };
        s.ref = ref;
      } catch (err) {
        return this.abort(hand, s, err instanceof GameError ? err.message : 'the stake was refused');
      }
    }

    // The deal: 3 cards a seat in seat order from one shuffled deck, HMAC words of the hand.
    const stream = words(serverSeed, hand.clientSeed, 0);
    const cards = dealDeck((n) => uniformInt(stream, n), seated.length * 3);
    seated.forEach((s, i) => {
      s.cards = cards.slice(i * 3, i * 3 + 3);
      s.hand = rankTeen(s.cards.map(cardOfIndex));
      // The boot.
      s.put = this.def.stake;
      hand.pot += this.def.stake;
      hand.actions.push({ seat: s.seat, op: 'boot', pay: String(this.def.stake), auto: false });
    });
    let done: () => void = () => undefined;
    this.lastHand = new Promise<void>((r) => (done = r));
    this.settledHand = done;
    this.phase = 'playing';
    // The deal moves round the table: the seat after the dealer speaks first.
    this.dealer = (this.dealer + 1) % this.seats.length;
    while (!this.seats[this.dealer]?.inHand) this.dealer = (this.dealer + 1) % this.seats.length;
    hand.turn = null;
    for (const s of seated) if (!s.bot && s.connections === 0) s.packed = s.auto = true;
    await this.next();
  }

  private settledHand: () => void = () => undefined;

  /** The hand ends: the last seat in takes the pot, or a show compares the hands still in. */
  private async finish(showdown: boolean) {
    const h = this.hand;
    if (!h || this.phase !== 'playing') return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.phase = 'dealing';
    this.deadline = null;
    h.turn = null;
    h.showdown = showdown;
    try {
      const live = this.active();
      const shares =
        live.length === 1
          ? new Map([[live[0]!.seat, h.pot]])
          : splitPot(
              h.pot,
              live.map((s) => ({ seat: s.seat, hand: s.hand! })),
            );
      for (const s of this.inHand()) {
        s.share = shares.get(s.seat) ?? 0n;
        s.net = s.share - s.put;
        s.rake = rakeOf(s.net, this.opts.rakeBp);
        s.payout = s.escrow! + s.net - s.rake;
      }
      h.settled = true;
      const record = this.record(h);
      await this.db.query(`UPDATE hg_pvp_hands SET record = $2 WHERE id = $1`, [h.id, JSON.stringify(record)]);
      for (const s of this.inHand()) {
        if (s.bot || !s.session || !s.ref) continue;
        const outcome = { kind: 'pvp', seat: s.seat, hand: record };
        await this.flow.pay(s.session, s.ref, s.payout!, outcome).catch(() => undefined);
      }
      await this.db.query(`UPDATE hg_pvp_hands SET phase = 'settled', settled_at = now() WHERE id = $1`, [h.id]);
      this.phase = 'result';
      this.deadline = Date.now() + this.opts.resultMs;
      this.emit();
      this.later(this.opts.resultMs, () => this.endHand());
    } finally {
      this.settledHand();
    }
  }

  private async abort(hand: Hand, refused: Seat, why: string) {
    for (const s of this.inHand()) if (s.bet) await this.flow.giveBack(s.bet);
    await this.db.query(`UPDATE hg_pvp_hands SET phase = 'void', settled_at = now() WHERE id = $1`, [hand.id]);
    this.notice = `Hand ${hand.id} was called off (${refused.name}: ${why}); every stake was refunded.`;
    refused.leaving = true;
    this.endHandNow();
  }

  private endHand() {
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
      pot: String(hand.pot),
      showdown: hand.showdown,
      actions: hand.actions,
      seats: this.inHand().map((s) => ({
        seat: s.seat,
        name: s.name,
        bot: s.bot,
        seen: s.seen,
        packed: s.packed,
        auto: s.auto,
        cards: (s.cards ?? []).map(cardOfIndex),
        category: s.hand?.category ?? null,
        escrow: String(s.escrow ?? 0n),
        put: String(s.put),
        share: String(s.share ?? 0n),
        net: String(s.net ?? 0n),
        rake: String(s.rake ?? 0n),
        payout: String(s.payout ?? 0n),
      })),
    };
  }

  view(owner: string | null): PvpView {
    const h = this.hand;
    const shown = !!h?.settled && this.phase === 'result';
    const you = owner ? (this.seatOf(owner)?.seat ?? null) : null;
    const me = you !== null ? this.seats[you] : null;
    const myTurn = !!h && this.phase === 'playing' && h.turn === you && !!me && !me.packed;
    const price = (op: TeenAction) => (myTurn ? priceOf(this.def.stake, h!.unit, me!.seen, op) : null);
    const liveCount = this.active().length;
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
      banker: null,
      bid: null,
      you,
      notice: this.notice,
      teen: {
        boot: String(this.def.stake),
        pot: String(h && this.phase !== 'waiting' && this.phase !== 'starting' ? h.pot : 0n),
        unit: String(h?.unit ?? this.def.stake),
        turn: h?.turn ?? null,
        round: h ? Math.min(MAX_ROUNDS, 1 + Math.min(...this.active().map((s) => s.turns), MAX_ROUNDS)) : 0,
        maxRounds: MAX_ROUNDS,
        chaal: price('chaal') ? String(price('chaal')!.pay) : null,
        raise: price('raise') ? String(price('raise')!.pay) : null,
        show: liveCount === 2 && price('show') ? String(price('show')!.pay) : null,
      },
      seats: this.seats.map((s) => {
        if (!s) return null;
        const mine = s.seat === you;
        const visible = s.inHand && !!s.cards && (shown || (mine && s.seen));
        return {
          seat: s.seat,
          name: s.name,
          bot: s.bot,
          you: mine,
          connected: s.bot || s.connections > 0,
          inHand: s.inHand,
          bid: null,
          multiple: null,
          auto: s.auto,
          cards: visible ? s.cards!.map(cardOfIndex) : null,
          category: visible ? (s.hand?.category ?? null) : null,
          multiplier: null,
          escrow: s.inHand && s.escrow !== null ? String(s.escrow) : null,
          net: shown && s.inHand && s.net !== null ? String(s.net) : null,
          rake: shown && s.inHand && s.rake !== null ? String(s.rake) : null,
          payout: shown && s.inHand && s.payout !== null ? String(s.payout) : null,
          seen: s.seen,
          packed: s.packed,
          put: s.inHand ? String(s.put) : null,
          winner: shown && s.inHand && (s.share ?? 0n) > 0n,
        };
      }),
    };
  }

  listing() {
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
