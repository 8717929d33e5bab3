import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  fundedPlayer,
  gameSession,
  setupProviderWorld,
  txId,
  vendorCall,
  type ProviderWorld,
} from '../../../test/factories/provider.ts';
import { bearer, operatorToken } from '../../../test/factories/wallet.ts';
import { rowsOf } from '../../../test/rows.ts';
import { checkLedger } from '../wallet/ledger-check/data.ts';

/**
 * Win limits and held wins (issue 16, decision 053): a win past the operator's multiple of the round's
 * stakes or past the cap is answered as usual, its money waits in the pending-win account, and finance
 * pays or voids it from the desk, audited. Limits apply per vendor and game type, the strictest first.
 */
let t: TestApp;
let world: ProviderWorld;
let admin: string;
let finance: string;

beforeAll(async () => {
  t = await createTestApp();
  world = await setupProviderWorld(t);
  admin = await operatorToken(t, 'admin');
  finance = await operatorToken(t, 'finance');
});
afterAll(() => t.close());
afterEach(async () => {
  expect((await checkLedger(t.ctx.db)).breaches).toEqual([]);
  // Each test sets its own limits: the last one's go (through the service, which drops its cache).
  const limits = await t.call<{ vassalage: string; gameType: string }[]>({
    method: 'GET',
    url: '/wps/operator/providers/win-limits',
    headers: bearer(admin),
  });
  for (const l of limits.body.value)
    await setLimit({ vassalage: l.vassalage, gameType: l.gameType, maxMultiple: null, maxAmount: null });
});

type Session = { sessionToken: string; playerId: string };
const setLimit = (body: Record<string, unknown>, token = admin) =>
  t.call<{ vassalage: string; gameType: string; maxMultiple: number | null; maxAmount: string | null }[]>({
    method: 'PUT',
    url: '/wps/operator/providers/win-limits',
    headers: bearer(token),
    payload: body,
  });
const pendingList = (status = 'pending') =>
  t.call<{ id: number; amount: string; stake: string; reason: string; status: string; memberId: number }[]>({
    method: 'GET',
    url: `/wps/operator/providers/pending-wins?status=${status}`,
    headers: bearer(finance),
  });
const decide = (what: 'pay' | 'void', id: number, token = finance) =>
  t.call<{ status: string; decidedBy: string | null; note: string | null }>({
    method: 'POST',
    url: `/wps/operator/providers/pending-wins/${what}`,
    headers: bearer(token),
    payload: { id, note: `checked by finance (${what})` },
  });
const balanceOf = async (p: { id: number; merchantId: number }) =>
  (await t.ctx.wallet.balance(p.merchantId, p.id)).balance;
const holding = async () =>
  BigInt(
    rowsOf<{ b: string }>(
      await t.ctx.db.execute(
        sql`SELECT COALESCE(sum(balance), 0)::text AS b FROM ledger_accounts WHERE kind = 'pending_win'`,
      ),
    )[0]!.b,
  );

/** A round of `stake` on the player's session, then a win of `amount` on it; the win's answer. */
const play = async (s: Session, stake: string, amount: string) => {
  const roundId = txId('round');
  const b = await vendorCall(t, 'bet', {
    sessionToken: s.sessionToken,
    playerId: s.playerId,
    transactionId: txId('bet'),
    roundId,
    gameCode: 'HGS_DRAGON',
    amount: stake,
    currency: 'BRL',
  });
  expect(b.status).toBe(200);
  const win = {
    playerId: s.playerId,
    transactionId: txId('win'),
    roundId,
    gameCode: 'HGS_DRAGON',
    amount,
    currency: 'BRL',
    endRound: true,
  };
  return { answer: await vendorCall(t, 'win', win), win, roundId };
};

describe('win limits', () => {
  it('holds a win past the multiple of its stakes: a normal answer, the money in the pending-win account', async () => {
    const set = await setLimit({ vassalage: 'HGS', gameType: 'RNG', maxMultiple: 100, maxAmount: null });
    expect(set.body.value).toEqual([expect.objectContaining({ vassalage: 'HGS', gameType: 'RNG', maxMultiple: 100 })]);
    const p = await fundedPlayer(t, 10_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    // Within the multiple: paid at once.
    const fine = await play(s, '100', '10000');
    expect(fine.answer.body.value).toEqual({ balance: '19900', currency: 'BRL' });
    const held0 = await holding();
    // Past it: answered with the balance as it stands, and a retry gets the same answer.
    const big = await play(s, '100', '10001');
    expect([big.answer.status, big.answer.body.value]).toEqual([200, { balance: '19800', currency: 'BRL' }]);
    const retry = await vendorCall(t, 'win', big.win);
    expect(retry.body.value).toEqual({ balance: '19800', currency: 'BRL' });
    expect(await balanceOf(p)).toBe(19_800n);
    expect((await holding()) - held0).toBe(10_001n);
    const list = await pendingList();
    expect(list.body.value).toEqual([
      expect.objectContaining({ memberId: p.id, amount: '10001', stake: '100', reason: 'multiple', status: 'pending' }),
    ]);
    // The round records the vendor's outcome and is closed.
    const round = rowsOf<{ win_total: string; status: string }>(
      await t.ctx.db.execute(sql`SELECT win_total::text, status FROM game_rounds WHERE round_id = ${big.roundId}`),
    )[0];
    expect(round).toEqual({ win_total: '10001', status: 'closed' });
  });

  it('holds a win past the absolute cap, applies the strictest matching rule, and leaves other vendors and types alone', async () => {
    await setLimit({ vassalage: '*', gameType: '*', maxMultiple: null, maxAmount: '50000' });
    await setLimit({ vassalage: 'HGS', gameType: '*', maxMultiple: null, maxAmount: '20000' });
    await setLimit({ vassalage: 'LVA', gameType: 'LIVE', maxMultiple: null, maxAmount: '100' });
    const p = await fundedPlayer(t, 10_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    expect((await play(s, '100', '20000')).answer.body.value).toEqual({ balance: '29900', currency: 'BRL' });
    const before = (await pendingList()).body.value.length;
    const capped = await play(s, '100', '20001');
    expect(capped.answer.body.value).toEqual({ balance: '29800', currency: 'BRL' });
    const list = (await pendingList()).body.value;
    expect(list).toHaveLength(before + 1);
    expect(list[0]).toMatchObject({ amount: '20001', reason: 'cap' });
  });

  it('lets finance pay a held win to the player or void it to the house, once each, with the audit log', async () => {
    await setLimit({ vassalage: '*', gameType: '*', maxMultiple: 10, maxAmount: null });
    const p = await fundedPlayer(t, 10_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    await play(s, '100', '5000');
    await play(s, '100', '7000');
    expect(await balanceOf(p)).toBe(9_800n);
    const [seven, five] = (await pendingList()).body.value.filter((w) => w.memberId === p.id);
    expect([five!.amount, seven!.amount]).toEqual(['5000', '7000']);
    const held = await holding();

    // Support may not decide; nor may anyone decide twice, or decide a win that does not exist.
    const support = await operatorToken(t, 'support');
    expect((await decide('pay', five!.id, support)).status).toBe(403);
    const paid = await decide('pay', five!.id);
    expect([paid.status, paid.body.value.status, paid.body.value.note]).toEqual([
      200,
      'paid',
      'checked by finance (pay)',
    ]);
    expect(await balanceOf(p)).toBe(14_800n);
    const twice = await Promise.all([decide('pay', five!.id), decide('void', five!.id)]);
    expect(twice.map((r) => [r.status, r.body.code])).toEqual([
      [409, 'ALREADY_DECIDED'],
      [409, 'ALREADY_DECIDED'],
    ]);
    expect(await balanceOf(p)).toBe(14_800n);
    const voided = await decide('void', seven!.id);
    expect(voided.body.value.status).toBe('voided');
    expect(await balanceOf(p)).toBe(14_800n);
    expect(held - (await holding())).toBe(12_000n);
    expect((await decide('pay', 987_654)).status).toBe(404);

    expect((await pendingList('paid')).body.value.map((w) => w.id)).toContain(five!.id);
    const audit = rowsOf<{ action: string; target: string }>(
      await t.ctx.db.execute(
        sql`SELECT action, target FROM operator_audit WHERE action LIKE 'provider.pending_win.%' ORDER BY id`,
      ),
    );
    expect(audit).toEqual([
      { action: 'provider.pending_win.pay', target: String(five!.id) },
      { action: 'provider.pending_win.void', target: String(seven!.id) },
    ]);
  });

  it('holds wins on the batched path too (sessions and rounds this process has seen)', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    await play(s, '100', '0'); // the session is now known: later bets go in batches
    await setLimit({ vassalage: 'HGS', gameType: 'RNG', maxMultiple: 2, maxAmount: null });
    const wins = await Promise.all(Array.from({ length: 10 }, (_, i) => play(s, '100', i % 2 ? '201' : '200')));
    for (const w of wins) expect(w.answer.status).toBe(200);
    // 5 paid at 200, 5 held at 201: the balance moved by 10 × −100 + 5 × 200.
    expect(await balanceOf(p)).toBe(100_000n - 100n + 0n - 1_000n + 1_000n);
    const mine = (await pendingList()).body.value.filter((w) => w.memberId === p.id);
    expect(mine.map((w) => w.amount)).toEqual(Array.from({ length: 5 }, () => '201'));
  });

  it('refuses bad limit settings with a 4xx and changes nothing; only an administrator sets them', async () => {
    const before = (await t.call({ method: 'GET', url: '/wps/operator/providers/win-limits', headers: bearer(admin) }))
      .body.value;
    for (const body of [
      { vassalage: 'HGS', gameType: 'RNG', maxMultiple: 0, maxAmount: null },
      { vassalage: 'HGS', gameType: 'RNG', maxMultiple: 1.5, maxAmount: null },
      { vassalage: 'HGS', gameType: 'RNG', maxMultiple: null, maxAmount: '10.5' },
      { vassalage: 'HGS', gameType: 'RNG', maxMultiple: null, maxAmount: '1e3' },
      { vassalage: 'HGS', gameType: 'RNG', maxMultiple: null, maxAmount: '0' },
      { vassalage: 'HGS', gameType: 'RNG', maxMultiple: null, maxAmount: '１０' },
      { vassalage: 'HGS', gameType: 'RNG', maxMultiple: null, maxAmount: 'x'.repeat(10_000) },
      { vassalage: 'hgs\u0000', gameType: 'RNG', maxMultiple: 5, maxAmount: null },
      { vassalage: 'HGS', gameType: 'NOPE', maxMultiple: 5, maxAmount: null },
    ]) {
      const r = await setLimit(body);
      expect([body, r.status]).toEqual([body, 400]);
    }
    expect(
      (await setLimit({ vassalage: 'HGS', gameType: 'RNG', maxMultiple: 5, maxAmount: null }, finance)).status,
    ).toBe(403);
    const after = (await t.call({ method: 'GET', url: '/wps/operator/providers/win-limits', headers: bearer(admin) }))
      .body.value;
    expect(after).toEqual(before);
  });

  it('with no limits set, pays a 15-digit win at once', async () => {
    const p = await fundedPlayer(t, 1_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const big = await play(s, '100', '999999999999999');
    expect(big.answer.body.value).toEqual({ balance: '1000000000000899', currency: 'BRL' });
  });
});
