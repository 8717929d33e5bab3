import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PromotionEntry } from '@app/contract';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { bearer } from '../../../test/factories/wallet.ts';
import { bonusesInWagering } from '../../../test/factories/promotion.ts';
import {
  fundedPlayer,
  gameSession,
  setupProviderWorld,
  txId,
  vendorCall,
  type Player,
  type ProviderWorld,
} from '../../../test/factories/provider.ts';
import { checkLedger } from '../wallet/ledger-check/data.ts';

/**
 * A bonus's wagering counts the bets vendors post through the signed seamless-wallet callbacks,
 * batched or not, with nothing added to the bet path (decisions 065 and 085): the progress is read
 * from the ledger when the member looks, in the bonus's game types, less rolled-back bets. This is
 * the path `npm run bench:games` measures with a live bonus on every player.
 */
let t: TestApp;
let world: ProviderWorld;

beforeAll(async () => {
  t = await createTestApp();
  world = await setupProviderWorld(t);
});
afterAll(() => t.close());
afterEach(async () => {
  expect((await checkLedger(t.ctx.db)).breaches).toEqual([]);
});

type Session = Awaited<ReturnType<typeof gameSession>>;
const bet = (s: Session, gameCode: string, amount: string) => ({
  sessionToken: s.sessionToken,
  playerId: s.playerId,
  transactionId: txId('bet'),
  roundId: txId('round'),
  gameCode,
  amount,
  currency: 'BRL',
});
const bonuses = async (p: Player) => {
  const r = await t.call<{ list: PromotionEntry[] }>({
    method: 'GET',
    url: '/wps/v2/promotions/bonuses?language=EN',
    headers: bearer(p.token),
  });
  expect(r.status).toBe(200);
  return r.body.value.list;
};
const ok = async (op: string, body: Record<string, unknown>) => {
  const r = await vendorCall(t, op, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.value;
};

describe('bonus wagering through the vendor callbacks', () => {
  it('counts batched and careful bets of the counted game type, less rollbacks, and ends when met', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const other = await fundedPlayer(t, 100_000n);
    const { entries } = await bonusesInWagering(t.ctx, [{ merchantId: p.merchantId, memberId: p.id }], {
      amount: 1_000n,
      multiple: 5,
      gameTypes: ['RNG'],
    });
    const [fresh] = await bonuses(p);
    expect(fresh).toMatchObject({
      id: entries[0],
      status: 'process',
      wagering: { required: '5000', achieved: '0', met: false },
    });

    const slot = await gameSession(t, p, world.games.HGS_DRAGON!);
    const dice = await gameSession(t, p, world.games.DICE!);
    const otherSlot = await gameSession(t, other, world.games.HGS_DRAGON!);
    // The first bet of a session goes the careful way; the next ones may go in batches.
    await ok('bet', bet(slot, 'HGS_DRAGON', '500'));
    await ok('bet', bet(otherSlot, 'HGS_DRAGON', '500'));
    const { bets: batches } = t.ctx.providers.seamless;
    const before = { ...batches.stats };
    const concurrent = [1, 2, 3, 4].map(() => bet(slot, 'HGS_DRAGON', '500'));
    await Promise.all([
      ...concurrent.map((b) => ok('bet', b)),
      ok('bet', bet(otherSlot, 'HGS_DRAGON', '700')),
      ok('bet', bet(dice, 'DICE', '1000')),
    ]);
    expect(batches.stats.items - before.items).toBeGreaterThanOrEqual(4);
    // A win does not count; a rolled-back bet no longer counts.
    await ok('win', {
      playerId: slot.playerId,
      transactionId: txId('win'),
      roundId: concurrent[0]!.roundId,
      gameCode: 'HGS_DRAGON',
      amount: '3000',
      currency: 'BRL',
      endRound: true,
    });
    await ok('rollback', {
      playerId: slot.playerId,
      transactionId: txId('rb'),
      betTransactionId: concurrent[1]!.transactionId,
      roundId: concurrent[1]!.roundId,
      gameCode: 'HGS_DRAGON',
    });

    // 5 slot bets of 500, one rolled back: 2000. The dice bet (BGS) does not count.
    const [half] = await bonuses(p);
    expect(half).toMatchObject({ status: 'process', wagering: { achieved: '2000', remaining: '3000', met: false } });
    // The other player holds no bonus and its bets touch nobody's wagering.
    expect(await bonuses(other)).toEqual([]);

    await Promise.all([1, 2, 3, 4, 5, 6].map(() => ok('bet', bet(slot, 'HGS_DRAGON', '500'))));
    const [done] = await bonuses(p);
    expect(done).toMatchObject({ status: 'issued', wagering: { required: '5000', achieved: '5000', met: true } });
    const events = await t.ctx.promotions.events(done!.id);
    expect(events.at(-1)).toMatchObject({ fromStatus: 'process', toStatus: 'issued', reason: 'wagering met' });
  });
});
