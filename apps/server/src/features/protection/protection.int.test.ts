import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  PAYMENT_PASSWORD,
  bearer,
  createMember,
  fund,
  operatorToken,
  sessionFor,
  type TestMember,
} from '../../../test/factories/wallet.ts';
import { login } from '../../../test/factories/account.ts';
import {
  fundedPlayer,
  gameSession,
  launchToken,
  setupProviderWorld,
  txId,
  vendorCall,
  type Player,
  type ProviderWorld,
} from '../../../test/factories/provider.ts';
import { checkLedger } from '../wallet/ledger-check/data.ts';
import { periodOf } from './periods.ts';
import { createProtectionService } from './service.ts';
import { sumDepositsSince } from '../deposit/data.ts';

/**
 * Player protection through HTTP into a real database (issue 24): every limit at its boundary and
 * across the brand's period edges, concurrent deposits against one limit, the 24-hour wait before
 * a looser limit, the operator's stricter limits, and time-outs and self-exclusion closing every
 * money and game path (deposits, vendors' bet callbacks, transfers into games, launches, logins,
 * registration).
 */
let t: TestApp;
let world: ProviderWorld;
let admin: string;
let support: string;
let bank: number;
let tz: string;

const rid = () => `req_${Math.random().toString(36).slice(2, 12)}`;
const exec = (q: ReturnType<typeof sql>) => t.ctx.db.execute(q);

interface Status {
  limits: {
    limit: string;
    own: string | null;
    operator: string | null;
    effective: string | null;
    pending: { amount: string | null; from: string; confirmable: boolean } | null;
    used: string | null;
    remaining: string | null;
    resetsAt: string | null;
  }[];
  restriction: { kind: string; endsAt: string | null } | null;
  session: { startedAt: string; limitMinutes: number | null };
}
const status = async (token: string) =>
  (await t.call<Status>({ method: 'GET', url: '/wps/v2/protection', headers: bearer(token) })).body.value;
const limitOf = async (token: string, limit: string) => (await status(token)).limits.find((l) => l.limit === limit)!;
const setLimit = (token: string, limit: string, amount: string | null) =>
  t.call<Status>({
    method: 'PUT',
    url: '/wps/v2/protection/limits',
    headers: bearer(token),
    payload: { limit, amount },
  });
const confirm = (token: string, limit: string) =>
  t.call<Status>({
    method: 'POST',
    url: '/wps/v2/protection/limits/confirm',
    headers: bearer(token),
    payload: { limit },
  });
const deposit = (token: string, amount: string) =>
  t.call<{ deposit: { id: number } }>({
    method: 'POST',
    url: '/wps/v2/deposits',
    headers: bearer(token),
    payload: { channelId: bank, amount, requestId: rid() },
  });
const newMember = async () => {
  const m = await createMember(t.ctx);
  return { m, token: await sessionFor(t.ctx, m) };
};
const bet = (s: { sessionToken: string; playerId: string }, amount: string, roundId = txId('round')) =>
  vendorCall(t, 'bet', {
    sessionToken: s.sessionToken,
    playerId: s.playerId,
    transactionId: txId('bet'),
    roundId,
    gameCode: 'HGS_DRAGON',
    amount,
    currency: 'BRL',
  });
const win = (s: { playerId: string }, roundId: string, amount: string) =>
  vendorCall(t, 'win', {
    playerId: s.playerId,
    transactionId: txId('win'),
    roundId,
    gameCode: 'HGS_DRAGON',
    amount,
    currency: 'BRL',
    endRound: true,
  });

beforeAll(async () => {
  t = await createTestApp();
  world = await setupProviderWorld(t);
  admin = await operatorToken(t, 'admin');
  support = await operatorToken(t, 'support');
  tz = (await t.ctx.merchants.brand(world.merchantId)).merchant.timezone;
  const res = await t.call<{ id: number }>({
    method: 'POST',
    url: '/wps/operator/deposit-channels',
    headers: bearer(admin),
    payload: {
      code: 'PROT_BANK',
      kind: 'bank',
      name: 'Bank',
      enabled: true,
      minAmount: '1',
      maxAmount: '10000000',
      bank: { bankName: 'Banco Lotus', accountName: 'LOTUS LTDA', accountNumber: '12345-6', branch: '0001' },
    },
  });
  if (!res.body.success) throw new Error(JSON.stringify(res.body));
  bank = res.body.value.id;
});
afterAll(() => t.close());
afterEach(async () => {
  expect((await checkLedger(t.ctx.db)).breaches).toEqual([]);
});

describe('deposit limits', () => {
  it('refuses a deposit past the limit with which limit, what is left and when it resets; the exact rest passes', async () => {
    const { token } = await newMember();
    expect((await setLimit(token, 'deposit_day', '10000')).status).toBe(200);
    expect((await deposit(token, '6000')).status).toBe(200);
    const over = await deposit(token, '4001');
    expect(over.status).toBe(403);
    expect(over.body.code).toBe('PROTECTION_LIMIT');
    const day = periodOf('day', new Date(), tz);
    expect(over.body.value).toEqual({
      limit: 'deposit_day',
      restriction: null,
      remaining: '4000',
      resetsAt: day.end.toISOString(),
    });
    expect(over.body.message).toContain('daily deposit limit');
    expect((await deposit(token, '4000')).status).toBe(200);
    expect((await deposit(token, '1')).body.code).toBe('PROTECTION_LIMIT');
    expect(await limitOf(token, 'deposit_day')).toMatchObject({ used: '10000', remaining: '0' });
  });

  it('counts each period from its edge on the brand clock: a deposit a second before the edge is the previous period', async () => {
    const { m, token } = await newMember();
    const now = new Date();
    const day = periodOf('day', now, tz);
    const week = periodOf('week', now, tz);
    const month = periodOf('month', now, tz);
    // One deposit at each edge and one a second before it.
    const at = [
      day.start,
      new Date(day.start.getTime() - 1000),
      week.start,
      new Date(week.start.getTime() - 1000),
      month.start,
      new Date(month.start.getTime() - 1000),
    ];
    for (const [i, when] of at.entries()) {
      const r = await deposit(token, String(100 * 10 ** i));
      expect(r.status).toBe(200);
      // Credited (still counted) so the next one is not held back by the pending-deposit cap.
      await exec(
        sql`UPDATE deposits SET status = 'credited', created_at = ${when.toISOString()}::timestamptz WHERE id = ${r.body.value.deposit.id}`,
      );
    }
    const inPeriod = (start: Date) => at.reduce((s, when, i) => (when >= start ? s + 100 * 10 ** i : s), 0);
    await setLimit(token, 'deposit_day', '100000000');
    await setLimit(token, 'deposit_week', '100000000');
    await setLimit(token, 'deposit_month', '100000000');
    const s = await status(token);
    const used = (l: string) => s.limits.find((x) => x.limit === l)!.used;
    expect(used('deposit_day')).toBe(String(inPeriod(day.start)));
    expect(used('deposit_week')).toBe(String(inPeriod(week.start)));
    expect(used('deposit_month')).toBe(String(inPeriod(month.start)));
    expect(s.limits.find((x) => x.limit === 'deposit_week')!.resetsAt).toBe(week.end.toISOString());
    expect(s.limits.find((x) => x.limit === 'deposit_month')!.resetsAt).toBe(month.end.toISOString());
    // At each boundary: the exact remainder passes, one more unit does not (the lowest limit wins).
    for (const [limit, start] of [
      ['deposit_day', day.start],
      ['deposit_week', week.start],
      ['deposit_month', month.start],
    ] as const) {
      const cap = inPeriod(start) + 50;
      await setLimit(token, limit, String(cap));
      const refused = await deposit(token, '51');
      expect(refused.body.code).toBe('PROTECTION_LIMIT');
      expect(refused.body.value).toMatchObject({ limit, remaining: '50' });
      await setLimit(token, limit, null); // a removal waits: drop it at once for the next round
      await exec(sql`UPDATE protection_limits SET own = NULL, pending_from = NULL WHERE member_id = ${m.id}`);
    }
    // Failed and rejected deposits do not count.
    await exec(sql`UPDATE deposits SET status = 'rejected' WHERE member_id = ${m.id}`);
    await setLimit(token, 'deposit_day', '100');
    expect((await deposit(token, '100')).status).toBe(200);
  });

  it('concurrent deposits against one limit never pass it together', async () => {
    const { token } = await newMember();
    await setLimit(token, 'deposit_day', '10000');
    const results = await Promise.all(Array.from({ length: 6 }, () => deposit(token, '3000')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.body.code === 'PROTECTION_LIMIT')).toHaveLength(3);
    expect(await limitOf(token, 'deposit_day')).toMatchObject({ used: '9000', remaining: '1000' });
  });
});

describe('changing a limit', () => {
  it('applies a decrease at once; an increase or removal only after 24 hours and a confirmation', async () => {
    const { m, token } = await newMember();
    await setLimit(token, 'deposit_week', '10000');
    const raised = await setLimit(token, 'deposit_week', '50000');
    expect(raised.status).toBe(200);
    const l = raised.body.value.limits.find((x) => x.limit === 'deposit_week')!;
    expect(l).toMatchObject({ own: '10000', effective: '10000', pending: { amount: '50000', confirmable: false } });
    expect(new Date(l.pending!.from).getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    const early = await confirm(token, 'deposit_week');
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('COOLING_OFF');
    expect((await deposit(token, '10001')).body.code).toBe('PROTECTION_LIMIT');
    // 24 hours pass.
    await exec(sql`UPDATE protection_limits SET pending_from = now() - interval '1 second' WHERE member_id = ${m.id}`);
    expect((await limitOf(token, 'deposit_week')).pending?.confirmable).toBe(true);
    const done = await confirm(token, 'deposit_week');
    expect(done.body.value.limits.find((x) => x.limit === 'deposit_week')).toMatchObject({
      own: '50000',
      pending: null,
    });
    expect((await deposit(token, '10001')).status).toBe(200);
    // A decrease is at once and drops nothing pending behind.
    await setLimit(token, 'deposit_week', '20000');
    expect((await limitOf(token, 'deposit_week')).effective).toBe('20000');
    // A removal waits too.
    await setLimit(token, 'deposit_week', null);
    expect(await limitOf(token, 'deposit_week')).toMatchObject({ own: '20000', pending: { amount: null } });
    await exec(sql`UPDATE protection_limits SET pending_from = now() - interval '1 second' WHERE member_id = ${m.id}`);
    await confirm(token, 'deposit_week');
    expect(await limitOf(token, 'deposit_week')).toMatchObject({ own: null, effective: null });
  });

  it('bad limits change nothing: a session limit out of range, a confirmation with nothing pending', async () => {
    const { token } = await newMember();
    expect((await setLimit(token, 'session', '5')).status).toBe(400);
    expect((await setLimit(token, 'deposit_day', '0')).status).toBe(400);
    expect((await setLimit(token, 'nope', '5')).status).toBe(400);
    expect((await confirm(token, 'deposit_day')).body.code).toBe('NO_PENDING_CHANGE');
    expect((await status(token)).limits.every((l) => l.own === null)).toBe(true);
  });

  it('brand defaults and maxima: the lowest applicable limit wins; an operator only tightens, with a reason, audited', async () => {
    const saved = await t.call({
      method: 'PUT',
      url: '/wps/operator/protection/settings',
      headers: bearer(admin),
      payload: { defaults: { deposit_month: '500000' }, maxima: { deposit_month: '1000000' }, realityCheckMinutes: 30 },
    });
    expect(saved.status).toBe(200);
    try {
      const { m, token } = await newMember();
      expect(await limitOf(token, 'deposit_month')).toMatchObject({ own: null, effective: '500000' });
      const tooHigh = await setLimit(token, 'deposit_month', '2000000');
      expect(tooHigh.body.code).toBe('LIMIT_ABOVE_MAXIMUM');
      await setLimit(token, 'deposit_month', '300000');
      expect((await limitOf(token, 'deposit_month')).effective).toBe('300000');
      // The operator tightens to 200000; a looser operator value is refused.
      const looser = await t.call({
        method: 'POST',
        url: '/wps/operator/protection/limit',
        headers: bearer(support),
        payload: { memberId: m.id, limit: 'deposit_month', amount: '400000', reason: 'affordability check' },
      });
      expect(looser.body.code).toBe('NOT_STRICTER');
      const tighter = await t.call({
        method: 'POST',
        url: '/wps/operator/protection/limit',
        headers: bearer(support),
        payload: { memberId: m.id, limit: 'deposit_month', amount: '200000', reason: 'affordability check' },
      });
      expect(tighter.status).toBe(200);
      // The player's own raise (after its wait) does not pass the operator's limit.
      await setLimit(token, 'deposit_month', '900000');
      await exec(
        sql`UPDATE protection_limits SET pending_from = now() - interval '1 second' WHERE member_id = ${m.id}`,
      );
      await confirm(token, 'deposit_month');
      expect(await limitOf(token, 'deposit_month')).toMatchObject({
        own: '900000',
        operator: '200000',
        effective: '200000',
      });
      const audit = await exec(
        sql`SELECT action, detail FROM operator_audit WHERE action = 'protection.limit' AND target = ${`member:${m.id}`}`,
      );
      expect((audit as unknown as { rows: unknown[] }).rows).toHaveLength(1);
      const desk = await t.call<{ history: { action: string; by: string; detail: string | null }[] }>({
        method: 'GET',
        url: `/wps/operator/protection/member?memberId=${m.id}`,
        headers: bearer(support),
      });
      expect(desk.body.value.history.map((h) => h.action)).toContain('operator_limit');
      expect(desk.body.value.history.find((h) => h.action === 'operator_limit')).toMatchObject({
        by: 'operator',
        detail: 'affordability check',
      });
      // Members cannot use the desk; the settings are the admin's.
      expect(
        (await t.call({ method: 'GET', url: '/wps/operator/protection/members', headers: bearer(token) })).status,
      ).toBe(401);
      expect(
        (
          await t.call({
            method: 'PUT',
            url: '/wps/operator/protection/settings',
            headers: bearer(support),
            payload: { defaults: {}, maxima: {}, realityCheckMinutes: 60 },
          })
        ).status,
      ).toBe(403);
    } finally {
      await t.call({
        method: 'PUT',
        url: '/wps/operator/protection/settings',
        headers: bearer(admin),
        payload: { defaults: {}, maxima: {}, realityCheckMinutes: 60 },
      });
    }
  });
});

describe('wager and loss limits on vendor bet callbacks', () => {
  it('refuses a bet past the wager limit with the protocol code LIMIT_REACHED; the exact rest passes', async () => {
    const p = await fundedPlayer(t, 100_000n);
    await setLimit(p.token, 'wager_day', '1000');
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    expect((await bet(s, '600')).status).toBe(200);
    const over = await bet(s, '401');
    expect(over.status).toBe(403);
    expect(over.body.code).toBe('LIMIT_REACHED');
    expect(over.body.value).toMatchObject({ limit: 'wager_day', remaining: '400' });
    expect((await bet(s, '400')).status).toBe(200);
    expect((await bet(s, '1')).body.code).toBe('LIMIT_REACHED');
    expect((await t.ctx.wallet.balance(p.merchantId, p.id)).balance).toBe(99_000n);
  });

  it('counts the net loss: wins give room back; a stake counts as lost until won', async () => {
    const p = await fundedPlayer(t, 100_000n);
    await setLimit(p.token, 'loss_week', '1000');
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const round = txId('round');
    expect((await bet(s, '800', round)).status).toBe(200);
    expect((await win(s, round, '500')).status).toBe(200);
    expect((await bet(s, '701')).body.code).toBe('LIMIT_REACHED');
    expect((await bet(s, '700')).status).toBe(200);
    expect((await bet(s, '1')).body.code).toBe('LIMIT_REACHED');
    expect(await limitOf(p.token, 'loss_week')).toMatchObject({ used: '1000', remaining: '0' });
    // A launch with nothing left of a play limit is refused too.
    const launch = await t.call({
      method: 'GET',
      url: `/wps/relay/GCS_gameLaunchFB?nodeId=${world.games.HGS_DRAGON}&demo=0`,
      headers: bearer(p.token),
    });
    expect(launch.body.code).toBe('PROTECTION_LIMIT');
  });

  it('a session time limit ends the session and refuses play', async () => {
    const p = await fundedPlayer(t, 10_000n);
    await setLimit(p.token, 'session', '15');
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    expect((await bet(s, '100')).status).toBe(200);
    await exec(sql`UPDATE sessions SET created_at = now() - interval '16 minutes' WHERE member_id = ${p.id}`);
    const refused = await bet(s, '100');
    expect(refused.body.code).toBe('PLAYER_RESTRICTED');
    expect((await t.call({ method: 'GET', url: '/wps/v2/protection', headers: bearer(p.token) })).status).toBe(401);
  });
});

describe('every play limit at its boundary across the period edges on the brand clock', () => {
  /** The same protection over the same database, with its clock set by the test. */
  const at = (moment: Date) => {
    const service = createProtectionService({
      db: t.ctx.db,
      merchants: t.ctx.merchants,
      wallet: t.ctx.wallet,
      sessions: t.ctx.sessions,
      accounts: t.ctx.accounts,
      audit: t.ctx.operators.audit,
      now: () => moment,
    });
    service.registerDeposits(sumDepositsSince);
    return service;
  };
  const mayPlay = (moment: Date, p: Player, amount: bigint) =>
    at(moment).assertMayPlay({ merchantId: p.merchantId, memberId: p.id, amount });

  for (const period of ['day', 'week', 'month'] as const)
    for (const kind of ['wager', 'loss'] as const)
      it(`the ${kind} limit per ${period}: the stakes count until the last moment of the ${period}, and not from its edge`, async () => {
        const p = await fundedPlayer(t, 100_000n);
        await setLimit(p.token, `${kind}_${period}`, '1000');
        const s = await gameSession(t, p, world.games.HGS_DRAGON!);
        expect((await bet(s, '700')).status).toBe(200);
        const edge = periodOf(period, new Date(), tz).end;
        const lastMoment = new Date(edge.getTime() - 1);
        // The last millisecond of the period: 300 left, 301 is refused with when it resets.
        await expect(mayPlay(lastMoment, p, 300n)).resolves.toBeUndefined();
        await expect(mayPlay(lastMoment, p, 301n)).rejects.toMatchObject({
          code: 'PROTECTION_LIMIT',
          value: { limit: `${kind}_${period}`, remaining: '300', resetsAt: edge.toISOString() },
        });
        // From the edge on (midnight, Monday or the 1st in the brand's time zone), the whole limit again.
        await expect(mayPlay(edge, p, 1000n)).resolves.toBeUndefined();
        await expect(mayPlay(edge, p, 1001n)).rejects.toMatchObject({ value: { remaining: '1000' } });
      });

  it('the session limit: play until its last moment, refused (and logged out) from it', async () => {
    const p = await fundedPlayer(t, 10_000n);
    await setLimit(p.token, 'session', '15');
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const started = (await t.ctx.sessions.liveSession(p.id))!.createdAt;
    const end = new Date(started.getTime() + 15 * 60_000);
    await expect(mayPlay(new Date(end.getTime() - 1), p, 100n)).resolves.toBeUndefined();
    await expect(mayPlay(end, p, 100n)).rejects.toMatchObject({ code: 'PROTECTION_SESSION_LIMIT' });
    // Every session has ended: the game's own session takes no more bets either.
    const after = await bet(s, '100');
    expect(after.status).toBe(403);
    expect(after.body.code).toBe('PLAYER_RESTRICTED');
  });

  it('a daily deposit limit at the brand day edge: the day before is not counted, the day itself is', async () => {
    const { m, token } = await newMember();
    await setLimit(token, 'deposit_day', '5000');
    const r = await deposit(token, '5000');
    expect(r.status).toBe(200);
    const edge = periodOf('day', new Date(), tz).end;
    const d = { merchantId: m.merchantId, memberId: m.id };
    const inTx = (moment: Date, amount: bigint) =>
      t.ctx.db.transaction((tx) => at(moment).assertMayDeposit({ ...d, amount, db: tx }));
    await expect(inTx(new Date(edge.getTime() - 1), 1n)).rejects.toMatchObject({
      value: { limit: 'deposit_day', remaining: '0' },
    });
    await expect(inTx(edge, 5000n)).resolves.toBeUndefined();
    await expect(inTx(edge, 5001n)).rejects.toMatchObject({ value: { limit: 'deposit_day', remaining: '5000' } });
  });
});

describe('bet history and game recall', () => {
  it('covers at least the last 3 months online, and recalls the last game and the 9 before it with what happened', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const rounds: string[] = [];
    for (let i = 0; i < 12; i++) {
      const round = txId('round');
      rounds.push(round);
      expect((await bet(s, String(100 + i), round)).status).toBe(200);
      expect((await win(s, round, String(i % 3 === 0 ? 250 : 0))).status).toBe(200);
    }
    // The oldest round was played almost 3 months ago (on the brand's calendar).
    const old = new Date(Date.now() - 89 * 86_400_000);
    await exec(
      sql`UPDATE game_rounds SET started_at = ${old.toISOString()}::timestamptz, ended_at = ${old.toISOString()}::timestamptz
           WHERE member_id = ${p.id} AND round_id = ${rounds[0]!}`,
    );
    const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(d);
    type Page = { list: { id: number; roundId: string; bet: string; win: string }[]; totalCount: number };
    const history = (q: string) =>
      t.call<Page>({ method: 'GET', url: `/wps/game/betHistory?${q}`, headers: bearer(p.token) });
    const threeMonths = await history(`from=${day(new Date(Date.now() - 92 * 86_400_000))}&to=${day(new Date())}`);
    expect(threeMonths.status).toBe(200);
    expect(threeMonths.body.value.totalCount).toBe(12);
    const thatDay = await history(`from=${day(old)}&to=${day(old)}`);
    expect(thatDay.body.value.list.map((r) => r.roundId)).toEqual([rounds[0]]);
    // Game recall: the last game and the 9 before it, newest first, each opening with its bets and wins.
    const last10 = await history(`from=${day(new Date(Date.now() - 92 * 86_400_000))}&pageSize=10`);
    expect(last10.body.value.list.map((r) => r.roundId)).toEqual(rounds.slice(2).reverse());
    for (const [i, r] of last10.body.value.list.entries()) {
      const n = 11 - i;
      expect(r).toMatchObject({ bet: String(100 + n), win: String(n % 3 === 0 ? 250 : 0) });
      const detail = await t.call<{ roundId: string; transactions: { kind: string; amount: string }[] }>({
        method: 'GET',
        url: `/wps/game/betHistory/round?id=${r.id}`,
        headers: bearer(p.token),
      });
      expect(detail.status).toBe(200);
      expect(detail.body.value.roundId).toBe(r.roundId);
      expect(detail.body.value.transactions.map((x) => x.kind)).toEqual(expect.arrayContaining(['bet', 'win']));
    }
  });
});

describe('time-out and self-exclusion', () => {
  const restrict = (token: string, what: 'time-out' | 'exclusion', period: string) =>
    t.call<{ kind: string; endsAt: string | null }>({
      method: 'POST',
      url: `/wps/v2/protection/${what}`,
      headers: bearer(token),
      payload: { period, confirm: true },
    });

  const everyPathClosed = async (p: Player, s: { sessionToken: string; playerId: string }, code: string) => {
    // Logged out everywhere, and no new login.
    expect((await t.call({ method: 'GET', url: '/wps/v2/protection', headers: bearer(p.token) })).status).toBe(401);
    const again = await login(t, { username: p.username, password: 'Secret123' });
    expect(again.status).toBe(403);
    expect(again.body.code).toBe(code);
    // A vendor's bet on a game session opened before.
    const b = await bet(s, '100');
    expect(b.status).toBe(403);
    expect(b.body.code).toBe('PLAYER_RESTRICTED');
    // A deposit (the service, as any caller) and a transfer into a game.
    await expect(
      t.ctx.deposits.create(
        { merchantId: p.merchantId, memberId: p.id },
        { channelId: bank, amount: '100', requestId: rid() },
      ),
    ).rejects.toMatchObject({ code });
    await expect(t.ctx.providers.transfers.moveAllIn(p.merchantId, p.id, 'HGS')).rejects.toMatchObject({ code });
    await expect(
      t.ctx.protection.assertMayPlay({ merchantId: p.merchantId, memberId: p.id, amount: 0n }),
    ).rejects.toMatchObject({ code });
    expect(await t.ctx.protection.mayMarket({ merchantId: p.merchantId, memberId: p.id })).toBe(false);
    // A lottery ticket (the house lottery's own path), refused before any money moves.
    const before = (await t.ctx.wallet.balance(p.merchantId, p.id)).balance;
    const lottery = await t.call<{ current: { numero: string } }>({
      method: 'GET',
      url: '/lotto/lgw/games/opened/numero?gameCode=lott-ssc-5-min',
    });
    await expect(
      t.ctx.lottery.place(
        {
          kind: 'member',
          sessionId: 0,
          merchantId: p.merchantId,
          memberId: p.id,
          type: 0,
          isAgent: false,
          isTrial: false,
          pendingVerification: null,
        },
        {
          gameCode: 'lott-ssc-5-min',
          numero: lottery.body.value.current.numero,
          betType: 'last3',
          picks: [['1'], ['2'], ['3']],
          multiplier: 1,
        },
      ),
    ).rejects.toMatchObject({ code });
    expect((await t.ctx.wallet.balance(p.merchantId, p.id)).balance).toBe(before);
  };

  it('a time-out is at once: sessions end, login, deposits, bets and transfers in are refused; it cannot be undone early', async () => {
    const p = await fundedPlayer(t, 10_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const second = await sessionFor(t.ctx, p);
    const r = await restrict(p.token, 'time-out', '24h');
    expect(r.status).toBe(200);
    expect(new Date(r.body.value.endsAt!).getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect((await t.call({ method: 'GET', url: '/wps/v2/protection', headers: bearer(second) })).status).toBe(401);
    await everyPathClosed(p, s, 'PROTECTION_TIME_OUT');
    // After its end the player is back without asking.
    await exec(sql`UPDATE protection_restrictions SET ends_at = now() - interval '1 second' WHERE member_id = ${p.id}`);
    expect((await login(t, { username: p.username, password: 'Secret123' })).status).toBe(200);
  });

  it('a self-exclusion blocks everything, keeps withdrawals, stops new accounts with the same details, and re-opens only on request after 24 hours', async () => {
    const email = `excluded${Date.now()}@example.com`;
    const p = await fundedPlayer(t, 10_000n, { payeeName: 'Ana  Souza' });
    await exec(sql`UPDATE members SET email = ${email}, birthday = '1990-04-02' WHERE id = ${p.id}`);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const r = await restrict(p.token, 'exclusion', '6m');
    expect(r.status).toBe(200);
    expect(r.body.value.kind).toBe('exclusion');
    await everyPathClosed(p, s, 'PROTECTION_EXCLUDED');
    // The same e-mail (any case), or the same birthday and name, cannot open a new account.
    const register = (payload: Record<string, unknown>) =>
      t.call({
        method: 'POST',
        url: '/wps/member/register',
        payload: {
          username: `new${Date.now() % 1_000_000}`,
          password: 'abc12345',
          confirmPassword: 'abc12345',
          agreeTerms: true,
          ageConfirmed: true,
          birthday: '1990-01-15',
          ...payload,
        },
        remoteAddress: '198.51.100.77',
      });
    const again = await register({ email: email.toUpperCase() });
    expect(again.status).toBe(403);
    expect(again.body.code).toBe('PROTECTION_EXCLUDED_DETAILS');
    await expect(
      t.ctx.protection.assertMayRegister(p.merchantId, { birthday: '1990-04-02', name: 'ana souza' }),
    ).rejects.toMatchObject({ code: 'PROTECTION_EXCLUDED_DETAILS' });
    await expect(
      t.ctx.protection.assertMayRegister(p.merchantId, { birthday: '1990-04-03', name: 'ana souza' }),
    ).resolves.toBeUndefined();
    // Six months pass: the account stays closed until the player asks (a login is the request) and 24 hours pass.
    await exec(sql`UPDATE protection_restrictions SET ends_at = now() - interval '1 second' WHERE member_id = ${p.id}`);
    const ask = await login(t, { username: p.username, password: 'Secret123' });
    expect(ask.body.code).toBe('PROTECTION_EXCLUDED');
    expect(ask.body.message).toContain('re-opens at');
    expect((await login(t, { username: p.username, password: 'Secret123' })).status).toBe(403);
    await exec(
      sql`UPDATE protection_restrictions SET reopen_requested_at = now() - interval '24 hours 1 second' WHERE member_id = ${p.id}`,
    );
    expect((await login(t, { username: p.username, password: 'Secret123' })).status).toBe(200);
    // Re-opened, the details no longer block a registration.
    await expect(t.ctx.protection.assertMayRegister(p.merchantId, { email })).resolves.toBeUndefined();
  });

  it('a self-excluded player may log in to a withdraw-only session: the wallet and the withdrawal, nothing else; a withdrawal asked before goes on', async () => {
    const p = await fundedPlayer(t, 100_000n, { payeeName: 'Ana Souza' });
    const acc = await t.call<{ id: number }>({
      method: 'POST',
      url: '/wps/v2/bank-accounts',
      headers: bearer(p.token),
      payload: { bankName: 'Banco Azul', accountName: 'Ana Souza', accountNumber: `0001-${Date.now() % 1_000_000}` },
    });
    expect(acc.status).toBe(200);
    const withdraw = (token: string, amount: string) =>
      t.call<{ id: number; status: string }>({
        method: 'POST',
        url: '/wps/v2/withdrawals',
        headers: bearer(token),
        payload: { bankAccountId: acc.body.value.id, amount, paymentPassword: PAYMENT_PASSWORD, requestId: rid() },
      });
    // A withdrawal asked before the exclusion.
    const before = await withdraw(p.token, '20000');
    expect(before.status).toBe(200);
    // A deposit's turnover still to bet: it does not hold back a self-excluded player's own money.
    await t.ctx.db.transaction((tx) => t.ctx.walletRules.addRequirement(tx, p.merchantId, p.id, 500_000n));
    expect((await withdraw(p.token, '5000')).body.code).toBe('TURNOVER_NOT_MET');

    expect((await restrict(p.token, 'exclusion', '1y')).status).toBe(200);
    // A normal login is refused; asking for withdraw-only gets a session that says so.
    expect((await login(t, { username: p.username, password: 'Secret123' })).body.code).toBe('PROTECTION_EXCLUDED');
    const w = await login(t, { username: p.username, password: 'Secret123', withdrawOnly: true });
    expect(w.status).toBe(200);
    expect(w.body.value).toMatchObject({ withdrawOnly: true });
    const token = w.body.value.token;
    // Wallet, withdrawal and the protection page (which shows the exclusion) answer.
    expect((await t.call({ method: 'GET', url: '/wps/v2/wallets/balance', headers: bearer(token) })).status).toBe(200);
    const info = await t.call<{ balance: string; turnover: { met: boolean } }>({
      method: 'GET',
      url: '/wps/v2/withdrawals/info',
      headers: bearer(token),
    });
    expect(info.body.value).toMatchObject({ balance: '80000', turnover: { met: true } });
    expect((await status(token)).restriction).toMatchObject({ kind: 'exclusion' });
    // Everything else is refused, changing nothing: deposits, game launches, promotions, transfers, limits.
    for (const call of [
      {
        method: 'POST' as const,
        url: '/wps/v2/deposits',
        payload: { channelId: bank, amount: '100', requestId: rid() },
      },
      { method: 'POST' as const, url: '/wps/v2/promotions/claim', payload: { promotionId: 1 } },
      { method: 'PUT' as const, url: '/wps/v2/protection/limits', payload: { limit: 'deposit_day', amount: '100' } },
      { method: 'POST' as const, url: '/wps/member/totp/setup', payload: {} },
    ]) {
      const r = await t.call({ ...call, headers: bearer(token) });
      expect(r.status, call.url).toBe(403);
      expect(r.body.code, call.url).toBe('PROTECTION_WITHDRAW_ONLY');
    }
    // A game launch (open to visitors for demo play) sees a visitor: no real-money game opens.
    const launch = await t.call({
      method: 'GET',
      url: `/wps/relay/GCS_gameLaunchFB?nodeId=${world.games.HGS_DRAGON}&demo=0`,
      headers: bearer(token),
    });
    expect(launch.status).toBe(401);
    // The whole balance goes out.
    const out = await withdraw(token, '80000');
    expect(out.status).toBe(200);
    expect((await t.ctx.wallet.balance(p.merchantId, p.id)).balance).toBe(0n);
    // The withdrawal asked before the exclusion continues: approved and paid by finance.
    const finance = await operatorToken(t, 'finance');
    for (const [action, payload] of [
      ['approve', {}],
      ['paid', { payoutReference: 'PIX-E2E-1' }],
    ] as const) {
      const r = await t.call<{ status: string }>({
        method: 'POST',
        url: `/wps/operator/withdrawals/${before.body.value.id}/${action}`,
        headers: bearer(finance),
        payload,
      });
      expect(r.status, action).toBe(200);
    }
    const list = await t.call<{ list: { id: number; status: string }[] }>({
      method: 'GET',
      url: '/wps/v2/withdrawals?status=ALL&page=1&pageSize=10',
      headers: bearer(token),
    });
    expect(list.body.value.list.map((x) => x.status).sort()).toEqual(['paid', 'pending'].sort());
    // Logging out works; a time-out gives no withdraw-only session.
    expect((await t.call({ method: 'POST', url: '/wps/session/logout', headers: bearer(token) })).status).toBe(200);
    const q = await fundedPlayer(t, 10_000n);
    await restrict(q.token, 'time-out', '24h');
    const refused = await login(t, { username: q.username, password: 'Secret123', withdrawOnly: true });
    expect(refused.body.code).toBe('PROTECTION_TIME_OUT');
    // Someone not restricted asking for it gets an ordinary session.
    const free = await fundedPlayer(t, 10_000n);
    const normal = await login(t, { username: free.username, password: 'Secret123', withdrawOnly: true });
    expect(normal.status).toBe(200);
    expect(normal.body.value).not.toHaveProperty('withdrawOnly');
  });

  it('an operator excludes a player with a reason (audited); a shorter restriction never replaces a longer one', async () => {
    const { m, token } = await newMember();
    const r = await t.call<{ kind: string; setBy: string }>({
      method: 'POST',
      url: '/wps/operator/protection/exclusion',
      headers: bearer(support),
      payload: { memberId: m.id, period: '1y', reason: 'problem gambling signs' },
    });
    expect(r.body.value).toMatchObject({ kind: 'exclusion', setBy: 'operator' });
    expect((await t.call({ method: 'GET', url: '/wps/v2/protection', headers: bearer(token) })).status).toBe(401);
    const shorter = await t.call({
      method: 'POST',
      url: '/wps/operator/protection/exclusion',
      headers: bearer(support),
      payload: { memberId: m.id, period: '24h', reason: 'again' },
    });
    expect(shorter.body.code).toBe('ALREADY_RESTRICTED');
    const list = await t.call<{ list: { memberId: number; restriction: { kind: string } | null }[] }>({
      method: 'GET',
      url: `/wps/operator/protection/members?account=${m.username}`,
      headers: bearer(support),
    });
    expect(list.body.value.list).toEqual([
      expect.objectContaining({ memberId: m.id, restriction: expect.objectContaining({ kind: 'exclusion' }) }),
    ]);
    const audit = await exec(
      sql`SELECT 1 FROM operator_audit WHERE action = 'protection.restrict' AND target = ${`member:${m.id}`}`,
    );
    expect((audit as unknown as { rows: unknown[] }).rows).toHaveLength(1);
  });
});

describe('the session figures of the reality check', () => {
  it('shows time played and the net result of this session only', async () => {
    const p = await fundedPlayer(t, 10_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const round = txId('round');
    await bet(s, '1000', round);
    await win(s, round, '300');
    const f = await t.call<{
      wagered: string;
      returned: string;
      net: string;
      minutes: number;
      realityCheckMinutes: number;
    }>({
      method: 'GET',
      url: '/wps/v2/protection/session',
      headers: bearer(p.token),
    });
    expect(f.body.value).toMatchObject({
      wagered: '1000',
      returned: '300',
      net: '-700',
      minutes: 0,
      realityCheckMinutes: 60,
    });
    const set = await t.call({
      method: 'PUT',
      url: '/wps/v2/protection/reality-check',
      headers: bearer(p.token),
      payload: { minutes: 14 },
    });
    expect(set.status).toBe(400);
    await t.call({
      method: 'PUT',
      url: '/wps/v2/protection/reality-check',
      headers: bearer(p.token),
      payload: { minutes: 20 },
    });
    expect((await status(p.token)).limits).toHaveLength(10);
    expect(
      (
        await t.call<{ realityCheckMinutes: number }>({
          method: 'GET',
          url: '/wps/v2/protection/session',
          headers: bearer(p.token),
        })
      ).body.value.realityCheckMinutes,
    ).toBe(20);
  });
});

export type { TestMember };
void fund;
void launchToken;
