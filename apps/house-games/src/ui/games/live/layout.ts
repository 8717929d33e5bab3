/**
 * Which inside bets the roulette layout offers on a number's edges, and the sic bo board's spots
 * (pure, so a unit test holds them to the server's own spot rules in src/math/live).
 *
 * On the wide layout (three rows, 3 on top) n+1 is above n and n+3 to its right; on a phone (twelve
 * rows of three) n+1 is to its right and n+3 below it. Either way each number carries: the split with
 * n+1 (same street, so not for n = 3, 6, …), the split with n+3 (not on the last street), and the
 * corner n, n+1, n+3, n+4 (both of those).
 */
export interface HotSpotDef {
  spot: string;
  /** Which edge of the number's cell (live.css places it for the wide and the narrow layout). */
  edge: 'street' | 'next' | 'corner';
  numbers: number[];
}

export const rouletteHotSpots = (n: number): HotSpotDef[] => {
  const out: HotSpotDef[] = [];
  if (n % 3 !== 0) out.push({ spot: `split:${n}-${n + 1}`, edge: 'street', numbers: [n, n + 1] });
  if (n <= 33) out.push({ spot: `split:${n}-${n + 3}`, edge: 'next', numbers: [n, n + 3] });
  if (n % 3 !== 0 && n <= 32) out.push({ spot: `corner:${n}`, edge: 'corner', numbers: [n, n + 1, n + 3, n + 4] });
  return out;
};

/** Sic bo's proposition bets, as the board lays them out, with their net odds. */
export const SICBO_SINGLES = [1, 2, 3, 4, 5, 6].map((n) => `single:${n}`);
export const SICBO_DOUBLES = [1, 2, 3, 4, 5, 6].map((n) => `double:${n}`);
export const SICBO_TRIPLES = [1, 2, 3, 4, 5, 6].map((n) => `triple:${n}`);
export const SICBO_COMBOS = [1, 2, 3, 4, 5].flatMap((a) =>
  [2, 3, 4, 5, 6].filter((b) => b > a).map((b) => `combo:${a}-${b}`),
);
