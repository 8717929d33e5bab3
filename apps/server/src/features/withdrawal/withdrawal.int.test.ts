import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  JPEG_BYTES,
  PAYMENT_PASSWORD,
  bearer,
  createMember,
  fund,
  operatorToken,
  sessionFor,
  type TestMember,
} from '../../../test/factories/wallet.ts';
import { checkLedger } from '../wallet/ledger-check/data.ts';

let t: TestApp;
let finance: string;
let admin: string;
let merchantId: number;
const rid = () => `wd_${Math.random().toString(36).slice(2, 12)}`;

type View = {
  id: number;
  status: string;
  receipt: string | null;
  caseStatus: string | null;
  remainingAmount: string | null;
  refundAmount: string | null;
};

beforeAll(async () => {
  t = await createTestApp();
  merchantId = await t.ctx.merchants.resolveId('localhost');
  finance = await operatorToken(t, 'finance');
  admin = await operatorToken(t, 'admin');
});
afterAll(() => t.close());

const player = async (opts: { payeeName?: string | null; paymentPassword?: string | null; funds?: bigint } = {}) => {
  const m = await createMember(t.ctx, { payeeName: opts.payeeName ?? null, paymentPassword: opts.paymentPassword });
  if (opts.funds) await fund(t.ctx, m, opts.funds);
  const token = await sessionFor(t.ctx, m);
  const acc = await t.call<{ id: number }>({
    method: 'POST',
    url: '/wps/v2/bank-accounts',
    headers: bearer(token),
    payload: {
      bankName: 'Banco Azul',
      accountName: opts.payeeName ?? 'Ana Souza',
      accountNumber: `0001-${Math.floor(Math.random() * 1e6)}`,
    },
  });
  expect(acc.status).toBe(200);
  return { m, token, bankAccountId: acc.body.value.id };
};
const balance = async (m: TestMember) => (await t.ctx.wallet.balance(m.merchantId, m.id)).balance;
const request = (p: { token: string; bankAccountId: number }, amount: string, extra: object = {}) =>
  t.call<View>({
    method: 'POST',
    url: '/wps/v2/withdrawals',
    headers: bearer(p.token),
    payload: { bankAccountId: p.bankAccountId, amount, paymentPassword: PAYMENT_PASSWORD, requestId: rid(), ...extra },
  });
const op = (action: string, id: number, payload: object = {}) =>
  t.call<View>({ method: 'POST', url: `/wps/operator/withdrawals/${id}/${action}`, headers: bearer(finance), payload });
const receipt = (token: string, id: number, payload: object) =>
  t.call<View>({ method: 'POST', url: `/wps/v2/withdrawals/${id}/receipt`, headers: bearer(token), payload });
const messages = async (token: string) =>
  (
    await t.call<{ list: { kind: string; params: Record<string, string> }[] }>({
      method: 'GET',
      url: '/wps/v2/messages',
      headers: bearer(token),
    })
  ).body.value.list;

describe('bank accounts', () => {
  it('binds accounts only in the registered payee name, once each, up to the limit', async () => {
    const m = await createMember(t.ctx, { payeeName: 'Ana Maria Souza' });
    const token = await sessionFor(t.ctx, m);
    const bind = (accountName: string, accountNumber: string) =>
      t.call({
        method: 'POST',
        url: '/wps/v2/bank-accounts',
        headers: bearer(token),
        payload: { bankName: 'Banco Azul', accountName, accountNumber },
      });
    const wrong = await bind('John Smith', '1111-1');
    expect([wrong.status, wrong.body.code, wrong.body.fields]).toEqual([
      400,
      'PAYEE_NAME_MISMATCH',
      { accountName: 'The account must be in your registered name' },
    ]);
    expect((await bind('  ana  MARIA souza ', '1111-1')).status).toBe(200);
    expect((await bind('Ana Maria Souza', '1111-1')).status).toBe(409);
    for (let i = 2; i <= 5; i++) expect((await bind('Ana Maria Souza', `1111-${i}`)).status).toBe(200);
    expect((await bind('Ana Maria Souza', '1111-9')).body.code).toBe('TOO_MANY_BANK_ACCOUNTS');
    const list = await t.call<{ accountNumberMasked: string }[]>({
      method: 'GET',
      url: '/wps/v2/bank-accounts',
      headers: bearer(token),
    });
    expect(list.body.value).toHaveLength(5);
    expect(list.body.value[0]!.accountNumberMasked).toBe('****11-1');
  });
});

describe('requesting a withdrawal', () => {
  it('moves the money out of the wallet at once, and replays a request id', async () => {
    const p = await player({ funds: 100_000n });
    const r = await request(p, '30000', { requestId: 'wd_fixed_0001' });
    expect(r.body.value).toMatchObject({ status: 'pending' });
    expect(await balance(p.m)).toBe(70_000n);
    const again = await request(p, '30000', { requestId: 'wd_fixed_0001' });
    expect(again.body.value.id).toBe(r.body.value.id);
    expect((await request(p, '30001', { requestId: 'wd_fixed_0001' })).status).toBe(409);
    expect(await balance(p.m)).toBe(70_000n);
    const info = await t.call<{ today: { amount: string; count: number } }>({
      method: 'GET',
      url: '/wps/v2/withdrawals/info',
      headers: bearer(p.token),
    });
    expect(info.body.value.today).toEqual({ amount: '30000', count: 1 });
    const funds = await t.call<{ main: string; pendingWithdrawal: string; total: string }>({
      method: 'GET',
      url: '/wps/v2/wallets/funds',
      headers: bearer(p.token),
    });
    expect(funds.body.value).toMatchObject({ main: '70000', pendingWithdrawal: '30000', total: '100000' });
  });

  it('refuses without changing anything: wrong or missing payment password, limits, turnover, funds', async () => {
    const p = await player({ funds: 50_000n });
    const wrong = await request(p, '10000', { paymentPassword: '000000' });
    expect([wrong.status, wrong.body.code, wrong.body.fields]).toEqual([
      400,
      'PAYMENT_PASSWORD_INCORRECT',
      { paymentPassword: 'The payment password is not correct' },
    ]);
    expect((await request(p, '1999')).body.code).toBe('AMOUNT_OUT_OF_RANGE');
    expect((await request(p, '60000')).body.code).toBe('INSUFFICIENT_FUNDS');
    await t.ctx.db.transaction((tx) => t.ctx.walletRules.addRequirement(tx, merchantId, p.m.id, 5_000n));
    const turnover = await request(p, '10000');
    expect([
      turnover.status,
      turnover.body.code,
      (turnover.body.value as unknown as { remaining: string }).remaining,
    ]).toEqual([409, 'TURNOVER_NOT_MET', '5000']);
    // Betting the requirement away opens the withdrawal.
    await t.ctx.wallet.bet({ merchantId, memberId: p.m.id, amount: 3_000n, key: `tb:${p.m.id}:1`, roundRef: 'r' });
    await t.ctx.wallet.bet({ merchantId, memberId: p.m.id, amount: 2_000n, key: `tb:${p.m.id}:2`, roundRef: 'r' });
    const list = await t.call<{ total: number }>({
      method: 'GET',
      url: '/wps/v2/withdrawals',
      headers: bearer(p.token),
    });
    expect(list.body.value.total).toBe(0);
    expect(await balance(p.m)).toBe(45_000n);
    expect((await request(p, '10000')).status).toBe(200);

    const none = await player({ funds: 50_000n, paymentPassword: null });
    expect((await request(none, '10000')).body.code).toBe('PAYMENT_PASSWORD_NOT_SET');
    expect(await balance(none.m)).toBe(50_000n);
  });

  it('keeps to the per-day count the operator set', async () => {
    const settings = await t.call<Record<string, unknown>>({
      method: 'GET',
      url: '/wps/operator/wallets/settings',
      headers: bearer(admin),
    });
    const put = (body: object) =>
      t.call({ method: 'PUT', url: '/wps/operator/wallets/settings', headers: bearer(admin), payload: body });
    expect((await put({ ...settings.body.value, withdrawMin: '9', withdrawMax: '1' })).status).toBe(400);
    expect(
      (
        await t.call({
          method: 'PUT',
          url: '/wps/operator/wallets/settings',
          headers: bearer(finance),
          payload: settings.body.value,
        })
      ).status,
    ).toBe(403);
    expect((await put({ ...settings.body.value, withdrawDailyCount: 2 })).status).toBe(200);
    const p = await player({ funds: 100_000n });
    expect((await request(p, '5000')).status).toBe(200);
    expect((await request(p, '5000')).status).toBe(200);
    expect((await request(p, '5000')).body.code).toBe('DAILY_LIMIT');
    expect(await balance(p.m)).toBe(90_000n);
    expect((await put(settings.body.value)).status).toBe(200);
  });
});

describe('review, payout and receipt', () => {
  it('rejects with a reason and returns the money', async () => {
    const p = await player({ funds: 40_000n });
    const w = (await request(p, '40000')).body.value;
    expect((await op('reject', w.id, { reason: 'Bank details do not match' })).body.value.status).toBe('rejected');
    expect(await balance(p.m)).toBe(40_000n);
    expect((await op('approve', w.id)).status).toBe(409);
    expect((await messages(p.token))[0]).toMatchObject({
      kind: 'withdrawal_rejected',
      params: { reason: 'Bank details do not match' },
    });
  });

  it('pays, takes a partly-received claim with amounts, and refunds what is missing', async () => {
    const p = await player({ funds: 50_000n });
    const w = (await request(p, '50000')).body.value;
    expect((await receipt(p.token, w.id, { result: 'received' })).body.code).toBe('WITHDRAWAL_STATE');
    expect((await op('paid', w.id)).status).toBe(409); // approval first
    expect((await op('approve', w.id)).body.value.status).toBe('approved');
    const paid = await op('paid', w.id, { payoutReference: 'TED 991' });
    expect(paid.body.value.status).toBe('paid');
    expect(
      (await receipt(p.token, w.id, { result: 'partly_received', receivedAmount: '50000' })).body.fields,
    ).toHaveProperty('receivedAmount');
    const other = await player();
    expect((await receipt(other.token, w.id, { result: 'received' })).status).toBe(404);
    const claim = await receipt(p.token, w.id, {
      result: 'partly_received',
      receivedAmount: '30000',
      note: 'Only part arrived',
    });
    expect(claim.body.value).toMatchObject({
      status: 'paid',
      receipt: 'partly_received',
      caseStatus: 'open',
      remainingAmount: '20000',
    });
    expect((await receipt(p.token, w.id, { result: 'received' })).body.code).toBe('RECEIPT_GIVEN');
    const cases = await t.call<{ list: { id: number }[] }>({
      method: 'GET',
      url: '/wps/operator/withdrawals?status=cases',
      headers: bearer(finance),
    });
    expect(cases.body.value.list.map((c) => c.id)).toContain(w.id);
    const resolved = await op('resolve', w.id, { resolution: 'refunded', note: 'Bank confirmed a partial transfer' });
    expect(resolved.body.value).toMatchObject({ status: 'completed', caseStatus: 'resolved', refundAmount: '20000' });
    expect(await balance(p.m)).toBe(20_000n);
    const kinds = (await messages(p.token)).map((m) => m.kind);
    expect(kinds).toEqual(['withdrawal_case_resolved', 'withdrawal_paid', 'withdrawal_approved']);
    const history = await t.call<{ list: { kind: string; amount: string }[] }>({
      method: 'GET',
      url: '/wps/v2/wallets/transactions?type=withdrawal',
      headers: bearer(p.token),
    });
    expect(history.body.value.list.map((h) => [h.kind, h.amount])).toEqual([
      ['withdrawal_refund', '20000'],
      ['withdrawal_hold', '-50000'],
    ]);
  });

  it('needs a proof image for "not received", and a dismissed claim refunds nothing', async () => {
    const p = await player({ funds: 10_000n });
    const w = (await request(p, '10000')).body.value;
    await op('approve', w.id);
    await op('paid', w.id);
    const noProof = await receipt(p.token, w.id, { result: 'not_received' });
    expect([noProof.status, Object.keys(noProof.body.fields ?? {})]).toEqual([400, ['proofUploadId']]);
    const up = await t.call<{ id: string }>({
      method: 'POST',
      url: '/wps/v2/uploads?purpose=withdrawal_proof',
      headers: { ...bearer(p.token), 'content-type': 'image/jpeg' },
      payload: JPEG_BYTES,
    });
    const claim = await receipt(p.token, w.id, { result: 'not_received', proofUploadId: up.body.value.id });
    expect(claim.body.value).toMatchObject({ caseStatus: 'open', remainingAmount: '10000' });
    const img = await t.app.inject({
      method: 'GET',
      url: `/wps/operator/uploads/${up.body.value.id}`,
      headers: bearer(finance),
    });
    expect([img.statusCode, img.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect(
      (await op('resolve', w.id, { resolution: 'dismissed', note: 'Bank statement shows it arrived' })).body.value
        .refundAmount,
    ).toBeNull();
    expect(await balance(p.m)).toBe(0n);
  });

  it('counts an unanswered payout as received after the configured minutes, exactly once', async () => {
    const p = await player({ funds: 10_000n });
    const w = (await request(p, '10000')).body.value;
    await op('approve', w.id);
    const paid = await op('paid', w.id);
    const deadline = new Date((paid.body.value as unknown as { confirmDeadline: string }).confirmDeadline);
    // Earlier payouts' jobs (answered already) run and change nothing; this one is not due yet.
    await t.ctx.jobs.runDue({ now: new Date(deadline.getTime() - 1000) });
    const before = await t.call<{ list: View[] }>({
      method: 'GET',
      url: '/wps/v2/withdrawals',
      headers: bearer(p.token),
    });
    expect(before.body.value.list[0]).toMatchObject({ status: 'paid', receipt: null });
    const after = new Date(deadline.getTime() + 1000);
    await Promise.all([t.ctx.jobs.runDue({ now: after }), t.ctx.jobs.runDue({ now: after })]);
    const job = async () =>
      (
        (await t.ctx.db.execute(
          sql`SELECT state, attempts FROM jobs WHERE name = 'withdrawal.autoConfirm' AND key = ${String(w.id)}`,
        )) as unknown as {
          rows: { state: string; attempts: number }[];
        }
      ).rows;
    expect(await job()).toEqual([{ state: 'done', attempts: 1 }]);
    const list = await t.call<{ list: View[] }>({
      method: 'GET',
      url: '/wps/v2/withdrawals',
      headers: bearer(p.token),
    });
    expect(list.body.value.list[0]).toMatchObject({ status: 'completed', receipt: 'auto_received' });
    expect((await receipt(p.token, w.id, { result: 'received' })).status).toBe(409);
    await t.ctx.jobs.runDue({ now: new Date(deadline.getTime() + 60_000) });
    expect(await job()).toEqual([{ state: 'done', attempts: 1 }]);
  });

  it('keeps the ledger sound, with the pending account holding exactly what is requested or approved', async () => {
    expect((await checkLedger(t.ctx.db)).breaches).toEqual([]);
    const r = (await t.ctx.db.execute(
      sql`SELECT
        (SELECT coalesce(sum(balance), 0) FROM ledger_accounts WHERE kind = 'pending_withdrawal')::text AS ledger,
        (SELECT coalesce(sum(amount), 0) FROM withdrawals WHERE status IN ('pending', 'approved'))::text AS held`,
    )) as unknown as { rows: { ledger: string; held: string }[] };
    expect(r.rows[0]!.ledger).toBe(r.rows[0]!.held);
  });
});
