/**
 * Payline sets. Every line crosses one row per reel and moves at most one row between reels, so
 * lines read as smooth paths. Lines are ordered the way players expect: the straight rows first
 * (middle, top, bottom, …), then V shapes, then the rest by how little they zigzag; a game with
 * L lines uses the first L.
 */

const allSmoothLines = (reels: number, rows: number): number[][] => {
  const out: number[][] = [];
  const walk = (line: number[]) => {
    if (line.length === reels) {
      out.push([...line]);
      return;
    }
    const prev = line[line.length - 1];
    for (let r = 0; r < rows; r++) {
      if (prev !== undefined && Math.abs(r - prev) > 1) continue;
      line.push(r);
      walk(line);
      line.pop();
    }
  };
  walk([]);
  return out;
};

const turns = (line: number[]): number => {
  let t = 0;
  let lastDir = 0;
  for (let i = 1; i < line.length; i++) {
    const d = Math.sign((line[i] as number) - (line[i - 1] as number));
    if (d !== 0 && lastDir !== 0 && d !== lastDir) t++;
    if (d !== 0) lastDir = d;
  }
  return t;
};

const moves = (line: number[]): number => {
  let m = 0;
  for (let i = 1; i < line.length; i++) if (line[i] !== line[i - 1]) m++;
  return m;
};

/** Rows ordered middle-out: 3 rows → 1, 0, 2; 4 rows → 1, 2, 0, 3. */
const rowOrder = (rows: number): number[] =>
  Array.from({ length: rows }, (_, i) => i).sort(
    (a, b) => Math.abs(a - (rows - 1) / 2) - Math.abs(b - (rows - 1) / 2) || a - b,
  );

export const paylinesFor = (reels: number, rows: number, count: number): number[][] => {
  const order = rowOrder(rows);
  const rank = new Map(order.map((r, i) => [r, i]));
  const key = (line: number[]) => line.map((r) => rank.get(r) ?? 0).join(',');
  const lines = allSmoothLines(reels, rows).sort(
    (a, b) =>
      Number(moves(a) > 0) - Number(moves(b) > 0) ||
      turns(a) - turns(b) ||
      moves(a) - moves(b) ||
      (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0),
  );
  if (count > lines.length) throw new RangeError(`${reels}×${rows} has only ${lines.length} smooth paylines`);
  return lines.slice(0, count);
};
