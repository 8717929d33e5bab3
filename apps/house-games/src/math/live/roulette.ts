import { drawInt, type WordStream } from './draw.ts';

/**
 * European roulette: one zero, 37 pockets, the number drawn uniformly (rejection sampling).
 *
 * Every bet covering n numbers returns 36/n × stake when one of them comes up (stake included):
 * straight 35:1 (n=1), split 17:1 (2), street 11:1 (3), trio 11:1 (0-1-2 or 0-2-3), corner 8:1 (4),
 * first four 8:1 (0-1-2-3), six line 5:1 (6), column and dozen 2:1 (12), red, black, odd, even,
 * 1–18 and 19–36 1:1 (18; zero loses them). Every bet returns 36/37: house edge 1/37 = 2.7027%.
 *
 * Spots: straight:N, split:A-B (adjacent on the layout, or 0 with 1, 2 or 3), street:N (N = first of
 * the row, 1, 4, … 34), trio:0-1-2, trio:0-2-3, corner:N (N = top-left: the square N, N+1, N+3, N+4),
 * first-four, line:N (two streets from N), column:1..3, dozen:1..3, red, black, odd, even, low, high.
 */
export const ROULETTE_POCKETS = 37;
/** The wheel's order (European), clockwise from zero. */
export const WHEEL_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7,
  28, 12, 35, 3, 26,
] as const;
export const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
export const colourOf = (n: number): 'green' | 'red' | 'black' => (n === 0 ? 'green' : RED.has(n) ? 'red' : 'black');

export interface RouletteResult {
  number: number;
  colour: 'green' | 'red' | 'black';
}

export const dealRoulette = (stream: WordStream): RouletteResult => {
  const number = drawInt(stream, ROULETTE_POCKETS);
  return { number, colour: colourOf(number) };
};

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const int = (s: string | undefined) => (s !== undefined && /^\d{1,2}$/.test(s) ? Number(s) : NaN);

/** The numbers a spot covers, or null when the spot is not on the layout. */
export const coveredBy = (spot: string): number[] | null => {
  const [kind, arg] = spot.split(':') as [string, string | undefined];
  switch (kind) {
    case 'straight': {
      const n = int(arg);
      return n >= 0 && n <= 36 ? [n] : null;
    }
    case 'split': {
      const [a, b] = (arg ?? '').split('-').map(int) as [number, number];
      if (!(a >= 0 && b > a && b <= 36)) return null;
      if (a === 0) return b <= 3 ? [0, b] : null;
      const sameRow = b === a + 1 && a % 3 !== 0;
      const sameColumn = b === a + 3;
      return sameRow || sameColumn ? [a, b] : null;
    }
    case 'street': {
      const n = int(arg);
      return n >= 1 && n <= 34 && n % 3 === 1 ? range(n, n + 2) : null;
    }
    case 'trio':
      return arg === '0-1-2' ? [0, 1, 2] : arg === '0-2-3' ? [0, 2, 3] : null;
    case 'corner': {
      const n = int(arg);
      return n >= 1 && n <= 32 && n % 3 !== 0 ? [n, n + 1, n + 3, n + 4] : null;
    }
    case 'first-four':
      return arg === undefined ? [0, 1, 2, 3] : null;
    case 'line': {
      const n = int(arg);
      return n >= 1 && n <= 31 && n % 3 === 1 ? range(n, n + 5) : null;
    }
    case 'column': {
      const c = int(arg);
      return c >= 1 && c <= 3 ? range(1, 36).filter((x) => (x - c) % 3 === 0) : null;
    }
    case 'dozen': {
      const d = int(arg);
      return d >= 1 && d <= 3 ? range(12 * (d - 1) + 1, 12 * d) : null;
    }
    default:
      if (arg !== undefined) return null;
      if (kind === 'red') return [...RED];
      if (kind === 'black') return range(1, 36).filter((x) => !RED.has(x));
      if (kind === 'odd') return range(1, 36).filter((x) => x % 2 === 1);
      if (kind === 'even') return range(1, 36).filter((x) => x % 2 === 0);
      if (kind === 'low') return range(1, 18);
      if (kind === 'high') return range(19, 36);
      return null;
  }
};

export const rouletteSpotOk = (spot: string) => coveredBy(spot) !== null;

export const rouletteReturn = (spot: string, stake: bigint, r: RouletteResult): bigint => {
  const covered = coveredBy(spot);
  if (!covered || !covered.includes(r.number)) return 0n;
  return (stake * 36n) / BigInt(covered.length);
};
