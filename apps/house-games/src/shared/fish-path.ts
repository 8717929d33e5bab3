/**
 * Where a fish of the sea is at a moment, shared by the server (is the fish still there?) and the
 * screen (drawing it). Coordinates are fractions of the sea: x from 0 (left) to 1, y from 0 (top).
 * A fish enters beyond one side, swims a gentle wave and leaves beyond the other.
 */
export interface SeaFish {
  id: number;
  species: string;
  /** Server clock, ms. */
  spawnAt: number;
  durationMs: number;
  /** 1: left to right; -1: right to left. */
  dir: 1 | -1;
  y0: number;
  y1: number;
  amp: number;
  waves: number;
}

/** Fish start and end this far beyond the edge (a fraction of the width). */
export const SEA_MARGIN = 0.15;

export const fishPosition = (f: SeaFish, now: number): { x: number; y: number; angle: number } | null => {
  const u = (now - f.spawnAt) / f.durationMs;
  if (u < 0 || u > 1) return null;
  const span = 1 + 2 * SEA_MARGIN;
  const x = f.dir > 0 ? -SEA_MARGIN + span * u : 1 + SEA_MARGIN - span * u;
  const phase = 2 * Math.PI * f.waves * u;
  const y = f.y0 + (f.y1 - f.y0) * u + f.amp * Math.sin(phase);
  // Heading: the derivative of the path (dx/du, dy/du).
  const dx = f.dir * span;
  const dy = f.y1 - f.y0 + f.amp * 2 * Math.PI * f.waves * Math.cos(phase);
  return { x, y, angle: Math.atan2(dy, dx) };
};

/** Whether a fish is inside the visible sea (not only swimming in from beyond the edge). */
export const fishVisible = (f: SeaFish, now: number): boolean => {
  const p = fishPosition(f, now);
  return !!p && p.x > -0.02 && p.x < 1.02;
};
