import { LIVE_GAMES, type LiveKind, type LiveResult } from '../../../math/live/games.ts';
import { streamOf } from '../../../math/live/draw.ts';

/**
 * A live round recomputed in the browser: the HMAC-SHA256 words of (server seed, round client seed,
 * round id), then the very same deal the server ran (src/math/live, no node imports).
 */
const enc = new TextEncoder();

export const liveWords = async (serverSeed: string, clientSeed: string, nonce: number, blocks = 32) => {
  const key = await crypto.subtle.importKey('raw', enc.encode(serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const out: number[] = [];
  for (let cursor = 0; cursor < blocks; cursor++) {
    const b = new DataView(await crypto.subtle.sign('HMAC', key, enc.encode(`${clientSeed}:${nonce}:${cursor}`)));
    for (let i = 0; i < 32; i += 4) out.push(b.getUint32(i, false));
  }
  return out;
};

export const recomputeLive = async (
  kind: LiveKind,
  serverSeed: string,
  clientSeed: string,
  roundId: number,
): Promise<LiveResult> => LIVE_GAMES[kind].deal(streamOf(await liveWords(serverSeed, clientSeed, roundId)));
