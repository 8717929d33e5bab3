import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveResult, seedHash, type LotteryBet, type LotteryGameState, type LotteryPeriod } from '@app/contract';
import { JobRunner } from '../../lib/jobs.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { rowsOf } from '../../../test/rows.ts';
import {
  bearer,
  createAgent,
  createMember,
  fund,
  operatorToken,
  sessionFor,
  type TestMember,
} from '../../../test/factories/wallet.ts';
import { registerLotteryJobs } from './jobs.ts';
import { DRAW_JOB } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const GAME = 'lott-ssc-5-min';
type Player = { m: TestMember; token: string };
const player = async (funds = 1_000_000n, upline?: number): Promise<Player> => {
  const m = await createMember(t.ctx, upline ? { uplineId: upline } : {});
  await fund(t.ctx, m, funds);
  return { m, token: await sessionFor(t.ctx, m) };
};
const state = async (gameCode = GAME) =>
  (await t.call<LotteryGameState>({ method: 'GET', url: `/lotto/lgw/games/opened/numero?gameCode=${gameCode}` })).body
    .value;
const place = (p: Player, body: object) =>
  t.call<LotteryBet>({ method: 'POST', url: '/lotto/lgw/bets', headers: bearer(p.token), payload: body });
const balance = async (p: Player) => (await t.ctx.wallet.balance(p.m.merchantId, p.m.id)).balance;
const betsOf = async (p: Player, q = '') =>
  (await t.call<{ list: LotteryBet[] }>({ method: 'GET', url: `/lotto/lgw/bets${q}`, headers: bearer(p.token) })).body
    .value.list;

/**
 * A period of its own for a test (the schedule's periods follow the wall clock, so two tests in the
 * same minute would share one): open now, closing and drawn `closeInMs` from now, with its seed and
 * its draw job, as the service creates them.
 */
let fixtures = 0;
const freshPeriod = async (gameCode: string, closeInMs = 3_600_000) => {
  const numero = `2099${String(101 + Math.floor(fixtures / 9000)).padStart(4, '0')}-${String(1000 + (fixtures++ % 9000)).padStart(4, '0')}`;
  const seed = randomBytes(32).toString('hex');
  const merchantId = await t.ctx.merchants.resolveId('localhost');
  const drawAt = new Date(Date.now() + closeInMs);
  await t.ctx.db.execute(
    sql`INSERT INTO lottery_periods (merchant_id, game_code, numero, open_at, close_at, draw_at, seed, seed_hash)
        VALUES (${merchantId}, ${gameCode}, ${numero}, now() - interval '1 minute', ${drawAt.toISOString()}::timestamptz,
                ${drawAt.toISOString()}::timestamptz, ${seed}, ${seedHash(seed)})`,
  );
  await t.ctx.jobs.enqueue({
    name: DRAW_JOB,
    key: `${merchantId}:${gameCode}:${numero}`,
    runAt: drawAt,
    payload: { merchantId, gameCode, numero },
  });
  return { numero, seed, drawAt, merchantId };
};
/** A moment after a period's draw (the runner draws everything due by then). */
const after = (p: { drawAt: Date }) => new Date(p.drawAt.getTime() + 1000);
const drawsLater = () => new Date(Date.now() + 30 * 60_000);
const periodRow = async (gameCode: string, numero: string) =>
  rowsOf<{ status: string; seed: string; result: number[] | string | null; close_at: string }>(
    await t.ctx.db.execute(
      sql`SELECT status, seed, result, close_at FROM lottery_periods WHERE game_code = ${gameCode} AND numero = ${numero}`,
    ),
  )[0]!;

describe('lottery periods and draws', () => {
  it("the schedule job gives every game its periods ahead, inside the job's own transaction", async () => {
    // Past the brand cache's 3 s, so the job reads the brand's time zone itself (through its
    // transaction: on PGlite a second connection would wait for it forever).
    await t.ctx.lottery.ensureConfig(await t.ctx.merchants.resolveId('localhost')); // as main.ts does at start
    await new Promise((r) => setTimeout(r, 3100));
    await t.ctx.jobs.schedulePeriods();
    await t.ctx.jobs.runDue({ now: new Date() });
    const games = rowsOf<{ game_code: string; n: string }>(
      await t.ctx.db.execute(
        sql`SELECT game_code, count(*) AS n FROM lottery_periods WHERE draw_at > now() GROUP BY game_code`,
      ),
    );
    expect(games).toHaveLength(25); // 15 house games, 5 Vietnamese (decision 068) and 5 South-East Asian (072)
    expect(games.every((g) => Number(g.n) >= 2)).toBe(true);
  });

  it('lists the house games and gives a game its current and next period with a published seed hash', async () => {
    const games = await t.call<{ list: { gameCode: string; family: string; betting: boolean }[] }>({
      method: 'GET',
      url: '/lotto/lgw/games',
    });
    expect(games.status).toBe(200);
    expect(games.body.value.list).toHaveLength(25);
    expect(games.body.value.list.find((g) => g.gameCode === 'lott-ssc-1-min')).toMatchObject({
      family: 'SSC',
      betting: true,
    });
    const s = await state('lott-ssc-1-min');
    expect(s.current.numero).toMatch(/^\d{8}-\d{4}$/);
    expect(s.current.seed).toBeNull();
    expect(s.current.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(s.current.drawAt) - Date.parse(s.current.openAt)).toBe(60_000);
    expect(Date.parse(s.current.drawAt) - Date.parse(s.current.closeAt)).toBe(10_000);
    expect(s.next.openAt).toBe(s.current.drawAt);
    expect(s.prizes.star5).toBe('18000000');
    // Asked again, the same period keeps the same seed (the first writer's).
    expect((await state('lott-ssc-1-min')).current.seedHash).toBe(s.current.seedHash);
  });

  it('draws from the seed alone and reveals it; anyone recomputes the numbers', async () => {
    const s = await state('lott-pk10-1-min');
    await t.ctx.jobs.runDue({ now: new Date(Date.parse(s.current.drawAt) + 1000) });
    const results = await t.call<{ list: LotteryPeriod[] }>({
      method: 'GET',
      url: '/lotto/lgw/games/results?gameCode=lott-pk10-1-min&limit=50',
    });
    const drawn = results.body.value.list.find((p) => p.numero === s.current.numero)!;
    expect(drawn.status).toBe('settled');
    expect(seedHash(drawn.seed!)).toBe(s.current.seedHash);
    expect(drawn.result).toEqual(deriveResult('PK10', drawn.seed!, 'lott-pk10-1-min', drawn.numero));
  });

  it('refuses unknown games and bad input with 4xx and changes nothing', async () => {
    const p = await player();
    expect((await t.call({ method: 'GET', url: '/lotto/lgw/games/opened/numero?gameCode=nope' })).status).toBe(404);
    const s = await state();
    const ok = { gameCode: GAME, numero: s.current.numero, betType: 'last3', multiplier: 1 };
    const bad = [
      { ...ok, picks: [['1'], ['2']] },
      { ...ok, picks: [['1'], ['2'], ['X']] },
      { ...ok, betType: 'star9', picks: [['1']] },
      { ...ok, multiplier: 0, picks: [['1'], ['2'], ['3']] },
      { ...ok, numero: 'x', picks: [['1'], ['2'], ['3']] },
    ];
    for (const body of bad) expect((await place(p, body)).status).toBe(400);
    const pk10 = await state('lott-pk10-5-min');
    const notYet = await place(p, {
      ...ok,
      gameCode: 'lott-pk10-5-min',
      numero: pk10.current.numero,
      picks: [['1'], ['2'], ['3']],
    });
    // PK10 takes bets of its own types (lottery-families.int.test.ts), not SSC's.
    expect(notYet.status).toBe(400);
    expect(await balance(p)).toBe(1_000_000n);
  });
});

describe('SSC bets', () => {
  it('places, settles once and shows the bet in the history, the transactions and the agent team', async () => {
    const agent = await createAgent(t.ctx);
    const p = await player(1_000_000n, agent.id);
    const f = await freshPeriod(GAME);
    const s = { current: { numero: f.numero } };
    const result = deriveResult('SSC', f.seed, GAME, f.numero);
    // A straight on the real last three (a sure win, since the seed is known to the test) and a lost one.
    const winning = await place(p, {
      gameCode: GAME,
      numero: s.current.numero,
      betType: 'last3',
      picks: [[String(result[2])], [String(result[3])], [String(result[4])]],
      multiplier: 2,
    });
    expect(winning.status).toBe(200);
    expect(winning.body.value).toMatchObject({ units: 1, amount: '400', status: 'open' });
    const other = (result[0]! + 1) % 10;
    const losing = await place(p, {
      gameCode: GAME,
      numero: s.current.numero,
      betType: 'fixed',
      picks: [[String(other)], [], [], [], []],
      multiplier: 1,
    });
    expect(losing.body.value.amount).toBe('200');
    expect(await balance(p)).toBe(1_000_000n - 600n);

    // Two schedulers over the same database: the draw and its settlement happen once.
    const a = new JobRunner(t.ctx.db);
    const b = new JobRunner(t.ctx.db);
    registerLotteryJobs(a, t.ctx);
    registerLotteryJobs(b, t.ctx);
    await Promise.all([a.runDue({ now: after(f) }), b.runDue({ now: after(f) })]);
    // And the draw function itself, called again as if a job ran twice, finds nothing to do.
    await t.ctx.db.transaction((tx) =>
      t.ctx.lottery.draw(tx, { merchantId: p.m.merchantId, gameCode: GAME, numero: s.current.numero }, () => {}),
    );
    await t.ctx.db.transaction((tx) =>
      t.ctx.lottery.settle(tx, { merchantId: p.m.merchantId, gameCode: GAME, numero: s.current.numero }, () => {}),
    );

    expect(await balance(p)).toBe(1_000_000n - 600n + 360_000n); // 1,800.00 × 2
    const mine = await betsOf(p, `?gameCode=${GAME}`);
    expect(mine.map((x) => [x.status, x.win])).toEqual([
      ['lost', '0'],
      ['won', '360000'],
    ]);
    expect(mine[1]!.result).toEqual(result);
    const wins = rowsOf<{ n: string }>(
      await t.ctx.db.execute(
        sql`SELECT count(*) AS n FROM ledger_transactions WHERE idempotency_key LIKE ${`lottery:win:${winning.body.value.id}`}`,
      ),
    );
    expect(Number(wins[0]!.n)).toBe(1);

    const history = await t.call<{ list: { gameCode: string; bet: string; win: string; status: string }[] }>({
      method: 'GET',
      url: '/wps/game/betHistory?pageNo=1&pageSize=10',
      headers: bearer(p.token),
    });
    expect(history.body.value.list.map((r) => [r.gameCode, r.bet, r.win, r.status])).toEqual([
      [GAME, '200', '0', 'closed'],
      [GAME, '400', '360000', 'closed'],
    ]);
    const txs = await t.call<{ list: { type: string; amount: string }[] }>({
      method: 'GET',
      url: '/wps/v2/wallets/transactions?pageSize=10',
      headers: bearer(p.token),
    });
    expect(txs.body.value.list.map((x) => x.type)).toEqual(expect.arrayContaining(['bet', 'win']));
    const agentToken = await sessionFor(t.ctx, agent);
    const team = await t.call<{ list: { gameCode: string }[]; totals: { bet: string; win: string } }>({
      method: 'GET',
      url: '/wps/agent/team/bets',
      headers: bearer(agentToken),
    });
    expect(team.status).toBe(200);
    expect(team.body.value.totals).toMatchObject({ bet: '600', win: '360000' });
  });

  it('cancels an open bet once, refunding it, and refuses bets and cancels after the close', async () => {
    const p = await player();
    const s = { current: { numero: (await freshPeriod(GAME)).numero } };
    const body = {
      gameCode: GAME,
      numero: s.current.numero,
      betType: 'bsoe',
      picks: [['B'], [], [], [], [], ['S', 'E']],
      multiplier: 5,
    };
    const bet = (await place(p, body)).body.value;
    expect(bet.units).toBe(3);
    expect(bet.amount).toBe('3000');
    const cancel = () =>
      t.call<LotteryBet>({
        method: 'POST',
        url: '/lotto/lgw/bets/cancel',
        headers: bearer(p.token),
        payload: { betId: bet.id },
      });
    expect((await cancel()).body.value.status).toBe('cancelled');
    expect((await cancel()).status).toBe(409);
    expect(await balance(p)).toBe(1_000_000n);

    const kept = (await place(p, body)).body.value;
    await t.ctx.db.execute(
      sql`UPDATE lottery_periods SET close_at = now() - interval '1 second' WHERE game_code = ${GAME} AND numero = ${s.current.numero}`,
    );
    const late = await place(p, body);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('LOTTERY_CLOSED');
    const lateCancel = await t.call({
      method: 'POST',
      url: '/lotto/lgw/bets/cancel',
      headers: bearer(p.token),
      payload: { betId: kept.id },
    });
    expect(lateCancel.status).toBe(409);
    expect(await balance(p)).toBe(1_000_000n - 3000n);
    // Someone else's bet is not found for this member.
    const q = await player();
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/lotto/lgw/bets/cancel',
          headers: bearer(q.token),
          payload: { betId: kept.id },
        })
      ).status,
    ).toBe(404);
  });

  it('refuses a bet the balance cannot cover or past the limits, and changes nothing', async () => {
    const p = await player(300n);
    const s = { current: { numero: (await freshPeriod(GAME)).numero } };
    const body = {
      gameCode: GAME,
      numero: s.current.numero,
      betType: 'last2',
      picks: [['1'], ['2', '3']],
      multiplier: 1,
    };
    const poor = await place(p, body);
    expect(poor.status).toBeGreaterThanOrEqual(400);
    expect(poor.status).toBeLessThan(500);
    expect(await betsOf(p)).toHaveLength(0);
    const rich = await player(100_000_000n);
    const huge = await place(rich, {
      ...body,
      picks: [
        ['1', '2', '3'],
        ['4', '5', '6', '7', '8', '9'],
      ],
      multiplier: 9999,
    });
    expect(huge.status).toBe(400);
    expect(huge.body.code).toBe('LOTTERY_LIMIT');
    // Four bets of 25,000.00 fill the 100,000.00 a member may stake on one period.
    for (let i = 0; i < 4; i++) expect((await place(rich, { ...body, multiplier: 6250 })).status).toBe(200);
    const over = await place(rich, { ...body, multiplier: 1 });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('LOTTERY_LIMIT');
    expect(await balance(p)).toBe(300n);
  });

  it('a voided period refunds every bet once and is never drawn', async () => {
    const p = await player();
    const f = await freshPeriod('lott-ssc-3-min');
    const s = { current: { numero: f.numero } };
    await place(p, {
      gameCode: 'lott-ssc-3-min',
      numero: s.current.numero,
      betType: 'dragon_tiger',
      picks: [['D', 'T', 'X']],
      multiplier: 1,
    });
    expect(await balance(p)).toBe(1_000_000n - 600n);
    const finance = await operatorToken(t, 'finance');
    const voidIt = () =>
      t.call<{ refunded: number }>({
        method: 'POST',
        url: '/wps/operator/lottery/periods/void',
        headers: bearer(finance),
        payload: { gameCode: 'lott-ssc-3-min', numero: s.current.numero },
      });
    expect((await voidIt()).body.value.refunded).toBe(1);
    expect((await voidIt()).status).toBe(409);
    await t.ctx.jobs.runDue({ now: after(f) });
    expect((await periodRow('lott-ssc-3-min', s.current.numero)).status).toBe('void');
    expect(await balance(p)).toBe(1_000_000n);
    expect((await betsOf(p))[0]!.status).toBe('refunded');
    const content = await operatorToken(t, 'content');
    const refused = await t.call({
      method: 'POST',
      url: '/wps/operator/lottery/periods/void',
      headers: bearer(content),
      payload: { gameCode: 'lott-ssc-3-min', numero: s.current.numero },
    });
    expect(refused.status).toBe(403);
  });

  it('accepts no bet after the close, even racing it: every accepted bet is settled, none after', async () => {
    const players = await Promise.all([player(), player(), player()]);
    const { numero } = await freshPeriod('lott-ssc-1-min', 400);
    const body = {
      gameCode: 'lott-ssc-1-min',
      numero,
      betType: 'fixed',
      picks: [['1', '2'], [], [], [], ['9']],
      multiplier: 1,
    };
    const outcomes: number[] = [];
    const stopAt = Date.now() + 900;
    const drawer = (async () => {
      await new Promise((r) => setTimeout(r, 400));
      await t.ctx.jobs.runDue({ now: drawsLater() });
    })();
    await Promise.all(
      players.map(async (p) => {
        while (Date.now() < stopAt) outcomes.push((await place(p, body)).status);
      }),
    );
    await drawer;
    await t.ctx.jobs.runDue({ now: drawsLater() });
    expect(outcomes.every((s) => s === 200 || s === 409)).toBe(true);
    expect(outcomes.filter((s) => s === 409).length).toBeGreaterThan(0);
    const period = await periodRow('lott-ssc-1-min', numero);
    expect(period.status).toBe('settled');
    const bets = rowsOf<{ status: string; late: boolean }>(
      await t.ctx.db.execute(
        sql`SELECT b.status, b.created_at >= p.close_at AS late FROM lottery_bets b JOIN lottery_periods p ON p.id = b.period_id
             WHERE p.game_code = 'lott-ssc-1-min' AND p.numero = ${numero}`,
      ),
    );
    expect(bets.length).toBe(outcomes.filter((s) => s === 200).length);
    expect(bets.every((b) => b.status === 'won' || b.status === 'lost')).toBe(true);
    expect(bets.some((b) => b.late)).toBe(false);
    // Each player's balance is the funds less the stakes plus the wins of their settled bets.
    for (const p of players) {
      const mine = await betsOf(p, '?pageSize=100');
      const net = mine.reduce((s, b) => s - BigInt(b.amount) + BigInt(b.win), 0n);
      expect(await balance(p)).toBe(1_000_000n + net);
    }
  });
});
