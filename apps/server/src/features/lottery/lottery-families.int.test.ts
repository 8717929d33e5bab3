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
import { bearer, createMember, fund, sessionFor, type TestMember } from '../../../test/factories/wallet.ts';

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
