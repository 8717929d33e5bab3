import { SeededRng } from '../rng.ts';
import { FISH_SPECIES } from './fish.ts';
import type { SeaFish } from '../../shared/fish-path.ts';

/**
 * A session's sea: which fish swim when, generated from the session's sea seed and the clock
 * alone, so the server can recompute any fish from its id without storing it. Which fish swim
 * changes nothing in the return (every shot returns the RTP whatever it hits), so the sea needs
 * no secrecy; it only has to be the same on both sides.
 */
export const SEA_SLOT_MS = 900;
const PER_SLOT = 2;
const TOTAL_WEIGHT = FISH_SPECIES.reduce((a, s) => a + s.weight, 0);

const pickSpecies = (rng: SeededRng) => {
  let r = (rng.int(1_000_000) / 1_000_000) * TOTAL_WEIGHT;
  for (const s of FISH_SPECIES) {
    r -= s.weight;
    if (r < 0) return s;
  }
  return FISH_SPECIES[0]!;
};

/** The fish spawned in one slot of the clock. */
export const slotFish = (seed: string, slot: number): SeaFish[] => {
  const rng = new SeededRng(`${seed}:${slot}`);
  const count = rng.int(100) < 45 ? 2 : 1;
  const out: SeaFish[] = [];
  for (let j = 0; j < Math.min(count, PER_SLOT); j++) {
    const s = pickSpecies(rng);
    const y0 = 0.12 + rng.int(700) / 1000;
    const y1 = 0.12 + rng.int(700) / 1000;
    out.push({
      id: slot * PER_SLOT + j,
      species: s.key,
      spawnAt: slot * SEA_SLOT_MS + rng.int(SEA_SLOT_MS),
      durationMs: Math.round(s.crossSeconds * 1000 * (0.85 + rng.int(300) / 1000)),
      dir: rng.int(2) === 0 ? 1 : -1,
      y0,
      y1,
      amp: s.boss ? 0.04 : (rng.int(80) + 10) / 1000,
      waves: 0.5 + rng.int(20) / 10,
    });
  }
  return out;
};

/** The longest a fish swims (ms): how far back a window must look for fish still on screen. */
const LONGEST_MS = Math.max(...FISH_SPECIES.map((s) => s.crossSeconds)) * 1000 * 1.15 + SEA_SLOT_MS;

/** Every fish swimming at some moment in [from, to]. */
export const seaWindow = (seed: string, from: number, to: number): SeaFish[] => {
  const first = Math.floor((from - LONGEST_MS) / SEA_SLOT_MS);
  const last = Math.floor(to / SEA_SLOT_MS);
  const out: SeaFish[] = [];
  for (let slot = first; slot <= last; slot++)
    for (const f of slotFish(seed, slot)) if (f.spawnAt <= to && f.spawnAt + f.durationMs >= from) out.push(f);
  return out;
};

/** The fish with this id (or undefined when no such fish was ever spawned). */
export const fishById = (seed: string, id: number): SeaFish | undefined =>
  Number.isSafeInteger(id) && id >= 0 ? slotFish(seed, Math.floor(id / PER_SLOT)).find((f) => f.id === id) : undefined;
