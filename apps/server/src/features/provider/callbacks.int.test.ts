import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  fundedPlayer,
  gameSession,
  launchToken,
  setupProviderWorld,
  sign,
  txId,
  vendorCall,
  type ProviderWorld,
} from '../../../test/factories/provider.ts';
import { checkLedger } from '../wallet/ledger-check/data.ts';
import { DEMO_HOUSE_SECRET } from './registry.ts';
import { walletKey } from './seamless/service.ts';

/**
 * The seamless-wallet callback API driven the way a hostile or broken vendor would drive it:
 * replays, conflicting payloads, rollbacks before bets, wins without bets, forged signatures,
 * stale timestamps, a storm of concurrent bets on one player. After every test the ledger's
 * invariants must still hold.
 */
let t: TestApp;
let world: ProviderWorld;

beforeAll(async () => {
  t = await createTestApp();
  world = await setupProviderWorld(t);
});
afterAll(() => t.close());
afterEach(async () => {
  const report = await checkLedger(t.ctx.db);
  expect(report.breaches).toEqual([]);
});

const balanceOf = async (memberId: number, merchantId: number) =>
  (await t.ctx.wallet.balance(merchantId, memberId)).balance;
const count = async (table: 'provider_transactions' | 'game_rounds' | 'ledger_transactions') =>
  Number(
    (
      (await t.ctx.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );
const snapshot = async () => ({
  ptx: await count('provider_transactions'),
  rounds: await count('game_rounds'),
  ledger: await count('ledger_transactions'),
});

const bet = (s: { sessionToken: string; playerId: string }, over: Record<string, unknown> = {}) => ({
  sessionToken: s.sessionToken,
  playerId: s.playerId,
  transactionId: txId('bet'),
  roundId: txId('round'),
  gameCode: 'HGS_DRAGON',
  amount: '500',
  currency: 'BRL',
  ...over,
});

describe('authenticate', () => {
  it('exchanges a launch token once for the player, currency and balance', async () => {
    const p = await fundedPlayer(t, 12_345n);
    const launch = await launchToken(t, p, world.games.HGS_DRAGON!);
    const r = await vendorCall<{
      playerId: string;
      balance: string;
      currency: string;
      demo: boolean;
      sessionToken: string;
    }>(t, 'authenticate', { launchToken: launch });
    expect(r.status).toBe(200);
    expect(r.body.value).toMatchObject({
      playerId: String(p.id),
      balance: '12345',
      currency: 'BRL',
      demo: false,
      gameCode: 'HGS_DRAGON',
    });
    const again = await vendorCall(t, 'authenticate', { launchToken: launch });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('INVALID_TOKEN');
  });

  it('refuses a forged signature without using up the token', async () => {
    const p = await fundedPlayer(t);
    const launch = await launchToken(t, p, world.games.HGS_DRAGON!);
    const forged = await vendorCall(t, 'authenticate', { launchToken: launch }, { secret: 'not-the-secret-at-all' });
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe('INVALID_SIGNATURE');
    const unsigned = await t.call({
      method: 'POST',
      url: '/provider/HOUSE/authenticate',
      payload: { launchToken: launch },
    });
    expect(unsigned.body.code).toBe('INVALID_SIGNATURE');
    const ok = await vendorCall(t, 'authenticate', { launchToken: launch });
    expect(ok.status).toBe(200);
  });

  it('refuses a body changed after signing and an unknown provider', async () => {
    const p = await fundedPlayer(t);
    const launch = await launchToken(t, p, world.games.HGS_DRAGON!);
    const ts = Date.now();
    const signed = JSON.stringify({ launchToken: launch });
    const tampered = await vendorCall(
      t,
      'authenticate',
      {},
      {
        raw: JSON.stringify({ launchToken: `${launch}x` }),
        signature: sign(DEMO_HOUSE_SECRET, ts, signed),
        timestamp: ts,
      },
    );
    expect(tampered.body.code).toBe('INVALID_SIGNATURE');
    const unknown = await vendorCall(t, 'authenticate', { launchToken: launch }, { provider: 'NOPE' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('UNKNOWN_PROVIDER');
  });
});

describe('bet and win', () => {
  it('debits, credits, and stores the round with balances before and after', async () => {
    const p = await fundedPlayer(t, 10_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const b = bet(s, { amount: '1000', detail: { kind: 'slot' } });
    const r1 = await vendorCall(t, 'bet', b);
    expect(r1.body.value).toEqual({ balance: '9000', currency: 'BRL' });
    const w = await vendorCall(t, 'win', {
      playerId: s.playerId,
      transactionId: txId('win'),
      roundId: b.roundId,
      gameCode: 'HGS_DRAGON',
      amount: '2500',
      currency: 'BRL',
      endRound: true,
      detail: { kind: 'slot', win: '2500' },
    });
    expect(w.body.value).toEqual({ balance: '11500', currency: 'BRL' });
    const round = (await t.ctx.db.execute(sql`SELECT * FROM game_rounds WHERE round_id = ${b.roundId}`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    expect(round.rows[0]).toMatchObject({ status: 'closed', member_id: p.id });
    expect(String(round.rows[0]!.balance_before)).toBe('10000');
    expect(String(round.rows[0]!.balance_after)).toBe('11500');
    expect(String(round.rows[0]!.bet_total)).toBe('1000');
    expect(String(round.rows[0]!.win_total)).toBe('2500');
  });

  it('answers a replayed bet with the original answer and applies it once', async () => {
    const p = await fundedPlayer(t, 10_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const b = bet(s, { amount: '700' });
    const first = await vendorCall(t, 'bet', b);
    // The balance moves on; the replay still answers what the first call answered.
    await vendorCall(t, 'bet', bet(s, { roundId: b.roundId, amount: '300' }));
    const before = await snapshot();
    const replay = await vendorCall(t, 'bet', b);
    expect(replay.status).toBe(200);
    expect(replay.body.value).toEqual(first.body.value);
    expect(await snapshot()).toEqual(before);
    expect(await balanceOf(p.id, p.merchantId)).toBe(9_000n);
  });

  it('refuses the same transaction id with a different payload and changes nothing', async () => {
    const p = await fundedPlayer(t, 10_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const b = bet(s, { amount: '700' });
    await vendorCall(t, 'bet', b);
    const before = await snapshot();
    const conflict = await vendorCall(t, 'bet', { ...b, amount: '701' });
    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe('TRANSACTION_CONFLICT');
    const otherRound = await vendorCall(t, 'bet', { ...b, roundId: txId('round') });
    expect(otherRound.body.code).toBe('TRANSACTION_CONFLICT');
    expect(await snapshot()).toEqual(before);
    expect(await balanceOf(p.id, p.merchantId)).toBe(9_300n);
  });

  it('refuses a bet beyond the balance with the current balance, changing nothing', async () => {
    const p = await fundedPlayer(t, 1_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const before = await snapshot();
    const r = await vendorCall(t, 'bet', bet(s, { amount: '1001' }));
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('INSUFFICIENT_FUNDS');
    expect(r.body.value).toEqual({ balance: '1000', currency: 'BRL' });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a win for a round with no bet as retryable, then takes it once the bet arrives', async () => {
    const p = await fundedPlayer(t, 5_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const b = bet(s, { amount: '100' });
    const win = {
      playerId: s.playerId,
      transactionId: txId('win'),
      roundId: b.roundId,
      gameCode: 'HGS_DRAGON',
      amount: '150',
      currency: 'BRL',
      endRound: true,
    };
    const before = await snapshot();
    const early = await vendorCall(t, 'win', win);
    expect(early.status).toBe(404);
    expect(early.body).toMatchObject({ code: 'ROUND_NOT_FOUND', value: { retryable: true } });
    expect(await snapshot()).toEqual(before);
    await vendorCall(t, 'bet', b);
    const late = await vendorCall(t, 'win', win);
    expect(late.body.value.balance).toBe('5050');
  });

  it('refuses a second win after the round ended, and a win for another player', async () => {
    const p = await fundedPlayer(t, 5_000n);
    const q = await fundedPlayer(t, 5_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const b = bet(s, { amount: '100' });
    await vendorCall(t, 'bet', b);
    const stolen = await vendorCall(t, 'win', {
      playerId: String(q.id),
      transactionId: txId('win'),
      roundId: b.roundId,
      gameCode: 'HGS_DRAGON',
      amount: '900',
      currency: 'BRL',
    });
    expect(stolen.body.code).toBe('INVALID_PLAYER');
    await vendorCall(t, 'win', {
      playerId: s.playerId,
      transactionId: txId('win'),
      roundId: b.roundId,
      gameCode: 'HGS_DRAGON',
      amount: '0',
      currency: 'BRL',
      endRound: true,
    });
    const after = await vendorCall(t, 'win', {
      playerId: s.playerId,
      transactionId: txId('win'),
      roundId: b.roundId,
      gameCode: 'HGS_DRAGON',
      amount: '50',
      currency: 'BRL',
    });
    expect(after.body.code).toBe('ROUND_CLOSED');
    expect(await balanceOf(q.id, q.merchantId)).toBe(5_000n);
    expect(await balanceOf(p.id, p.merchantId)).toBe(4_900n);
  });
});

describe('wins: many in one call', () => {
  it('applies each as a lone win would, answers each in order, and applies a repeated call once', async () => {
    const p = await fundedPlayer(t, 10_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const b1 = bet(s, { amount: '1000' });
    const b2 = bet(s, { amount: '500' });
    await vendorCall(t, 'bet', b1);
    await vendorCall(t, 'bet', b2);
    const win = (roundId: string, amount: string) => ({
      playerId: s.playerId,
      transactionId: `${roundId}-W`,
      roundId,
      gameCode: 'HGS_DRAGON',
      amount,
      currency: 'BRL',
      endRound: false,
    });
    const unknown = win(txId('round'), '100');
    const body = { wins: [win(b1.roundId, '2500'), win(b2.roundId, '0'), unknown] };
    const r = await vendorCall<{ results: Record<string, unknown>[] }>(t, 'wins', body);
    expect(r.status).toBe(200);
    expect(r.body.value.results).toEqual([
      { transactionId: `${b1.roundId}-W`, ok: true, balance: expect.any(String), currency: 'BRL' },
      { transactionId: `${b2.roundId}-W`, ok: true, balance: expect.any(String), currency: 'BRL' },
      {
        transactionId: unknown.transactionId,
        ok: false,
        code: 'ROUND_NOT_FOUND',
        message: expect.any(String),
        retryable: true,
      },
    ]);
    expect(await balanceOf(p.id, p.merchantId)).toBe(11_000n);
    const before = await snapshot();
    const again = await vendorCall<{ results: { ok: boolean }[] }>(t, 'wins', body);
    expect(again.body.value.results.map((x) => x.ok)).toEqual([true, true, false]);
    expect(await snapshot()).toEqual(before);
    expect(await balanceOf(p.id, p.merchantId)).toBe(11_000n);
    // A different amount under a used id is that item's conflict; an empty or oversized call is a 400.
    const conflict = await vendorCall<{ results: { code?: string }[] }>(t, 'wins', { wins: [win(b1.roundId, '9')] });
    expect(conflict.body.value.results[0]!.code).toBe('TRANSACTION_CONFLICT');
    expect((await vendorCall(t, 'wins', { wins: [] })).status).toBe(400);
    expect((await vendorCall(t, 'wins', { wins: Array.from({ length: 501 }, () => unknown) })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('a crash between the money and its record', () => {
  it('is repaired by the vendor’s retry: the ledger answers it as a replay, the round is recorded once', async () => {
    const p = await fundedPlayer(t, 3_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const b = bet(s, { amount: '400' });
    // The debit landed, then the process died before writing the transaction id and the round.
    await t.ctx.wallet.bet({
      merchantId: p.merchantId,
      memberId: p.id,
      amount: 400n,
      key: walletKey('HOUSE', b.transactionId),
      roundRef: `HOUSE:${b.roundId}`,
      gameRef: 'HGS_DRAGON',
      gameType: 'RNG',
      meta: { provider: 'HOUSE', roundId: b.roundId },
    });
    expect(await balanceOf(p.id, p.merchantId)).toBe(2_600n);
    const retry = await vendorCall(t, 'bet', b);
    expect(retry.body.value).toEqual({ balance: '2600', currency: 'BRL' });
    expect(await balanceOf(p.id, p.merchantId)).toBe(2_600n);
    const round = (await t.ctx.db.execute(
      sql`SELECT bet_total FROM game_rounds WHERE round_id = ${b.roundId}`,
    )) as unknown as { rows: { bet_total: string }[] };
    expect(round.rows.map((r) => String(r.bet_total))).toEqual(['400']);
    const again = await vendorCall(t, 'bet', b);
    expect(again.body.value).toEqual({ balance: '2600', currency: 'BRL' });
  });
});

describe('rollback', () => {
  it('refunds a bet once; a replayed rollback answers the same', async () => {
    const p = await fundedPlayer(t, 2_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const b = bet(s, { amount: '600' });
    await vendorCall(t, 'bet', b);
    const rb = {
      playerId: s.playerId,
      transactionId: txId('rb'),
      betTransactionId: b.transactionId,
      roundId: b.roundId,
      gameCode: 'HGS_DRAGON',
    };
    const r1 = await vendorCall(t, 'rollback', rb);
    expect(r1.body.value.balance).toBe('2000');
    const r2 = await vendorCall(t, 'rollback', rb);
    expect(r2.body.value).toEqual(r1.body.value);
    const other = await vendorCall(t, 'rollback', { ...rb, transactionId: txId('rb') });
    expect(other.body.value.balance).toBe('2000');
    expect(await balanceOf(p.id, p.merchantId)).toBe(2_000n);
    const win = await vendorCall(t, 'win', {
      playerId: s.playerId,
      transactionId: txId('win'),
      roundId: b.roundId,
      gameCode: 'HGS_DRAGON',
      amount: '500',
      currency: 'BRL',
    });
    expect(win.body.code).toBe('ROUND_CLOSED');
  });

  it('accepts a rollback that arrives before its bet, and then refuses the late bet', async () => {
    const p = await fundedPlayer(t, 2_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const b = bet(s, { amount: '600' });
    const rb = await vendorCall(t, 'rollback', {
      playerId: s.playerId,
      transactionId: txId('rb'),
      betTransactionId: b.transactionId,
      roundId: b.roundId,
      gameCode: 'HGS_DRAGON',
    });
    expect(rb.status).toBe(200);
    expect(rb.body.value).toEqual({ balance: '2000', currency: 'BRL' });
    const before = await snapshot();
    const late = await vendorCall(t, 'bet', b);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('TRANSACTION_ROLLED_BACK');
    expect(await snapshot()).toEqual(before);
    expect(await balanceOf(p.id, p.merchantId)).toBe(2_000n);
  });

  it('refuses to roll back a win or another player’s bet', async () => {
    const p = await fundedPlayer(t, 2_000n);
    const q = await fundedPlayer(t, 2_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const b = bet(s, { amount: '100' });
    await vendorCall(t, 'bet', b);
    const w = {
      playerId: s.playerId,
      transactionId: txId('win'),
      roundId: b.roundId,
      gameCode: 'HGS_DRAGON',
      amount: '300',
      currency: 'BRL',
      endRound: false,
    };
    await vendorCall(t, 'win', w);
    const onWin = await vendorCall(t, 'rollback', {
      playerId: s.playerId,
      transactionId: txId('rb'),
      betTransactionId: w.transactionId,
      roundId: b.roundId,
      gameCode: 'HGS_DRAGON',
    });
    expect(onWin.body.code).toBe('NOT_ROLLBACKABLE');
    const foreign = await vendorCall(t, 'rollback', {
      playerId: String(q.id),
      transactionId: txId('rb'),
      betTransactionId: b.transactionId,
      roundId: b.roundId,
      gameCode: 'HGS_DRAGON',
    });
    expect(foreign.body.code).toBe('INVALID_PLAYER');
    expect(await balanceOf(p.id, p.merchantId)).toBe(2_200n);
  });
});

describe('signatures and timestamps', () => {
  it('refuses a bet with a bad signature or a stale timestamp, changing nothing', async () => {
    const p = await fundedPlayer(t, 2_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const b = bet(s);
    const before = await snapshot();
    const bad = await vendorCall(t, 'bet', b, { signature: 'ab'.repeat(32) });
    expect([bad.status, bad.body.code]).toEqual([401, 'INVALID_SIGNATURE']);
    const stale = await vendorCall(t, 'bet', b, { timestamp: Date.now() - 5 * 60_000 });
    expect([stale.status, stale.body.code]).toEqual([401, 'TIMESTAMP_EXPIRED']);
    const future = await vendorCall(t, 'bet', b, { timestamp: Date.now() + 5 * 60_000 });
    expect(future.body.code).toBe('TIMESTAMP_EXPIRED');
    expect(await snapshot()).toEqual(before);
    expect(await balanceOf(p.id, p.merchantId)).toBe(2_000n);
  });

  it('validates a signed body against the contract: one message per field', async () => {
    const p = await fundedPlayer(t, 2_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const r = await vendorCall(t, 'bet', { ...bet(s), amount: '-5', extra: 1 });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(r.body.fields ?? {})).toEqual(expect.arrayContaining(['amount', 'extra']));
    const zero = await vendorCall(t, 'bet', { ...bet(s), amount: '0' });
    expect(zero.body.fields?.amount).toBeDefined();
  });
});

describe('who may bet', () => {
  it('refuses a frozen player', async () => {
    const p = await fundedPlayer(t, 2_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    await t.ctx.db.execute(sql`UPDATE members SET status = 'frozen' WHERE id = ${p.id}`);
    const before = await snapshot();
    const r = await vendorCall(t, 'bet', bet(s));
    expect([r.status, r.body.code]).toEqual([403, 'ACCOUNT_FROZEN']);
    expect(await snapshot()).toEqual(before);
    await t.ctx.db.execute(sql`UPDATE members SET status = 'active' WHERE id = ${p.id}`);
  });

  it('re-checks on every bet what can change, after the session is known: frozen, expired, a closed round, a repeated id', async () => {
    const p = await fundedPlayer(t, 5_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const first = bet(s);
    expect((await vendorCall(t, 'bet', first)).status).toBe(200);
    // A repeated id on the remembered session still gets its stored answer, and a changed payload the conflict.
    const again = await vendorCall<{ balance: string }>(t, 'bet', first);
    expect([again.status, again.body.value.balance]).toEqual([200, '4500']);
    expect((await vendorCall(t, 'bet', { ...first, amount: '101' })).body.code).toBe('TRANSACTION_CONFLICT');
    // A win that closes the round, then a bet on it: refused, nothing moves.
    const closing = {
      playerId: s.playerId,
      transactionId: txId('win'),
      roundId: first.roundId,
      gameCode: 'HGS_DRAGON',
      amount: '0',
      currency: 'BRL',
      endRound: true,
    };
    expect((await vendorCall<{ balance: string }>(t, 'win', closing)).body.value.balance).toBe('4500');
    expect((await vendorCall<{ balance: string }>(t, 'win', closing)).body.value.balance).toBe('4500');
    let before = await snapshot();
    expect((await vendorCall(t, 'bet', bet(s, { roundId: first.roundId }))).body.code).toBe('ROUND_CLOSED');
    expect(await snapshot()).toEqual(before);
    // Frozen after the session became known.
    await t.ctx.db.execute(sql`UPDATE members SET status = 'frozen' WHERE id = ${p.id}`);
    before = await snapshot();
    expect((await vendorCall(t, 'bet', bet(s))).body.code).toBe('ACCOUNT_FROZEN');
    expect(await snapshot()).toEqual(before);
    await t.ctx.db.execute(sql`UPDATE members SET status = 'active' WHERE id = ${p.id}`);
    expect((await vendorCall(t, 'bet', bet(s))).status).toBe(200);
    // Expired after the session became known.
    await t.ctx.db.execute(
      sql`UPDATE game_launches SET session_expires_at = now() - interval '1 second' WHERE member_id = ${p.id}`,
    );
    before = await snapshot();
    expect((await vendorCall(t, 'bet', bet(s))).body.code).toBe('INVALID_TOKEN');
    expect(await snapshot()).toEqual(before);
    expect(await balanceOf(p.id, p.merchantId)).toBe(4_000n);
  });

  it('gives a free-trial session no wallet: its bets are refused', async () => {
    const launch = await launchToken(t, null, world.games.HGS_TRIAL!, true);
    const auth = await vendorCall<{ sessionToken: string; playerId: string; demo: boolean }>(t, 'authenticate', {
      launchToken: launch,
    });
    expect(auth.body.value.demo).toBe(true);
    const r = await vendorCall(t, 'bet', bet(auth.body.value));
    expect(r.body.code).toBe('INVALID_TOKEN');
    const bal = await vendorCall(t, 'balance', { sessionToken: auth.body.value.sessionToken });
    expect(bal.body.code).toBe('DEMO_SESSION');
  });

  it('refuses a session token that is not one', async () => {
    const r = await vendorCall(t, 'bet', { ...bet({ sessionToken: 'x'.repeat(43), playerId: '1' }) });
    expect([r.status, r.body.code]).toEqual([401, 'INVALID_TOKEN']);
  });
});

describe('concurrency on one player', () => {
  it('applies exactly as many concurrent bets as the balance covers, and each id once', async () => {
    const p = await fundedPlayer(t, 2_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const bets = Array.from({ length: 30 }, () => bet(s, { amount: '100' }));
    // Every bet is sent twice at once: a vendor retrying on a timeout.
    const results = await Promise.all([...bets, ...bets].map((b) => vendorCall(t, 'bet', b)));
    const okIds = new Set(results.filter((r) => r.body.success).map((_, i) => i));
    const applied = new Set(results.flatMap((r, i) => (r.body.success ? [[...bets, ...bets][i]!.transactionId] : [])));
    expect(okIds.size).toBeGreaterThanOrEqual(20);
    expect(applied.size).toBe(20);
    for (const r of results.filter((x) => !x.body.success)) expect(r.body.code).toBe('INSUFFICIENT_FUNDS');
    expect(await balanceOf(p.id, p.merchantId)).toBe(0n);
    const ledgerBets = (await t.ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE member_id = ${p.id} AND kind = 'bet'`,
    )) as unknown as { rows: { n: number }[] };
    expect(ledgerBets.rows[0]!.n).toBe(20);
  });

  it('keeps bets and wins of many rounds consistent under concurrency', async () => {
    const p = await fundedPlayer(t, 50_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const rounds = Array.from({ length: 25 }, (_, i) => ({ b: bet(s, { amount: '200' }), win: String(i * 10) }));
    await Promise.all(
      rounds.map(async ({ b, win }) => {
        const r = await vendorCall(t, 'bet', b);
        expect(r.body.success).toBe(true);
        const w = await vendorCall(t, 'win', {
          playerId: s.playerId,
          transactionId: `${b.transactionId}-w`,
          roundId: b.roundId,
          gameCode: 'HGS_DRAGON',
          amount: win,
          currency: 'BRL',
          endRound: true,
        });
        expect(w.body.success).toBe(true);
      }),
    );
    const wins = rounds.reduce((a, r) => a + BigInt(r.win), 0n);
    expect(await balanceOf(p.id, p.merchantId)).toBe(50_000n - 25n * 200n + wins);
  });
});
