/**
 * What a PvP card room looks like to one connection: the engine (games/pvp-rooms.ts) sends it
 * over the WebSocket after every change, the table screen (ui/games/pvp) reads it. Amounts are
 * minor units as strings. Cards are shown only once the hand is dealt.
 */
export type PvpGameKind = 'niuniu' | 'teenpatti';

export type PvpPhase = 'waiting' | 'starting' | 'bidding' | 'betting' | 'playing' | 'dealing' | 'result';

export interface PvpRoomInfo {
  id: string;
  game: PvpGameKind;
  name: string;
  stake: string;
  seats: number;
  rakeBp: number;
}

export interface PvpCardView {
  rank: number;
  suit: number;
}

export interface PvpSeatView {
  seat: number;
  name: string;
  bot: boolean;
  you: boolean;
  connected: boolean;
  /** The player's reality check is open in the casino: the seat sits out (kept) until they answer. */
  paused: boolean;
  inHand: boolean;
  bid: number | null;
  multiple: number | null;
  /** The auto-rule decided for this seat this hand (it timed out or dropped). */
  auto: boolean;
  cards: PvpCardView[] | null;
  category: number | null;
  multiplier: number | null;
  /** What this seat staked up front (its most possible loss), won or lost, paid in rake, got back. */
  escrow: string | null;
  net: string | null;
  rake: string | null;
  payout: string | null;
  /** Teen Patti: the seat has looked at its cards, has packed, has put this much in the pot. */
  seen?: boolean;
  packed?: boolean;
  put?: string | null;
  /** Teen Patti: the seat won (or shared) the pot. */
  winner?: boolean;
}

/** Teen Patti's table: the pot, the chaal unit, whose turn it is and what your actions cost. */
export interface TeenTableView {
  boot: string;
  pot: string;
  /** The current stake: a blind chaal costs 1×, a seen chaal 2×. */
  unit: string;
  turn: number | null;
  round: number;
  maxRounds: number;
  /** Your prices on your turn (null when that action is not open to you). */
  chaal: string | null;
  raise: string | null;
  show: string | null;
  /** A sideshow's price on your turn, when you may ask the player before you (decision 109). */
  sideshow?: string | null;
  /** The sideshow waiting for its answer: who asked whom. */
  asking?: { from: number; to: number } | null;
  /** This hand's last answered sideshow: accepted (then `loser` packed) or refused. */
  lastSideshow?: { from: number; to: number; accepted: boolean; loser: number | null } | null;
}

export interface PvpView {
  room: PvpRoomInfo;
  /** Play money of the house's bots fill seats here (demo only). */
  bots: boolean;
  phase: PvpPhase;
  /** When the current phase's seat timer runs out (ms since epoch), and the server's clock. */
  deadline: number | null;
  now: number;
  handId: number | null;
  serverSeedHash: string | null;
  /** Revealed once the hand is dealt. */
  serverSeed: string | null;
  clientSeed: string | null;
  banker: number | null;
  bid: number | null;
  you: number | null;
  seats: (PvpSeatView | null)[];
  /** Why the last hand was called off, if it was (its stakes were refunded). */
  notice: string | null;
  /** Teen Patti rooms only. */
  teen?: TeenTableView;
}

/** A row of the room list (spec §7 GLS2_roomList). */
export interface PvpRoomListing extends PvpRoomInfo {
  taken: number;
  players: number;
  bots: number;
  phase: PvpPhase;
}
