import { randomInt } from 'node:crypto';
import { uniformInt, words } from '../math/fair/hmac.ts';
import {
  BIDS,
  MULTIPLES,
  cardOfIndex,
  niuEscrows,
  niuExposure,
  payoutOf,
  rankNiu,
  settleNiu,
  type NiuHand,
} from '../math/pvp/niuniu.ts';
import type { PvpGameKind, PvpRoomListing, PvpView } from '../shared/pvp-view.ts';
import { roomInfo, type PvpOptions } from './pvp-room-info.ts';
import type { HouseDb } from '../store/db.ts';
import type { Bets } from './bets.ts';
import { GameError } from './errors.ts';
import { dealHand } from '../math/pvp/deal.ts';
import { PvpTable, type TableHand, type TableSeat } from './pvp-table.ts';
import { PVP_ROOMS, pvpGameOf } from './pvp-titles.ts';
import type { GameSession } from './sessions.ts';
import type { BetFlow } from './bet-flow.ts';
import type { Wallet } from './wallet.ts';
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

interface Seat extends TableSeat {
  bid: number | null;
  multiple: number | null;
  hand: NiuHand | null;
}

interface Hand extends TableHand {
  banker: number | null;
  bid: number | null;
  dealt: boolean;
}

export class PvpRoom extends PvpTable<Seat, Hand> {
  protected bankroll() {
    return bankroll(this.def.stake);
  }

  protected gameSeat() {
    return { bid: null, multiple: null, hand: null };
  }

  protected dropped(s: Seat) {
    this.autoPlay(s);
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

  protected async beginHand() {
    const opened = await this.openHand();
    if (!opened) return;
    const { seated, seeds } = opened;
    this.hand = { ...seeds, banker: null, bid: null, dealt: false };
    // A bot's decisions are its own; a seat whose player is gone (or paused) is played by the auto-rule.
    for (const s of seated) if (!s.bot && s.connections === 0) s.leaving = true;
    this.phase = 'bidding';
    this.deadline = Date.now() + this.opts.decisionMs;
    for (const s of seated) if (this.away(s)) this.autoPlay(s);
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
    for (const s of this.inHand()) if (this.away(s)) this.autoPlay(s);
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
    const escrows = niuEscrows(stake, hand.banker!, bid, seats);
    for (const s of seats) s.escrow = escrows.get(s.seat)!;

    // Stakes first: every human seat's escrow is one bet. A refusal calls the hand off.
    if (!(await this.stakeSeats(hand, seats))) return;

    // The deal: 5 cards a seat in seat order from one shuffled deck, HMAC words of the hand.
    const cards = dealHand(hand.serverSeed, hand.clientSeed, seats.length * 5);
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
    for (const s of seats) Object.assign(s, payoutOf(s.escrow!, nets.get(s.seat)!, this.opts.rakeBp));
    hand.dealt = true;
    await this.payHand(hand, this.record(hand));
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
              paused: s.paused,
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
