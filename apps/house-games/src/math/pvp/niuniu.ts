/**
 * Niu Niu (bull bull) for the PvP card rooms (decision record "pvp-card-rooms"). Pure maths, no
 * node imports: the screen and the tests use the very same code.
 *
 * Cards: one 52-card deck, index 0..51, rank 1 (ace) … 13 (king), suit 0..3 (♠ ♥ ♣ ♦, highest
 * first). Points: ace 1, two to ten their face, jack/queen/king 10.
 *
 * A hand of five has a bull when three of its cards sum to a multiple of ten; its value is then
 * the other two cards' sum mod 10 (bull 1 … bull 9), or bull-bull when that is 0. Above bull-bull:
 * a bomb (four cards of one rank), and above that five small (five cards under 5 summing to 10 or
 * less). Equal categories compare the highest card (rank, then suit), so two hands never tie.
 */
export interface PvpCard {
  rank: number;
  suit: number;
}

export const cardOfIndex = (i: number): PvpCard => ({ rank: (i % 13) + 1, suit: Math.floor(i / 13) });

const points = (c: PvpCard) => Math.min(c.rank, 10);

/** Categories, weakest first: 0 no bull, 1..9 bull n, 10 bull-bull, 11 bomb, 12 five small. */
export type NiuCategory = number;
export const NO_BULL = 0;
export const BULL_BULL = 10;
export const BOMB = 11;
export const FIVE_SMALL = 12;

export interface NiuHand {
  category: NiuCategory;
  /** The three cards (indexes into the hand) that make the bull, when there is one. */
  bull: [number, number, number] | null;
  /** The highest card, for ties: rank * 4 + (3 - suit). */
  top: number;
  /** The payout multiplier of this category (see MULTIPLIER). */
  multiplier: number;
}

/**
 * Payout multipliers by category: no bull … bull 6 ×1, bull 7 … bull 9 ×2, bull-bull ×3,
 * bomb ×4, five small ×5. The loser of a duel pays stake × banker bid × bet multiple × the
 * winner's multiplier.
 */
export const multiplierOf = (category: NiuCategory): number =>
  category >= FIVE_SMALL ? 5 : category === BOMB ? 4 : category === BULL_BULL ? 3 : category >= 7 ? 2 : 1;
export const MAX_MULTIPLIER = 5;

const cardKey = (c: PvpCard) => c.rank * 4 + (3 - c.suit);

export const rankNiu = (hand: readonly PvpCard[]): NiuHand => {
  if (hand.length !== 5) throw new RangeError('a Niu Niu hand has five cards');
  const top = Math.max(...hand.map(cardKey));
  const sum = hand.reduce((a, c) => a + points(c), 0);
  if (hand.every((c) => c.rank < 5) && sum <= 10)
    return { category: FIVE_SMALL, bull: null, top, multiplier: multiplierOf(FIVE_SMALL) };
  const counts = new Map<number, number>();
  for (const c of hand) counts.set(c.rank, (counts.get(c.rank) ?? 0) + 1);
  if ([...counts.values()].some((n) => n === 4)) return { category: BOMB, bull: null, top, multiplier: 4 };
  let best: NiuHand = { category: NO_BULL, bull: null, top, multiplier: 1 };
  for (let a = 0; a < 5; a++)
    for (let b = a + 1; b < 5; b++)
      for (let c = b + 1; c < 5; c++) {
        if ((points(hand[a]!) + points(hand[b]!) + points(hand[c]!)) % 10 !== 0) continue;
        const rest = (sum - points(hand[a]!) - points(hand[b]!) - points(hand[c]!)) % 10;
        const category = rest === 0 ? BULL_BULL : rest;
        if (category > best.category) best = { category, bull: [a, b, c], top, multiplier: multiplierOf(category) };
      }
  return best;
};

/** > 0 when hand a beats hand b (never 0 for two hands from one deck: the top cards differ). */
export const compareNiu = (a: NiuHand, b: NiuHand): number => a.category - b.category || a.top - b.top;

/** Banker bids and players' bet multiples. */
export const BIDS = [0, 1, 2, 3, 4] as const;
export const MULTIPLES = [1, 2, 3, 4, 5] as const;

export interface NiuSeatIn {
  seat: number;
  hand: NiuHand;
  /** Bet multiple (players; the banker's is ignored). */
  multiple: number;
}

/**
 * The banker duels every other seat: the loser pays stake × banker bid × the player's multiple ×
 * the winner's hand multiplier. Returns each seat's net before rake; the nets sum to zero.
 */
export const settleNiu = (stake: bigint, bankerSeat: number, bid: number, seats: readonly NiuSeatIn[]) => {
  const banker = seats.find((s) => s.seat === bankerSeat);
  if (!banker) throw new RangeError('the banker is not seated');
  const net = new Map<number, bigint>(seats.map((s) => [s.seat, 0n]));
  for (const p of seats) {
    if (p.seat === bankerSeat) continue;
    const playerWins = compareNiu(p.hand, banker.hand) > 0;
    const amount =
      stake * BigInt(Math.max(1, bid)) * BigInt(p.multiple) * BigInt((playerWins ? p.hand : banker.hand).multiplier);
    net.set(p.seat, net.get(p.seat)! + (playerWins ? amount : -amount));
    net.set(bankerSeat, net.get(bankerSeat)! + (playerWins ? -amount : amount));
  }
  return net;
};

/** The most a seat can lose in a hand: what it stakes up front (its escrow). */
export const niuExposure = (stake: bigint, bid: number, multiple: number) =>
  stake * BigInt(Math.max(1, bid)) * BigInt(multiple) * BigInt(MAX_MULTIPLIER);

/**
 * What each seat stakes up front (its escrow): a player its most possible loss, the banker the sum
 * of its players' escrows.
 */
export const niuEscrows = (
  stake: bigint,
  bankerSeat: number,
  bid: number,
  seats: readonly { seat: number; multiple: number | null }[],
): Map<number, bigint> => {
  const players = seats.filter((s) => s.seat !== bankerSeat);
  const own = (s: { multiple: number | null }) => niuExposure(stake, bid, s.multiple ?? 1);
  return new Map(seats.map((s) => [s.seat, s.seat === bankerSeat ? players.reduce((a, p) => a + own(p), 0n) : own(s)]));
};

/**
 * The rake: the house's share of a winner's net win (basis points, rounded down to the minor
 * unit). Losers pay none; the house never plays a hand.
 */
export const rakeOf = (net: bigint, rakeBp: number): bigint => (net > 0n ? (net * BigInt(rakeBp)) / 10_000n : 0n);

/**
 * A seat's settlement in either game: the rake of its net and the win paid back on its escrow,
 * `escrow + net − rake`. Over a hand the escrows equal the payouts plus the rakes exactly, since
 * the nets sum to zero.
 */
export const payoutOf = (escrow: bigint, net: bigint, rakeBp: number) => {
  const rake = rakeOf(net, rakeBp);
  return { net, rake, payout: escrow + net - rake };
};

/** The first `count` cards of a shuffled 52-card deck (partial Fisher–Yates from uniform draws). */
export const dealDeck = (draw: (n: number) => number, count: number): number[] => {
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let i = 0; i < count; i++) {
    const j = i + draw(52 - i);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  return deck.slice(0, count);
};
