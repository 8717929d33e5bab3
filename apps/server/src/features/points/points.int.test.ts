import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PointsDeskRedeem, PointsEntry, PointsItem, PointsRedeem, PointsReport } from '@app/contract';
import { JobRunner } from '../../lib/jobs.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { rowsOf } from '../../../test/rows.ts';
import {
  bearer,
  createMember,
  operatorToken,
  PAYMENT_PASSWORD,
  sessionFor,
  type TestMember,
} from '../../../test/factories/wallet.ts';
import { checkLedger } from '../wallet/ledger-check/data.ts';
import { createOperator } from '../operator/service.ts';
import { seedPoints } from '../../seed/points.ts';
import { registerPointsJobs } from './jobs.ts';

let t: TestApp;
let finance: string;
let content: string;
beforeAll(async () => {
  t = await createTestApp();
  finance = await operatorToken(t, 'finance');
  content = await operatorToken(t, 'content');
  const rules = await desk('POST', '/wps/operator/points/rules', {
    rules: [
      { gameType: 'RNG', turnoverPerPoint: '100' },
      { gameType: 'LIVE', turnoverPerPoint: '200' },
    ],
    rates: [
      { minPoints: 100, amountPer100: '50' },
      { minPoints: 1000, amountPer100: '80' },
    ],
  });
  expect(rules.body).toMatchObject({ success: true });
});
afterAll(() => t.close());

type Paged<T> = { list: T[]; total: number };

function desk<T = unknown>(method: 'GET' | 'POST', url: string, payload?: object, token = finance) {
  return t.call<T>({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

const member = async () => {
  const m = await createMember(t.ctx);
  return { m, token: await sessionFor(t.ctx, m) };
};
const get = <T>(token: string, url: string) => t.call<T>({ method: 'GET', url, headers: bearer(token) });
const post = <T>(token: string, url: string, payload: object) =>
  t.call<T>({ method: 'POST', url, headers: bearer(token), payload });
const points = async (token: string) =>
  (await get<{ balance: number }>(token, '/wps/v2/points/balance')).body.value.balance;
const cash = async (m: TestMember) => (await t.ctx.wallet.balance(m.merchantId, m.id)).balance;

let roundSeq = 0;
/** A closed round of the member's, ended at `at`. */
const round = (m: TestMember, gameType: string, bet: bigint, at: Date, refund = 0n) =>
  t.ctx.db.execute(sql`
    INSERT INTO game_rounds (merchant_id, member_id, provider, round_id, vassalage, game_code, game_type, status,
                             currency, bet_total, win_total, refund_total, started_at, ended_at)
    VALUES (${m.merchantId}, ${m.id}, 'TEST', ${`pts-${++roundSeq}`}, 'TEST', 'g1', ${gameType}, 'closed', 'BRL',
            ${bet}, 0, ${refund}, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`);

let hourSeq = 0;
/** Gives a member points the way play does: a round in a fresh past hour, then that hour's earning. */
const earn = async (m: TestMember, pts: number) => {
  const start = new Date(Date.UTC(2021, 0, 1) + ++hourSeq * 3_600_000);
  await round(m, 'RNG', BigInt(pts) * 100n, new Date(start.getTime() + 60_000));
  await t.ctx.db.transaction((tx) =>
    t.ctx.points.earnPeriod(tx, {
      start,
      end: new Date(start.getTime() + 3_600_000),
      key: `earn:${start.toISOString()}`,
    }),
  );
};

const newItem = async (over: Partial<PointsItem> & { kind: 'cash' | 'goods' | 'bonus' }) => {
  const r = await desk<PointsItem>('POST', '/wps/operator/points/items', {
    name: { PT: 'Item', EN: 'Item' },
    stock: 5,
    pointsCost: 100,
    cashAmount: over.kind === 'goods' ? '0' : '1000',
    ...over,
  });
  expect(r.status).toBe(200);
  return r.body.value;
};

const pointsCheck = () => t.ctx.points.check(t.ctx.db);

describe('points mall', () => {
  it('earning runs once per minute with two runners, at each game type’s ratio, carrying remainders', async () => {
    const a = await member();
    const b = await member();
    await round(a.m, 'RNG', 12_345n, new Date('2031-03-01T09:10:00Z')); // 123.45 points
    await round(a.m, 'LIVE', 10_000n, new Date('2031-03-01T09:20:00Z')); // 50 points
    await round(a.m, 'RNG', 5_000n, new Date('2031-03-01T09:30:00Z'), 5_000n); // refunded: nothing
    await round(a.m, 'FISH', 90_000n, new Date('2031-03-01T09:40:00Z')); // no ratio: nothing
    await round(a.m, 'RNG', 7_000n, new Date('2031-03-01T10:05:00Z')); // later
    await round(b.m, 'RNG', 99n, new Date('2031-03-01T09:10:00Z')); // 0.99: carried, not paid

    const runners = [new JobRunner(t.ctx.db), new JobRunner(t.ctx.db)];
    for (const r of runners) registerPointsJobs(r, t.ctx);
    const tick = async (at: string) => {
      const now = new Date(at);
      await Promise.all(runners.map((r) => r.schedulePeriods(now)));
      await Promise.all(runners.map((r) => r.runDue({ now })));
      await Promise.all(runners.map((r) => r.runDue({ now })));
    };
    await tick('2031-03-01T09:00:30Z');
    await tick('2031-03-01T10:00:30Z');
    expect(await points(a.token)).toBe(173);
    expect(await points(b.token)).toBe(0);
    const jobs = rowsOf<{ n: number }>(
      await t.ctx.db.execute(
        sql`SELECT count(*)::int AS n FROM jobs WHERE name = 'points.earn' AND state = 'done' AND key >= '2031-03-01T09:00'`,
      ),
    );
    expect(jobs[0]!.n).toBe(60);
    // The same minute again, directly: the account is past it, nothing is added.
    const minute = new Date('2031-03-01T09:10:00Z');
    await t.ctx.db.transaction((tx) =>
      t.ctx.points.earnPeriod(tx, {
        start: minute,
        end: new Date('2031-03-01T09:11:00Z'),
        key: `earn:${minute.toISOString()}`,
      }),
    );
    expect(await points(a.token)).toBe(173);
    // Later minutes are earned when they have ended; b's 0.99 and 0.02 make one point.
    await round(b.m, 'RNG', 2n, new Date('2031-03-01T10:06:00Z'));
    await tick('2031-03-01T10:07:00Z');
    expect(await points(a.token)).toBe(243);
    expect(await points(b.token)).toBe(1);

    const list = await get<Paged<PointsEntry>>(a.token, '/wps/v2/points/list');
    expect(list.body.value.list.map((e) => [e.change, e.balanceAfter, e.reason])).toEqual([
      [70, 243, 'earned'],
      [50, 173, 'earned'],
      [123, 123, 'earned'],
    ]);
    expect(await pointsCheck()).toEqual([]);
  });

  it('redeems a cash item with the payment password: points down, cash credited through the wallet', async () => {
    const { m, token } = await member();
    await earn(m, 350);
    const item = await newItem({ kind: 'cash', pointsCost: 150, cashAmount: '2500', stock: 3 });
    const config = await get<{ items: PointsItem[]; rates: unknown[] }>(token, '/wps/v2/points/config');
    expect(config.body.value.items.map((i) => i.id)).toContain(item.id);

    const r = await post<{ redeem: PointsRedeem; balance: number }>(token, '/wps/v2/points/redeem', {
      itemId: item.id,
      quantity: 2,
      paymentPassword: PAYMENT_PASSWORD,
    });
    expect(r.status).toBe(200);
    expect(r.body.value.balance).toBe(50);
    expect(r.body.value.redeem).toMatchObject({
      kind: 'cash',
      quantity: 2,
      points: 300,
      amount: '5000',
      status: 'approved',
    });
    expect(await cash(m)).toBe(5000n);
    const tx = await t.ctx.wallet.findByKey(m.merchantId, `points:redeem:${r.body.value.redeem.id}`);
    expect(tx).not.toBeNull();
    const history = await get<Paged<PointsRedeem>>(token, '/wps/v2/points/redeems');
    expect(history.body.value.list[0]).toMatchObject({ id: r.body.value.redeem.id, status: 'approved' });
    const items = await desk<{ list: PointsItem[] }>('GET', '/wps/operator/points/items');
    expect(items.body.value.list.find((i) => i.id === item.id)?.stock).toBe(1);
    expect(await pointsCheck()).toEqual([]);
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });

  it('a wrong payment password is a 4xx and changes nothing; too few points, too little stock and an unmet requirement too', async () => {
    const { m, token } = await member();
    await earn(m, 200);
    const item = await newItem({ kind: 'cash', pointsCost: 100, stock: 1 });
    const wrong = await post(token, '/wps/v2/points/redeem', { itemId: item.id, paymentPassword: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('PAYMENT_PASSWORD_INCORRECT');
    const conv = await post(token, '/wps/v2/points/convert', { points: 100, paymentPassword: '000000' });
    expect(conv.status).toBe(400);
    const many = await post(token, '/wps/v2/points/redeem', {
      itemId: item.id,
      quantity: 2,
      paymentPassword: PAYMENT_PASSWORD,
    });
    expect(many.status).toBe(409);
    const big = await newItem({ kind: 'goods', pointsCost: 500 });
    const poor = await post(token, '/wps/v2/points/redeem', { itemId: big.id, paymentPassword: PAYMENT_PASSWORD });
    expect(poor.status).toBe(409);
    expect(poor.body.code).toBe('POINTS_INSUFFICIENT');
    const hard = await newItem({ kind: 'goods', pointsCost: 10, amountRequirement: '100000000' });
    const unmet = await post(token, '/wps/v2/points/redeem', { itemId: hard.id, paymentPassword: PAYMENT_PASSWORD });
    expect(unmet.status).toBe(409);
    expect(unmet.body.code).toBe('AMOUNT_REQUIREMENT_NOT_MET');
    expect(
      (await post(token, '/wps/v2/points/redeem', { itemId: 999_999, paymentPassword: PAYMENT_PASSWORD })).status,
    ).toBe(404);

    expect(await points(token)).toBe(200);
    expect(await cash(m)).toBe(0n);
    expect((await get<Paged<PointsRedeem>>(token, '/wps/v2/points/redeems')).body.value.total).toBe(0);
    expect((await get<Paged<PointsEntry>>(token, '/wps/v2/points/list')).body.value.total).toBe(1);
  });

  it('a goods request waits in process; approval keeps the points, rejection returns them once', async () => {
    const { m, token } = await member();
    await earn(m, 300);
    const item = await newItem({ kind: 'goods', pointsCost: 100, stock: 4 });
    const ask = async () =>
      (
        await post<{ redeem: PointsRedeem }>(token, '/wps/v2/points/redeem', {
          itemId: item.id,
          paymentPassword: PAYMENT_PASSWORD,
        })
      ).body.value.redeem;
    const first = await ask();
    const second = await ask();
    expect(first.status).toBe('in_process');
    expect(await points(token)).toBe(100);

    const queue = await desk<Paged<PointsDeskRedeem>>('GET', '/wps/operator/points/redeems?status=in_process');
    expect(queue.body.value.list.map((r) => r.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    // Content operators do not decide requests.
    expect(
      (await desk('POST', '/wps/operator/points/redeems/decide', { id: first.id, decision: 'approved' }, content))
        .status,
    ).toBe(403);

    const ok = await desk<PointsDeskRedeem>('POST', '/wps/operator/points/redeems/decide', {
      id: first.id,
      decision: 'approved',
      remark: 'Shipped by courier',
    });
    expect(ok.body.value).toMatchObject({ status: 'approved', remark: 'Shipped by courier' });
    const no = await desk<PointsDeskRedeem>('POST', '/wps/operator/points/redeems/decide', {
      id: second.id,
      decision: 'rejected',
      remark: 'Address incomplete',
    });
    expect(no.body.value.status).toBe('rejected');
    expect(await points(token)).toBe(200);
    // Deciding again is refused and returns nothing twice.
    const again = await desk('POST', '/wps/operator/points/redeems/decide', { id: second.id, decision: 'rejected' });
    expect(again.status).toBe(409);
    expect(await points(token)).toBe(200);
    const entries = (await get<Paged<PointsEntry>>(token, '/wps/v2/points/list')).body.value.list;
    expect(entries.map((e) => e.reason)).toEqual(['returned', 'redeemed', 'redeemed', 'earned']);
    const history = (await get<Paged<PointsRedeem>>(token, '/wps/v2/points/redeems')).body.value.list;
    expect(history.find((r) => r.id === second.id)).toMatchObject({ status: 'rejected', remark: 'Address incomplete' });
    const audit = rowsOf<{ action: string }>(
      await t.ctx.db.execute(sql`SELECT action FROM operator_audit WHERE target = ${`points_redeem:${second.id}`}`),
    );
    expect(audit.map((a) => a.action)).toEqual(['points.redeem.rejected']);
    expect(await pointsCheck()).toEqual([]);
  });

  it('stock of 1 and 10 concurrent redeems: one wins, the others keep their points', async () => {
    const item = await newItem({ kind: 'cash', pointsCost: 100, stock: 1, cashAmount: '700' });
    const players = await Promise.all(Array.from({ length: 10 }, () => member()));
    for (const p of players) await earn(p.m, 100);
    const results = await Promise.all(
      players.map((p) =>
        post(p.token, '/wps/v2/points/redeem', { itemId: item.id, paymentPassword: PAYMENT_PASSWORD }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    const balances = await Promise.all(players.map((p) => points(p.token)));
    expect(balances.filter((b) => b === 0)).toHaveLength(1);
    expect(balances.filter((b) => b === 100)).toHaveLength(9);
    const cashes = await Promise.all(players.map((p) => cash(p.m)));
    expect(cashes.filter((c) => c === 700n)).toHaveLength(1);
    const items = await desk<{ list: PointsItem[] }>('GET', '/wps/operator/points/items');
    expect(items.body.value.list.find((i) => i.id === item.id)?.stock).toBe(0);
    expect(await pointsCheck()).toEqual([]);
  });

  it('converts points to cash at the exchange-rate table', async () => {
    const { m, token } = await member();
    await earn(m, 1500);
    const low = await post<{ amount: string; balance: number }>(token, '/wps/v2/points/convert', {
      points: 200,
      paymentPassword: PAYMENT_PASSWORD,
    });
    expect(low.body.value).toMatchObject({ amount: '100', balance: 1300 });
    const high = await post<{ amount: string; balance: number }>(token, '/wps/v2/points/convert', {
      points: 1000,
      paymentPassword: PAYMENT_PASSWORD,
    });
    expect(high.body.value).toMatchObject({ amount: '800', balance: 300 });
    expect(await cash(m)).toBe(900n);
    const below = await post(token, '/wps/v2/points/convert', { points: 99, paymentPassword: PAYMENT_PASSWORD });
    expect(below.status).toBe(409);
    const over = await post(token, '/wps/v2/points/convert', { points: 301, paymentPassword: PAYMENT_PASSWORD });
    expect(over.status).toBe(409);
    expect(await points(token)).toBe(300);
    expect(await pointsCheck()).toEqual([]);
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });

  it('the points check finds a balance that is not the sum of its entries', async () => {
    const { m } = await member();
    await earn(m, 40);
    await t.ctx.db.execute(sql`UPDATE points_accounts SET balance = balance + 1 WHERE member_id = ${m.id}`);
    expect(await pointsCheck()).toEqual([{ memberId: m.id, stored: 41, computed: 40 }]);
    await t.ctx.db.execute(sql`UPDATE points_accounts SET balance = balance - 1 WHERE member_id = ${m.id}`);
    expect(await pointsCheck()).toEqual([]);
  });

  it('desk inputs are checked: a goods item with cash, a bad image, duplicate ratios', async () => {
    expect(
      (
        await desk('POST', '/wps/operator/points/items', {
          kind: 'goods',
          name: { EN: 'X' },
          stock: 1,
          pointsCost: 1,
          cashAmount: '5',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await desk('POST', '/wps/operator/points/items', {
          kind: 'goods',
          name: { EN: 'X' },
          stock: 1,
          pointsCost: 1,
          image: 'javascript:alert(1)',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await desk('POST', '/wps/operator/points/items', {
          id: 999_999,
          kind: 'goods',
          name: { EN: 'X' },
          stock: 1,
          pointsCost: 1,
        })
      ).status,
    ).toBe(404);
    const dup = await desk('POST', '/wps/operator/points/rules', {
      rules: [
        { gameType: 'RNG', turnoverPerPoint: '1' },
        { gameType: 'RNG', turnoverPerPoint: '2' },
      ],
      rates: [],
    });
    expect(dup.status).toBe(400);
    const rules = await desk<{ rules: unknown[] }>('GET', '/wps/operator/points/rules');
    expect(rules.body.value.rules).toHaveLength(2);
  });

  it('a bonus item credits at once through the wallet and its wagering locks withdrawals until met', async () => {
    const { m, token } = await member();
    await earn(m, 500);
    const item = await newItem({ kind: 'bonus', pointsCost: 200, cashAmount: '3000', wageringMultiple: 4, stock: 9 });
    expect(item).toMatchObject({ kind: 'bonus', wageringMultiple: 4 });
    const r = await post<{ redeem: PointsRedeem; balance: number }>(token, '/wps/v2/points/redeem', {
      itemId: item.id,
      quantity: 1,
      paymentPassword: PAYMENT_PASSWORD,
    });
    expect(r.status).toBe(200);
    expect(r.body.value).toMatchObject({
      balance: 300,
      redeem: { kind: 'bonus', status: 'approved', amount: '3000', wageringRequired: '12000' },
    });
    expect(await cash(m)).toBe(3000n);
    const turnover = async () =>
      (await get<{ turnover: { required: string; achieved: string; met: boolean } }>(token, '/wps/v2/withdrawals/info'))
        .body.value.turnover;
    expect(await turnover()).toMatchObject({ required: '12000', achieved: '0', met: false });
    let seq = 0;
    const bet = (amount: bigint) =>
      t.ctx.wallet.bet({
        merchantId: m.merchantId,
        memberId: m.id,
        amount,
        key: `pts-bonus:${m.id}:${++seq}`,
        roundRef: `pts-bonus:${m.id}:${seq}`,
        gameRef: 'test-slot',
        gameType: 'RNG',
      });
    await bet(2000n);
    expect(await turnover()).toMatchObject({ required: '12000', achieved: '2000', met: false });
    await bet(1000n);
    const [open] = await t.ctx.points.requirements(t.ctx.db, m.merchantId, m.id);
    expect(open).toMatchObject({ required: 12000n, achieved: 3000n, met: false });
    expect(await pointsCheck()).toEqual([]);
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });

  it('a bonus item’s wagering, once met, no longer counts', async () => {
    const { m, token } = await member();
    await earn(m, 100);
    const item = await newItem({ kind: 'bonus', pointsCost: 100, cashAmount: '2000', wageringMultiple: 1 });
    const r = await post<{ redeem: PointsRedeem }>(token, '/wps/v2/points/redeem', {
      itemId: item.id,
      paymentPassword: PAYMENT_PASSWORD,
    });
    expect(r.status).toBe(200);
    await t.ctx.wallet.bet({
      merchantId: m.merchantId,
      memberId: m.id,
      amount: 1000n,
      key: `pts-met:${m.id}:1`,
      roundRef: `pts-met:${m.id}:1`,
      gameRef: 'test-slot',
      gameType: 'RNG',
    });
    expect(await t.ctx.points.requirements(t.ctx.db, m.merchantId, m.id)).toHaveLength(1);
    await t.ctx.wallet.bet({
      merchantId: m.merchantId,
      memberId: m.id,
      amount: 1000n,
      key: `pts-met:${m.id}:2`,
      roundRef: `pts-met:${m.id}:2`,
      gameRef: 'test-slot',
      gameType: 'RNG',
    });
    expect(await t.ctx.points.requirements(t.ctx.db, m.merchantId, m.id)).toEqual([]);
    const [row] = rowsOf<{ wagering_met_at: unknown }>(
      await t.ctx.db.execute(sql`SELECT wagering_met_at FROM points_redeems WHERE id = ${r.body.value.redeem.id}`),
    );
    expect(row!.wagering_met_at).not.toBeNull();
  });

  it('bonus and goods inputs: only a bonus carries wagering, a bonus credits an amount', async () => {
    const noAmount = await desk('POST', '/wps/operator/points/items', {
      kind: 'bonus',
      name: { EN: 'x' },
      stock: 1,
      pointsCost: 1,
      cashAmount: '0',
      wageringMultiple: 3,
    });
    expect(noAmount.status).toBe(400);
    const cashWagering = await desk('POST', '/wps/operator/points/items', {
      kind: 'cash',
      name: { EN: 'x' },
      stock: 1,
      pointsCost: 1,
      cashAmount: '100',
      wageringMultiple: 3,
    });
    expect(cashWagering.status).toBe(400);
  });

  it('finance adjusts a member’s points with a reason the member reads; never below zero, audited', async () => {
    const { m, token } = await member();
    const add = await desk<{ balance: number }>('POST', '/wps/operator/points/adjust', {
      account: m.username,
      points: 400,
      note: 'Goodwill for a delayed payout',
    });
    expect(add.status).toBe(200);
    expect(add.body.value.balance).toBe(400);
    const cut = await desk('POST', '/wps/operator/points/adjust', {
      account: m.username,
      points: -401,
      note: 'Too many',
    });
    expect([cut.status, cut.body.code]).toEqual([409, 'POINTS_INSUFFICIENT']);
    const less = await desk<{ balance: number }>('POST', '/wps/operator/points/adjust', {
      account: m.username,
      points: -100,
      note: 'Correction',
    });
    expect(less.body.value.balance).toBe(300);
    const list = await get<Paged<PointsEntry>>(token, '/wps/v2/points/list');
    expect(list.body.value.list.map((e) => [e.reason, e.change, e.note])).toEqual([
      ['adjusted', -100, 'Correction'],
      ['adjusted', 400, 'Goodwill for a delayed payout'],
    ]);
    expect(
      (await desk('POST', '/wps/operator/points/adjust', { account: 'nobody-here', points: 1, note: 'x' })).status,
    ).toBe(404);
    expect(
      (await desk('POST', '/wps/operator/points/adjust', { account: m.username, points: 0, note: 'x' })).status,
    ).toBe(400);
    expect(
      (await desk('POST', '/wps/operator/points/adjust', { account: m.username, points: 5, note: ' ' })).status,
    ).toBe(400);
    // Content does not run the mall.
    expect(
      (await desk('POST', '/wps/operator/points/adjust', { account: m.username, points: 5, note: 'x' }, content))
        .status,
    ).toBe(403);
    const audit = rowsOf<{ action: string }>(
      await t.ctx.db.execute(
        sql`SELECT action FROM operator_audit WHERE action = 'points.adjust' AND target = ${`member:${m.id}`}`,
      ),
    );
    expect(audit).toHaveLength(2);
    expect(await pointsCheck()).toEqual([]);
  });

  it('the report counts points issued and redeemed in the period, requests by kind and status, and what is held', async () => {
    const before = await desk<PointsReport>('GET', '/wps/operator/points/report');
    expect(before.status).toBe(200);
    const { m, token } = await member();
    await desk('POST', '/wps/operator/points/adjust', { account: m.username, points: 1000, note: 'Report test' });
    const goods = await newItem({ kind: 'goods', pointsCost: 100 });
    const cashItem = await newItem({ kind: 'cash', pointsCost: 200, cashAmount: '700' });
    const buy = (itemId: number) =>
      post<{ redeem: PointsRedeem }>(token, '/wps/v2/points/redeem', { itemId, paymentPassword: PAYMENT_PASSWORD });
    const g = await buy(goods.id);
    await buy(cashItem.id);
    await desk('POST', '/wps/operator/points/redeems/decide', {
      id: g.body.value.redeem.id,
      decision: 'rejected',
      remark: 'No size',
    });
    const after = await desk<PointsReport>('GET', '/wps/operator/points/report');
    const a = after.body.value;
    const b = before.body.value;
    expect(a.adjustedIn - b.adjustedIn).toBe(1000);
    expect(a.redeemed - b.redeemed).toBe(300);
    expect(a.returned - b.returned).toBe(100);
    expect(BigInt(a.cashPaid) - BigInt(b.cashPaid)).toBe(700n);
    expect(a.outstanding - b.outstanding).toBe(800);
    const rejected = (r: PointsReport) =>
      r.requests.find((x) => x.kind === 'goods' && x.status === 'rejected')?.count ?? 0;
    expect(rejected(a) - rejected(b)).toBe(1);
    expect(a.from <= a.to).toBe(true);
    expect((await desk('GET', '/wps/operator/points/report?from=2026-12-01&to=2026-11-01')).status).toBe(400);
    expect((await desk('GET', '/wps/operator/points/report?from=bad')).status).toBe(400);
  });

  // Last: it replaces the brand's rules with the demo's.
  it('the demo mall is set up through the desk service: ratios, rates and items with drawn images', async () => {
    const merchantId = await t.ctx.merchants.resolveId('localhost');
    await createOperator(t.ctx.db, {
      merchantId,
      username: 'finance',
      password: 'Operator#2026',
      role: 'finance',
      demo: true,
    });
    await seedPoints(t.ctx);
    const { m, token } = await member();
    const config = await get<{ items: PointsItem[]; rules: unknown[]; rates: unknown[] }>(
      token,
      '/wps/v2/points/config',
    );
    expect(config.body.value.rules.length).toBeGreaterThan(3);
    expect(config.body.value.rates).toHaveLength(3);
    const shirt = config.body.value.items.find((i) => i.name.EN === 'Lotus T-shirt');
    expect(shirt).toMatchObject({ kind: 'goods', pointsCost: 50 });
    expect(Object.keys(shirt!.name)).toHaveLength(7);
    expect(shirt!.image).toMatch(/^data:image\/svg\+xml,/);
    expect(m.id).toBeGreaterThan(0);
  });
});
