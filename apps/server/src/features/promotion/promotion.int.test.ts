import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorPromotion, PromotionEntry, PromotionReport, PublicPromotion } from '@app/contract';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { rowsOf } from '../../../test/rows.ts';
import {
  PAYMENT_PASSWORD,
  bearer,
  createMember,
  fund,
  operatorToken,
  sessionFor,
  type TestMember,
} from '../../../test/factories/wallet.ts';

let t: TestApp;
let admin: string;
let finance: string;
let content: string;
let support: string;
let bankChannel: number;

const rid = () => `req_${Math.random().toString(36).slice(2, 12)}`;
const HOUR = 3600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

interface Player {
  m: TestMember;
  token: string;
}
const newPlayer = async (payeeName = 'Ana Souza'): Promise<Player> => {
  const m = await createMember(t.ctx, { payeeName });
  return { m, token: await sessionFor(t.ctx, m) };
};

const balance = async (p: Player) =>
  BigInt(
    (await t.call<{ balance: string }>({ method: 'GET', url: '/wps/v2/wallets/balance', headers: bearer(p.token) }))
      .body.value.balance,
  );

const texts = (title: string) => ({
  PT: { title: `${title} (PT)`, description: 'Descrição da oferta.', terms: 'Regras.' },
  EN: { title, description: 'What the offer is.', terms: 'Rules.' },
});

const createPromotion = async (body: Record<string, unknown>, token = content) =>
  t.call<OperatorPromotion>({
    method: 'POST',
    url: '/wps/operator/promotions',
    headers: bearer(token),
    payload: { type: 'DEPOSIT', texts: texts('Offer'), startsAt: iso(-HOUR), ...body },
  });

const promotion = async (body: Record<string, unknown>) => {
  const r = await createPromotion(body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.value;
};

/** Ends every promotion of the brand so each test sees only its own. */
const endAll = async () => {
  const list = (
    await t.call<{ list: OperatorPromotion[] }>({
      method: 'GET',
      url: '/wps/operator/promotions',
      headers: bearer(admin),
    })
  ).body.value.list;
  for (const p of list)
    if (p.state !== 'ended')
      await t.call({
        method: 'POST',
        url: '/wps/operator/promotions/end',
        headers: bearer(admin),
        payload: { id: p.id, reason: 'test isolation' },
      });
};

const deposit = async (p: Player, amount: string) => {
  const created = await t.call<{ deposit: { id: number } }>({
    method: 'POST',
    url: '/wps/v2/deposits',
    headers: bearer(p.token),
    payload: { channelId: bankChannel, amount, requestId: rid(), reference: 'PIX' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const confirmed = await t.call<{ status: string }>({
    method: 'POST',
    url: `/wps/operator/deposits/${created.body.value.deposit.id}/confirm`,
    headers: bearer(finance),
    payload: {},
  });
  expect(confirmed.body.value.status).toBe('credited');
  return created.body.value.deposit.id;
};

const bonuses = async (p: Player) =>
  (
    await t.call<{ list: PromotionEntry[] }>({
      method: 'GET',
      url: '/wps/v2/promotions/bonuses?language=EN',
      headers: bearer(p.token),
    })
  ).body.value.list;
const rewards = async (p: Player) =>
  (
    await t.call<{ claimable: PromotionEntry[]; history: PromotionEntry[]; count: number }>({
      method: 'GET',
      url: '/wps/v2/promotions/rewards?language=EN',
      headers: bearer(p.token),
    })
  ).body.value;
const list = async (token: string | null) =>
  (
    await t.call<{ list: PublicPromotion[] }>({
      method: 'GET',
      url: '/wps/v2/promotions?language=EN',
      headers: token ? bearer(token) : {},
    })
  ).body.value.list;
const join = (p: Player, promotionId: number) =>
  t.call<PromotionEntry>({
    method: 'POST',
    url: '/wps/v2/promotions/join',
    headers: bearer(p.token),
    payload: { promotionId, language: 'EN' },
  });
const claim = (p: Player, entryId: number) =>
  t.call<PromotionEntry>({
    method: 'POST',
    url: '/wps/v2/promotions/claim',
    headers: bearer(p.token),
    payload: { entryId, language: 'EN' },
  });

let betSeq = 0;
const bet = (p: Player, amount: bigint, gameType = 'RNG') =>
  t.ctx.wallet.bet({
    merchantId: p.m.merchantId,
    memberId: p.m.id,
    amount,
    key: `promo-test:bet:${process.pid}:${++betSeq}:${Math.random()}`,
    roundRef: `promo-test:round:${betSeq}`,
    gameRef: 'test-slot',
    gameType,
  });

const withdrawalSetup = async (p: Player) => {
  const acc = await t.call<{ id: number }>({
    method: 'POST',
    url: '/wps/v2/bank-accounts',
    headers: bearer(p.token),
    payload: {
      bankName: 'Banco Azul',
      accountName: 'Ana Souza',
      accountNumber: `0001-${Math.floor(Math.random() * 1e6)}`,
    },
  });
  expect(acc.status).toBe(200);
  return (amount: string) =>
    t.call<{ id: number }>({
      method: 'POST',
      url: '/wps/v2/withdrawals',
      headers: bearer(p.token),
      payload: { bankAccountId: acc.body.value.id, amount, paymentPassword: PAYMENT_PASSWORD, requestId: rid() },
    });
};

const ledgerRows = async (key: string) =>
  rowsOf<{ id: number }>(
    await t.ctx.db.execute(sql`SELECT id FROM ledger_transactions WHERE idempotency_key = ${key}`),
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await operatorToken(t, 'admin');
  finance = await operatorToken(t, 'finance');
  content = await operatorToken(t, 'content');
  support = await operatorToken(t, 'support');
  const bank = await t.call<{ id: number }>({
    method: 'POST',
    url: '/wps/operator/deposit-channels',
    headers: bearer(admin),
    payload: {
      code: 'PROMO_BANK',
      kind: 'bank',
      name: 'PIX / bank transfer',
      enabled: true,
      minAmount: '100',
      maxAmount: '10000000',
      bank: {
        bankName: 'Banco Lotus',
        accountName: 'LOTUS LTDA',
        accountNumber: '1-1',
        branch: '1',
        pixKey: null,
        instructions: null,
      },
    },
  });
  expect(bank.status, JSON.stringify(bank.body)).toBe(200);
  bankChannel = bank.body.value.id;
});
afterAll(() => t.close());

describe('the promotions desk', () => {
  it('lets content and finance operators create promotions, refuses bad ones with their fields, and not support', async () => {
    expect((await createPromotion({ trigger: 'manual', amount: '500' }, support)).status).toBe(403);
    const noAmount = await createPromotion({ trigger: 'manual' });
    expect([noAmount.status, noAmount.body.code, noAmount.body.fields]).toEqual([
      400,
      'VALIDATION_FAILED',
      { amount: 'Give the reward amount' },
    ]);
    const percentManual = await createPromotion({ trigger: 'manual', formula: 'percent', percentBp: 1000, cap: '500' });
    expect(percentManual.body.fields).toEqual({ formula: 'A percentage of the deposit needs a deposit trigger' });
    const noCap = await createPromotion({ trigger: 'first_deposit', formula: 'percent', percentBp: 1000 });
    expect(noCap.body.fields).toEqual({ percentBp: 'A percentage reward needs a percentage and a cap' });
    const backwards = await createPromotion({ trigger: 'manual', amount: '5', endsAt: iso(-2 * HOUR) });
    expect(backwards.body.fields).toEqual({ endsAt: 'The end comes after the start' });
    const noTexts = await createPromotion({ trigger: 'manual', amount: '5', texts: {} });
    expect(noTexts.status).toBe(400);
    // Nothing was created by the refusals.
    const before = await t.call<{ list: OperatorPromotion[] }>({
      method: 'GET',
      url: '/wps/operator/promotions',
      headers: bearer(finance),
    });
    expect(before.body.value.list.some((p) => p.texts.EN?.title === 'Offer' && p.amount === '5')).toBe(false);

    const made = await promotion({ trigger: 'manual', amount: '700', claimMode: 'auto' });
    expect(made).toMatchObject({ state: 'live', trigger: 'manual', amount: '700', claimMode: 'auto', limit: 'once' });
    const edited = await t.call<OperatorPromotion>({
      method: 'PUT',
      url: '/wps/operator/promotions',
      headers: bearer(content),
      payload: {
        id: made.id,
        type: 'LIMITED',
        texts: { ...texts('Offer'), ES: { title: 'Oferta', description: 'La oferta.', terms: '' } },
        startsAt: iso(HOUR),
        trigger: 'manual',
        amount: '800',
      },
    });
    expect(edited.body.value).toMatchObject({ state: 'scheduled', type: 'LIMITED', amount: '800' });
    expect(edited.body.value.texts.ES?.title).toBe('Oferta');
    const ended = await t.call<OperatorPromotion>({
      method: 'POST',
      url: '/wps/operator/promotions/end',
      headers: bearer(content),
      payload: { id: made.id, reason: 'replaced' },
    });
    expect(ended.body.value.state).toBe('ended');
    const events = rowsOf<{ to_status: string; actor_kind: string; reason: string }>(
      await t.ctx.db.execute(
        sql`SELECT to_status, actor_kind, reason FROM promotion_events WHERE promotion_id = ${made.id} ORDER BY id`,
      ),
    );
    expect(events.map((e) => [e.to_status, e.actor_kind, e.reason])).toEqual([
      ['live', 'operator', 'created'],
      ['scheduled', 'operator', 'edited'],
      ['ended', 'operator', 'replaced'],
    ]);
    const edit = await t.call({
      method: 'PUT',
      url: '/wps/operator/promotions',
      headers: bearer(content),
      payload: { id: made.id, type: 'LIMITED', texts: texts('x'), startsAt: iso(0), trigger: 'manual', amount: '1' },
    });
    expect([edit.status, edit.body.code]).toEqual([409, 'PROMOTION_ENDED']);
  });
});

describe('what members and visitors see', () => {
  it('lists live and scheduled promotions with the member’s own status; visitors get none; ended ones are gone', async () => {
    await endAll();
    const manual = await promotion({ type: 'SPECIAL_OFFER', trigger: 'manual', amount: '300', claimMode: 'claim' });
    const first = await promotion({
      type: 'NEWBIE',
      trigger: 'first_deposit',
      formula: 'percent',
      percentBp: 5000,
      cap: '1000',
      claimMode: 'auto',
    });
    const later = await promotion({ type: 'LIMITED', trigger: 'manual', amount: '300', startsAt: iso(24 * HOUR) });
    const info = await promotion({ type: 'POINTS_MALL', trigger: 'info' });
    const gone = await promotion({
      type: 'DAILY',
      trigger: 'manual',
      amount: '1',
      endsAt: iso(-HOUR / 2),
      startsAt: iso(-HOUR),
    });

    const visitor = await list(null);
    expect(visitor.map((p) => p.id).sort()).toEqual([manual.id, first.id, later.id, info.id].sort());
    expect(visitor.every((p) => p.myStatus === null)).toBe(true);
    expect(visitor.find((p) => p.id === first.id)).toMatchObject({ title: 'Offer', percentBp: 5000, cap: '1000' });
    expect(visitor.some((p) => p.id === gone.id)).toBe(false);

    const p = await newPlayer();
    const mine = new Map((await list(p.token)).map((x) => [x.id, x.myStatus]));
    expect(Object.fromEntries([...mine].map(([id, s]) => [id, s]))).toEqual({
      [manual.id]: 'join',
      [first.id]: 'signed',
      [later.id]: 'coming_soon',
      [info.id]: null,
    });
    const early = await join(p, later.id);
    expect([early.status, early.body.code]).toEqual([409, 'PROMOTION_NOT_LIVE']);
    const notManual = await join(p, info.id);
    expect([notManual.status, notManual.body.code]).toEqual([409, 'PROMOTION_NOT_JOINABLE']);
    const unknown = await join(p, 999_999);
    expect(unknown.status).toBe(404);
    const visitorJoin = await t.call({
      method: 'POST',
      url: '/wps/v2/promotions/join',
      payload: { promotionId: manual.id },
    });
    expect(visitorJoin.status).toBe(401);

    // Joining a claim-mode promotion makes a reward to claim (the menu's badge counts it).
    const joined = await join(p, manual.id);
    expect(joined.body.value).toMatchObject({ status: 'claim', amount: '300' });
    expect((await rewards(p)).count).toBe(1);
    expect(new Map((await list(p.token)).map((x) => [x.id, x.myStatus])).get(manual.id)).toBe('claim');
    const before = await balance(p);
    const claimed = await claim(p, joined.body.value.id);
    expect(claimed.body.value).toMatchObject({ status: 'claimed', wagering: { required: '0', met: true } });
    expect(await balance(p)).toBe(before + 300n);
    const r = await rewards(p);
    expect([r.count, r.history.map((e) => e.status)]).toEqual([0, ['claimed']]);
    const again = await claim(p, joined.body.value.id);
    expect([again.status, again.body.code]).toEqual([409, 'ALREADY_CLAIMED']);
    expect((await join(p, manual.id)).body.code).toBe('ALREADY_JOINED');

    // Someone else's reward is not found.
    const other = await newPlayer();
    expect((await claim(other, joined.body.value.id)).status).toBe(404);

    // Every status change is an event: who, when, why.
    const events = await t.ctx.promotions.events(joined.body.value.id);
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actorKind, e.actorId, e.reason])).toEqual([
      [null, 'claim', 'member', p.m.id, 'joined'],
      ['claim', 'claimed', 'member', p.m.id, 'claimed by the member'],
    ]);
    expect(events.every((e) => e.createdAt instanceof Date)).toBe(true);
  });

  it('new-member promotions are closed to accounts older than the promotion', async () => {
    await endAll();
    const p = await newPlayer();
    const fresh = await promotion({
      trigger: 'manual',
      amount: '100',
      audience: 'new_members',
      startsAt: iso(HOUR / 2),
    });
    // The promotion starts later than the account was made: scheduled first, then moved into the past.
    await t.call({
      method: 'PUT',
      url: '/wps/operator/promotions',
      headers: bearer(content),
      payload: {
        id: fresh.id,
        type: 'NEWBIE',
        texts: texts('New'),
        startsAt: iso(-1),
        trigger: 'manual',
        amount: '100',
        audience: 'new_members',
      },
    });
    expect((await list(p.token)).find((x) => x.id === fresh.id)?.myStatus).toBe('close');
    expect((await join(p, fresh.id)).body.code).toBe('PROMOTION_NOT_ELIGIBLE');
    const newcomer = await newPlayer();
    expect((await join(newcomer, fresh.id)).body.value.status).toBe('claim');
  });
});

describe('deposit triggers and reward formulas', () => {
  it('first deposit, percent with a cap, automatic: the bonus is paid with its wagering and locks withdrawals until met', async () => {
    await endAll();
    const first = await promotion({
      type: 'NEWBIE',
      trigger: 'first_deposit',
      minDeposit: '2000',
      formula: 'percent',
      percentBp: 10_000,
      cap: '20000',
      wageringMultiple: 3,
      gameTypes: ['RNG'],
      claimMode: 'auto',
    });
    const p = await newPlayer();
    await deposit(p, '25000');
    // 100% of 25000 capped at 20000.
    expect(await balance(p)).toBe(45_000n);
    const [bonus] = await bonuses(p);
    expect(bonus).toMatchObject({
      promotionId: first.id,
      status: 'process',
      amount: '20000',
      wagering: { required: '60000', achieved: '0', remaining: '60000', met: false, gameTypes: ['RNG'] },
    });
    expect(bonus!.title).toBe('Offer');
    expect((await list(p.token)).find((x) => x.id === first.id)?.myStatus).toBe('process');

    // The withdrawal lock: the deposit's own turnover (25000) plus the bonus's wagering (60000).
    const withdraw = await withdrawalSetup(p);
    const locked = await withdraw('5000');
    expect([locked.status, locked.body.code]).toEqual([409, 'TURNOVER_NOT_MET']);
    expect(locked.body.value).toMatchObject({ required: '85000', achieved: '0', remaining: '85000', met: false });

    // Live bets do not count (RNG only); slot bets do, and the progress shows. (More money to bet
    // with, put in without a deposit.)
    await fund(t.ctx, p.m, 100_000n);
    await bet(p, 10_000n, 'LIVE');
    await bet(p, 30_000n, 'RNG');
    const [half] = await bonuses(p);
    expect(half!.wagering).toMatchObject({ achieved: '30000', remaining: '30000', met: false });
    const info = await t.call<{ turnover: { required: string; achieved: string; met: boolean } }>({
      method: 'GET',
      url: '/wps/v2/withdrawals/info',
      headers: bearer(p.token),
    });
    // The deposit turnover counts every bet (40000 ≥ 25000); the bonus 30000 of 60000.
    expect(info.body.value.turnover).toEqual({ required: '85000', achieved: '55000', remaining: '30000', met: false });
    expect((await withdraw('5000')).body.code).toBe('TURNOVER_NOT_MET');

    await bet(p, 30_000n, 'RNG');
    const [done] = await bonuses(p);
    expect(done).toMatchObject({ status: 'issued', wagering: { required: '60000', achieved: '60000', met: true } });
    const ok = await withdraw('5000');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);

    // A second deposit is not a first deposit.
    await deposit(p, '25000');
    expect(await bonuses(p)).toHaveLength(1);
    const events = await t.ctx.promotions.events(done!.id);
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actorKind])).toEqual([
      [null, 'claim', 'system'],
      ['claim', 'process', 'system'],
      ['process', 'process', 'system'],
      ['process', 'issued', 'system'],
    ]);
    expect(events.at(-1)!.reason).toBe('wagering met');
    expect((await ledgerRows(`promo:${done!.id}`)).length).toBe(1);

    const report = await t.call<PromotionReport>({
      method: 'GET',
      url: `/wps/operator/promotions/report?id=${first.id}`,
      headers: bearer(finance),
    });
    expect(report.body.value).toMatchObject({ members: 1, paid: 1, cost: '20000', turnover: '60000', forfeited: 0 });
  });

  it('deposit over an amount, fixed reward with a claim: smaller deposits do not qualify; once a day', async () => {
    await endAll();
    const reload = await promotion({
      trigger: 'deposit_over',
      minDeposit: '10000',
      formula: 'fixed',
      amount: '1500',
      claimMode: 'claim',
      limit: 'daily',
    });
    const p = await newPlayer();
    await deposit(p, '5000');
    expect((await rewards(p)).count).toBe(0);
    await deposit(p, '12000');
    const r = await rewards(p);
    expect(r.count).toBe(1);
    expect(r.claimable[0]).toMatchObject({ promotionId: reload.id, status: 'claim', amount: '1500', paidAt: null });
    expect((await list(p.token)).find((x) => x.id === reload.id)?.myStatus).toBe('claim');
    const before = await balance(p);
    expect((await claim(p, r.claimable[0]!.id)).body.value.status).toBe('claimed');
    expect(await balance(p)).toBe(before + 1500n);
    // Another qualifying deposit the same day: the daily limit holds.
    await deposit(p, '15000');
    expect((await rewards(p)).count).toBe(0);
  });

  it('percent with a cap below the cap pays the share; a zero share pays nothing', async () => {
    await endAll();
    await promotion({ trigger: 'deposit_over', formula: 'percent', percentBp: 1250, cap: '100000', claimMode: 'auto' });
    const p = await newPlayer();
    await deposit(p, '8000');
    // 12.5% of 8000.
    expect((await bonuses(p))[0]).toMatchObject({ amount: '1000', status: 'issued' });
    expect(await balance(p)).toBe(9000n);
  });
});

describe('player protection', () => {
  it('a member who excluded themselves gets no promotion from a deposit credited afterwards', async () => {
    await endAll();
    await promotion({ trigger: 'deposit_over', formula: 'fixed', amount: '500', claimMode: 'auto' });
    const p = await newPlayer();
    const created = await t.call<{ deposit: { id: number } }>({
      method: 'POST',
      url: '/wps/v2/deposits',
      headers: bearer(p.token),
      payload: { channelId: bankChannel, amount: '3000', requestId: rid(), reference: 'PIX' },
    });
    expect(created.status).toBe(200);
    const excluded = await t.call({
      method: 'POST',
      url: '/wps/v2/protection/exclusion',
      headers: bearer(p.token),
      payload: { period: '6m', confirm: true },
    });
    expect(excluded.status, JSON.stringify(excluded.body)).toBe(200);
    const confirmed = await t.call<{ status: string }>({
      method: 'POST',
      url: `/wps/operator/deposits/${created.body.value.deposit.id}/confirm`,
      headers: bearer(finance),
      payload: {},
    });
    expect(confirmed.body.value.status).toBe('credited');
    const { balance } = await t.ctx.wallet.balance(p.m.merchantId, p.m.id);
    expect(balance).toBe(3000n);
    const entries = rowsOf<{ id: number }>(
      await t.ctx.db.execute(sql`SELECT id FROM promotion_entries WHERE member_id = ${p.m.id}`),
    );
    expect(entries).toHaveLength(0);
  });
});

describe('player protection: joining', () => {
  it('a member under a time-out or a self-exclusion cannot join or be paid a promotion', async () => {
    await endAll();
    const gift = await promotion({ trigger: 'manual', amount: '700', claimMode: 'auto' });
    for (const period of ['24h', '6m']) {
      const p = await newPlayer();
      const m = { merchantId: p.m.merchantId, memberId: p.m.id };
      await (period === '24h' ? t.ctx.protection.timeOut(m, period) : t.ctx.protection.exclude(m, period));
      await expect(t.ctx.promotions.join(m, gift.id, 'EN')).rejects.toMatchObject({ code: 'PROMOTION_NOT_ELIGIBLE' });
      expect((await t.ctx.wallet.balance(m.merchantId, m.memberId)).balance).toBe(0n);
    }
    // The same promotion still pays anyone else.
    const free = await newPlayer();
    expect((await join(free, gift.id)).status).toBe(200);
    expect(await balance(free)).toBe(700n);
  });
});

describe('the abuse guard', () => {
  it('20 concurrent joins of a once-only automatic reward pay once', async () => {
    await endAll();
    const gift = await promotion({ trigger: 'manual', amount: '900', claimMode: 'auto' });
    const p = await newPlayer();
    const answers = await Promise.all(Array.from({ length: 20 }, () => join(p, gift.id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.code === 'ALREADY_JOINED')).toHaveLength(19);
    expect(await balance(p)).toBe(900n);
    const entries = rowsOf<{ id: number }>(
      await t.ctx.db.execute(sql`SELECT id FROM promotion_entries WHERE promotion_id = ${gift.id}`),
    );
    expect(entries).toHaveLength(1);
  });

  it('20 concurrent claims of one reward pay once', async () => {
    await endAll();
    const gift = await promotion({ trigger: 'manual', amount: '400', claimMode: 'claim' });
    const p = await newPlayer();
    const entry = (await join(p, gift.id)).body.value;
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(p, entry.id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.code === 'ALREADY_CLAIMED')).toHaveLength(19);
    expect(await balance(p)).toBe(400n);
    expect(await ledgerRows(`promo:${entry.id}`)).toHaveLength(1);
  });
});

describe('a locked bonus and a withdrawal', () => {
  it('giving up a bonus in wagering takes back what is left of it and ends its lock', async () => {
    await endAll();
    const gift = await promotion({ trigger: 'manual', amount: '10000', wageringMultiple: 10, claimMode: 'auto' });
    const p = await newPlayer();
    await fund(t.ctx, p.m, 20_000n);
    const entry = (await join(p, gift.id)).body.value;
    expect(entry).toMatchObject({ status: 'process', wagering: { required: '100000', met: false } });
    const withdraw = await withdrawalSetup(p);
    expect((await withdraw('5000')).body.code).toBe('TURNOVER_NOT_MET');
    // Lose part of the money first: the whole bonus (10000) is still covered by the balance (22000).
    await bet(p, 8_000n);
    const forfeit = await t.call<PromotionEntry>({
      method: 'POST',
      url: '/wps/v2/promotions/forfeit',
      headers: bearer(p.token),
      payload: { entryId: entry.id },
    });
    expect(forfeit.body.value.status).toBe('close');
    expect(await balance(p)).toBe(12_000n);
    const again = await t.call({
      method: 'POST',
      url: '/wps/v2/promotions/forfeit',
      headers: bearer(p.token),
      payload: { entryId: entry.id },
    });
    expect([again.status, again.body.code]).toEqual([409, 'NOT_IN_WAGERING']);
    const ok = await withdraw('5000');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('a forfeit with less money than the bonus takes back only the balance', async () => {
    await endAll();
    const gift = await promotion({ trigger: 'manual', amount: '10000', wageringMultiple: 5, claimMode: 'auto' });
    const p = await newPlayer();
    const entry = (await join(p, gift.id)).body.value;
    await bet(p, 7_000n);
    const forfeit = await t.call<PromotionEntry>({
      method: 'POST',
      url: '/wps/v2/promotions/forfeit',
      headers: bearer(p.token),
      payload: { entryId: entry.id },
    });
    expect(forfeit.status).toBe(200);
    expect(await balance(p)).toBe(0n);
    const report = await t.call<PromotionReport>({
      method: 'GET',
      url: `/wps/operator/promotions/report?id=${gift.id}`,
      headers: bearer(admin),
    });
    expect(report.body.value).toMatchObject({
      paid: 1,
      cost: '10000',
      forfeited: 1,
      returned: '3000',
      turnover: '7000',
    });
  });
});
