import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  fundedPlayer,
  gameSession,
  setupProviderWorld,
  txId,
  vendorCall,
  type ProviderWorld,
} from '../../../test/factories/provider.ts';
import { bearer } from '../../../test/factories/wallet.ts';

/**
 * Issue 17: after slot spins through the seamless wallet, the member's profit "by game type" must
 * count the wins under the round's game type, as the totals do (the wins used to carry no game type,
 * so the RNG row showed wins 0 and the whole stake as its loss).
 */
let t: TestApp;
let world: ProviderWorld;

beforeAll(async () => {
  t = await createTestApp();
  world = await setupProviderWorld(t);
});
afterAll(() => t.close());

describe('profit by game type after seamless rounds', () => {
  it('counts each win under its round’s game type, on both the batched and the careful path', async () => {
    const p = await fundedPlayer(t, 10_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const spins: [string, string][] = [
      ['100', '0'],
      ['100', '240'],
      ['100', '0'],
      ['100', '0'],
      ['100', '0'],
    ];
    // Sent one after another and all at once: a lone call and a crowd take different paths (decision 043).
    const spin = async ([stake, win]: [string, string]) => {
      const roundId = txId('round');
      const bet = await vendorCall(t, 'bet', {
        sessionToken: s.sessionToken,
        playerId: s.playerId,
        transactionId: txId('bet'),
        roundId,
        gameCode: 'HGS_DRAGON',
        amount: stake,
        currency: 'BRL',
      });
      expect(bet.status).toBe(200);
      const w = await vendorCall(t, 'win', {
        playerId: s.playerId,
        transactionId: txId('win'),
        roundId,
        gameCode: 'HGS_DRAGON',
        amount: win,
        currency: 'BRL',
        endRound: true,
      });
      expect(w.status).toBe(200);
    };
    for (const x of spins) await spin(x);
    await Promise.all(spins.map(spin));

    const r = await t.call<{
      gameTypes: { gameType: string; bets: string; wins: string; net: string }[];
      totals: { bets: string; wins: string };
    }>({ method: 'GET', url: '/wps/v2/wallets/profit', headers: bearer(p.token) });
    expect(r.status).toBe(200);
    expect(r.body.value.totals).toMatchObject({ bets: '1000', wins: '480' });
    expect(r.body.value.gameTypes).toEqual([
      expect.objectContaining({ gameType: 'RNG', bets: '1000', wins: '480', net: '-520' }),
    ]);
  });
});
