import { describe, expect, it } from 'vitest';
import { crashPoint, roundClientSeed } from '../../math/fair/crash.ts';
import { diceRoll } from '../../math/fair/dice.ts';
import { hashServerSeed, newClientSeed, newServerSeed } from '../../math/fair/hmac.ts';
import { crashPointOf, diceRollOf, roundClientSeedOf, sha256Hex } from './fair.ts';

/** The verify page recomputes outcomes with WebCrypto: it must agree with the game server exactly. */
describe('browser verification agrees with the server', () => {
  it('for dice rolls, crash points, round client seeds and seed hashes', async () => {
    for (let i = 0; i < 200; i++) {
      const server = newServerSeed();
      const client = newClientSeed();
      expect(await diceRollOf(server, client, i)).toBe(diceRoll(server, client, i));
      expect(await crashPointOf(server, client, i)).toBe(crashPoint(server, client, i));
      if (i < 20) {
        expect(await sha256Hex(server)).toBe(hashServerSeed(server));
        expect(await roundClientSeedOf('salt', [client, 'x'])).toBe(roundClientSeed('salt', [client, 'x']));
      }
    }
  });
});
