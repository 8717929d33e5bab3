import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOUSE_SEED_PRIZES,
  ZODIAC,
  betTypeOf,
  betWin,
  deriveResult,
  waveOf,
  zodiacOf,
  zodiacYear,
  type LotteryBet,
  type LotteryFamily,
  type LotteryGameState,
} from '@app/contract';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { lotteryKit } from '../../../test/factories/lottery.ts';
import { rowsOf } from '../../../test/rows.ts';
import {
  bearer,
  createMember,
  fund,
  operatorToken,
  sessionFor,
  type TestMember,
} from '../../../test/factories/wallet.ts';

/** PK10, 11 choose 5, Mark Six and Pick 3 take bets and settle them (issue 18). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const kit = lotteryKit(() => t, '2097');

type Player = { m: TestMember; token: string };
const player = async (funds = 10_000_000n): Promise<Player> => {
  const m = await createMember(t.ctx);
  await fund(t.ctx, m, funds);
  return { m, token: await sessionFor(t.ctx, m) };
};
const place = (p: Player, body: object) =>
  t.call<LotteryBet>({ method: 'POST', url: '/lotto/lgw/bets', headers: bearer(p.token), payload: body });
const balance = async (p: Player) => (await t.ctx.wallet.balance(p.m.merchantId, p.m.id)).balance;
const betsOf = async (p: Player, gameCode: string) =>
  (
    await t.call<{ list: LotteryBet[] }>({
      method: 'GET',
      url: `/lotto/lgw/bets?gameCode=${gameCode}`,
      headers: bearer(p.token),
    })
  ).body.value.list;
const two = (n: number) => String(n).padStart(2, '0');

interface Case {
  betType: string;
  /** The picks for a result the test knows from the seed. */
  picks: (r: number[], numero: string) => string[][];
  multiplier?: number;
}

/**
 * Places every case on a fresh period of the game, draws it, and checks that each bet settled to
 * what the contract's pure settlement computes, paid once, with the balance moving by the total.
 */
const playFamily = async (gameCode: string, family: LotteryFamily, cases: Case[]) => {
  const p = await player();
  const f = await kit.freshPeriod(gameCode);
  const result = deriveResult(family, f.seed, gameCode, f.numero);
  const before = await balance(p);
  let staked = 0n;
  let expected = 0n;
  const prizes = HOUSE_SEED_PRIZES[family]!;
  for (const c of cases) {
    const picks = c.picks(result, f.numero);
    const multiplier = c.multiplier ?? 1;
    const res = await place(p, { gameCode, numero: f.numero, betType: c.betType, picks, multiplier });
    expect(res.status, `${c.betType} ${JSON.stringify(res.body)}`).toBe(200);
    staked += BigInt(res.body.value.amount);
    expected += betWin(betTypeOf(family, c.betType)!, picks, result, multiplier, prizes, f.numero);
  }
  expect(await balance(p)).toBe(before - staked);
  await t.ctx.jobs.runDue({ now: new Date(f.drawAt.getTime() + 1000) });
  await t.ctx.jobs.runDue({ now: new Date(f.drawAt.getTime() + 1000) });
  const bets = await betsOf(p, gameCode);
  expect(bets).toHaveLength(cases.length);
  expect(bets.every((b) => b.status === 'won' || b.status === 'lost')).toBe(true);
  expect(bets.every((b) => JSON.stringify(b.result) === JSON.stringify(result))).toBe(true);
  const won = bets.reduce((s, b) => s + BigInt(b.win), 0n);
  expect(won).toBe(expected);
  expect(await balance(p)).toBe(before - staked + expected);
  // Each win paid once under its key.
  const paid = rowsOf<{ n: string }>(
    await t.ctx.db.execute(
      sql`SELECT count(*) AS n FROM ledger_transactions WHERE idempotency_key IN (${sql.join(
        bets.map((b) => sql`${`lottery:win:${b.id}`}`),
        sql`, `,
      )})`,
    ),
  );
  expect(Number(paid[0]!.n)).toBe(bets.filter((b) => BigInt(b.win) > 0n).length);
  return { bets, result, expected };
};

describe('house families take bets and settle them', () => {
  it('PK10: position, top 2/3, two-sided, dragon/tiger and the sum', async () => {
    const other = (r: number[]) => two(r[0] === 1 ? 2 : 1);
    const { bets } = await playFamily('lott-pk10-3-min', 'PK10', [
      {
        betType: 'pk10_position',
        picks: (r) => [[two(r[0]!)], [], [], [], [], [], [], [], [], [two(r[9]!)]],
        multiplier: 3,
      },
      { betType: 'pk10_top2', picks: (r) => [[two(r[0]!)], [two(r[1]!)]] },
      { betType: 'pk10_top3', picks: (r) => [[two(r[1]!)], [two(r[0]!)], [two(r[2]!)]] },
      {
        betType: 'pk10_top2_group',
        picks: (r) => [[two(r[1]!), two(r[0]!), other(r)].filter((x, i, a) => a.indexOf(x) === i)],
      },
      { betType: 'pk10_top3_group', picks: (r) => [[two(r[2]!), two(r[1]!), two(r[0]!)]] },
      { betType: 'pk10_bsoe', picks: () => [['B', 'S'], ['O'], [], [], [], [], [], [], [], ['E']] },
      { betType: 'pk10_dragon_tiger', picks: () => [['D'], ['T'], [], [], ['D', 'T']] },
      { betType: 'pk10_sum', picks: (r) => [[two(r[0]! + r[1]!)]], multiplier: 2 },
      { betType: 'pk10_sum_bsoe', picks: () => [['B', 'O']] },
    ]);
    const byType = new Map(bets.map((b) => [b.betType, b]));
    // The bets built to win did, at the seeded prizes.
    expect(byType.get('pk10_position')!.win).toBe(String(2n * 1_800n * 3n));
    expect(byType.get('pk10_top2')!).toMatchObject({ status: 'won', win: '16200' });
    expect(byType.get('pk10_top3')!).toMatchObject({ status: 'lost', win: '0' });
    expect(byType.get('pk10_top3_group')!).toMatchObject({ status: 'won', win: '21600' });
    expect(byType.get('pk10_dragon_tiger')!.status).toBe('won'); // D and T on the 5th: one of them
  });

  it('11 choose 5: any 2 … any 8 and first 1/2/3 at the issue’s prizes', async () => {
    const all = Array.from({ length: 11 }, (_, i) => two(i + 1));
    const { bets } = await playFamily('lott-11x5-1-min', '11X5', [
      { betType: 'x5_any2', picks: (r) => [[two(r[0]!), two(r[3]!)]] },
      { betType: 'x5_any5', picks: (r) => [r.map(two)] },
      { betType: 'x5_any8', picks: () => [all.slice(0, 8)] },
      { betType: 'x5_first1', picks: (r) => [[two(r[0]!)]], multiplier: 10 },
      { betType: 'x5_first2', picks: (r) => [[two(r[0]!)], [two(r[1]!)]] },
      { betType: 'x5_first3_group', picks: (r) => [[two(r[2]!), two(r[0]!), two(r[1]!)]] },
    ]);
    const byType = new Map(bets.map((b) => [b.betType, b]));
    expect(byType.get('x5_any2')!.win).toBe('600');
    expect(byType.get('x5_any5')!.win).toBe('54000');
    expect(byType.get('x5_first1')!.win).toBe('13000');
    expect(byType.get('x5_first2')!.win).toBe('13000');
    expect(byType.get('x5_first3_group')!.win).toBe('19500');
    expect(byType.get('x5_any8')!.units).toBe(1);
  });

  it('Mark Six: special, two-sided, zodiac by the lunar year, colour wave and any of six', async () => {
    const { bets, result } = await playFamily('lott-lhc-5-min', 'LHC', [
      { betType: 'lhc_special', picks: (r) => [[two(r[6]!)]] },
      { betType: 'lhc_special_bsoe', picks: () => [['B', 'S']] },
      {
        betType: 'lhc_zodiac',
        picks: (r, numero) => [[ZODIAC[zodiacOf(r[6]!, zodiacYear(numero.slice(0, 8)))]!]],
      },
      { betType: 'lhc_wave', picks: (r) => [[waveOf(r[6]!)]] },
      { betType: 'lhc_any6', picks: (r) => [[two(r[0]!), two(r[5]!), two(r[6]!)]] },
    ]);
    const byType = new Map(bets.map((b) => [b.betType, b]));
    expect(byType.get('lhc_special')!.win).toBe('8820');
    // Big and small: one of them wins 3.59, or on 49 both give their stake back.
    expect(byType.get('lhc_special_bsoe')!.win).toBe(result[6] === 49 ? '400' : '359');
    expect(byType.get('lhc_zodiac')!.status).toBe('won');
    expect(byType.get('lhc_wave')!.status).toBe('won');
    expect(byType.get('lhc_any6')!.win).toBe(String(2n * 1_470n));
  });

  it('Pick 3: straight, box, 2-digit, 1-digit by position and the sum', async () => {
    await playFamily('lott-lf-1-min', 'LF', [
      { betType: 'lf_straight', picks: (r) => r.map((d) => [String(d)]) },
      { betType: 'lf_box6', picks: () => [['1', '2', '3', '4']] },
      { betType: 'lf_box3', picks: () => [['5', '6']] },
      { betType: 'lf_front2', picks: (r) => [[String(r[0])], [String(r[1])]] },
      { betType: 'lf_back2', picks: (r) => [[String(r[1])], [String((r[2]! + 1) % 10)]] },
      { betType: 'lf_fixed', picks: (r) => [[String(r[0])], [], [String(r[2])]] },
      { betType: 'lf_sum', picks: (r) => [[String(r[0]! + r[1]! + r[2]!)]] },
    ]);
  });

  it('refuses a bet type of another family and picks off the board with 400, nothing debited', async () => {
    const p = await player(1_000_000n);
    const s = (
      await t.call<LotteryGameState>({ method: 'GET', url: '/lotto/lgw/games/opened/numero?gameCode=lott-pk10-1-min' })
    ).body.value;
    expect(s.game.betting).toBe(true);
    expect(s.prizes.pk10_top2).toBe('16200');
    const ok = { gameCode: 'lott-pk10-1-min', numero: s.current.numero, multiplier: 1 };
    for (const body of [
      { ...ok, betType: 'x5_any2', picks: [['01', '02']] },
      { ...ok, betType: 'last3', picks: [['1'], ['2'], ['3']] },
      { ...ok, betType: 'pk10_top2', picks: [['01'], ['01']] },
      { ...ok, betType: 'pk10_position', picks: [['11'], [], [], [], [], [], [], [], [], []] },
      { ...ok, betType: 'pk10_sum', picks: [['02']] },
    ]) {
      const res = await place(p, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await balance(p)).toBe(1_000_000n);
  });
});

/* ------------------------------------------------------------------ chase */

const stateOf = async (gameCode: string) =>
  (await t.call<LotteryGameState>({ method: 'GET', url: `/lotto/lgw/games/opened/numero?gameCode=${gameCode}` })).body
    .value;
/** The game's open period with at least 20 s of betting left (waits out a closing one). */
const openPeriod = async (gameCode: string) => {
  for (;;) {
    const s = await stateOf(gameCode);
    const left = Date.parse(s.current.closeAt) - Date.now();
    if (s.current.status === 'open' && left > 20_000) return s;
    await new Promise((r) => setTimeout(r, Math.max(1000, Date.parse(s.current.drawAt) - Date.now() + 500)));
  }
};
const seedOf = async (gameCode: string, numero: string) =>
  rowsOf<{ seed: string }>(
    await t.ctx.db.execute(sql`SELECT seed FROM lottery_periods WHERE game_code = ${gameCode} AND numero = ${numero}`),
  )[0]!;
const chase = (p: Player, body: object) =>
  t.call<{ chaseId: number; bets: LotteryBet[] }>({
    method: 'POST',
    url: '/lotto/lgw/chases',
    headers: bearer(p.token),
    payload: body,
  });
/** Draws and settles one period (its job's work) without running any other game's due jobs. */
const drawOne = async (p: Player, gameCode: string, numero: string) => {
  await t.ctx.db.transaction((tx) =>
    t.ctx.lottery.draw(tx, { merchantId: p.m.merchantId, gameCode, numero }, () => {}),
  );
  await t.ctx.db.transaction((tx) =>
    t.ctx.lottery.settleHeld(tx, { merchantId: p.m.merchantId, gameCode, numero }, () => {}),
  );
};
const chaseStatus = async (id: number) =>
  rowsOf<{ status: string }>(await t.ctx.db.execute(sql`SELECT status FROM lottery_chases WHERE id = ${id}`))[0]!
    .status;

// Each test its own game: a drawn period (drawOne) is no longer open until the wall clock passes it.
describe('chase', { timeout: 180_000 }, () => {
  it('places the bet on N periods at once; a win stops it and refunds the later periods once', async () => {
    const GAME = 'lott-pk10-3-min';
    const p = await player(1_000_000n);
    const s = await openPeriod(GAME);
    const { seed } = await seedOf(GAME, s.current.numero);
    const first = deriveResult('PK10', seed, GAME, s.current.numero);
    // The car that wins 1st in the first period: a sure win there.
    const res = await chase(p, {
      gameCode: GAME,
      numero: s.current.numero,
      betType: 'pk10_position',
      picks: [[two(first[0]!)], [], [], [], [], [], [], [], [], []],
      multiplier: 1,
      periods: 4,
      stopOnWin: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { chaseId, bets } = res.body.value;
    expect(bets.map((b) => b.numero)[0]).toBe(s.current.numero);
    expect(new Set(bets.map((b) => b.numero)).size).toBe(4);
    expect(bets.every((b) => b.chaseId === chaseId && b.status === 'open' && b.amount === '200')).toBe(true);
    expect(await balance(p)).toBe(1_000_000n - 800n);

    // The first period draws: its bet wins 18.00, the three later bets come back, the chase stops.
    await drawOne(p, GAME, s.current.numero);
    const after = await betsOf(p, GAME);
    const byId = new Map(after.map((b) => [b.id, b]));
    expect(byId.get(bets[0]!.id)).toMatchObject({ status: 'won', win: '1800' });
    expect(bets.slice(1).map((b) => byId.get(b.id)!.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(await chaseStatus(chaseId)).toBe('stopped');
    expect(await balance(p)).toBe(1_000_000n - 200n + 1_800n);
    const refunds = rowsOf<{ n: string }>(
      await t.ctx.db.execute(
        sql`SELECT count(*) AS n FROM ledger_transactions WHERE idempotency_key IN (${sql.join(
          bets.slice(1).map((b) => sql`${`lottery:chase:${b.id}`}`),
          sql`, `,
        )})`,
      ),
    );
    expect(Number(refunds[0]!.n)).toBe(3);
    // Drawn again (a second scheduler), nothing moves twice.
    await drawOne(p, GAME, s.current.numero);
    expect(await balance(p)).toBe(1_000_000n - 200n + 1_800n);
  });

  it('without stop-on-win every period plays; the chase is done after its last', async () => {
    const GAME = 'lott-pk10-5-min';
    const p = await player(1_000_000n);
    const s = await openPeriod(GAME);
    const res = await chase(p, {
      gameCode: GAME,
      numero: s.current.numero,
      betType: 'pk10_dragon_tiger',
      picks: [['D', 'T'], [], [], [], []],
      multiplier: 1,
      periods: 2,
      stopOnWin: false,
    });
    expect(res.status).toBe(200);
    const { chaseId, bets } = res.body.value;
    await drawOne(p, GAME, bets[0]!.numero);
    expect(await chaseStatus(chaseId)).toBe('running');
    await drawOne(p, GAME, bets[1]!.numero);
    const after = await betsOf(p, GAME);
    // Dragon and tiger on the 1st: exactly one of them wins in each period.
    expect(after.map((b) => [b.status, b.win])).toEqual([
      ['won', '360'],
      ['won', '360'],
    ]);
    expect(await chaseStatus(chaseId)).toBe('done');
  });

  it('is all or none: refused with 4xx when a period cannot be paid, nothing placed', async () => {
    const GAME = 'lott-pk10-1-min';
    const p = await player(500n); // two units of 2.00, not three
    const s = await openPeriod(GAME);
    const body = {
      gameCode: GAME,
      numero: s.current.numero,
      betType: 'pk10_bsoe',
      picks: [['B'], [], [], [], [], [], [], [], [], []],
      multiplier: 1,
      stopOnWin: true,
    };
    const poor = await chase(p, { ...body, periods: 3 });
    expect(poor.status).toBeGreaterThanOrEqual(400);
    expect(poor.status).toBeLessThan(500);
    expect(await betsOf(p, GAME)).toHaveLength(0);
    expect(await balance(p)).toBe(500n);
    expect((await chase(p, { ...body, periods: 1 })).status).toBe(400);
    expect((await chase(p, { ...body, periods: 51 })).status).toBe(400);
    const later = await chase(p, { ...body, numero: s.next.numero, periods: 2 });
    expect(later.status).toBe(409);
    expect(later.body.code).toBe('LOTTERY_CLOSED');
    expect(await balance(p)).toBe(500n);
  });
});

/* ------------------------------------------------------------------ limits and exposure */

describe('limits and exposure per number', () => {
  const GAME = 'lott-lhc-3-min';

  it('an operator sets the limits; under 10 concurrent bets one number never passes its exposure cap', async () => {
    const finance = await operatorToken(t, 'finance');
    const limits = { gameCode: GAME, minBet: '200', maxBet: '100000', maxPeriod: '1000000', maxExposure: '30000' };
    const set = await t.call({
      method: 'POST',
      url: '/wps/operator/lottery/games/limits',
      headers: bearer(finance),
      payload: limits,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    // Refused with 400 and nothing changed: a minimum above the maximum, a zero, not a number.
    for (const bad of [
      { ...limits, minBet: '200000' },
      { ...limits, maxExposure: '0' },
      { ...limits, maxBet: 'lots' },
      { ...limits, gameCode: 'NOPE!' },
    ])
      expect(
        (
          await t.call({
            method: 'POST',
            url: '/wps/operator/lottery/games/limits',
            headers: bearer(finance),
            payload: bad,
          })
        ).status,
      ).toBe(400);
    const member = await player(1_000_000n);
    const memberSet = await t.call({
      method: 'POST',
      url: '/wps/operator/lottery/games/limits',
      headers: bearer(member.token),
      payload: limits,
    });
    expect(memberSet.status).toBeGreaterThanOrEqual(401);
    expect(memberSet.status).toBeLessThan(404);

    // The special number 07 pays 88.20 a unit: the cap of 300.00 takes three such bets, not four.
    const f = await kit.freshPeriod(GAME);
    const players = await Promise.all(Array.from({ length: 10 }, () => player(100_000n)));
    const body = { gameCode: GAME, numero: f.numero, betType: 'lhc_special', picks: [['07']], multiplier: 1 };
    const results = await Promise.all(players.map((p) => place(p, body)));
    const accepted = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(accepted).toHaveLength(3);
    expect(refused.every((r) => r.status === 409 && r.body.code === 'LOTTERY_EXPOSURE')).toBe(true);
    expect(refused[0]!.body.message).toContain('07');
    const balances = await Promise.all(players.map(balance));
    expect(balances.filter((b) => b === 100_000n - 200n)).toHaveLength(3);
    expect(balances.filter((b) => b === 100_000n)).toHaveLength(7);
    // Another number is still open; a bet past the per-bet limit is refused with 400.
    expect((await place(players[0]!, { ...body, picks: [['08']] })).status).toBe(200);
    expect((await place(players[1]!, { ...body, picks: [['09']], multiplier: 600 })).body.code).toBe('LOTTERY_LIMIT');

    // The console's view of the open period (the fresh period is not the schedule's open one, so read it
    // through the data layer too): 07 at 264.60, 08 at 88.20.
    const view = await t.call<{ numero: string; maxExposure: string; list: { pick: string; amount: string }[] }>({
      method: 'GET',
      url: `/wps/operator/lottery/exposure?gameCode=${GAME}`,
      headers: bearer(finance),
    });
    expect(view.status).toBe(200);
    expect(view.body.value.maxExposure).toBe('30000');
    const rows = rowsOf<{ cell: string; amount: string }>(
      await t.ctx.db.execute(
        sql`SELECT e.cell, e.amount FROM lottery_exposure e JOIN lottery_periods p ON p.id = e.period_id
             WHERE p.numero = ${f.numero} ORDER BY e.amount DESC`,
      ),
    );
    expect(rows.map((r) => [r.cell, String(r.amount)])).toEqual([
      ['lhc_special:0:07', '26460'],
      ['lhc_special:0:08', '8820'],
    ]);

    // A cancel gives the number's room back.
    const first = accepted[0]!.body.value;
    const owner = players[results.indexOf(accepted[0]!)]!;
    const cancel = await t.call({
      method: 'POST',
      url: '/lotto/lgw/bets/cancel',
      headers: bearer(owner.token),
      payload: { betId: first.id },
    });
    expect(cancel.status).toBe(200);
    const again = await place(players[9]!, body);
    expect(again.status).toBe(200);
    expect((await place(players[8]!, body)).body.code).toBe('LOTTERY_EXPOSURE');
  });
});
