import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LotteryGameState, LotteryGame } from '@app/contract';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { rowsOf } from '../../../test/rows.ts';
import { lotteryKit } from '../../../test/factories/lottery.ts';
import { bearer, operatorToken } from '../../../test/factories/wallet.ts';

/**
 * South-East Asia's lotteries (decision 072): their draw days and hours in their own zones, their
 * bet types at their unit cost, official results under the two-person rule, settlement credited
 * exactly once, and no bet after the close.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const THAI = 'tcg_sea-thai-lottery';
const MY4D = 'tcg_sea-malaysia-4d';
// Thailand: first prize 845123, front 3 512 / 078, back 3 321 / 945, back 2 23.
const THAI_SHEET = [845123, 512, 78, 321, 945, 23];

const { player, balance, place, op, freshPeriod, closeNow, periodRow, betStatus } = lotteryKit(() => t, '2097');
const state = async (gameCode: string) =>
  (await t.call<LotteryGameState>({ method: 'GET', url: `/lotto/lgw/games/opened/numero?gameCode=${gameCode}` })).body
    .value;

describe('South-East Asian lotteries: games, schedules and bets', () => {
  it('the five TCG_SEA games play on /seaLottery, each in its own zone on its draw days', async () => {
    const games = (await t.call<{ list: LotteryGame[] }>({ method: 'GET', url: '/lotto/lgw/games' })).body.value.list;
    const sea = games.filter((g) => g.area === 'sea');
    expect(sea.map((g) => g.gameCode).sort()).toEqual([
      'tcg_sea-cambodia-lotto',
      'tcg_sea-lao-lottery',
      'tcg_sea-malaysia-4d',
      'tcg_sea-singapore-4d',
      THAI,
    ]);
    expect(sea.every((g) => g.official && g.betting)).toBe(true);

    const thai = await state(THAI);
    expect(thai.game.timeZone).toBe('Asia/Bangkok');
    expect(thai.current.drawAt.slice(11, 16)).toBe('07:30'); // 14:30 Bangkok (UTC+7)
    expect(['01', '16']).toContain(thai.current.numero.slice(6, 8));
    expect(Date.parse(thai.current.drawAt) - Date.parse(thai.current.closeAt)).toBe(3_600_000);
    expect(thai.prizes.th_top3).toBe('180000');

    const sg = await state('tcg_sea-singapore-4d');
    expect(sg.current.drawAt.slice(11, 16)).toBe('10:30'); // 18:30 Singapore (UTC+8)
    expect([0, 3, 6]).toContain(new Date(Date.parse(sg.current.drawAt)).getUTCDay());
    expect(sg.prizes.big1).toBe('400000');
    expect((await state(MY4D)).prizes.big1).toBe('500000');
  });

  it('takes Thai and 4D bets at their unit cost and refuses another game’s types and bad numbers with 4xx', async () => {
    const p = await player();
    const { numero } = await freshPeriod(THAI);
    const before = await balance(p);
    const top3 = await place(p, { gameCode: THAI, numero, betType: 'th_top3', picks: [['123', '456']], multiplier: 1 });
    expect(top3.status).toBe(200);
    expect(top3.body.value).toMatchObject({ units: 2, amount: '400' });
    for (const bad of [
      { betType: 'd4_big', picks: [['1234']] },
      { betType: 'de', picks: [['12']] },
      { betType: 'th_top3', picks: [['12']] },
      { betType: 'th_top2', picks: [['7']] },
      { betType: 'th_run_top', picks: [['1', '1']] },
    ]) {
      const r = await place(p, { gameCode: THAI, numero, multiplier: 1, ...bad });
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await balance(p)).toBe(before - 400n);
  });
});

describe('SEA official results: two operators, settled once, nothing after the close', () => {
  it('Thailand: entered by one, confirmed by another, each win credited once; a bet after the close is refused', async () => {
    const admin = await operatorToken(t, 'admin');
    const finance = await operatorToken(t, 'finance');
    const p = await player();
    const { numero, drawAt } = await freshPeriod(THAI);
    const bet = (b: object) => place(p, { gameCode: THAI, numero, multiplier: 1, ...b });
    const top3 = (await bet({ betType: 'th_top3', picks: [['123']], multiplier: 2 })).body.value;
    const tote = (await bet({ betType: 'th_tote3', picks: [['321']] })).body.value;
    const bottom = (await bet({ betType: 'th_bottom2', picks: [['23', '45']] })).body.value;
    const run = (await bet({ betType: 'th_run_top', picks: [['9']] })).body.value;
    const afterBets = await balance(p);
    expect(afterBets).toBeLessThan(1_000_000n);

    await closeNow(THAI, numero);
    // Betting has closed: refused with the contract's code, nothing taken.
    const late = await bet({ betType: 'th_top2', picks: [['23']] });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('LOTTERY_CLOSED');
    expect(await balance(p)).toBe(afterBets);

    // A sheet of the wrong shape is refused.
    expect(
      (await op(admin, '/wps/operator/lottery/results', { gameCode: THAI, numero, result: [845123] })).status,
    ).toBe(400);
    const entered = await op(admin, '/wps/operator/lottery/results', { gameCode: THAI, numero, result: THAI_SHEET });
    expect(entered.status).toBe(200);
    const entryId = entered.body.value.entries[0]!.id;
    expect((await op(admin, '/wps/operator/lottery/results/confirm', { gameCode: THAI, numero, entryId })).status).toBe(
      403,
    );
    expect(await balance(p)).toBe(afterBets);

    const confirmed = await op(finance, '/wps/operator/lottery/results/confirm', { gameCode: THAI, numero, entryId });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.value).toMatchObject({ status: 'settled', settled: 4, source: 'operator' });
    // 3 top 123 × 2: 2 × 1,800.00; tote 321: 300.00; 2 bottom 23 (of 23, 45): 180.00; running 9: lost.
    expect(await betStatus(top3.id)).toMatchObject({ status: 'won', win: '360000' });
    expect(await betStatus(tote.id)).toMatchObject({ status: 'won', win: '30000' });
    expect(await betStatus(bottom.id)).toMatchObject({ status: 'won', win: '18000' });
    expect(await betStatus(run.id)).toMatchObject({ status: 'lost', win: '0' });
    const paid = afterBets + 360_000n + 30_000n + 18_000n;
    expect(await balance(p)).toBe(paid);

    // Once: confirming again, the draw job and the hold at their hours change nothing.
    expect(
      (await op(finance, '/wps/operator/lottery/results/confirm', { gameCode: THAI, numero, entryId })).status,
    ).toBe(409);
    await t.ctx.jobs.runDue({ now: new Date(drawAt.getTime() + 1000) });
    await t.ctx.jobs.runDue({ now: new Date(drawAt.getTime() + 1_801_000) });
    expect(await balance(p)).toBe(paid);
    const keys = [top3, tote, bottom].map((b) => `lottery:win:${b.id}`);
    const wins = rowsOf<{ n: string }>(
      await t.ctx.db.execute(
        sql`SELECT count(*) AS n FROM ledger_transactions WHERE idempotency_key IN (${keys[0]!}, ${keys[1]!}, ${keys[2]!})`,
      ),
    );
    expect(Number(wins[0]!.n)).toBe(3);
  });

  it('Malaysia 4D: the demo feed draws at the hour (seed revealed), the hold settles it once', async () => {
    const p = await player();
    const { numero, drawAt, seed } = await freshPeriod(MY4D);
    const every = Array.from({ length: 100 }, (_, i) => String(i * 97).padStart(4, '0'));
    const big = (await place(p, { gameCode: MY4D, numero, betType: 'd4_big', picks: [every], multiplier: 1 })).body
      .value;
    expect(big).toMatchObject({ units: 100, amount: '20000' });
    await closeNow(MY4D, numero);
    await t.ctx.jobs.runDue({ now: new Date(drawAt.getTime() + 1000) });
    expect(await periodRow(MY4D, numero)).toMatchObject({ status: 'drawn', result_source: 'house' });
    await t.ctx.jobs.runDue({ now: new Date(drawAt.getTime() + 1_801_000) });
    await t.ctx.jobs.runDue({ now: new Date(drawAt.getTime() + 1_900_000) });
    const row = await periodRow(MY4D, numero);
    expect(row.status).toBe('settled');
    const result = (typeof row.result === 'string' ? JSON.parse(row.result) : row.result) as number[];
    expect(new Set(result).size).toBe(23);
    // The win is the seeded table applied by hand to the drawn sheet.
    const table = [500_000n, 200_000n, 100_000n, ...Array(10).fill(36_000n), ...Array(10).fill(12_000n)] as bigint[];
    const expected = result.reduce(
      (sum, n, i) => (every.includes(String(n).padStart(4, '0')) ? sum + table[i]! : sum),
      0n,
    );
    expect(await betStatus(big.id)).toMatchObject({ win: String(expected) });
    const results = await t.call<{ list: { numero: string; seed: string | null }[] }>({
      method: 'GET',
      url: `/lotto/lgw/games/results?gameCode=${MY4D}&limit=5`,
    });
    expect(results.body.value.list.find((r) => r.numero === numero)?.seed).toBe(seed);
  });

  it('the desk lists the SEA games; demo close works on them', async () => {
    const finance = await operatorToken(t, 'finance');
    const desk = await t.call<{ games: { gameCode: string }[] }>({
      method: 'GET',
      url: '/wps/operator/lottery/periods',
      headers: bearer(finance),
    });
    expect(desk.body.value.games.map((g) => g.gameCode)).toEqual(expect.arrayContaining([THAI, MY4D]));
    // A game whose current period is still open (one may be in its last minutes before the draw).
    const codes = ['tcg_sea-lao-lottery', 'tcg_sea-cambodia-lotto', 'tcg_sea-singapore-4d', THAI];
    let open: string | undefined;
    for (const code of codes) if (!open && (await state(code)).current.status === 'open') open = code;
    const r = await t.call<{ numero: string }>({
      method: 'POST',
      url: '/wps/operator/lottery/demo/close',
      headers: bearer(finance),
      payload: { gameCode: open },
    });
    expect(r.status).toBe(200);
    expect((await state(open!)).current.status).toBe('closed');
  });
});
