import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberLeaderboard, MemberMission, MissionReport, MissionSummary, OperatorMission } from '@app/contract';
import { JobRunner } from '../../lib/jobs.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { rowsOf } from '../../../test/rows.ts';
import { bearer, createMember, operatorToken, sessionFor, type TestMember } from '../../../test/factories/wallet.ts';
import { checkLedger } from '../wallet/ledger-check/data.ts';
import { startOfDay } from '../provider/history/service.ts';
import { registerMissionJobs } from './jobs.ts';
import { createMissionService, periodAt, RANKING_KEPT_MS, streakOf } from './service.ts';

let t: TestApp;
let finance: string;
let content: string;
let bankChannel: number;
beforeAll(async () => {
  t = await createTestApp();
  finance = await operatorToken(t, 'finance');
  content = await operatorToken(t, 'content');
  const admin = await operatorToken(t, 'admin');
  const bank = await t.call<{ id: number }>({
    method: 'POST',
    url: '/wps/operator/deposit-channels',
    headers: bearer(admin),
    payload: {
      code: 'MISSION_BANK',
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

const member = async () => {
  const m = await createMember(t.ctx);
  return { m, token: await sessionFor(t.ctx, m) };
};
const rid = () => `req_${Math.random().toString(36).slice(2, 12)}`;
const deposit = async (token: string, amount: string) => {
  const created = await t.call<{ deposit: { id: number } }>({
    method: 'POST',
    url: '/wps/v2/deposits',
    headers: bearer(token),
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
};
let roundSeq = 0;
const round = (m: TestMember, gameType: string, bet: bigint, at = new Date(), win = 0n) =>
  t.ctx.db.execute(sql`
    INSERT INTO game_rounds (merchant_id, member_id, provider, round_id, vassalage, game_code, game_type, status,
                             currency, bet_total, win_total, refund_total, started_at, ended_at)
    VALUES (${m.merchantId}, ${m.id}, 'TEST', ${`ms-${++roundSeq}`}, 'TEST', 'g1', ${gameType}, 'closed', 'BRL',
            ${bet}, ${win}, 0, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`);
const cash = async (m: TestMember) => (await t.ctx.wallet.balance(m.merchantId, m.id)).balance;
const summary = async (token: string) =>
  (await t.call<MissionSummary>({ method: 'GET', url: '/wps/v2/missions?language=EN', headers: bearer(token) })).body
    .value;
const claim = (token: string, missionId: number) =>
  t.call<{ mission: MemberMission }>({
    method: 'POST',
    url: '/wps/v2/missions/claim',
    headers: bearer(token),
    payload: { missionId, language: 'EN' },
  });
const saveMission = (body: object, token = content) =>
  t.call<OperatorMission>({ method: 'POST', url: '/wps/operator/missions', headers: bearer(token), payload: body });
const missionLedger = async (m: TestMember) =>
  rowsOf<{ n: number; total: string }>(
    await t.ctx.db.execute(sql`
      SELECT count(*)::int AS n, coalesce(sum(p.amount), 0)::text AS total
        FROM ledger_postings p JOIN ledger_transactions x ON x.id = p.transaction_id
        JOIN ledger_accounts a ON a.id = p.account_id
       WHERE x.kind = 'mission' AND a.owner_id = ${m.id}`),
  )[0]!;

const DEPOSIT_MISSION = {
  title: { EN: 'Deposit 50 today', PT: 'Deposite 50 hoje' },
  period: 'daily',
  kind: 'deposit',
  target: '5000',
  rewardKind: 'cash',
  reward: '500',
};

let depositMission: number;
let roundsMission: number;
let bonusMission: number;

describe('the missions desk', () => {
  it('creates missions and refuses bad input with 4xx, changing nothing', async () => {
    for (const bad of [
      { ...DEPOSIT_MISSION, target: '0' },
      { ...DEPOSIT_MISSION, target: '12.5' },
      { ...DEPOSIT_MISSION, kind: 'jump' },
      { ...DEPOSIT_MISSION, period: 'monthly' },
      { ...DEPOSIT_MISSION, rewardKind: 'cash', wageringMultiple: 3 },
      { ...DEPOSIT_MISSION, gameType: 'RNG' },
      { ...DEPOSIT_MISSION, title: {} },
      { ...DEPOSIT_MISSION, kind: 'login_days', target: '400' },
      { ...DEPOSIT_MISSION, extra: true },
      { ...DEPOSIT_MISSION, id: 999_999 },
    ]) {
      const r = await saveMission(bad);
      expect([400, 404], JSON.stringify(bad)).toContain(r.status);
    }
    const before = await t.call<{ missions: OperatorMission[] }>({
      method: 'GET',
      url: '/wps/operator/missions',
      headers: bearer(content),
    });
    expect(before.body.value.missions).toHaveLength(0);
    const anon = await t.call({ method: 'POST', url: '/wps/operator/missions', payload: DEPOSIT_MISSION });
    expect(anon.status).toBe(401);

    const created = await saveMission(DEPOSIT_MISSION);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.value).toMatchObject({ kind: 'deposit', target: '5000', reward: '500', live: true });
    depositMission = created.body.value.id;
    roundsMission = (
      await saveMission({
        title: { EN: 'Play 3 slot rounds' },
        period: 'daily',
        kind: 'rounds',
        gameType: 'RNG',
        target: '3',
        rewardKind: 'points',
        reward: '50',
      })
    ).body.value.id;
    bonusMission = (
      await saveMission(
        {
          title: { EN: 'Bet 100 this week' },
          period: 'weekly',
          kind: 'turnover',
          target: '10000',
          rewardKind: 'bonus',
          reward: '1000',
          wageringMultiple: 5,
        },
        finance,
      )
    ).body.value.id;
    expect(bonusMission).toBeGreaterThan(0);
  });
});

describe('mission progress and claims', () => {
  it('a credited deposit completes the daily deposit mission at once; the claim pays once', async () => {
    const p = await member();
    const before = (await summary(p.token)).list.find((x) => x.id === depositMission)!;
    expect(before).toMatchObject({ status: 'in_progress', progress: '0', target: '5000', title: 'Deposit 50 today' });
    const early = await claim(p.token, depositMission);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('MISSION_NOT_COMPLETE');

    await deposit(p.token, '3000');
    expect((await summary(p.token)).list.find((x) => x.id === depositMission)).toMatchObject({
      status: 'in_progress',
      progress: '3000',
    });
    await deposit(p.token, '2500');
    const ready = await summary(p.token);
    expect(ready.list.find((x) => x.id === depositMission)).toMatchObject({ status: 'claimable', progress: '5000' });
    expect(ready.count).toBe(1);

    const paid = await claim(p.token, depositMission);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.value.mission.status).toBe('claimed');
    expect(await cash(p.m)).toBe(5_500n + 500n);
    const again = await claim(p.token, depositMission);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('MISSION_CLAIMED');
    expect(await cash(p.m)).toBe(6_000n);
    expect((await summary(p.token)).count).toBe(0);
  });

  it('played rounds complete a rounds mission paid in points, and turnover a bonus with wagering', async () => {
    const p = await member();
    await round(p.m, 'RNG', 4_000n);
    await round(p.m, 'LIVE', 7_000n); // not a slot round
    await round(p.m, 'RNG', 2_000n);
    let s = await summary(p.token);
    expect(s.list.find((x) => x.id === roundsMission)).toMatchObject({ status: 'in_progress', progress: '2' });
    expect(s.list.find((x) => x.id === bonusMission)).toMatchObject({ status: 'claimable', progress: '10000' });
    await round(p.m, 'RNG', 1_000n);
    s = await summary(p.token);
    expect(s.list.find((x) => x.id === roundsMission)).toMatchObject({ status: 'claimable', progress: '3' });
    expect(s.count).toBe(2);

    expect((await claim(p.token, roundsMission)).status).toBe(200);
    expect((await t.ctx.points.balance({ merchantId: p.m.merchantId, memberId: p.m.id })).balance).toBe(50);
    expect(await t.ctx.points.check()).toEqual([]);

    expect((await claim(p.token, bonusMission)).status).toBe(200);
    expect(await cash(p.m)).toBe(1_000n);
    const turnover = await t.ctx.walletRules.turnover(p.m.merchantId, p.m.id);
    expect(turnover.required).toBeGreaterThanOrEqual(5_000n);
    expect(turnover.met).toBe(false);
  });

  it('twenty concurrent claims pay once', async () => {
    const p = await member();
    await deposit(p.token, '5000');
    const results = await Promise.all(Array.from({ length: 20 }, () => claim(p.token, depositMission)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.code === 'MISSION_CLAIMED')).toHaveLength(19);
    expect(await cash(p.m)).toBe(5_500n);
    expect(await missionLedger(p.m)).toEqual({ n: 1, total: '500' });
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });

  it('counts login days in a row and invitees whose first deposit is credited', async () => {
    const login = (
      await saveMission({
        title: { EN: 'Log in 3 days in a row' },
        period: 'weekly',
        kind: 'login_days',
        target: '3',
        rewardKind: 'points',
        reward: '30',
      })
    ).body.value.id;
    const invite = (
      await saveMission({
        title: { EN: 'Invite a friend who deposits' },
        period: 'once',
        kind: 'invite',
        target: '1',
        rewardKind: 'cash',
        reward: '1000',
      })
    ).body.value.id;
    const p = await member();
    const day = 86_400_000;
    for (const ago of [2 * day, day, 0]) {
      await t.ctx.db.execute(sql`
        INSERT INTO member_logins (merchant_id, member_id, at, ip, method, success)
        VALUES (${p.m.merchantId}, ${p.m.id}, ${new Date(Date.now() - ago).toISOString()}::timestamptz, '203.0.113.9', 'username', true)`);
    }
    const seen = (await summary(p.token)).list;
    // Today, yesterday and the day before: three days in a row.
    expect(seen.find((x) => x.id === login)).toMatchObject({ status: 'claimable', progress: '3' });
    expect(seen.find((x) => x.id === invite)).toMatchObject({ status: 'in_progress', progress: '0' });

    const friend = await member();
    await t.ctx.db.execute(sql`
      INSERT INTO referrals (invitee_id, referrer_id, merchant_id, code)
      VALUES (${friend.m.id}, ${p.m.id}, ${p.m.merchantId}, 'TESTCODE')`);
    expect((await summary(p.token)).list.find((x) => x.id === invite)).toMatchObject({ progress: '0' });
    await deposit(friend.token, '2000');
    expect((await summary(p.token)).list.find((x) => x.id === invite)).toMatchObject({
      status: 'claimable',
      progress: '1',
    });
    expect((await claim(p.token, invite)).status).toBe(200);
    expect(await cash(p.m)).toBe(1_000n);
    for (const id of [login, invite])
      await t.call({ method: 'POST', url: '/wps/operator/missions/end', headers: bearer(content), payload: { id } });
  });

  it('refuses bad claims with 4xx and pays nothing', async () => {
    const p = await member();
    for (const body of [{}, { missionId: 'x' }, { missionId: -1 }, { missionId: depositMission, extra: 1 }]) {
      const r = await t.call({
        method: 'POST',
        url: '/wps/v2/missions/claim',
        headers: bearer(p.token),
        payload: body,
      });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect((await claim(p.token, 987_654)).status).toBe(404);
    const ended = await t.call<OperatorMission>({
      method: 'POST',
      url: '/wps/operator/missions/end',
      headers: bearer(content),
      payload: { id: roundsMission },
    });
    expect(ended.body.value.live).toBe(false);
    expect((await claim(p.token, roundsMission)).status).toBe(404);
    expect((await summary(p.token)).list.some((x) => x.id === roundsMission)).toBe(false);
    expect(await cash(p.m)).toBe(0n);
    const anon = await t.call({ method: 'GET', url: '/wps/v2/missions' });
    expect(anon.status).toBe(401);
  });

  it('the completion report counts claims per mission', async () => {
    const r = await t.call<MissionReport>({
      method: 'GET',
      url: '/wps/operator/missions/report?days=7',
      headers: bearer(content),
    });
    expect(r.status).toBe(200);
    expect(r.body.value.missions.find((x) => x.missionId === depositMission)).toMatchObject({
      claims: 2,
      members: 2,
      paid: '1000',
    });
    expect(
      (await t.call({ method: 'GET', url: '/wps/operator/missions/report?days=0', headers: bearer(content) })).status,
    ).toBe(400);
  });
});

describe('rules', () => {
  it('counts a login streak back from today', () => {
    expect(streakOf(['2031-05-08', '2031-05-09', '2031-05-10'], '2031-05-10')).toBe(3);
    expect(streakOf(['2031-05-08', '2031-05-09'], '2031-05-10')).toBe(2);
    expect(streakOf(['2031-05-07', '2031-05-09', '2031-05-10'], '2031-05-10')).toBe(2);
    expect(streakOf([], '2031-05-10')).toBe(0);
  });
  it('weeks start on Monday in the brand’s zone', () => {
    const p = periodAt('weekly', 'America/Sao_Paulo', new Date('2031-05-11T12:00:00Z')); // a Sunday
    expect(p.key).toBe('week:2031-05-05');
    expect(p.from.toISOString()).toBe('2031-05-05T03:00:00.000Z');
    expect(p.to.toISOString()).toBe('2031-05-12T03:00:00.000Z');
  });
});

/** The mission service on the test's context, with a clock of the test's. */
const missionsAt = (now: () => Date) =>
  createMissionService({
    db: t.ctx.db,
    wallet: t.ctx.wallet,
    walletRules: t.ctx.walletRules,
    points: t.ctx.points,
    merchants: t.ctx.merchants,
    notifications: t.ctx.notifications,
    audit: async () => undefined,
    mayMarket: (m, db) => t.ctx.protection.mayMarket(m, db),
    now,
  });

describe('leaderboards', () => {
  it('shows the standings with the member’s place, and pays the top places once under two schedulers', async () => {
    const merchantId = await t.ctx.merchants.resolveId('localhost');
    const tz = (await t.ctx.merchants.brand(merchantId)).merchant.timezone;
    const dayStart = startOfDay('2031-05-10', tz);
    const cutoff = startOfDay('2031-05-11', tz);
    const at = (h: number) => new Date(dayStart.getTime() + h * 3_600_000);
    let clock = at(20);
    const svc = missionsAt(() => clock);
    for (const bad of [
      { title: { EN: 'x' }, metric: 'turnover', period: 'daily', prizes: [] },
      { title: { EN: 'x' }, metric: 'profit', period: 'daily', prizes: ['100'] },
      { title: { EN: 'x' }, metric: 'turnover', period: 'monthly', prizes: ['100'] },
      { title: { EN: 'x' }, metric: 'turnover', period: 'daily', prizes: ['-1'] },
    ]) {
      const r = await t.call({
        method: 'POST',
        url: '/wps/operator/leaderboards',
        headers: bearer(content),
        payload: bad,
      });
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    const board = await t.call<{ id: number }>({
      method: 'POST',
      url: '/wps/operator/leaderboards',
      headers: bearer(content),
      payload: {
        title: { EN: 'Daily slots race' },
        metric: 'turnover',
        period: 'daily',
        gameType: 'RNG',
        prizes: ['3000', '1000'],
      },
    });
    expect(board.status, JSON.stringify(board.body)).toBe(200);
    const a = await member();
    const b = await member();
    const c = await member();
    await round(a.m, 'RNG', 50_000n, at(2));
    await round(b.m, 'RNG', 80_000n, at(3));
    await round(c.m, 'RNG', 10_000n, at(4));
    await round(c.m, 'LIVE', 900_000n, at(4)); // another game type
    await round(a.m, 'RNG', 99_000n, new Date(cutoff.getTime() + 60_000)); // the next day

    const view = await svc.leaderboards({ merchantId, memberId: c.m.id }, 'EN');
    const mine = view.list.find((x) => x.id === board.body.value.id) as MemberLeaderboard;
    expect(mine.standings.map((s) => [s.rank, s.value, s.prize])).toEqual([
      [1, '80000', '3000'],
      [2, '50000', '1000'],
      [3, '10000', '0'],
    ]);
    expect(mine.me).toMatchObject({ rank: 3, value: '10000', me: true, account: c.m.username });
    expect(mine.standings[0]!.account).not.toBe(b.m.username);

    const runners = [new JobRunner(t.ctx.db), new JobRunner(t.ctx.db)];
    for (const r of runners) registerMissionJobs(r, { missions: svc });
    const tick = async (now: Date) => {
      clock = now;
      await Promise.all(runners.map((r) => r.schedulePeriods(now)));
      await Promise.all(runners.map((r) => r.runDue({ now })));
      await Promise.all(runners.map((r) => r.runDue({ now })));
    };
    await tick(new Date(cutoff.getTime() - 30 * 60_000)); // not ended yet
    expect(await cash(b.m)).toBe(0n);
    await tick(new Date(cutoff.getTime() + 30 * 60_000));
    await tick(new Date(cutoff.getTime() + 150 * 60_000));
    expect(await cash(b.m)).toBe(3_000n);
    expect(await cash(a.m)).toBe(1_000n);
    expect(await cash(c.m)).toBe(0n);
    // Again outside the runner: the (board, period) row refuses a second settlement.
    const again = await t.ctx.db.transaction((tx) =>
      svc.settleBoards(tx, new Date(cutoff.getTime() - 3_600_000), cutoff, () => undefined),
    );
    expect(again).toBe(0);
    expect(await cash(b.m)).toBe(3_000n);
    const prizes = rowsOf<{ rank: number; member_id: number }>(
      await t.ctx.db.execute(
        sql`SELECT rank, member_id FROM leaderboard_prizes WHERE leaderboard_id = ${board.body.value.id} ORDER BY rank`,
      ),
    );
    expect(prizes).toEqual([
      { rank: 1, member_id: b.m.id },
      { rank: 2, member_id: a.m.id },
    ]);
    // The next day's board shows yesterday's winners.
    clock = new Date(cutoff.getTime() + 3 * 3_600_000);
    const next = (await svc.leaderboards({ merchantId, memberId: a.m.id }, 'EN')).list.find(
      (x) => x.id === board.body.value.id,
    )!;
    expect(next.last.map((s) => [s.rank, s.prize, s.me])).toEqual([
      [1, '3000', false],
      [2, '1000', true],
    ]);
    expect(next.me).toMatchObject({ rank: 1, value: '99000' });
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
  });

  it('keeps the brand’s ranking for RANKING_KEPT_MS, and shows the member’s own play at once', async () => {
    const merchantId = await t.ctx.merchants.resolveId('localhost');
    const tz = (await t.ctx.merchants.brand(merchantId)).merchant.timezone;
    const dayStart = startOfDay('2031-07-10', tz);
    const at = (h: number) => new Date(dayStart.getTime() + h * 3_600_000);
    let clock = at(20);
    const svc = missionsAt(() => clock);
    const board = await t.call<{ id: number }>({
      method: 'POST',
      url: '/wps/operator/leaderboards',
      headers: bearer(content),
      payload: { title: { EN: 'Daily race' }, metric: 'turnover', period: 'daily', gameType: 'RNG', prizes: ['500'] },
    });
    expect(board.status, JSON.stringify(board.body)).toBe(200);
    const [a, b, c] = [await member(), await member(), await member()];
    await round(a.m, 'RNG', 50_000n, at(2));
    await round(b.m, 'RNG', 80_000n, at(3));
    const view = async (who: TestMember) =>
      (await svc.leaderboards({ merchantId, memberId: who.id }, 'EN')).list.find((x) => x.id === board.body.value.id)!;
    const places = (v: MemberLeaderboard) => v.standings.map((s) => [s.rank, s.value, s.me]);

    // Twenty views at once (one ranking read in flight serves them all): the same standings.
    const first = await Promise.all(Array.from({ length: 20 }, () => view(c.m)));
    for (const v of first) {
      expect(places(v)).toEqual([
        [1, '80000', false],
        [2, '50000', false],
      ]);
      expect(v.me).toBeNull();
    }
    // Both play; 5 s later the others are still as read, but c's own play shows at once.
    await round(a.m, 'RNG', 40_000n, at(4));
    await round(c.m, 'RNG', 60_000n, at(4));
    clock = new Date(clock.getTime() + 5_000);
    const kept = await view(c.m);
    expect(places(kept)).toEqual([
      [1, '80000', false],
      [2, '60000', true],
      [3, '50000', false],
    ]);
    expect(kept.me).toMatchObject({ rank: 2, value: '60000', account: c.m.username });
    // a's own view shows a's 90,000 first, though the kept ranking still has 50,000 for a.
    expect(places(await view(a.m))).toEqual([
      [1, '90000', true],
      [2, '80000', false],
    ]);
    // Past RANKING_KEPT_MS the ranking is read again: everyone's play.
    clock = new Date(at(20).getTime() + RANKING_KEPT_MS);
    expect(places(await view(c.m))).toEqual([
      [1, '90000', false],
      [2, '80000', false],
      [3, '60000', true],
    ]);
  });
});
