import { describe, expect, it } from 'vitest';
import { FISH_SPECIES, resolveShot } from '../../../math/fish/fish.ts';
import { uniformInt, words } from '../../../math/fair/hmac.ts';
import { multipliersOf, recomputeShot } from './verify.ts';

/** The fishing verify page's recomputation (WebCrypto) agrees with the server's decision (node crypto). */
describe('fishing shot verify', () => {
  it('recomputes exactly what the server decided, for every weapon and many nonces', async () => {
    let captures = 0;
    for (let nonce = 0; nonce < 300; nonce++) {
      const weapon = (['cannon', 'bomb', 'laser'] as const)[nonce % 3]!;
      const n = weapon === 'cannon' ? 1 : weapon === 'bomb' ? 5 : 6;
      const targets = Array.from({ length: n }, (_, i) => FISH_SPECIES[(nonce + i * 3) % FISH_SPECIES.length]!);
      const stream = words('server-seed-abc', 'client-xyz', nonce);
      const server = resolveShot({ int: (k) => uniformInt(stream, k) }, { bet: 20n, weapon, targets, rtpBp: 9600 });
      const browser = await recomputeShot('server-seed-abc', 'client-xyz', nonce, {
        weapon,
        bet: 20n,
        species: targets.map((s) => s.key),
        rtpBp: 9600,
      });
      expect(multipliersOf(browser.hits)).toBe(multipliersOf(server.hits));
      expect(browser.win).toBe(server.win);
      captures += server.hits.filter((h) => h.captured).length;
    }
    // The comparison covered captures, not only misses.
    expect(captures).toBeGreaterThan(20);
  });

  it('differs for another server seed, and refuses what is not a shot', async () => {
    const shot = { weapon: 'laser' as const, bet: 10n, species: Array(6).fill('clownfish') as string[], rtpBp: 9600 };
    const seen = new Set<string>();
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f'])
      seen.add(multipliersOf((await recomputeShot(seed, 'c', 1, shot)).hits));
    expect(seen.size).toBeGreaterThan(1);
    await expect(recomputeShot('a', 'c', 1, { ...shot, species: ['kraken'] })).rejects.toThrow(/no fish/);
  });
});
