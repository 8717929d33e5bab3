import { resolveShot, speciesByKey, WEAPONS, type FishHit, type WeaponKey } from '../../../math/fish/fish.ts';
import { drawInt } from '../../../math/live/draw.ts';
import { liveWords } from '../live/fair.ts';

/** What a shot's history row says was shot and what came of it. */
export interface ShotFacts {
  weapon: WeaponKey;
  bet: bigint;
  /** The species of the fish hit, in the order the shares went to. */
  species: string[];
  rtpBp: number;
}

/**
 * A fishing shot decided again in the browser (decision 095's maths, the very same `resolveShot`):
 * the HMAC-SHA256 words of (server seed, client seed, nonce) from WebCrypto, drawn by rejection
 * sampling exactly as the server's `uniformInt`. Throws a RangeError for facts that are not a shot.
 */
export const recomputeShot = async (
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  shot: ShotFacts,
): Promise<{ hits: FishHit[]; win: bigint }> => {
  if (!WEAPONS[shot.weapon]) throw new RangeError(`no weapon ${shot.weapon}`);
  const targets = shot.species.map((k) => {
    const s = speciesByKey(k);
    if (!s) throw new RangeError(`no fish ${k}`);
    return s;
  });
  // 16 blocks = 128 words: a shot draws at most 12 numbers, and a rejection is rarer than 1 in 2^30.
  const words = await liveWords(serverSeed, clientSeed, nonce, 16);
  const stream = words[Symbol.iterator]();
  const r = resolveShot({ int: (n) => drawInt(stream, n) }, { ...shot, targets });
  return { hits: r.hits, win: r.win };
};

/** "5,0,150": the multiplier each fish paid (0 = not captured), as the history records them. */
export const multipliersOf = (hits: { multiplier: number }[]) => hits.map((h) => h.multiplier).join(',');
