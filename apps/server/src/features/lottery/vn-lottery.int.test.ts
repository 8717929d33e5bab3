import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LotteryDeskPeriod, LotteryGameState } from '@app/contract';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { rowsOf } from '../../../test/rows.ts';
import { lotteryKit } from '../../../test/factories/lottery.ts';
import { bearer, operatorToken } from '../../../test/factories/wallet.ts';

/**
 * The Vietnamese lotteries (decision 068): their schedule in Vietnam's time, bets on the official
 * sheets, official results under the two-person rule, the settle hold, and settlement exactly once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NORTH = 'tcg_lotto_vn-northern-lottery';
const SOUTH = 'tcg_lotto_vn-southern-lottery';
// A North sheet whose special ends in 45 (đề 45), 45 on six lines.
const SHEET = [
  12345, 67890, 11145, 22245, 33300, 44401, 55502, 66603, 77704, 88805, 1234, 5645, 9999, 1000, 2045, 3001, 4002, 5003,
  6004, 7005, 123, 456, 789, 45, 10, 20, 99,
];

const { player, balance, place, op, freshPeriod, closeNow, periodRow, betStatus } = lotteryKit(() => t);

describe('Vietnamese lotteries: schedule, menus and bets', () => {
  it("draws North at 18:15, Central 17:15, South 16:15 in Vietnam's time, closing 15 minutes before", async () => {
    for (const [code, hhmm] of [
      [NORTH, '11:15'],
      ['tcg_lotto_vn-central-lottery', '10:15'],
      [SOUTH, '09:15'],
    ] as const) {
      const s = (
        await t.call<LotteryGameState>({
          method: 'GET',
          url: `/lgw/vn/numeros/opened/game?gameCode=${code}&prizeMode=A`,
        })
      ).body.value;
      expect(s.current.drawAt.slice(11, 16)).toBe(hhmm); // UTC; Vietnam is UTC+7
      expect(Date.parse(s.current.drawAt) - Date.parse(s.current.closeAt)).toBe(900_000);
      expect(s.game).toMatchObject({ area: 'vn', official: true, timeZone: 'Asia/Ho_Chi_Minh', betting: true });
      expect(s.prizes.de).toBe('16000');
    }
  });

  it('the VN menu lists the regions and their games; recent gives each game its latest sheet', async () => {
    const menu = await t.call<{ prizeMode: string; regions: { family: string; games: { gameCode: string }[] }[] }>({
      method: 'GET',
      url: '/lgw/vn/games/game_menu?prizeMode=A&device=WEB',
    });
    expect(menu.status).toBe(200);
    expect(menu.body.value.prizeMode).toBe('A');
    expect(menu.body.value.regions.map((r) => r.family)).toEqual(['VN_NORTH', 'VN_CENTRAL', 'VN_SOUTH']);
    expect(menu.body.value.regions[0]!.games.map((g) => g.gameCode)).toContain(NORTH);
    const recent = await t.call<{ list: { gameCode: string }[] }>({
      method: 'GET',
      url: '/lgw/vn/games/game_menu/recent',
    });
    expect(recent.status).toBe(200);
    expect(recent.body.value.list.map((g) => g.gameCode)).toContain(SOUTH);
    expect((await t.call({ method: 'GET', url: '/lgw/vn/games/game_menu?device=TV' })).status).toBe(400);
  });

  it('takes đề, lô and xiên bets at their unit cost and refuses another family’s types and bad picks with 4xx', async () => {
    const p = await player();
    const { numero } = await freshPeriod(NORTH);
    const before = await balance(p);
    const de = await place(p, { gameCode: NORTH, numero, betType: 'de', picks: [['45', '07']], multiplier: 1 });
    expect(de.status).toBe(200);
    expect(de.body.value).toMatchObject({ units: 2, amount: '400' });
    const lo = await place(p, { gameCode: NORTH, numero, betType: 'lo2', picks: [['45']], multiplier: 1 });
    expect(lo.body.value).toMatchObject({ units: 27, amount: '5400' });
    expect(await balance(p)).toBe(before - 5_800n);
    for (const bad of [
      { betType: 'star5', picks: [['1'], ['2'], ['3'], ['4'], ['5']] },
      { betType: 'cang3', picks: [['12']] },
      { betType: 'de', picks: [['7']] },
      { betType: 'xien3', picks: [['01', '02']] },
    ]) {
      const r = await place(p, { gameCode: NORTH, numero, multiplier: 1, ...bad });
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await balance(p)).toBe(before - 5_800n);
  });

  // Before the tests below run due jobs at hours to come, which draw today's periods early.
  it('demo mode closes the open official period on demand', async () => {
    const finance = await operatorToken(t, 'finance');
    const state = async (gameCode: string) =>
      (await t.call<LotteryGameState>({ method: 'GET', url: `/lotto/lgw/games/opened/numero?gameCode=${gameCode}` }))
        .body.value;
    // A region in its last 15 minutes before the draw is closed already; the draws are an hour apart.
    let gameCode = '';
    for (const code of [NORTH, 'tcg_lotto_vn-central-lottery', SOUTH])
      if (!gameCode && (await state(code)).current.status === 'open') gameCode = code;
    expect(gameCode).not.toBe('');
    const r = await t.call<{ numero: string; closeAt: string }>({
      method: 'POST',
      url: '/wps/operator/lottery/demo/close',
      headers: bearer(finance),
      payload: { gameCode },
    });
    expect(r.status).toBe(200);
    expect(Date.parse(r.body.value.closeAt)).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await state(gameCode)).current.status).toBe('closed');
    // Closed already: a second close is refused.
    const again = await t.call({
      method: 'POST',
      url: '/wps/operator/lottery/demo/close',
      headers: bearer(finance),
      payload: { gameCode },
    });
    expect(again.status).toBe(409);
  });
});

describe('official results: two operators, settled once', () => {
  it('one operator enters, the same one cannot confirm (403), a second confirms and it settles exactly once', async () => {
    const admin = await operatorToken(t, 'admin');
    const finance = await operatorToken(t, 'finance');
    const p = await player();
    const { numero, drawAt } = await freshPeriod(NORTH);
    const de = (await place(p, { gameCode: NORTH, numero, betType: 'de', picks: [['45']], multiplier: 2 })).body.value;
    const lo = (await place(p, { gameCode: NORTH, numero, betType: 'lo2', picks: [['99']], multiplier: 1 })).body.value;
    const afterBets = await balance(p);

    // Not before betting closes.
    const early = await op(admin, '/wps/operator/lottery/results', { gameCode: NORTH, numero, result: SHEET });
    expect(early.status).toBe(409);
    await closeNow(NORTH, numero);

    // A sheet of the wrong shape is refused.
    const short = await op(admin, '/wps/operator/lottery/results', {
      gameCode: NORTH,
      numero,
      result: SHEET.slice(1),
    });
    expect(short.status).toBe(400);

    const entered = await op(admin, '/wps/operator/lottery/results', { gameCode: NORTH, numero, result: SHEET });
    expect(entered.status).toBe(200);
    const entry = entered.body.value.entries[0]!;
    expect(entry).toMatchObject({ status: 'pending', result: SHEET });
    expect(entered.body.value.openBets).toBe(2);

    // The same operator cannot confirm: nothing moves.
    const self = await op(admin, '/wps/operator/lottery/results/confirm', {
      gameCode: NORTH,
      numero,
      entryId: entry.id,
    });
    expect(self.status).toBe(403);
    expect((await periodRow(NORTH, numero)).status).toBe('open');
    expect(await balance(p)).toBe(afterBets);
    expect((await betStatus(de.id)).status).toBe('open');

    // A second operator confirms: the period takes the result and settles.
    const confirmed = await op(finance, '/wps/operator/lottery/results/confirm', {
      gameCode: NORTH,
      numero,
      entryId: entry.id,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.value).toMatchObject({ status: 'settled', settled: 2, source: 'operator', seed: null });
    expect(confirmed.body.value.entries[0]).toMatchObject({ status: 'confirmed' });
    // đề 45 × 2: 2 × 160.00; lô 99 on two lines: 2 × 198.00.
    expect(await betStatus(de.id)).toMatchObject({ status: 'won', win: '32000' });
    expect(await betStatus(lo.id)).toMatchObject({ status: 'won', win: '39600' });
    expect(await balance(p)).toBe(afterBets + 32_000n + 39_600n);

    // Once: confirming again, entering again and the draw job at its hour change nothing.
    expect(
      (await op(finance, '/wps/operator/lottery/results/confirm', { gameCode: NORTH, numero, entryId: entry.id }))
        .status,
    ).toBe(409);
    expect((await op(admin, '/wps/operator/lottery/results', { gameCode: NORTH, numero, result: SHEET })).status).toBe(
      409,
    );
    await t.ctx.jobs.runDue({ now: new Date(drawAt.getTime() + 1000) });
    expect(await balance(p)).toBe(afterBets + 32_000n + 39_600n);
    const wins = rowsOf<{ n: string }>(
      await t.ctx.db.execute(
        sql`SELECT count(*) AS n FROM ledger_transactions WHERE idempotency_key IN (${`lottery:win:${de.id}`}, ${`lottery:win:${lo.id}`})`,
      ),
    );
    expect(Number(wins[0]!.n)).toBe(2);
    const audit = rowsOf<{ action: string }>(
      await t.ctx.db.execute(sql`SELECT action FROM operator_audit WHERE action LIKE 'lottery.result.%' ORDER BY id`),
    );
    expect(audit.map((a) => a.action)).toEqual(['lottery.result.enter', 'lottery.result.confirm']);
  });

  it('the feed draws at the hour and the period settles after its hold, once; a pending correction holds it', async () => {
    const p = await player();
    const { numero, drawAt } = await freshPeriod(SOUTH);
    const bet = (await place(p, { gameCode: SOUTH, numero, betType: 'de', picks: [['00']], multiplier: 1 })).body.value;
    await closeNow(SOUTH, numero);
    // Demo mode: the house feed draws the sheet from the period's seed at the hour; the bet waits.
    await t.ctx.jobs.runDue({ now: new Date(drawAt.getTime() + 1000) });
    const drawn = await periodRow(SOUTH, numero);
    expect(drawn).toMatchObject({ status: 'drawn', result_source: 'house' });
    expect((await betStatus(bet.id)).status).toBe('open');

    // An operator corrects it (special ending in 00); the hold runs out but the correction waits for its second.
    const admin = await operatorToken(t, 'admin');
    const finance = await operatorToken(t, 'finance');
    const corrected = [100200, ...SHEET.slice(1, 18).map((n) => n % 100000)];
    corrected[17] = 7; // the 8th prize: 2 digits
    corrected[16] = 123; // the 7th prize: 3 digits
    corrected.splice(12, 4, 1111, 2222, 3333, 4444); // 5th and 6th: 4 digits
    const entered = await op(finance, '/wps/operator/lottery/results', { gameCode: SOUTH, numero, result: corrected });
    expect(entered.status).toBe(200);
    const hold = new Date(drawAt.getTime() + 1_800_000 + 1000);
    await t.ctx.jobs.runDue({ now: hold });
    expect((await periodRow(SOUTH, numero)).status).toBe('drawn');
    const confirmed = await op(admin, '/wps/operator/lottery/results/confirm', {
      gameCode: SOUTH,
      numero,
      entryId: entered.body.value.entries[0]!.id,
    });
    expect(confirmed.status).toBe(200);
    expect(await betStatus(bet.id)).toMatchObject({ status: 'won', win: '16000' });
    await t.ctx.jobs.runDue({ now: new Date(hold.getTime() + 60_000) });
    expect(await betStatus(bet.id)).toMatchObject({ status: 'won', win: '16000' });
  });

  it('without a correction the hold settles the feed result once', async () => {
    const p = await player();
    const { numero, drawAt } = await freshPeriod(NORTH);
    const bet = (
      await place(p, {
        gameCode: NORTH,
        numero,
        betType: 'dau',
        picks: [['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']],
        multiplier: 1,
      })
    ).body.value;
    await closeNow(NORTH, numero);
    await t.ctx.jobs.runDue({ now: new Date(drawAt.getTime() + 1000) });
    const hold = new Date(drawAt.getTime() + 1_800_000 + 1000);
    await t.ctx.jobs.runDue({ now: hold });
    await t.ctx.jobs.runDue({ now: new Date(hold.getTime() + 5000) });
    expect((await periodRow(NORTH, numero)).status).toBe('settled');
    // Every đầu digit picked: exactly one hits.
    expect(await betStatus(bet.id)).toMatchObject({ status: 'won', win: '1600' });
  });

  it('only finance and admin enter results; house games take no entries; a void refunds once', async () => {
    const content = await operatorToken(t, 'content');
    const finance = await operatorToken(t, 'finance');
    const { numero } = await freshPeriod(NORTH);
    expect(
      (await op(content, '/wps/operator/lottery/results', { gameCode: NORTH, numero, result: SHEET })).status,
    ).toBe(403);
    expect(
      (
        await op(finance, '/wps/operator/lottery/results', {
          gameCode: 'lott-ssc-1-min',
          numero,
          result: [1, 2, 3, 4, 5],
        })
      ).status,
    ).toBe(409);
    const desk = await t.call<{ games: { gameCode: string }[]; list: LotteryDeskPeriod[] }>({
      method: 'GET',
      url: '/wps/operator/lottery/periods',
      headers: bearer(finance),
    });
    expect(desk.status).toBe(200);
    expect(desk.body.value.games.map((g) => g.gameCode)).toEqual(
      expect.arrayContaining([NORTH, SOUTH, 'tcg_lotto_vn-central-lottery']),
    );
    const p = await player();
    await place(p, { gameCode: NORTH, numero, betType: 'de', picks: [['11']], multiplier: 1 });
    const before = await balance(p);
    const voidIt = () => op(finance, '/wps/operator/lottery/periods/void', { gameCode: NORTH, numero });
    expect((await voidIt()).status).toBe(200);
    expect((await voidIt()).status).toBe(409);
    expect(await balance(p)).toBe(before + 200n);
  });
});
