import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createMember, fund, type TestMember } from '../../../test/factories/wallet.ts';
import { checkLedger } from './ledger-check/data.ts';

let t: TestApp;
let merchantId: number;
beforeAll(async () => {
  t = await createTestApp();
  merchantId = await t.ctx.merchants.resolveId('localhost');
});
afterAll(() => t.close());

const balanceOf = async (m: TestMember) => (await t.ctx.wallet.balance(m.merchantId, m.id)).balance;
const txCount = async () => {
  const r = (await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM ledger_transactions`)) as unknown as {
    rows: { n: number }[];
  };
  return r.rows[0]!.n;
};
const expectError = async (p: Promise<unknown>, code: string) => {
  await expect(p).rejects.toMatchObject({ code });
};

describe('wallet core: bets, wins, rollbacks', () => {
  it('debits a bet to the house and credits a win back, with balances after each', async () => {
    const m = await createMember(t.ctx);
    await fund(t.ctx, m, 10_000n);
    const bet = await t.ctx.wallet.bet({
      merchantId,
      memberId: m.id,
      amount: 2_500n,
      key: 'v1:b1',
      roundRef: 'r1',
      gameType: 'RNG',
    });
    expect(bet).toMatchObject({ replay: false, balance: 7_500n, currency: 'BRL' });
    const win = await t.ctx.wallet.win({
      merchantId,
      memberId: m.id,
      amount: 4_000n,
      key: 'v1:w1',
      roundRef: 'r1',
      gameType: 'RNG',
    });
    expect(win.balance).toBe(11_500n);
    expect(await balanceOf(m)).toBe(11_500n);
  });

  it('answers a replay with the stored original result and refuses the key with another payload', async () => {
    const m = await createMember(t.ctx);
    await fund(t.ctx, m, 1_000n);
    const first = await t.ctx.wallet.bet({ merchantId, memberId: m.id, amount: 300n, key: 'v1:b2', roundRef: 'r2' });
    await fund(t.ctx, m, 5_000n);
    const again = await t.ctx.wallet.bet({ merchantId, memberId: m.id, amount: 300n, key: 'v1:b2', roundRef: 'r2' });
    expect(again).toMatchObject({ replay: true, transactionId: first.transactionId, balance: 700n });
    expect(await balanceOf(m)).toBe(5_700n);
    const before = await txCount();
    await expectError(
      t.ctx.wallet.bet({ merchantId, memberId: m.id, amount: 301n, key: 'v1:b2', roundRef: 'r2' }),
      'IDEMPOTENCY_CONFLICT',
    );
    expect(await txCount()).toBe(before);
    expect(await balanceOf(m)).toBe(5_700n);
  });

  it('refuses a bet beyond the balance with the balance, and changes nothing', async () => {
    const m = await createMember(t.ctx);
    await fund(t.ctx, m, 100n);
    const before = await txCount();
    await expect(
      t.ctx.wallet.bet({ merchantId, memberId: m.id, amount: 101n, key: 'v1:b3', roundRef: 'r3' }),
    ).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      status: 409,
      value: { balance: '100' },
    });
    expect(await txCount()).toBe(before);
    expect(await balanceOf(m)).toBe(100n);
    // The key was not used up: the same bet succeeds once there is money.
    await fund(t.ctx, m, 1n);
    expect(
      (await t.ctx.wallet.bet({ merchantId, memberId: m.id, amount: 101n, key: 'v1:b3', roundRef: 'r3' })).balance,
    ).toBe(0n);
  });

  it('rolls a bet back once, whatever the number or keys of the rollbacks', async () => {
    const m = await createMember(t.ctx);
    await fund(t.ctx, m, 1_000n);
    await t.ctx.wallet.bet({ merchantId, memberId: m.id, amount: 400n, key: 'v1:b4', roundRef: 'r4' });
    const rb = await t.ctx.wallet.rollback({ merchantId, key: 'v1:rb4', debitKey: 'v1:b4' });
    expect(rb).toMatchObject({ outcome: 'reversed', replay: false, balance: 1_000n, memberId: m.id });
    const replay = await t.ctx.wallet.rollback({ merchantId, key: 'v1:rb4', debitKey: 'v1:b4' });
    expect(replay).toMatchObject({
      outcome: 'reversed',
      replay: true,
      transactionId: rb.transactionId,
      balance: 1_000n,
    });
    const other = await t.ctx.wallet.rollback({ merchantId, key: 'v1:rb4-other', debitKey: 'v1:b4' });
    expect(other).toMatchObject({ replay: true, transactionId: rb.transactionId });
    expect(await balanceOf(m)).toBe(1_000n);
    await expectError(
      t.ctx.wallet.rollback({ merchantId, key: 'v1:rb4', debitKey: 'v1:other' }),
      'IDEMPOTENCY_CONFLICT',
    );
  });

  it('leaves a tombstone when the rollback comes first, and refuses the late bet', async () => {
    const m = await createMember(t.ctx);
    await fund(t.ctx, m, 1_000n);
    const rb = await t.ctx.wallet.rollback({ merchantId, key: 'v1:rb5', debitKey: 'v1:b5' });
    expect(rb.outcome).toBe('tombstone');
    await expectError(
      t.ctx.wallet.bet({ merchantId, memberId: m.id, amount: 400n, key: 'v1:b5', roundRef: 'r5' }),
      'TRANSACTION_ROLLED_BACK',
    );
    expect(await balanceOf(m)).toBe(1_000n);
    expect((await t.ctx.wallet.rollback({ merchantId, key: 'v1:rb5', debitKey: 'v1:b5' })).outcome).toBe('tombstone');
  });

  it('refuses to roll back something that is not a bet', async () => {
    const m = await createMember(t.ctx);
    await fund(t.ctx, m, 1_000n, 'fund:not-a-bet');
    await expectError(
      t.ctx.wallet.rollback({ merchantId, key: 'v1:rb6', debitKey: 'fund:not-a-bet' }),
      'NOT_ROLLBACKABLE',
    );
    await t.ctx.wallet.win({ merchantId, memberId: m.id, amount: 5n, key: 'v1:w6', roundRef: 'r6' });
    await expectError(t.ctx.wallet.rollback({ merchantId, key: 'v1:rb6b', debitKey: 'v1:w6' }), 'NOT_ROLLBACKABLE');
    expect(await balanceOf(m)).toBe(1_005n);
  });
});

describe('wallet core: transfers and multi-leg movements', () => {
  it('moves all legs or none', async () => {
    const a = await createMember(t.ctx);
    const b = await createMember(t.ctx);
    await fund(t.ctx, a, 500n);
    const before = await txCount();
    await expectError(
      t.ctx.wallet.post({
        merchantId,
        key: 'multi:1',
        kind: 'transfer',
        legs: [
          { account: { member: a.id }, amount: -300n },
          { account: { member: b.id }, amount: 600n },
          { account: { member: a.id }, amount: -300n },
        ],
      }),
      'INSUFFICIENT_FUNDS',
    );
    expect(await txCount()).toBe(before);
    expect(await balanceOf(a)).toBe(500n);
    expect(await balanceOf(b)).toBe(0n);
    const ok = await t.ctx.wallet.transfer({
      merchantId,
      from: { member: a.id },
      to: { member: b.id },
      amount: 200n,
      key: 'tr:1',
    });
    expect(ok.balance).toBe(300n);
    expect(await balanceOf(b)).toBe(200n);
  });

  it('refuses legs that do not sum to zero, zero amounts and a single account', async () => {
    const a = await createMember(t.ctx);
    await expectError(
      t.ctx.wallet.post({
        merchantId,
        key: 'bad:1',
        kind: 'x',
        legs: [
          { account: { member: a.id }, amount: 1n },
          { account: { system: 'bonus' }, amount: 2n },
        ],
      }),
      'LEDGER_INVALID',
    );
    await expectError(
      t.ctx.wallet.transfer({ merchantId, from: { member: a.id }, to: { member: a.id }, amount: 5n, key: 'bad:2' }),
      'LEDGER_INVALID',
    );
    await expectError(
      t.ctx.wallet.transfer({ merchantId, from: { system: 'bonus' }, to: { member: a.id }, amount: 0n, key: 'bad:3' }),
      'LEDGER_INVALID',
    );
  });

  it('keeps play money (trial accounts) apart from real money', async () => {
    const trial = await createMember(t.ctx, { type: 4 });
    const real = await createMember(t.ctx);
    await fund(t.ctx, real, 100n);
    expect((await t.ctx.wallet.walletOf(merchantId, trial.id)).currency).toBe('PLAY');
    await expectError(
      t.ctx.wallet.transfer({
        merchantId,
        from: { member: real.id },
        to: { member: trial.id },
        amount: 5n,
        key: 'mix:1',
      }),
      'CURRENCY_MISMATCH',
    );
  });

  it('opens agents an agent wallet and refuses a member of another merchant', async () => {
    const agent = await createMember(t.ctx, { type: 1 });
    expect((await t.ctx.wallet.walletOf(merchantId, agent.id)).kind).toBe('agent');
    await expectError(t.ctx.wallet.balance(merchantId + 999, agent.id), 'NOT_FOUND');
  });

  it('rolls a movement back with the caller’s transaction', async () => {
    const a = await createMember(t.ctx);
    await fund(t.ctx, a, 100n);
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await t.ctx.wallet.transfer({
          merchantId,
          from: { member: a.id },
          to: { system: 'pending_withdrawal' },
          amount: 60n,
          key: 'outer:1',
          db: tx,
        });
        throw new Error('the rest of the work failed');
      }),
    ).rejects.toThrow('the rest of the work failed');
    expect(await balanceOf(a)).toBe(100n);
    expect(await t.ctx.wallet.findByKey(merchantId, 'outer:1')).toBeNull();
  });
});

describe('the database guards the ledger itself', () => {
  it('refuses to update or delete postings and transactions, and to set a balance directly', async () => {
    const m = await createMember(t.ctx);
    await fund(t.ctx, m, 50n);
    // The database's own words (drizzle wraps them in its error's cause).
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => 'accepted',
        (e: { message?: string; cause?: { message?: string } }) => e.cause?.message ?? e.message ?? '',
      );
    expect(await refusal(t.ctx.db.execute(sql`UPDATE ledger_postings SET amount = amount * 2`))).toMatch(/append-only/);
    expect(await refusal(t.ctx.db.execute(sql`DELETE FROM ledger_transactions`))).toMatch(/append-only/);
    expect(await refusal(t.ctx.db.execute(sql`UPDATE ledger_accounts SET balance = balance + 1`))).toMatch(
      /only through a posting/,
    );
    await expect(
      t.ctx.db.execute(
        sql`INSERT INTO ledger_transactions (merchant_id, idempotency_key, kind, fingerprint) VALUES (${merchantId}, 'raw:1', 'x', 'f')`,
      ),
    ).resolves.toBeDefined();
    // A posting written by anything but ledger_post / ledger_rollback is refused, balanced or not.
    const acc = await t.ctx.wallet.walletOf(merchantId, m.id);
    expect(
      await refusal(
        t.ctx.db.transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO ledger_postings (transaction_id, account_id, amount)
            SELECT id, ${acc.accountId}, 10 FROM ledger_transactions WHERE idempotency_key = 'raw:1'`);
        }),
      ),
    ).toMatch(/written by ledger_post and ledger_rollback only/);
    expect(
      await refusal(
        t.ctx.db.execute(sql`INSERT INTO ledger_postings (transaction_id, account_id, amount)
          SELECT t.id, a.id, -51 FROM ledger_transactions t, ledger_accounts a WHERE t.idempotency_key = 'raw:1' AND a.owner_id = ${m.id}`),
      ),
    ).toMatch(/written by ledger_post and ledger_rollback only/);
    expect(await balanceOf(m)).toBe(50n);
  });

  it('passes the ledger check', async () => {
    const report = await checkLedger(t.ctx.db);
    // The raw transaction of the previous test has no postings: the check names it.
    expect(report.breaches.map((b) => b.invariant)).toEqual([6]);
    expect(report.stats.tombstones).toBeGreaterThan(0);
  });
});

describe('wallet core: a record alongside a movement', () => {
  const alongside = (name: string, note: string, fail = false) => ({
    name: `test.alongside.${name}`,
    text: `recorded AS (SELECT p.o_tx_id, p.o_replay, COALESCE(p.o_balance_after, 0)::text AS balance, $1::text AS note,
                        ${fail ? '1 / (length($1::text) - length($1::text))' : '1'} AS check_value FROM posted p)`,
    values: [note],
  });

  it('returns the record with the posting, and a replay with the original balance', async () => {
    const m = await createMember(t.ctx);
    await fund(t.ctx, m, 1_000n);
    const bet = await t.ctx.wallet.bet({
      merchantId,
      memberId: m.id,
      amount: 400n,
      key: 'al:b1',
      roundRef: 'al1',
      alongside: alongside('ok', 'first'),
    });
    expect(bet.balance).toBe(600n);
    expect(bet.recorded).toMatchObject({ balance: '600', note: 'first', o_replay: false, o_tx_id: bet.transactionId });
    await fund(t.ctx, m, 50n);
    const again = await t.ctx.wallet.bet({
      merchantId,
      memberId: m.id,
      amount: 400n,
      key: 'al:b1',
      roundRef: 'al1',
      alongside: alongside('ok', 'again'),
    });
    expect(again).toMatchObject({
      replay: true,
      balance: 600n,
      recorded: { balance: '600', note: 'again', o_replay: true },
    });
    expect(await balanceOf(m)).toBe(650n);
  });

  it('moves no money when the record fails: both commit together or not at all', async () => {
    const m = await createMember(t.ctx);
    await fund(t.ctx, m, 1_000n);
    const before = await txCount();
    await expect(
      t.ctx.wallet.bet({
        merchantId,
        memberId: m.id,
        amount: 400n,
        key: 'al:b2',
        roundRef: 'al2',
        alongside: alongside('fail', 'x', true),
      }),
    ).rejects.toThrow(/division by zero/);
    expect(await txCount()).toBe(before);
    expect(await balanceOf(m)).toBe(1_000n);
    expect(await t.ctx.wallet.findByKey(merchantId, 'al:b2')).toBeNull();
    // Only the earlier test's deliberate raw transaction without postings is named.
    expect((await checkLedger(t.ctx.db)).breaches.map((b) => b.invariant)).toEqual([6]);
  });

  it('refuses a record alongside inside a caller transaction', async () => {
    const m = await createMember(t.ctx);
    await fund(t.ctx, m, 1_000n);
    await expect(
      t.ctx.db.transaction((tx) =>
        t.ctx.wallet.bet({
          merchantId,
          memberId: m.id,
          amount: 1n,
          key: 'al:b3',
          roundRef: 'al3',
          db: tx,
          alongside: alongside('ok', 'tx'),
        }),
      ),
    ).rejects.toMatchObject({ code: 'LEDGER_INVALID' });
    expect(await balanceOf(m)).toBe(1_000n);
  });
});
