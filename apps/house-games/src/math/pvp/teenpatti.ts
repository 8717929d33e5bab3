/**
 * Teen Patti for the PvP card rooms. Pure maths, no node imports: the screen and the tests use the
 * very same code. Cards are those of Niu Niu (`niuniu.ts`): index 0..51, rank 1 (ace) … 13 (king),
 * suit 0..3. In Teen Patti the ace is high (14), except in A-2-3.
 *
 * Three cards a seat. Categories, strongest first: trail (three of a rank) > pure sequence
 * (three in a row of one suit) > sequence (three in a row) > colour (three of one suit) > pair >
 * high card. Sequences: A-K-Q is the highest, A-2-3 the second highest, then K-Q-J … 4-3-2;
 * K-A-2 is no sequence. Trails: A-A-A highest, 2-2-2 lowest.
 *
 * Equal categories: sequences compare by their place in that order; a pair compares its pair's
 * rank, then the odd card; colour and high card compare the highest card, then the next, then the
 * lowest. Suits never count: two hands of the same ranks and category tie (the pot is split).
 */
import type { PvpCard } from './niuniu.ts';

export const HIGH_CARD = 0;
export const PAIR = 1;
export const COLOUR = 2;
export const SEQUENCE = 3;
export const PURE_SEQUENCE = 4;
export const TRAIL = 5;

export interface TeenHand {
  category: number;
  /** Tie-break values, most significant first (compared after the category). */
  key: number[];
}

const high = (rank: number) => (rank === 1 ? 14 : rank);

/** The place of a run in the sequence order (higher is stronger), or null when not a run. */
const runOf = (desc: number[]): number | null => {
  const [a, b, c] = desc as [number, number, number];
  if (a === 14 && b === 13 && c === 12) return 15; // A-K-Q, the highest
  if (a === 14 && b === 3 && c === 2) return 14; // A-2-3, the second highest
  if (a - b === 1 && b - c === 1) return a; // K-Q-J = 13 … 4-3-2 = 4
  return null;
};

export const rankTeen = (hand: readonly PvpCard[]): TeenHand => {
  if (hand.length !== 3) throw new RangeError('a Teen Patti hand has three cards');
  const desc = hand.map((c) => high(c.rank)).sort((x, y) => y - x);
  const [a, b, c] = desc as [number, number, number];
  const flush = hand.every((x) => x.suit === hand[0]!.suit);
  const run = runOf(desc);
  if (a === c) return { category: TRAIL, key: [a] };
  if (run !== null) return { category: flush ? PURE_SEQUENCE : SEQUENCE, key: [run] };
  if (flush) return { category: COLOUR, key: desc };
  if (a === b) return { category: PAIR, key: [a, c] };
  if (b === c) return { category: PAIR, key: [b, a] };
  return { category: HIGH_CARD, key: desc };
};

/** > 0 when a beats b, < 0 when b beats a, 0 for a tie. */
export const compareTeen = (a: TeenHand, b: TeenHand): number => {
  if (a.category !== b.category) return a.category - b.category;
  for (let i = 0; i < Math.max(a.key.length, b.key.length); i++) {
    const d = (a.key[i] ?? 0) - (b.key[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
};

/**
 * The betting limits (decision record): the chaal unit ("current stake") starts at the boot and
 * may double up to MAX_UNIT boots; each seat acts at most MAX_ROUNDS times, then a show ends the
 * hand. Blind: chaal 1× the unit, raise 2× (the unit doubles). Seen: chaal 2×, raise 4× (the unit
 * doubles). A show (two left) costs the chaal; so does a sideshow, which only a seen player asks.
 */
export const MAX_UNIT = 4;
export const MAX_ROUNDS = 4;

export type TeenAction = 'chaal' | 'raise' | 'show' | 'sideshow';

/** What an action costs a seat, and the unit after it; null when the action is not allowed. */
export const priceOf = (
  boot: bigint,
  unit: bigint,
  seen: boolean,
  action: TeenAction,
): { pay: bigint; unit: bigint } | null => {
  const times = seen ? 2n : 1n;
  if (action === 'sideshow' && !seen) return null;
  if (action === 'chaal' || action === 'show' || action === 'sideshow') return { pay: unit * times, unit };
  const next = unit * 2n;
  if (next > boot * BigInt(MAX_UNIT)) return null;
  return { pay: next * times, unit: next };
};

/**
 * The most a seat can put in a hand: the boot and MAX_ROUNDS turns at the dearest price (seen, the
 * unit at its cap: 2 × MAX_UNIT boots). This is what each seat stakes up front.
 */
export const teenExposure = (boot: bigint) => boot + BigInt(MAX_ROUNDS) * 2n * BigInt(MAX_UNIT) * boot;

/**
 * The pot's split among the best hands of the seats still in (`contenders`, in seat order): equal
 * shares, the minor units left over go one each to the first winners in seat order. Returns the
 * share of each winning seat.
 */
export const splitPot = (pot: bigint, contenders: readonly { seat: number; hand: TeenHand }[]) => {
  let best: TeenHand | null = null;
  for (const c of contenders) if (!best || compareTeen(c.hand, best) > 0) best = c.hand;
  const winners = contenders.filter((c) => compareTeen(c.hand, best!) === 0);
  const n = BigInt(winners.length);
  const share = pot / n;
  let left = pot - share * n;
  const out = new Map<number, bigint>();
  for (const w of winners) {
    out.set(w.seat, share + (left > 0n ? 1n : 0n));
    if (left > 0n) left--;
  }
  return out;
};

/**
 * The hand's end: the last seat not packed takes the pot, or the best hands of those still in split
 * it (`splitPot`). Returns every seat's share (0 for a loser) and net (`share − put`); the nets sum
 * to zero.
 */
export const teenNets = (
  pot: bigint,
  seats: readonly { seat: number; put: bigint; packed: boolean; hand: TeenHand }[],
): Map<number, { share: bigint; net: bigint }> => {
  const live = seats.filter((s) => !s.packed);
  const shares = live.length === 1 ? new Map([[live[0]!.seat, pot]]) : splitPot(pot, live);
  return new Map(
    seats.map((s) => {
      const share = shares.get(s.seat) ?? 0n;
      return [s.seat, { share, net: share - s.put }];
    }),
  );
};

/**
 * A sideshow (decision 109): a seen player asks the player before them, seen too, to compare hands
 * privately; on accept the worse hand packs, and on a tie the one who asked packs.
 */
export const sideshowLoser = (asker: TeenHand, asked: TeenHand): 'asker' | 'asked' =>
  compareTeen(asker, asked) > 0 ? 'asked' : 'asker';

/**
 * Whom a seat may ask for a sideshow: the nearest seat before it (going back round the table) that
 * is still in the hand, when that seat has seen its cards and at least three are in (with two left
 * it is a show). `order` is the seats still in, in seat order. Null when no sideshow is open.
 */
export const sideshowTarget = (order: readonly { seat: number; seen: boolean }[], asker: number): number | null => {
  if (order.length < 3) return null;
  const i = order.findIndex((s) => s.seat === asker);
  if (i < 0 || !order[i]!.seen) return null;
  const prev = order[(i - 1 + order.length) % order.length]!;
  return prev.seen ? prev.seat : null;
};
