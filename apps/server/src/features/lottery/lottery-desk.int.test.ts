import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deriveResult,
  prizeAt,
  type LotteryBet,
  type LotteryDeskGame,
  type LotteryGameState,
  type LotteryPrizeRow,
  type LotteryReportRow,
} from '@app/contract';
import { JobRunner } from '../../lib/jobs.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { rowsOf } from '../../../test/rows.ts';
import { lotteryKit } from '../../../test/factories/lottery.ts';
import { bearer, operatorToken } from '../../../test/factories/wallet.ts';
import { DEADLINE_SWEEP_JOB } from './deadline/service.ts';
import { registerLotteryJobs } from './jobs.ts';
import { DRAW_JOB } from './service.ts';

/**
 * The lottery games desk, the GGR report, the official results' deadline and a member's chase
 * cancel (decision 081), through HTTP into a real database.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SSC = 'lott-ssc-5-min';
const PK10 = 'lott-pk10-5-min';
const NORTH = 'tcg_lotto_vn-northern-lottery';
const { player, balance, place, freshPeriod, closeNow, periodRow, betStatus } = lotteryKit(() => t, '2097');

const get = <T>(token: string, url: string) => t.call<T>({ method: 'GET', url, headers: bearer(token) });
const post = <T>(token: string, url: string, payload: object) =>
  t.call<T>({ method: 'POST', url, headers: bearer(token), payload });
const gameOf = async (token: string, code: string) =>
  (await get<{ list: LotteryDeskGame[] }>(token, '/wps/operator/lottery/games')).body.value.list.find(
    (g) => g.gameCode === code,
  )!;
type Change = { before: Record<string, unknown>; after: Record<string, unknown> };
const audits = async (action: string) =>
  rowsOf<{ detail: Change | string }>(
    await t.ctx.db.execute(sql`SELECT detail FROM operator_audit WHERE action = ${action} ORDER BY id`),
  ).map((r) => (typeof r.detail === 'string' ? (JSON.parse(r.detail) as Change) : r.detail));
/** Draws a fresh period now: its draw job runs as if its time had come. */
const drawNow = (f: { drawAt: Date }) => t.ctx.jobs.runDue({ now: new Date(f.drawAt.getTime() + 1000) });

// First: the later tests run draw jobs hours ahead, which draws the schedule's coming periods early.
describe("a member's chase cancel", () => {
  const chase = (p: { token: string }, body: object) =>
    post<{ chaseId: number; bets: LotteryBet[] }>(p.token, '/lotto/lgw/chases', body);
  /** The game's open period, kept open for the test (its close moved to its draw), not about to be drawn. */
  const openPeriod = async (gameCode: string) => {
    const read = async () =>
      (await t.call<LotteryGameState>({ method: 'GET', url: `/lotto/lgw/games/opened/numero?gameCode=${gameCode}` }))
        .body.value.current;
    let current = await read();
    const left = Date.parse(current.drawAt) - Date.now();
    if (left < 20_000) {
      await new Promise((r) => setTimeout(r, left + 1_000));
      current = await read();
    }
    await t.ctx.db.execute(
      sql`UPDATE lottery_periods SET close_at = draw_at WHERE game_code = ${gameCode} AND numero = ${current.numero}`,
    );
    return current.numero;
  };
  const ssc = (gameCode: string, numero: string) => ({
    gameCode,
    numero,
    betType: 'bsoe',
    picks: [[], [], [], [], [], ['B']],
    multiplier: 1,
    periods: 3,
    stopOnWin: false,
  });

  it('refunds each bet on a period not closed yet, once; a closed period keeps its bet; the chase ends', async () => {
    const p = await player();
    const started = await chase(p, ssc(SSC, await openPeriod(SSC)));
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const chaseId = started.body.value.chaseId;
    const [first, ...rest] = started.body.value.bets;
    expect(await balance(p)).toBe(1_000_000n - 600n);
    // The first period closes (as it would at its time): its bet stays for the draw.
    await closeNow(SSC, first!.numero);
    const other = await player();
    expect((await post(other.token, '/lotto/lgw/chases/cancel', { chaseId })).status).toBe(404);
    const both = await Promise.all([
      post<{ refunded: number; bets: LotteryBet[] }>(p.token, '/lotto/lgw/chases/cancel', { chaseId }),
      post<{ refunded: number; bets: LotteryBet[] }>(p.token, '/lotto/lgw/chases/cancel', { chaseId }),
    ]);
    const ok = both.find((r) => r.status === 200)!;
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(ok.body.value.refunded).toBe(2);
    expect(ok.body.value.bets.map((b) => b.status)).toEqual(['cancelled', 'cancelled']);
    expect(await balance(p)).toBe(1_000_000n - 200n);
    expect(await betStatus(first!.id)).toMatchObject({ status: 'open' });
    for (const b of rest) expect((await betStatus(b.id)).status).toBe('cancelled');
    const keys = rowsOf<{ n: string }>(
      await t.ctx.db.execute(
        sql`SELECT count(*) AS n FROM ledger_transactions
             WHERE idempotency_key IN (${`lottery:cancel:${rest[0]!.id}`}, ${`lottery:cancel:${rest[1]!.id}`})`,
      ),
    );
    expect(Number(keys[0]!.n)).toBe(2);
    // Not again, one by one or as a chase; a bad id is a 400.
    expect((await post(p.token, '/lotto/lgw/bets/cancel', { betId: rest[0]!.id })).status).toBe(409);
    expect((await post(p.token, '/lotto/lgw/chases/cancel', { chaseId })).status).toBe(409);
    expect((await post(p.token, '/lotto/lgw/chases/cancel', { chaseId: 'x' })).status).toBe(400);
    // The first period's draw settles its bet; the chase stays cancelled.
    const chaseRow = rowsOf<{ status: string }>(
      await t.ctx.db.execute(sql`SELECT status FROM lottery_chases WHERE id = ${chaseId}`),
    );
    expect(chaseRow[0]!.status).toBe('cancelled');
  });

  it('races the period closing: each bet is refunded or kept for its draw, never both, and the money agrees', async () => {
    for (const [i, gameCode] of ['lott-ssc-1-min', 'lott-ssc-3-min'].entries()) {
      const p = await player();
      const started = await chase(p, ssc(gameCode, await openPeriod(gameCode)));
      expect(started.status).toBe(200);
      const [first] = started.body.value.bets;
      // The first period closes a few milliseconds from now, while the cancel runs.
      await t.ctx.db.execute(
        sql`UPDATE lottery_periods SET close_at = clock_timestamp() + make_interval(secs => ${0.002 + i * 0.004})
             WHERE game_code = ${gameCode} AND numero = ${first!.numero}`,
      );
      const r = await post<{ refunded: number }>(p.token, '/lotto/lgw/chases/cancel', {
        chaseId: started.body.value.chaseId,
      });
      expect(r.status).toBe(200);
      const statuses = await Promise.all(started.body.value.bets.map((b) => betStatus(b.id)));
      const refunded = statuses.filter((s) => s.status === 'cancelled').length;
      expect(statuses.every((s) => s.status === 'cancelled' || s.status === 'open')).toBe(true);
      expect(statuses.slice(1).map((s) => s.status)).toEqual(['cancelled', 'cancelled']);
      expect(r.body.value.refunded).toBe(refunded);
      expect(await balance(p)).toBe(1_000_000n - 200n * BigInt(3 - refunded));
    }
  });
});

describe('lottery games desk', () => {
  it('lists every game; a change of switch, closing seconds and prize group applies and is audited before/after', async () => {
    const finance = await operatorToken(t, 'finance');
    const ssc = await gameOf(finance, SSC);
    expect(ssc).toMatchObject({
      family: 'SSC',
      official: false,
      usesPrizeGroup: true,
      prizeGroup: 1800,
      voidAfterHours: null,
    });
    expect(await gameOf(finance, NORTH)).toMatchObject({ official: true, usesPrizeGroup: false, voidAfterHours: 24 });

    const saved = await post<LotteryDeskGame>(finance, '/wps/operator/lottery/games/settings', {
      gameCode: SSC,
      enabled: true,
      closeSeconds: 60,
      prizeGroup: 1900,
      voidAfterHours: null,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.value).toMatchObject({ closeSeconds: 60, prizeGroup: 1900 });
    const s = (await t.call<LotteryGameState>({ method: 'GET', url: `/lotto/lgw/games/opened/numero?gameCode=${SSC}` }))
      .body.value;
    expect(s.prizeGroup).toBe(1900);
    expect(s.prizes.fixed).toBe(String(prizeAt(1_800n, 1900)));
    const [entry] = await audits('lottery.game.settings');
    expect(entry!.before).toMatchObject({ closeSeconds: 45, prizeGroup: 1800, enabled: true });
    expect(entry!.after).toMatchObject({ closeSeconds: 60, prizeGroup: 1900, enabled: true });

    // Off: the game is not offered and takes no bet; on again.
    const p = await player();
    const f = await freshPeriod(SSC);
    const off = { gameCode: SSC, enabled: false, closeSeconds: 60, prizeGroup: 1900, voidAfterHours: null };
    expect((await post(finance, '/wps/operator/lottery/games/settings', off)).status).toBe(200);
    expect((await t.call({ method: 'GET', url: `/lotto/lgw/games/opened/numero?gameCode=${SSC}` })).status).toBe(404);
    const refused = await place(p, {
      gameCode: SSC,
      numero: f.numero,
      betType: 'bsoe',
      picks: [[], [], [], [], [], ['B']],
      multiplier: 1,
    });
    expect(refused.status).toBe(404);
    expect(await balance(p)).toBe(1_000_000n);
    expect((await post(finance, '/wps/operator/lottery/games/settings', { ...off, enabled: true })).status).toBe(200);
  });

  it('refuses bad settings with a 4xx naming the field, and changes nothing', async () => {
    const finance = await operatorToken(t, 'finance');
    const support = await operatorToken(t, 'support');
    const before = await gameOf(finance, SSC);
    const body = { gameCode: SSC, enabled: true, closeSeconds: 30, prizeGroup: 1800, voidAfterHours: null };
    for (const [bad, field] of [
      [{ closeSeconds: 300 }, 'closeSeconds'], // the whole interval
      [{ closeSeconds: -1 }, 'closeSeconds'],
      [{ prizeGroup: 1699 }, 'prizeGroup'],
      [{ prizeGroup: 1981 }, 'prizeGroup'],
      [{ voidAfterHours: 5 }, 'voidAfterHours'], // a house game draws its own result
      [{ gameCode: NORTH, closeSeconds: 900, prizeGroup: 1900, voidAfterHours: 24 }, 'prizeGroup'],
      [{ gameCode: NORTH, closeSeconds: 900, voidAfterHours: 0 }, 'voidAfterHours'],
    ] as const) {
      const r = await post<unknown>(finance, '/wps/operator/lottery/games/settings', { ...body, ...bad });
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(Object.keys((r.body as { fields?: object }).fields ?? {}).join(), JSON.stringify(bad)).toContain(field);
    }
    expect(
      (await post(finance, '/wps/operator/lottery/games/settings', { ...body, gameCode: 'lott-nope' })).status,
    ).toBe(404);
    expect((await post(support, '/wps/operator/lottery/games/settings', body)).status).toBe(403);
    expect(await gameOf(finance, SSC)).toEqual(before);
  });

  it('a bet over a new limit is refused with the message; new odds pay bets sold after them, not before', async () => {
    const finance = await operatorToken(t, 'finance');
    const limits = await post(finance, '/wps/operator/lottery/games/limits', {
      gameCode: PK10,
      minBet: '200',
      maxBet: '1000',
      maxPeriod: '100000',
      maxExposure: '500000000',
    });
    expect(limits.status).toBe(200);
    expect((await audits('lottery.limits')).at(-1)).toMatchObject({
      before: { maxBet: '5000000' },
      after: { maxBet: '1000' },
    });
    const p = await player();
    const f = await freshPeriod(PK10);
    const over = await place(p, {
      gameCode: PK10,
      numero: f.numero,
      betType: 'pk10_position',
      picks: [['01', '02', '03', '04', '05', '06'], [], [], [], [], [], [], [], [], []],
      multiplier: 1,
    });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ code: 'LOTTERY_LIMIT' });
    expect(over.body.message).toContain('limits');
    expect(await balance(p)).toBe(1_000_000n);

    // A winning pick sold at the seeded odds, before the operator changes them.
    const result = deriveResult('PK10', f.seed, PK10, f.numero);
    const first = String(result[0]).padStart(2, '0');
    const winning = {
      gameCode: PK10,
      numero: f.numero,
      betType: 'pk10_position',
      picks: [[first], [], [], [], [], [], [], [], [], []],
      multiplier: 1,
    };
    const before = await place(p, winning);
    expect(before.status).toBe(200);

    // PK10's position prize lowered from 36.00 to 30.00 (within its bounds); a winning pick pays it.
    const prizes = await get<{ list: LotteryPrizeRow[] }>(finance, '/wps/operator/lottery/prizes?family=PK10');
    const row = prizes.body.value.list.find((r) => r.betTypes.includes('pk10_position'))!;
    expect(row).toMatchObject({ prize: row.seeded, max: row.seeded });
    for (const bad of [String(BigInt(row.seeded) + 1n), String(BigInt(row.min) - 1n), '0', '-5', 'abc'])
      expect(
        (
          await post(finance, '/wps/operator/lottery/prizes', {
            family: 'PK10',
            prizes: [{ prizeKey: row.prizeKey, prize: bad }],
          })
        ).status,
        bad,
      ).toBe(400);
    expect(
      (
        await post(finance, '/wps/operator/lottery/prizes', {
          family: 'PK10',
          prizes: [{ prizeKey: 'star5', prize: '100' }],
        })
      ).status,
    ).toBe(400);
    const lowered = String((BigInt(row.seeded) * 5n) / 6n);
    const set = await post<{ list: LotteryPrizeRow[] }>(finance, '/wps/operator/lottery/prizes', {
      family: 'PK10',
      prizes: [{ prizeKey: row.prizeKey, prize: lowered }],
    });
    expect(set.status).toBe(200);
    expect(set.body.value.list.find((r) => r.prizeKey === row.prizeKey)!.prize).toBe(lowered);
    expect((await audits('lottery.prizes')).at(-1)).toEqual({
      before: { [row.prizeKey]: row.seeded },
      after: { [row.prizeKey]: lowered },
    });

    const bet = await place(p, winning);
    expect(bet.status).toBe(200);
    // Each bet's numbers were exposed at the prizes it was sold at.
    const exposure = rowsOf<{ amount: string }>(
      await t.ctx.db.execute(
        sql`SELECT e.amount::text FROM lottery_exposure e JOIN lottery_periods p ON p.id = e.period_id
             WHERE p.game_code = ${PK10} AND p.numero = ${f.numero}`,
      ),
    );
    expect(exposure.map((e) => BigInt(e.amount))).toEqual([BigInt(row.seeded) + BigInt(lowered)]);
    await drawNow(f);
    expect(await betStatus(bet.body.value.id)).toMatchObject({ status: 'won', win: lowered });
    expect(await betStatus(before.body.value.id)).toMatchObject({ status: 'won', win: row.seeded });
    expect(await balance(p)).toBe(1_000_000n - 400n + BigInt(row.seeded) + BigInt(lowered));
  });
});

describe('GGR per lottery game', () => {
  it("sums each game's bets, wins, refunds and players over the brand's local days, and checks its range", async () => {
    const finance = await operatorToken(t, 'finance');
    const report = async (q = '') =>
      get<{
        from: string;
        to: string;
        timezone: string;
        list: LotteryReportRow[];
        totals: Omit<LotteryReportRow, 'gameCode' | 'family'>;
      }>(finance, `/wps/operator/lottery/report${q}`);
    const base = (await report()).body.value;
    const baseOf = (code: string) => base.list.find((r) => r.gameCode === code);
    const a = await player();
    const b = await player();
    const lf = await freshPeriod('lott-lf-1-min');
    const result = deriveResult('LF', lf.seed, 'lott-lf-1-min', lf.numero);
    const d = result.map(String);
    // A wins a 1-digit bet and loses another; B's bet is cancelled; B's bet on a later period stays open.
    const win = (
      await place(a, {
        gameCode: 'lott-lf-1-min',
        numero: lf.numero,
        betType: 'lf_fixed',
        picks: [[d[0]!], [], []],
        multiplier: 3,
      })
    ).body.value;
    const other = String((result[0]! + 1) % 10);
    const lose = (
      await place(a, {
        gameCode: 'lott-lf-1-min',
        numero: lf.numero,
        betType: 'lf_fixed',
        picks: [[other], [], []],
        multiplier: 1,
      })
    ).body.value;
    const gone = (
      await place(b, {
        gameCode: 'lott-lf-1-min',
        numero: lf.numero,
        betType: 'lf_fixed',
        picks: [[other], [], []],
        multiplier: 2,
      })
    ).body.value;
    expect((await post(b.token, '/lotto/lgw/bets/cancel', { betId: gone.id })).status).toBe(200);
    const later = await freshPeriod('lott-lf-1-min', 7_200_000);
    const open = (
      await place(b, {
        gameCode: 'lott-lf-1-min',
        numero: later.numero,
        betType: 'lf_fixed',
        picks: [['1'], [], []],
        multiplier: 5,
      })
    ).body.value;
    // A bet placed yesterday (local) is outside today's figures.
    const old = (
      await place(b, {
        gameCode: 'lott-lf-1-min',
        numero: later.numero,
        betType: 'lf_fixed',
        picks: [['2'], [], []],
        multiplier: 7,
      })
    ).body.value;
    await t.ctx.db.execute(
      sql`UPDATE lottery_bets SET created_at = ((${base.from}::date)::timestamp AT TIME ZONE ${base.timezone}) - interval '1 second' WHERE id = ${old.id}`,
    );
    await drawNow(lf);
    const won = await betStatus(win.id);
    expect(won.status).toBe('won');

    const now = (await report(`?from=${base.from}&to=${base.to}`)).body.value;
    const row = now.list.find((r) => r.gameCode === 'lott-lf-1-min')!;
    const prev = baseOf('lott-lf-1-min');
    const stake = BigInt(win.amount) + BigInt(lose.amount) + BigInt(gone.amount) + BigInt(open.amount);
    const plus = (k: 'bets' | 'wins' | 'refunds' | 'open' | 'ggr', v: bigint) => String(BigInt(prev?.[k] ?? '0') + v);
    expect(row).toMatchObject({
      family: 'LF',
      bets: plus('bets', stake),
      wins: plus('wins', BigInt(won.win)),
      refunds: plus('refunds', BigInt(gone.amount)),
      open: plus('open', BigInt(open.amount)),
      ggr: plus('ggr', BigInt(win.amount) + BigInt(lose.amount) - BigInt(won.win)),
      betCount: (prev?.betCount ?? 0) + 4,
      players: (prev?.players ?? 0) + 2,
    });
    expect(BigInt(now.totals.ggr) - BigInt(base.totals.ggr)).toBe(
      BigInt(win.amount) + BigInt(lose.amount) - BigInt(won.win),
    );
    // Yesterday holds the moved bet.
    const day = new Date(Date.parse(`${base.from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const yesterday = (await report(`?from=${day}&to=${day}`)).body.value;
    expect(yesterday.list.find((r) => r.gameCode === 'lott-lf-1-min')).toMatchObject({
      bets: old.amount,
      betCount: 1,
      players: 1,
    });

    expect((await report(`?from=${base.to}&to=${day}`)).status).toBe(400);
    expect((await report('?from=2020-01-01&to=2022-01-01')).status).toBe(400);
    expect((await report('?from=2026-02-30')).status).toBe(400);
    expect((await get(await operatorToken(t, 'support'), '/wps/operator/lottery/report')).status).toBe(403);
  });
});

describe('official results deadline', () => {
  it('voids a period without a result past its deadline and refunds every bet once, with two schedulers', async () => {
    const finance = await operatorToken(t, 'finance');
    const game = await gameOf(finance, NORTH);
    expect(
      (
        await post(finance, '/wps/operator/lottery/games/settings', {
          gameCode: NORTH,
          enabled: true,
          closeSeconds: game.closeSeconds,
          prizeGroup: game.prizeGroup,
          voidAfterHours: 6,
        })
      ).status,
    ).toBe(200);
    const p = await player();
    const q = await player();
    const f = await freshPeriod(NORTH);
    const b1 = (
      await place(p, { gameCode: NORTH, numero: f.numero, betType: 'de', picks: [['45', '07']], multiplier: 1 })
    ).body.value;
    const b2 = (await place(q, { gameCode: NORTH, numero: f.numero, betType: 'de', picks: [['11']], multiplier: 3 }))
      .body.value;
    await closeNow(NORTH, f.numero);
    // No result from the feed (production has none; the demo's house feed would draw it): its draw finds nothing.
    await t.ctx.db.execute(
      sql`DELETE FROM jobs WHERE name = ${DRAW_JOB} AND key = ${`${f.merchantId}:${NORTH}:${f.numero}`}`,
    );

    const runners = [new JobRunner(t.ctx.db), new JobRunner(t.ctx.db)];
    for (const r of runners) registerLotteryJobs(r, t.ctx);
    const sweep = async (at: Date, key: string) => {
      // Two instances' sweeps of overlapping minutes: both find the period; its void job is one.
      await t.ctx.jobs.enqueue({ name: DEADLINE_SWEEP_JOB, key: `${key}-a`, runAt: new Date(0) });
      await t.ctx.jobs.enqueue({ name: DEADLINE_SWEEP_JOB, key: `${key}-b`, runAt: new Date(0) });
      await Promise.all(runners.map((r) => r.runDue({ now: at })));
    };
    // Before the deadline: nothing happens.
    await sweep(new Date(f.drawAt.getTime() + 6 * 3_600_000 - 5_000), 'early');
    expect((await periodRow(NORTH, f.numero)).status).toBe('open');
    expect(await betStatus(b1.id)).toMatchObject({ status: 'open' });

    await sweep(new Date(f.drawAt.getTime() + 6 * 3_600_000 + 1_000), 'late');
    expect((await periodRow(NORTH, f.numero)).status).toBe('void');
    expect(await betStatus(b1.id)).toMatchObject({ status: 'refunded' });
    expect(await betStatus(b2.id)).toMatchObject({ status: 'refunded' });
    expect(await balance(p)).toBe(1_000_000n);
    expect(await balance(q)).toBe(1_000_000n);
    // Once more, as a late job or a third instance would: nothing more.
    await t.ctx.db.transaction((tx) =>
      t.ctx.lotteryDeadline.voidDue(tx, { merchantId: f.merchantId, periodId: 0 }, new Date(), () => {}),
    );
    await sweep(new Date(f.drawAt.getTime() + 7 * 3_600_000), 'later');
    const keys = rowsOf<{ key: string; n: string }>(
      await t.ctx.db.execute(
        sql`SELECT idempotency_key AS key, count(*) AS n FROM ledger_transactions
             WHERE idempotency_key IN (${`lottery:void:${b1.id}`}, ${`lottery:void:${b2.id}`}) GROUP BY 1`,
      ),
    );
    expect(keys.map((k) => Number(k.n))).toEqual([1, 1]);
    const rounds = rowsOf<{ status: string }>(
      await t.ctx.db.execute(
        sql`SELECT status FROM game_rounds WHERE round_id IN (${`bet-${b1.id}`}, ${`bet-${b2.id}`})`,
      ),
    );
    expect(rounds.map((r) => r.status)).toEqual(['refunded', 'refunded']);
    // The operators can no longer enter a result for it.
    const admin = await operatorToken(t, 'admin');
    const sheet = Array.from({ length: 27 }, () => 0);
    expect(
      (await post(admin, '/wps/operator/lottery/results', { gameCode: NORTH, numero: f.numero, result: sheet })).status,
    ).toBe(409);
  });

  it('a confirmed result before the deadline wins: the period settles and is never voided', async () => {
    const p = await player();
    const f = await freshPeriod(NORTH);
    const bet = (await place(p, { gameCode: NORTH, numero: f.numero, betType: 'de', picks: [['99']], multiplier: 1 }))
      .body.value;
    await closeNow(NORTH, f.numero);
    await t.ctx.db.execute(
      sql`DELETE FROM jobs WHERE name = ${DRAW_JOB} AND key = ${`${f.merchantId}:${NORTH}:${f.numero}`}`,
    );
    const admin = await operatorToken(t, 'admin');
    const finance = await operatorToken(t, 'finance');
    // The special ends in 99 (đề 99).
    const sheet = [
      12399, 67890, 11145, 22245, 33300, 44401, 55502, 66603, 77704, 88805, 1234, 5645, 9999, 1000, 2045, 3001, 4002,
      5003, 6004, 7005, 123, 456, 789, 45, 10, 20, 99,
    ];
    const entered = await post<{ entries: { id: number }[] }>(admin, '/wps/operator/lottery/results', {
      gameCode: NORTH,
      numero: f.numero,
      result: sheet,
    });
    expect(entered.status).toBe(200);
    expect(
      (
        await post(finance, '/wps/operator/lottery/results/confirm', {
          gameCode: NORTH,
          numero: f.numero,
          entryId: entered.body.value.entries[0]!.id,
        })
      ).status,
    ).toBe(200);
    await t.ctx.jobs.enqueue({ name: DEADLINE_SWEEP_JOB, key: 'settled-first', runAt: new Date(0) });
    await t.ctx.jobs.runDue({ now: new Date(f.drawAt.getTime() + 8 * 3_600_000) });
    expect((await periodRow(NORTH, f.numero)).status).toBe('settled');
    expect((await betStatus(bet.id)).status).toBe('won');
  });
});
