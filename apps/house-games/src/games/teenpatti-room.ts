import { randomInt } from 'node:crypto';
import { dealHand } from '../math/pvp/deal.ts';
import { cardOfIndex, payoutOf } from '../math/pvp/niuniu.ts';
import {
  MAX_ROUNDS,
  PAIR,
  priceOf,
  rankTeen,
  sideshowLoser,
  sideshowTarget,
  teenExposure,
  teenNets,
  type TeenAction,
  type TeenHand,
} from '../math/pvp/teenpatti.ts';
import type { PvpView } from '../shared/pvp-view.ts';
import { GameError } from './errors.ts';
import { roomInfo } from './pvp-room-info.ts';
import { PvpTable, type TableHand, type TableSeat } from './pvp-table.ts';

/**
 * A Teen Patti room (the Teen Patti decision record): the same room engine shape as Niu Niu — seats,
 * a seat timer, the auto-rule, a rake from the winner's gain, the house only deals. Each human seat
 * stakes, when the hand begins, the most it can put in the pot (`teenExposure`: the boot and four
 * turns at the dearest price) as one seamless bet; the win gives back what it did not put in, plus
 * its share of the pot less the rake. So the balance moves by exactly share − put − rake.
 */
export type TeenOp = 'see' | 'chaal' | 'raise' | 'pack' | 'show' | 'sideshow' | 'accept' | 'refuse';

/** A sideshow asked this hand (decision 109): who asked whom, the answer, and who packed. */
interface Sideshow {
  from: number;
  to: number;
  answer: 'accept' | 'refuse' | null;
  auto: boolean;
  loser: number | null;
}

interface Seat extends TableSeat {
  seen: boolean;
  packed: boolean;
  turns: number;
  put: bigint;
  hand: TeenHand | null;
  share: bigint | null;
  /** Seats whose cards this seat saw in an accepted sideshow. */
  peeked: number[];
}

interface Hand extends TableHand {
  pot: bigint;
  unit: bigint;
  turn: number | null;
  showdown: boolean;
  settled: boolean;
  actions: { seat: number; op: TeenOp | 'boot'; pay: string; auto: boolean }[];
  /** The sideshow waiting for its answer (the asker's turn stands still meanwhile). */
  sideshow: Sideshow | null;
  sideshows: Sideshow[];
}

export class TeenPattiRoom extends PvpTable<Seat, Hand> {
  private dealer = -1;

  protected bankroll() {
    return teenExposure(this.def.stake);
  }

  protected gameSeat() {
    return { seen: false, packed: false, turns: 0, put: 0n, hand: null, share: null, peeked: [] };
  }

  /** A connection closed; with none left the player packs at once (the auto-rule), then stands up. */
  protected dropped(s: Seat) {
    if (this.phase === 'playing' && !s.packed) void this.run(() => this.apply(s, 'pack', true));
  }

  private active() {
    return this.inHand().filter((s) => !s.packed);
  }

  /** Whom this seat may ask for a sideshow now, if anyone. */
  private sideshowTo(s: Seat) {
    return sideshowTarget(
      this.active().map((x) => ({ seat: x.seat, seen: x.seen })),
      s.seat,
    );
  }

  /**
   * A player's move: `see` any time in play; `chaal`, `raise`, `show`, `sideshow` on their turn;
   * `accept` or `refuse` when asked for a sideshow; `pack` any time.
   */
  act(owner: string, op: TeenOp): Promise<void> {
    const s = this.seatOf(owner);
    if (!s || !s.inHand) throw new GameError('NOT_SEATED', 'You are not in this hand', 409);
    if (this.phase !== 'playing' || !this.hand) throw new GameError('NOT_NOW', 'No hand is in play', 409);
    if (s.packed) throw new GameError('PACKED', 'You have packed this hand', 409);
    const asked = this.hand.sideshow;
    if (op === 'accept' || op === 'refuse') {
      if (asked?.to !== s.seat) throw new GameError('NO_SIDESHOW', 'Nobody has asked you for a sideshow', 409);
      return this.run(() => this.answer(s, op === 'accept', false));
    }
    if (asked && op !== 'see' && op !== 'pack')
      throw new GameError('NOT_NOW', 'Wait for the answer to the sideshow', 409);
    if (op !== 'see' && op !== 'pack' && this.hand.turn !== s.seat)
      throw new GameError('NOT_YOUR_TURN', 'Wait for your turn', 409);
    if (op === 'sideshow' && !s.seen)
      throw new GameError('NOT_SEEN', 'See your cards before asking for a sideshow', 409);
    if (op === 'sideshow' && this.sideshowTo(s) === null)
      throw new GameError(
        'NO_SIDESHOW',
        'A sideshow is asked of the player before you, once they have seen their cards, while three or more are in',
        409,
      );
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
    if (op === 'accept' || op === 'refuse') return this.answer(s, op === 'accept', auto);
    if (op === 'pack') {
      s.packed = true;
      s.auto ||= auto;
      h.actions.push({ seat: s.seat, op, pay: '0', auto });
      // A sideshow between this seat and another ends unanswered; the asker's turn is spent.
      const asked = h.sideshow;
      if (asked && (asked.from === s.seat || asked.to === s.seat)) {
        h.sideshow = null;
        h.sideshows.push(asked);
        return this.next();
      }
      if (h.turn === s.seat) return this.next();
      if (this.active().length < 2) return this.finish(false);
      this.emit();
      return;
    }
    if (h.turn !== s.seat || h.sideshow) return;
    const to = op === 'sideshow' ? this.sideshowTo(s) : null;
    if (op === 'sideshow' && to === null) return;
    const price = priceOf(this.def.stake, h.unit, s.seen, op);
    if (!price) return;
    s.put += price.pay;
    h.pot += price.pay;
    h.unit = price.unit;
    s.turns++;
    h.actions.push({ seat: s.seat, op, pay: String(price.pay), auto });
    if (op === 'show') return this.finish(true);
    if (op === 'sideshow') return this.ask(h, s, this.seats[to!]!);
    this.next();
  }

  /** A sideshow is asked: the asked seat has its own seat timer; when it runs out, it refuses. */
  private ask(h: Hand, from: Seat, to: Seat) {
    const asked: Sideshow = { from: from.seat, to: to.seat, answer: null, auto: false, loser: null };
    h.sideshow = asked;
    this.deadline = Date.now() + this.opts.decisionMs;
    this.later(this.opts.decisionMs, () =>
      this.hand === h && h.sideshow === asked && this.phase === 'playing' ? this.answer(to, false, true) : undefined,
    );
    if (to.bot) this.botAnswer(to, asked);
    else if (this.away(to)) void this.run(() => this.answer(to, false, true));
    this.emit();
  }

  /** The asked seat answers: on accept the two hands are compared privately and the worse packs. */
  private answer(s: Seat, accept: boolean, auto: boolean): Promise<void> | void {
    const h = this.hand;
    const asked = h?.sideshow;
    if (this.phase !== 'playing' || !h || !asked || asked.to !== s.seat || s.packed) return;
    h.sideshow = null;
    asked.answer = accept ? 'accept' : 'refuse';
    asked.auto = auto;
    h.actions.push({ seat: s.seat, op: asked.answer, pay: '0', auto });
    const from = this.seats[asked.from]!;
    if (accept && from.inHand && !from.packed) {
      from.peeked.push(s.seat);
      s.peeked.push(from.seat);
      const loser = sideshowLoser(from.hand!, s.hand!) === 'asker' ? from : s;
      loser.packed = true;
      asked.loser = loser.seat;
      h.actions.push({ seat: loser.seat, op: 'pack', pay: '0', auto: false });
    }
    h.sideshows.push(asked);
    return this.next();
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
    else if (this.away(turnSeat)) void this.run(() => this.apply(turnSeat, 'pack', true));
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
        if (s.seen && strength >= 20 && this.sideshowTo(s) !== null && randomInt(3) === 0)
          return this.apply(s, 'sideshow', false);
        if (strength >= 40 && priceOf(this.def.stake, h.unit, s.seen, 'raise') && randomInt(2) === 0)
          return this.apply(s, 'raise', false);
        return this.apply(s, 'chaal', false);
      });
    }, delay);
    this.botTimers.add(t);
  }

  /** A bot asked for a sideshow accepts with a pair or better, refuses otherwise (demo only). */
  private botAnswer(s: Seat, asked: Sideshow) {
    const delay = Math.min(this.opts.decisionMs / 3, 400 + randomInt(900));
    const t = setTimeout(() => {
      this.botTimers.delete(t);
      void this.run(() =>
        this.hand?.sideshow === asked ? this.answer(s, s.hand!.category >= PAIR, false) : undefined,
      );
    }, delay);
    this.botTimers.add(t);
  }

  protected async beginHand() {
    const opened = await this.openHand();
    if (!opened) return;
    const { seated, seeds } = opened;
    const { serverSeed } = seeds;
    const hand: Hand = {
      ...seeds,
      pot: 0n,
      unit: this.def.stake,
      turn: null,
      showdown: false,
      settled: false,
      actions: [],
      sideshow: null,
      sideshows: [],
    };
    this.hand = hand;
    for (const s of seated) s.escrow = teenExposure(this.def.stake);
    this.phase = 'dealing';
    this.deadline = null;
    this.emit();

    // Every human seat stakes its most possible loss up front; a refusal calls the hand off.
    if (!(await this.stakeSeats(hand, seated))) return;

    // The deal: 3 cards a seat in seat order from one shuffled deck, HMAC words of the hand.
    const cards = dealHand(serverSeed, hand.clientSeed, seated.length * 3);
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
    for (const s of seated) if (this.away(s)) s.packed = s.auto = true;
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
      const seats = this.inHand();
      const nets = teenNets(
        h.pot,
        seats.map((s) => ({ seat: s.seat, put: s.put, packed: s.packed, hand: s.hand! })),
      );
      for (const s of seats) {
        const { share, net } = nets.get(s.seat)!;
        s.share = share;
        Object.assign(s, payoutOf(s.escrow!, net, this.opts.rakeBp));
      }
      h.settled = true;
      await this.payHand(h, this.record(h));
    } finally {
      this.settledHand();
    }
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
      sideshows: hand.sideshows,
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
    const myTurn = !!h && this.phase === 'playing' && h.turn === you && !!me && !me.packed && !h.sideshow;
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
        sideshow: me && price('sideshow') && this.sideshowTo(me) !== null ? String(price('sideshow')!.pay) : null,
        asking: h?.sideshow && this.phase === 'playing' ? { from: h.sideshow.from, to: h.sideshow.to } : null,
        lastSideshow:
          h && h.sideshows.length > 0
            ? (({ from, to, answer, loser }) => ({ from, to, accepted: answer === 'accept', loser }))(
                h.sideshows[h.sideshows.length - 1]!,
              )
            : null,
      },
      seats: this.seats.map((s) => {
        if (!s) return null;
        const mine = s.seat === you;
        const peeked = !!me?.inHand && me.peeked.includes(s.seat);
        const visible = s.inHand && !!s.cards && (shown || (mine && s.seen) || peeked);
        return {
          seat: s.seat,
          name: s.name,
          bot: s.bot,
          you: mine,
          connected: s.bot || s.connections > 0,
          paused: s.paused,
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
}
