import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { createMerchant } from '../../../../test/factories/merchant.ts';
import { createMember, fund, type TestMember } from '../../../../test/factories/wallet.ts';

let t: TestApp;
let merchantId: number;
let timezone: string;
let a: TestMember;
let b: TestMember;
let outsider: TestMember;
let last: number;
const hour = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  // A brand of its own, so its ledger holds only what this file writes.
  const brand = await createMerchant(t.ctx, { code: 'wreports', siteName: 'Reports', hosts: ['reports.example'] });
  merchantId = brand.id;
  timezone = (await t.ctx.merchants.brand(merchantId)).merchant.timezone;
  a = await createMember(t.ctx, { merchantId });
  b = await createMember(t.ctx, { merchantId });
  outsider = await createMember(t.ctx, { merchantId });
  await fund(t.ctx, a, 10_000n);
  await fund(t.ctx, b, 3_000n);
  await fund(t.ctx, outsider, 7_000n);
  await t.ctx.wallet.transfer({
    merchantId,
    key: `wd-${a.id}`,
    kind: 'withdrawal_hold',
    from: { member: a.id },
    to: { system: 'pending_withdrawal' },
    amount: 4_000n,
  });
  await t.ctx.wallet.transfer({
    merchantId,
    key: `tr-${b.id}-${a.id}`,
    kind: 'agent_transfer',
    from: { member: b.id },
    to: { member: a.id },
    amount: 1_000n,
  });
  last = await t.ctx.walletReports.settledUpTo({
    merchantId,
    afterId: 0,
    before: new Date(Date.now() + hour),
    batch: 1000,
  });
});
afterAll(() => t.close());

describe('wallet reports', () => {
  it('count transactions up to the first one too young to be sure of, a batch at a time', async () => {
    const reports = t.ctx.walletReports;
    expect(last).toBeGreaterThan(0);
    // Everything is younger than the epoch: nothing is safe to count yet.
    expect(await reports.settledUpTo({ merchantId, afterId: 0, before: new Date(0), batch: 1000 })).toBe(0);
    const first = await reports.settledUpTo({ merchantId, afterId: 0, before: new Date(Date.now() + hour), batch: 1 });
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(last);
    expect(
      await reports.settledUpTo({ merchantId, afterId: last, before: new Date(Date.now() + hour), batch: 10 }),
    ).toBe(last);
  });

  it('sum deposits in and withdrawals out per owner and local day, only of the kinds asked for', async () => {
    const rows = await t.ctx.walletReports.depositsAndWithdrawalsByDay({
      merchantId,
      afterId: 0,
      uptoId: last,
      timezone,
      deposits: { like: ['deposit'] },
      withdrawals: { like: ['withdraw%'] },
    });
    for (const r of rows) expect(r.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(
      rows
        .map(({ ownerId, deposit, withdrawal }) => ({ ownerId, deposit, withdrawal }))
        .sort((x, y) => x.ownerId - y.ownerId),
    ).toEqual([
      { ownerId: a.id, deposit: 10_000n, withdrawal: 4_000n },
      { ownerId: b.id, deposit: 3_000n, withdrawal: 0n },
      { ownerId: outsider.id, deposit: 7_000n, withdrawal: 0n },
    ]);
  });

  it('page the postings of the owners a subquery names, newest first, by kinds or all but them', async () => {
    const reports = t.ctx.walletReports;
    const base = {
      merchantId,
      owners: sql`SELECT m.id FROM members m WHERE m.id IN (${a.id}, ${b.id})`,
      start: new Date(Date.now() - hour),
      end: new Date(Date.now() + hour),
      limit: 10,
      offset: 0,
    };
    const all = await reports.ownerPostings(base);
    expect(all.total).toBe(5);
    expect(all.rows.map((r) => r.id)).toEqual(all.rows.map((r) => r.id).sort((x, y) => y - x));
    expect(new Set(all.rows.map((r) => r.ownerId))).toEqual(new Set([a.id, b.id]));
    const fromA = all.rows.filter((r) => r.ownerId === a.id);
    expect(fromA.map((r) => r.balanceAfter)).toEqual([7_000n, 6_000n, 10_000n]);
    expect(fromA.every((r) => r.createdAt instanceof Date)).toBe(true);

    const deposits = await reports.ownerPostings({ ...base, kinds: { like: ['deposit'] } });
    expect(deposits.rows.map((r) => [r.ownerId, r.kind, r.amount])).toEqual([
      [b.id, 'deposit', 3_000n],
      [a.id, 'deposit', 10_000n],
    ]);

    const others = await reports.ownerPostings({ ...base, kinds: { like: ['deposit', 'withdraw%'], exclude: true } });
    expect(others.total).toBe(2);
    expect(others.rows.map((r) => [r.kind, r.amount]).sort()).toEqual([
      ['agent_transfer', -1_000n],
      ['agent_transfer', 1_000n],
    ]);

    const lastPage = await reports.ownerPostings({ ...base, limit: 2, offset: 4 });
    expect(lastPage).toMatchObject({ total: 5 });
    expect(lastPage.rows.map((r) => r.id)).toEqual([all.rows[4]!.id]);
  });
});
