import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { createMember, fund, type TestMember } from '../../../../test/factories/wallet.ts';
import { col, one, row } from '../../../db/rows.ts';
import { checkLedger } from '../ledger-check/data.ts';
import type { MoveBatch, MoveEntry } from '../service.ts';

/**
 * The wallet's side of a batch (decision 047), with a caller that records nothing: the caller's guard
 * and the member's funds decide which entries go through, each answers its own balance, and what
 * does not go through writes nothing.
 */
let t: TestApp;
let merchantId: number;
beforeAll(async () => {
  t = await createTestApp();
  merchantId = await t.ctx.merchants.resolveId('localhost');
});
afterAll(() => t.close());
afterEach(async () => {
  expect((await checkLedger(t.ctx.db)).breaches).toEqual([]);
});

const NOTES: MoveBatch<{ balance: string; note: string }> = {
  name: 'test.notes',
  columns: 'note text, allowed boolean',
  guard: 'i.allowed',
  record: 'answered AS (SELECT d.n, d.balance_after::text AS balance, d.note FROM done d)',
  answer: row({ n: col.int, balance: col.text, note: col.text }),
};

let seq = 0;
const entry = async (
  m: TestMember,
  kind: 'bet' | 'win',
  amount: bigint,
  note: string,
  allowed = true,
  key = `batch-test:${++seq}`,
): Promise<MoveEntry> => ({
  move: await t.ctx.wallet.gameMoveFor(kind, { merchantId, memberId: m.id, amount, key, roundRef: `r:${seq}` }),
  record: { note, allowed },
});
const balanceOf = async (m: TestMember) => (await t.ctx.wallet.balance(merchantId, m.id)).balance;
const Count = row({ n: col.int });
const transactions = async () =>
  (await one(t.ctx.db, Count, sql`SELECT count(*)::int AS n FROM ledger_transactions`)).n;

describe('wallet batches', () => {
  it('moves the money of the entries that pass, and answers each in order with its balance', async () => {
    const [a, b, c, d, e] = await Promise.all(Array.from({ length: 5 }, () => createMember(t.ctx)));
    for (const m of [a, b, c, d, e]) await fund(t.ctx, m!, 1_000n);
    const before = await transactions();
    const answers = await t.ctx.wallet.postBatch(
      NOTES,
      [
        await entry(a!, 'bet', 300n, 'a bet'),
        await entry(b!, 'bet', 300n, 'refused by the guard', false),
        await entry(c!, 'bet', 1_001n, 'beyond the balance'),
        await entry(d!, 'win', 250n, 'a win'),
        { move: { merchantId, memberId: e!.id }, record: { note: 'nothing moves', allowed: true } },
      ],
      0,
    );
    expect(answers).toEqual([
      { n: 0, balance: '700', note: 'a bet' },
      null,
      null,
      { n: 3, balance: '1250', note: 'a win' },
      { n: 4, balance: '1000', note: 'nothing moves' },
    ]);
    expect(await transactions()).toBe(before + 2);
    expect([await balanceOf(b!), await balanceOf(c!), await balanceOf(e!)]).toEqual([1_000n, 1_000n, 1_000n]);
  });

  it('leaves out a move whose key is taken, and the same move comes back as a replay one at a time', async () => {
    const m = await createMember(t.ctx);
    await fund(t.ctx, m, 1_000n);
    const first = await entry(m, 'bet', 100n, 'first', true, 'batch-test:taken');
    expect((await t.ctx.wallet.postBatch(NOTES, [first], 1))[0]).toMatchObject({ balance: '900' });
    expect(await t.ctx.wallet.postBatch(NOTES, [first], 1)).toEqual([null]);
    expect(await balanceOf(m)).toBe(900n);
    const replay = await t.ctx.wallet.bet({
      merchantId,
      memberId: m.id,
      amount: 100n,
      key: 'batch-test:taken',
      roundRef: (first.move as { reference: string }).reference,
    });
    expect(replay).toMatchObject({ replay: true, balance: 900n });
  });

  it('writes nothing of a batch the ledger refuses as a whole', async () => {
    const m = await createMember(t.ctx);
    await fund(t.ctx, m, 1_000n);
    const before = await transactions();
    const good = await entry(m, 'bet', 100n, 'good');
    // The same member twice in one batch: ledger_post_moves refuses the batch.
    const twice = await entry(m, 'win', 100n, 'twice');
    await expect(t.ctx.wallet.postBatch(NOTES, [good, twice], 2)).rejects.toThrow();
    expect(await transactions()).toBe(before);
    expect(await balanceOf(m)).toBe(1_000n);
  });
});
