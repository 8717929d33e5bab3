/** The standard normal's distribution function (Abramowitz–Stegun 7.1.26 via erf, |error| < 1.5e-7). */
export const phi = (x: number): number => {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
};

/**
 * A whole-number score drawn as a normal rounded to the nearest integer: P(k) for k in [lo, hi],
 * normalised (the model and the simulation use the same table).
 */
const tables = new Map<string, { lo: number; p: number[] }>();
export const discreteNormal = (mean: number, sd: number): { lo: number; p: number[] } => {
  const key = `${mean}|${sd}`;
  const known = tables.get(key);
  if (known) return known;
  if (tables.size > 500) tables.clear();
  const lo = Math.max(0, Math.floor(mean - 5 * sd));
  const hi = Math.ceil(mean + 5 * sd);
  const p: number[] = [];
  for (let k = lo; k <= hi; k++) p.push(phi((k + 0.5 - mean) / sd) - phi((k - 0.5 - mean) / sd));
  const total = p.reduce((s, x) => s + x, 0);
  const table = { lo, p: p.map((x) => x / total) };
  tables.set(key, table);
  return table;
};

/** Draws an index from a probability table with a uniform u in [0, 1) (from the CSPRNG). */
export const drawIndex = (p: number[], u: number): number => {
  let acc = 0;
  for (let i = 0; i < p.length; i++) {
    acc += p[i]!;
    if (u < acc) return i;
  }
  return p.length - 1;
};

/**
 * A fair decimal price from a distribution of outcomes (decision 099's rule): the price at which a
 * unit's expected return is the stake, (1 − P(stake returned)) / P(win); 0 when it can hardly win.
 */
export const fairFrom = (pWin: number, pPush: number): number => (pWin < 1e-4 ? 0 : (1 - pPush) / pWin);

/** A total or handicap line's text: 215.5, -5, +3.5. */
export const lineText = (l: number, signed: boolean) => (signed && l > 0 ? `+${l}` : String(l));
