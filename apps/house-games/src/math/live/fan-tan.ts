import { drawInt, type WordStream } from './draw.ts';

/**
 * Fan tan: the dealer counts a heap of beads off in fours; the remainder (1, 2, 3 or 4 when none is
 * left) is the result. We draw the heap's size uniformly in 40–199 (160 sizes, 40 of each
 * remainder), so each result has probability exactly 1/4. Winnings carry a 5% commission:
 *   fan:N       returns 1 + 3 × 0.95 = 3.85 (N comes up)          edge 3.75%
 *   odd / even  returns 1 + 0.95 = 1.95 (1,3 / 2,4)                edge 2.5%
 *   kwok:A-B    returns 1.95 (A or B; adjacent sides 1-2, 2-3, 3-4, 4-1)   edge 2.5%
 */
export interface FanTanResult {
  beads: number;
  result: 1 | 2 | 3 | 4;
}

export const dealFanTan = (stream: WordStream): FanTanResult => {
  const beads = 40 + drawInt(stream, 160);
  return { beads, result: (((beads - 1) % 4) + 1) as FanTanResult['result'] };
};

const KWOKS = new Set(['1-2', '2-3', '3-4', '1-4']);

const winsOf = (spot: string): ((n: number) => boolean) | null => {
  const [kind, arg] = spot.split(':') as [string, string | undefined];
  if (kind === 'fan' && arg && /^[1-4]$/.test(arg)) return (n) => n === Number(arg);
  if (kind === 'odd' && arg === undefined) return (n) => n % 2 === 1;
  if (kind === 'even' && arg === undefined) return (n) => n % 2 === 0;
  if (kind === 'kwok' && arg && KWOKS.has(arg)) return (n) => arg.split('-').map(Number).includes(n);
  return null;
};

export const fanTanSpotOk = (spot: string) => winsOf(spot) !== null;

export const fanTanReturn = (spot: string, stake: bigint, r: FanTanResult): bigint => {
  if (!winsOf(spot)?.(r.result)) return 0n;
  const net = spot.startsWith('fan:') ? stake * 3n : stake;
  return stake + (net * 95n) / 100n;
};
