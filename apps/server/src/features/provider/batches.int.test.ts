import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
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
import { rowsOf } from '../../../test/rows.ts';
import { hashToken } from '../../lib/tokens.ts';
import { walletKey } from './seamless/service.ts';

/**
 * Bets and wins in batches (decision 043): many vendors' calls answered by one statement, each
 * exactly as if it had come alone, with the refusals of the careful path, and the ledger whole.
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

const balanceOf = async (p: Player) => (await t.ctx.wallet.balance(p.merchantId, p.id)).balance;
const count = async (table: string) =>
  rowsOf<{ n: number }>(await t.ctx.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]!.n;
type Session = Awaited<ReturnType<typeof gameSession>>;
const bet = (s: Session, over: Record<string, unknown> = {}) => ({
  sessionToken: s.sessionToken,
  playerId: s.playerId,
  transactionId: txId('bet'),
  roundId: txId('round'),
  gameCode: 'HGS_DRAGON',
  amount: '500',
  currency: 'BRL',
  ...over,
});
const win = (s: Session, roundId: string, amount: string, over: Record<string, unknown> = {}) => ({
  playerId: s.playerId,
  transactionId: txId('win'),
  roundId,
  gameCode: 'HGS_DRAGON',
  amount,
  currency: 'BRL',
  endRound: true,
  ...over,
});
/** Players whose sessions this process has seen (a first bet each), so their next calls may be batched. */
const warmPlayers = async (n: number, funds = 10_000n) =>
  Promise.all(
    Array.from({ length: n }, async () => {
      const p = await fundedPlayer(t, funds);
      const s = await gameSession(t, p, world.games.HGS_DRAGON!);
      const first = await vendorCall(t, 'bet', bet(s, { amount: '100' }));
      expect(first.status).toBe(200);
      return { p, s };
    }),
  );

describe('seamless calls in batches', () => {
  it("answers many players' concurrent bets and wins from shared statements, each as if alone", async () => {
    const players = await warmPlayers(12);
    const { bets } = t.ctx.providers.seamless;
    const before = { ...bets.stats };
    const rounds = players.map(() => txId('round'));
    const answers = await Promise.all(
      players.map(({ s }, i) => vendorCall(t, 'bet', bet(s, { roundId: rounds[i], amount: String(100 * (i + 1)) }))),
    );
    answers.forEach((r, i) =>
      expect(r.body.value).toEqual({ balance: String(9_900 - 100 * (i + 1)), currency: 'BRL' }),
    );
    // At least one statement carried more than one bet.
    expect(bets.stats.items - before.items).toBeGreaterThan(bets.stats.batches - before.batches);
    expect(bets.stats.failed).toBe(before.failed);

    const wins = await Promise.all(
      players.map(({ s }, i) => vendorCall(t, 'win', win(s, rounds[i]!, i % 2 ? '0' : '1000'))),
    );
    wins.forEach((r, i) =>
      expect(r.body.value).toEqual({ balance: String(9_900 - 100 * (i + 1) + (i % 2 ? 0 : 1000)), currency: 'BRL' }),
    );
    const stored = rowsOf<{
      round_id: string;
      status: string;
      bet_total: string;
      win_total: string;
      balance_before: string;
      balance_after: string;
    }>(
      await t.ctx.db
        .execute(sql`SELECT round_id, status, bet_total::text, win_total::text, balance_before::text, balance_after::text
                                   FROM game_rounds WHERE round_id IN (${sql.join(
                                     rounds.map((r) => sql`${r}`),
                                     sql`, `,
                                   )})`),
    );
    expect(stored).toHaveLength(12);
    for (const r of stored) {
      const i = rounds.indexOf(r.round_id);
      expect(r).toMatchObject({
        status: 'closed',
        bet_total: String(100 * (i + 1)),
        win_total: i % 2 ? '0' : '1000',
        balance_before: '9900',
      });
      expect(r.balance_after).toBe(String(9_900 - 100 * (i + 1) + (i % 2 ? 0 : 1000)));
    }
  });

  it('gives each call of a mixed batch its own answer: refusals write nothing, replays answer the original', async () => {
    const [ok, poor, frozen, replayed, conflicting] = await warmPlayers(5, 1_000n);
    const earlier = bet(replayed!.s, { amount: '200' });
    const original = await vendorCall(t, 'bet', earlier);
    const taken = bet(conflicting!.s, { amount: '300' });
    expect((await vendorCall(t, 'bet', taken)).status).toBe(200);
    await t.ctx.db.execute(sql`UPDATE members SET status = 'frozen' WHERE id = ${frozen!.p.id}`);
    const rows = {
      ledger: await count('ledger_transactions'),
      ptx: await count('provider_transactions'),
      rounds: await count('game_rounds'),
    };

    const [a, b, c, d, e] = await Promise.all([
      vendorCall(t, 'bet', bet(ok!.s, { amount: '250' })),
      vendorCall(t, 'bet', bet(poor!.s, { amount: '5000' })),
      vendorCall(t, 'bet', bet(frozen!.s, { amount: '10' })),
      vendorCall(t, 'bet', earlier),
      vendorCall(t, 'bet', { ...taken, amount: '301' }),
    ]);
    expect(a.body.value).toEqual({ balance: '650', currency: 'BRL' });
    expect(b.body).toMatchObject({ success: false, code: 'INSUFFICIENT_FUNDS' });
    expect(c.body).toMatchObject({ success: false, code: 'ACCOUNT_FROZEN' });
    expect(d.body.value).toEqual(original.body.value);
    expect(e.body).toMatchObject({ success: false, code: 'TRANSACTION_CONFLICT' });
    // Only the one good bet wrote anything: its ledger transaction, its id and its round.
    expect({
      ledger: await count('ledger_transactions'),
      ptx: await count('provider_transactions'),
      rounds: await count('game_rounds'),
    }).toEqual({ ledger: rows.ledger + 1, ptx: rows.ptx + 1, rounds: rows.rounds + 1 });
    expect(await balanceOf(poor!.p)).toBe(900n);
    expect(await balanceOf(frozen!.p)).toBe(900n);
    await t.ctx.db.execute(sql`UPDATE members SET status = 'active' WHERE id = ${frozen!.p.id}`);
  });

  it('refuses a late bet whose rollback came first, beside a good bet in the same batch', async () => {
    const [late, good] = await warmPlayers(2);
    const b = bet(late!.s, { amount: '600' });
    const rb = await vendorCall(t, 'rollback', {
      playerId: late!.s.playerId,
      transactionId: txId('rb'),
      betTransactionId: b.transactionId,
      roundId: b.roundId,
      gameCode: 'HGS_DRAGON',
    });
    expect(rb.body.value).toEqual({ balance: '9900', currency: 'BRL' });
    const rows = {
      ledger: await count('ledger_transactions'),
      ptx: await count('provider_transactions'),
      rounds: await count('game_rounds'),
    };
    const [refused, ok] = await Promise.all([
      vendorCall(t, 'bet', b),
      vendorCall(t, 'bet', bet(good!.s, { amount: '600' })),
    ]);
    expect(refused.body).toMatchObject({ success: false, code: 'TRANSACTION_ROLLED_BACK' });
    expect(ok.body.value).toEqual({ balance: '9300', currency: 'BRL' });
    expect({
      ledger: await count('ledger_transactions'),
      ptx: await count('provider_transactions'),
      rounds: await count('game_rounds'),
    }).toEqual({ ledger: rows.ledger + 1, ptx: rows.ptx + 1, rounds: rows.rounds + 1 });
    expect(await balanceOf(late!.p)).toBe(9_900n);
  });

  it('refuses a win for a closed round in a batch with good ones, and pays the good ones once', async () => {
    const players = await warmPlayers(3);
    const rounds = players.map(() => txId('round'));
    await Promise.all(players.map(({ s }, i) => vendorCall(t, 'bet', bet(s, { roundId: rounds[i] }))));
    expect((await vendorCall(t, 'win', win(players[0]!.s, rounds[0]!, '0'))).status).toBe(200);
    const late = win(players[0]!.s, rounds[0]!, '700');
    const paid = players.slice(1).map(({ s }, i) => win(s, rounds[i + 1]!, '700'));
    const [closed, ...good] = await Promise.all([
      vendorCall(t, 'win', late),
      ...paid.map((w) => vendorCall(t, 'win', w)),
    ]);
    expect(closed.body).toMatchObject({ success: false, code: 'ROUND_CLOSED' });
    for (const r of good) expect(r.body.value).toEqual({ balance: '10100', currency: 'BRL' });
    // The vendor retries the good ones: the stored answers, nothing paid twice.
    const again = await Promise.all(paid.map((w) => vendorCall(t, 'win', w)));
    for (const r of again) expect(r.body.value).toEqual({ balance: '10100', currency: 'BRL' });
    expect(await balanceOf(players[0]!.p)).toBe(9_400n);
    for (const { p } of players.slice(1)) expect(await balanceOf(p)).toBe(10_100n);
  });
});

/** The database's own message of a refused statement (drizzle wraps it as the cause). */
const refusal = (q: Promise<unknown>) =>
  q.then(
    () => 'no error',
    (err: { message?: string; cause?: { message?: string } }) => err.cause?.message ?? err.message ?? String(err),
  );

describe('a batch that fails as a whole', () => {
  it('is reported, answers every call null and writes nothing', async () => {
    const { p, s } = (await warmPlayers(1))[0]!;
    const seamless = t.ctx.providers.seamless;
    const reported: number[] = [];
    const before = seamless.onBatchFailure;
    seamless.onBatchFailure = (_err, size) => reported.push(size);
    const rows = { ledger: await count('ledger_transactions'), ptx: await count('provider_transactions') };
    const key = walletKey('HOUSE', txId('bad'));
    const move = await t.ctx.wallet.gameMoveFor('bet', {
      merchantId: p.merchantId,
      memberId: p.id,
      amount: 100n,
      key,
      roundRef: 'HOUSE:bad',
    });
    // A bet whose ledger side credits the member: the ledger refuses the statement.
    const answer = await seamless.bets.submit({
      provider: 'HOUSE',
      transactionId: txId('bad'),
      roundId: txId('round'),
      memberId: p.id,
      merchantId: p.merchantId,
      amount: '100',
      currency: 'BRL',
      fingerprint: 'x',
      vassalage: 'HGS',
      gameId: null,
      gameCode: 'HGS_DRAGON',
      gameType: 'RNG',
      detail: null,
      sessionHash: hashToken(s.sessionToken),
      move: { ...move, amount: '100' },
    });
    seamless.onBatchFailure = before;
    expect(answer).toBeNull();
    expect(reported).toEqual([1]);
    expect({ ledger: await count('ledger_transactions'), ptx: await count('provider_transactions') }).toEqual(rows);
    expect(await balanceOf(p)).toBe(9_900n);
  });
});

describe('ledger_post_moves', () => {
  const moveOf = async (p: Player, kind: 'bet' | 'win', amount: bigint) =>
    t.ctx.wallet.placeOnLane(
      await t.ctx.wallet.gameMoveFor(kind, {
        merchantId: p.merchantId,
        memberId: p.id,
        amount,
        key: walletKey('TEST', txId('mv')),
        roundRef: txId('r'),
      }),
      0,
    );
  const post = (moves: unknown[]) =>
    t.ctx.db.execute(sql`SELECT * FROM ledger_post_moves(${JSON.stringify(moves)}::jsonb)`).then(rowsOf);
  const ledgerRows = async () => ({ tx: await count('ledger_transactions'), postings: await count('ledger_postings') });

  it("posts each move with the member's balance after it and leaves out a key already taken", async () => {
    const [p1, p2] = await Promise.all([fundedPlayer(t, 5_000n), fundedPlayer(t, 5_000n)]);
    const taken = await moveOf(p1!, 'bet', 100n);
    expect(await post([taken])).toHaveLength(1);
    const fresh = await moveOf(p2!, 'win', 250n);
    const rows = await post([{ ...taken }, fresh]);
    expect(rows.map((r) => [r.o_key, String(r.o_balance_after)])).toEqual([[fresh.key, '5250']]);
    expect(await balanceOf(p1!)).toBe(4_900n);
  });

  it('writes nothing of a batch when one move would overdraw, names a missing account, or repeats a member', async () => {
    const [rich, poor] = await Promise.all([fundedPlayer(t, 5_000n), fundedPlayer(t, 100n)]);
    const before = await ledgerRows();
    expect(await refusal(post([await moveOf(rich!, 'bet', 10n), await moveOf(poor!, 'bet', 101n)]))).toMatch(
      /ledger_accounts_non_negative_ck/,
    );
    expect(await refusal(post([{ ...(await moveOf(rich!, 'bet', 10n)), house_account: 987_654_321 }]))).toMatch(
      /does not exist/,
    );
    expect(await refusal(post([await moveOf(rich!, 'bet', 10n), await moveOf(rich!, 'win', 10n)]))).toMatch(
      /at most once/,
    );
    expect(await refusal(post([{ ...(await moveOf(rich!, 'bet', 10n)), amount: '10' }]))).toMatch(
      /a bet \(member pays\)/,
    );
    expect(await ledgerRows()).toEqual(before);
    expect(await balanceOf(rich!)).toBe(5_000n);
    expect(await balanceOf(poor!)).toBe(100n);
  });

  it('pays several wins of one member in one batch, each its own transaction with its running balance', async () => {
    const [p1, p2] = await Promise.all([fundedPlayer(t, 1_000n), fundedPlayer(t, 1_000n)]);
    const before = await ledgerRows();
    // Keys in a known order: a member's wins are posted in the order of their keys.
    const base = txId('several');
    const keyed = async (p: Player, amount: bigint, n: number) => ({
      ...(await moveOf(p, 'win', amount)),
      key: `${base}-${n}`,
    });
    const wins = [
      await keyed(p1!, 100n, 1),
      await keyed(p2!, 5n, 2),
      await keyed(p1!, 20n, 3),
      await keyed(p1!, 3n, 4),
    ];
    const rows = await post(wins);
    // One answer per win, each with the member's balance after it.
    expect(new Map(rows.map((r) => [r.o_key, String(r.o_balance_after)]))).toEqual(
      new Map([
        [wins[0]!.key, '1100'],
        [wins[2]!.key, '1120'],
        [wins[3]!.key, '1123'],
        [wins[1]!.key, '1005'],
      ]),
    );
    expect(await ledgerRows()).toEqual({ tx: before.tx + 4, postings: before.postings + 8 });
    expect(await balanceOf(p1!)).toBe(1_123n);
    expect(await balanceOf(p2!)).toBe(1_005n);
    // The same keys again: each is left out, nothing moves twice.
    expect(await post(wins)).toEqual([]);
    expect(await balanceOf(p1!)).toBe(1_123n);
    // With a bet among them a repeated member is still refused, as its guard read the balance before the batch.
    expect(await refusal(post([await moveOf(p2!, 'win', 1n), await moveOf(p2!, 'bet', 1n)]))).toMatch(/at most once/);
    expect(await balanceOf(p2!)).toBe(1_005n);
  });

  it('keeps the posting trigger for every other writer', async () => {
    const p = await fundedPlayer(t, 1_000n);
    const account = (await t.ctx.wallet.walletOf(p.merchantId, p.id)).accountId;
    expect(
      await refusal(
        t.ctx.db.execute(
          sql`INSERT INTO ledger_postings (transaction_id, account_id, amount) VALUES (1, ${account}, 5)`,
        ),
      ),
    ).toMatch(/written by ledger_post/);
    expect(
      await refusal(t.ctx.db.execute(sql`UPDATE ledger_accounts SET balance = balance + 5 WHERE id = ${account}`)),
    ).toMatch(/only through a posting/);
  });
});
