/**
 * Exact figures for the PvP rooms' rake (decision 104), computed by enumeration; `npm run rtp`
 * prints them beside hands dealt and settled by the rooms' own code. Pure maths, no node imports.
 */
import { cardOfIndex, multiplierOf, rankNiu } from './niuniu.ts';
import { compareTeen, rankTeen } from './teenpatti.ts';

const binom: number[][] = Array.from({ length: 53 }, (_, n) =>
  Array.from({ length: 6 }, (_, k) => {
    let r = 1;
    for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
    return Math.round(r);
  }),
);

/** Every k-card hand of one deck, as sorted card indexes. */
function* hands(k: number, from = 0, head: number[] = []): Generator<number[]> {
  if (head.length === k) {
    yield head;
    return;
  }
  for (let c = from; c <= 52 - (k - head.length); c++) yield* hands(k, c + 1, [...head, c]);
}

export interface NiuDuelExact {
  /** Five-card hands by category (0 no bull … 12 five small), of C(52,5) = 2,598,960. */
  categories: number[];
  /** Ordered pairs of disjoint hands (banker, player): 2,598,960 × C(47,5). */
  pairs: bigint;
  /** Ordered pairs by the winner's hand multiplier (index 1..5). */
  winnerMultiplier: bigint[];
}

/**
 * Niu Niu heads-up, exactly. The winner's hand multiplier is the larger of the two hands' (the
 * multiplier never falls as the category rises, and the winner has the higher category), so only
 * the joint law of two disjoint hands' multipliers is needed. It is counted by inclusion–exclusion
 * over the cards the hands share: the hands h′ of multiplier m disjoint from h number
 * Σ_{T⊆h} (−1)^|T| · #{h′ of multiplier m : T ⊆ h′}, and those counts are tallied once for every
 * subset T of every hand (colex-indexed arrays).
 */
export const niuDuelExact = (): NiuDuelExact => {
  const total = binom[52]![5]!;
  const mult = new Uint8Array(total);
  const categories = Array.from({ length: 13 }, () => 0);
  // contains[m][k][index of a k-subset] = hands of multiplier m holding that subset
  const contains = Array.from({ length: 6 }, () => Array.from({ length: 6 }, (_, k) => new Int32Array(binom[52]![k]!)));
  const subsets: { size: number; index: number }[] = Array.from({ length: 32 }, () => ({ size: 0, index: 0 }));
  const subsetsOf = (h: number[]) => {
    for (let mask = 0; mask < 32; mask++) {
      let size = 0;
      let index = 0;
      for (let i = 0; i < 5; i++) if (mask & (1 << i)) index += binom[h[i]!]![++size]!;
      subsets[mask]!.size = size;
      subsets[mask]!.index = index;
    }
  };
  let n = 0;
  for (const h of hands(5)) {
    const r = rankNiu(h.map(cardOfIndex));
    categories[r.category]!++;
    const m = multiplierOf(r.category);
    mult[n++] = m;
    subsetsOf(h);
    for (const s of subsets) contains[m]![s.size]![s.index]!++;
  }
  const joint = Array.from({ length: 6 }, () => Array.from({ length: 6 }, () => 0n));
  n = 0;
  for (const h of hands(5)) {
    const m1 = mult[n++]!;
    subsetsOf(h);
    for (let m2 = 1; m2 <= 5; m2++) {
      let disjoint = 0;
      for (const s of subsets) disjoint += (s.size % 2 ? -1 : 1) * contains[m2]![s.size]![s.index]!;
      joint[m1]![m2]! += BigInt(disjoint);
    }
  }
  const winnerMultiplier = Array.from({ length: 6 }, () => 0n);
  for (let a = 1; a <= 5; a++) for (let b = 1; b <= 5; b++) winnerMultiplier[Math.max(a, b)]! += joint[a]![b]!;
  return { categories, pairs: BigInt(total) * BigInt(binom[47]![5]!), winnerMultiplier };
};

/**
 * Teen Patti heads-up, exactly: the ordered pairs of disjoint three-card hands, and those that tie
 * (equal category and ranks; suits never count). Hands are grouped by their rank (category and
 * tie-break key); only two hands of one group can tie, so the pairs of each group are checked.
 */
export const teenDuelExact = (): { pairs: bigint; ties: bigint } => {
  const groups = new Map<string, number[][]>();
  for (const h of hands(3)) {
    const r = rankTeen(h.map(cardOfIndex));
    const key = `${r.category}:${r.key.join(',')}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = []));
    g.push([...h]);
  }
  let ties = 0n;
  for (const g of groups.values())
    for (const a of g) for (const b of g) if (a !== b && !a.some((x) => b.includes(x))) ties++;
  // Every group's hands rank alike; a sanity check that the comparison agrees.
  for (const g of groups.values()) {
    const [a, b] = [rankTeen(g[0]!.map(cardOfIndex)), rankTeen(g[g.length - 1]!.map(cardOfIndex))];
    if (compareTeen(a, b) !== 0) throw new Error('a rank group holds hands that do not tie');
  }
  return { pairs: BigInt(binom[52]![3]!) * BigInt(binom[49]![3]!), ties };
};
