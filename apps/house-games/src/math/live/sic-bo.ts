import { drawInt, type WordStream } from './draw.ts';

/**
 * Sic bo: three dice, each drawn uniformly 1–6. Returns for a stake of 1 (stake included), with the
 * house edge computed over the 216 outcomes in live.test.ts:
 *   small (4–10) / big (11–17), odd / even    2 — any triple loses them          edge 2.7778%
 *   total:N  4|17 → 51, 5|16 → 19, 6|15 → 15, 7|14 → 13, 8|13 → 9, 9–12 → 7   (edges 9.72%–18.98%)
 *   any-triple 31 (30:1)  edge 13.8889%;  triple:N 181 (180:1)  edge 16.2037%
 *   double:N 11 (10:1)    edge 18.5185%;  combo:A-B (two different faces) 6 (5:1)  edge 16.6667%
 *   single:N  1 + the number of dice showing N (1:1, 2:1, 3:1)                     edge 7.8704%
 */
export interface SicBoResult {
  dice: [number, number, number];
  total: number;
  triple: boolean;
}

export const SIC_BO_TOTAL_PAYS: Record<number, bigint> = {
  4: 50n,
  5: 18n,
  6: 14n,
  7: 12n,
  8: 8n,
  9: 6n,
  10: 6n,
  11: 6n,
  12: 6n,
  13: 8n,
  14: 12n,
  15: 14n,
  16: 18n,
  17: 50n,
};

export const dealSicBo = (stream: WordStream): SicBoResult => {
  const dice = [1 + drawInt(stream, 6), 1 + drawInt(stream, 6), 1 + drawInt(stream, 6)] as [number, number, number];
  const total = dice[0] + dice[1] + dice[2];
  return { dice, total, triple: dice[0] === dice[1] && dice[1] === dice[2] };
};

const face = (s: string | undefined) => (s !== undefined && /^[1-6]$/.test(s) ? Number(s) : NaN);

/** Net odds of a spot as a function of the result (null: not a spot). */
const oddsOf = (spot: string): ((r: SicBoResult) => bigint) | null => {
  const [kind, arg] = spot.split(':') as [string, string | undefined];
  if (arg === undefined) {
    if (kind === 'small') return (r) => (!r.triple && r.total <= 10 ? 1n : -1n);
    if (kind === 'big') return (r) => (!r.triple && r.total >= 11 ? 1n : -1n);
    if (kind === 'odd') return (r) => (!r.triple && r.total % 2 === 1 ? 1n : -1n);
    if (kind === 'even') return (r) => (!r.triple && r.total % 2 === 0 ? 1n : -1n);
    if (kind === 'any-triple') return (r) => (r.triple ? 30n : -1n);
    return null;
  }
  if (kind === 'total') {
    const n = /^\d{1,2}$/.test(arg) ? Number(arg) : NaN;
    const pays = SIC_BO_TOTAL_PAYS[n];
    return pays === undefined ? null : (r) => (r.total === n ? pays : -1n);
  }
  if (kind === 'triple') {
    const n = face(arg);
    return Number.isNaN(n) ? null : (r) => (r.triple && r.dice[0] === n ? 180n : -1n);
  }
  if (kind === 'double') {
    const n = face(arg);
    return Number.isNaN(n) ? null : (r) => (r.dice.filter((d) => d === n).length >= 2 ? 10n : -1n);
  }
  if (kind === 'single') {
    const n = face(arg);
    return Number.isNaN(n)
      ? null
      : (r) => {
          const k = r.dice.filter((d) => d === n).length;
          return k === 0 ? -1n : BigInt(k);
        };
  }
  if (kind === 'combo') {
    const [a, b] = arg.split('-').map(face) as [number, number];
    return a >= 1 && b > a && b <= 6 ? (r) => (r.dice.includes(a) && r.dice.includes(b) ? 5n : -1n) : null;
  }
  return null;
};

export const sicBoSpotOk = (spot: string) => oddsOf(spot) !== null;

export const sicBoReturn = (spot: string, stake: bigint, r: SicBoResult): bigint => {
  const odds = oddsOf(spot)?.(r) ?? -1n;
  return odds < 0n ? 0n : stake * (odds + 1n);
};
