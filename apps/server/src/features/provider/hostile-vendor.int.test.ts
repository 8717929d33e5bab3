import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  fundedPlayer,
  gameSession,
  setupProviderWorld,
  txId,
  vendorCall,
  type ProviderWorld,
} from '../../../test/factories/provider.ts';
import { rowsOf } from '../../../test/rows.ts';
import { checkLedger } from '../wallet/ledger-check/data.ts';

/**
 * The seamless wallet against a vendor that sends what it should not (issue 16, decision 053): bad
 * amounts and fields, a 15-digit win, two players' first bets on one new round at once, rollbacks
 * of bets whose round has ended, a failure between the money and its record. Runs on PGlite and, with
 * DATABASE_URL, on PostgreSQL, where the races are real (PGlite has one connection).
 */
let t: TestApp;
let world: ProviderWorld;

beforeAll(async () => {
  t = await createTestApp();
  world = await setupProviderWorld(t);
});
afterAll(() => t.close());
afterEach(async () => {
  expect((await checkLedger(t.ctx.db)).breaches).toEqual([]);
});

const balanceOf = async (p: { id: number; merchantId: number }) =>
  (await t.ctx.wallet.balance(p.merchantId, p.id)).balance;
const counts = async () =>
  rowsOf<{ ptx: number; rounds: number; ledger: number; postings: number }>(
    await t.ctx.db.execute(sql`
      SELECT (SELECT count(*)::int FROM provider_transactions) AS ptx, (SELECT count(*)::int FROM game_rounds) AS rounds,
             (SELECT count(*)::int FROM ledger_transactions) AS ledger, (SELECT count(*)::int FROM ledger_postings) AS postings`),
  )[0]!;
const roundOf = async (roundId: string) =>
  rowsOf<{ member_id: number; bet_total: string; win_total: string; refund_total: string; status: string }>(
    await t.ctx.db.execute(
      sql`SELECT member_id, bet_total::text, win_total::text, refund_total::text, status FROM game_rounds WHERE round_id = ${roundId}`,
    ),
  )[0];

type Session = { sessionToken: string; playerId: string };
const bet = (s: Session, over: Record<string, unknown> = {}) => ({
  sessionToken: s.sessionToken,
  playerId: s.playerId,
  transactionId: txId('bet'),
  roundId: txId('round'),
  gameCode: 'HGS_DRAGON',
  amount: '500',
  currency: 'BRL',
  ...over,
});
const win = (s: Session, roundId: string, over: Record<string, unknown> = {}) => ({
  playerId: s.playerId,
  transactionId: txId('win'),
  roundId,
  gameCode: 'HGS_DRAGON',
  amount: '0',
  currency: 'BRL',
  endRound: true,
  ...over,
});
const rollback = (s: Session, b: { transactionId: string; roundId: string }) => ({
  playerId: s.playerId,
  transactionId: txId('rb'),
  betTransactionId: b.transactionId,
  roundId: b.roundId,
  gameCode: 'HGS_DRAGON',
});

const BAD_AMOUNTS: unknown[] = [
  '10.5',
  '.5',
  '5.',
  '1e3',
  '１０', // full-width digits
  '١٠', // Arabic-Indic digits
  '۱۰', // extended Arabic-Indic digits
  'NaN',
  'Infinity',
  '-Infinity',
  '1,000',
  '1_000',
  '1 000',
  ' 100',
  '100\u0000',
  '-5',
  '+5',
  '0x10',
  '1000000000000000', // 16 digits: past the contract's maximum
  '99999999999999999999999',
  '',
  10,
  10.5,
  null,
  true,
  [],
  {},
];

describe('malformed amounts and fields', () => {
  it('refuses every malformed amount of a bet or a win with 400 VALIDATION_FAILED, writing nothing', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    // A round of this player's, so that a win would have somewhere to land.
    const opened = bet(s, { amount: '100' });
    expect((await vendorCall(t, 'bet', opened)).status).toBe(200);
    const before = await counts();
    for (const amount of BAD_AMOUNTS) {
      const b = await vendorCall(t, 'bet', bet(s, { amount, roundId: opened.roundId }));
      expect([amount, b.status, b.body.code]).toEqual([amount, 400, 'VALIDATION_FAILED']);
      expect(b.body.fields?.amount).toBeTruthy();
      const w = await vendorCall(t, 'win', win(s, opened.roundId, { amount }));
      expect([amount, w.status, w.body.code]).toEqual([amount, 400, 'VALIDATION_FAILED']);
    }
    expect(await counts()).toEqual(before);
    expect(await balanceOf(p)).toBe(99_900n);
    expect((await roundOf(opened.roundId))!.status).toBe('open');
    // Plain digits still go through as the protocol always took them, leading zeros included.
    expect((await vendorCall(t, 'bet', bet(s, { amount: '0250', roundId: opened.roundId }))).body.value).toEqual({
      balance: '99650',
      currency: 'BRL',
    });
    const w = await vendorCall(t, 'win', win(s, opened.roundId, { amount: '000' }));
    expect(w.body.value).toEqual({ balance: '99650', currency: 'BRL' });
  });

  it('refuses NUL bytes, lone surrogates and malformed ids, currencies and game codes with a 4xx, writing nothing', async () => {
    const p = await fundedPlayer(t, 10_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const opened = bet(s, { amount: '100' });
    expect((await vendorCall(t, 'bet', opened)).status).toBe(200);
    const before = await counts();
    const bad: Record<string, unknown>[] = [
      { transactionId: 'a\u0000b' },
      { transactionId: 'x'.repeat(101) },
      { transactionId: 'tx\ud800' },
      { transactionId: 42 },
      { roundId: 'r\u0000' },
      { roundId: '' },
      { roundId: 'round id with spaces' },
      { currency: 'BR\u0000L' },
      { currency: 'brl' },
      { currency: 'B' },
      { currency: 986 },
      { gameCode: 'HGS\u0000DRAGON' },
      { gameCode: 'x'.repeat(65) },
      { gameCode: 'ab\udc00' },
      { playerId: `${s.playerId}\u0000` },
      { playerId: '9999999999' },
      { playerId: '0' },
      { detail: { note: 'a\u0000b' } },
      { detail: { ['k\ud800']: 1 } },
      { detail: { list: ['\udfff'] } },
      { detail: 'not an object' },
    ];
    for (const over of bad) {
      const b = await vendorCall(t, 'bet', bet(s, over));
      expect([over, b.status < 500 && b.status >= 400, b.body.success]).toEqual([over, true, false]);
      const w = await vendorCall(t, 'win', win(s, opened.roundId, { amount: '10', ...over }));
      expect([over, w.status < 500 && w.status >= 400, w.body.success]).toEqual([over, true, false]);
      const r = await vendorCall(t, 'rollback', { ...rollback(s, opened), ...over });
      expect([over, r.status < 500 && r.status >= 400]).toEqual([over, true]);
    }
    expect(await counts()).toEqual(before);
    expect(await balanceOf(p)).toBe(9_900n);
  });
});

describe('a 15-digit win', () => {
  it('is answered normally, and the player can still ask the balance, retry the win and bet again', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const b = bet(s, { amount: '100' });
    expect((await vendorCall(t, 'bet', b)).status).toBe(200);
    const w = win(s, b.roundId, { amount: '999999999999999' });
    const first = await vendorCall(t, 'win', w);
    expect([first.status, first.body.value]).toEqual([200, { balance: '1000000000099899', currency: 'BRL' }]);
    const retried = await vendorCall(t, 'win', w);
    expect([retried.status, retried.body.value]).toEqual([200, first.body.value]);
    const balance = await vendorCall(t, 'balance', { sessionToken: s.sessionToken });
    expect([balance.status, balance.body.value]).toEqual([200, { balance: '1000000000099899', currency: 'BRL' }]);
    const next = await vendorCall(t, 'bet', bet(s, { amount: '999999999999999' }));
    expect([next.status, next.body.value]).toEqual([200, { balance: '99900', currency: 'BRL' }]);
    expect(await balanceOf(p)).toBe(99_900n);
    const history = await t.call<{ list: { win: string }[] }>({
      method: 'GET',
      url: '/wps/game/betHistory',
      headers: { authorization: `Bearer ${p.token}` },
    });
    expect(history.status).toBe(200);
  });
});

/** Two players' first bets on one new round id, sent at once; `tries` times. */
type Player = Awaited<ReturnType<typeof fundedPlayer>>;
const raceFirstBets = async (tries: number, sessions: (players: Player[]) => Promise<[Session, Session]>) => {
  const players = await Promise.all([fundedPlayer(t, 1_000_000n), fundedPlayer(t, 1_000_000n)]);
  let outcomes = 0;
  for (let i = 0; i < tries; i++) {
    const [sa, sb] = await sessions(players);
    const before = await Promise.all(players.map(balanceOf));
    const roundId = txId('shared');
    const bets = [bet(sa, { roundId, amount: '300' }), bet(sb, { roundId, amount: '700' })];
    const answers = await Promise.all(bets.map((x) => vendorCall(t, 'bet', x)));
    const won = answers.findIndex((a) => a.status === 200);
    const lost = 1 - won;
    expect(won).toBeGreaterThanOrEqual(0);
    expect([answers[lost]!.status, answers[lost]!.body.code]).toEqual([409, 'ROUND_CONFLICT']);
    const after = await Promise.all(players.map(balanceOf));
    expect(after[lost]).toBe(before[lost]);
    expect(after[won]).toBe(before[won]! - BigInt(bets[won]!.amount));
    const round = await roundOf(roundId);
    expect([round!.member_id, round!.bet_total]).toEqual([players[won]!.id, bets[won]!.amount]);
    const refused = rowsOf(
      await t.ctx.db.execute(
        sql`SELECT 1 FROM provider_transactions WHERE transaction_id = ${bets[lost]!.transactionId}`,
      ),
    );
    expect(refused).toEqual([]);
    // The owner's round still works: the loser's rollback touches nothing, the owner's win closes it.
    const sessionsOf = [sa, sb];
    const rb = await vendorCall(t, 'rollback', rollback(sessionsOf[lost]!, bets[lost]!));
    expect(rb.status).toBe(200);
    expect(await roundOf(roundId)).toMatchObject({ status: 'open', refund_total: '0' });
    const w = await vendorCall(t, 'win', win(sessionsOf[won]!, roundId, { amount: '50' }));
    expect(w.status).toBe(200);
    outcomes++;
  }
  expect(outcomes).toBe(tries);
};

describe('two players, one new round id', () => {
  it('on sessions seen before (the batched path): one owner, the other bet refused and nothing debited, 30 times', async () => {
    const warm = async (p: Player) => {
      const s = await gameSession(t, p, world.games.HGS_DRAGON!);
      expect((await vendorCall(t, 'bet', bet(s, { amount: '1' }))).status).toBe(200);
      return s;
    };
    let known: [Session, Session] | null = null;
    await raceFirstBets(30, async (players) => {
      known ??= [await warm(players[0]!), await warm(players[1]!)];
      return known;
    });
  });

  it('on new sessions (the careful path): one owner, the other bet refused and nothing debited, 30 times', async () => {
    await raceFirstBets(30, async (players) => [
      await gameSession(t, players[0]!, world.games.HGS_DRAGON!),
      await gameSession(t, players[1]!, world.games.HGS_DRAGON!),
    ]);
  });
});

describe('rollbacks and ended rounds', () => {
  it('refuses a rollback of a bet whose round closed with a win: the stake stays bet, the win stays won', async () => {
    const p = await fundedPlayer(t, 10_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const b = bet(s, { amount: '1000' });
    expect((await vendorCall(t, 'bet', b)).status).toBe(200);
    expect((await vendorCall(t, 'win', win(s, b.roundId, { amount: '3000' }))).status).toBe(200);
    expect(await balanceOf(p)).toBe(12_000n);
    const before = await counts();
    const rb = await vendorCall(t, 'rollback', rollback(s, b));
    expect([rb.status, rb.body.code]).toEqual([409, 'ROUND_CLOSED']);
    expect(await counts()).toEqual(before);
    expect(await balanceOf(p)).toBe(12_000n);
    expect(await roundOf(b.roundId)).toMatchObject({ status: 'closed', refund_total: '0', win_total: '3000' });
  });

  it('still reverses a bet of an open round, and answers a second rollback of it without refunding twice', async () => {
    const p = await fundedPlayer(t, 10_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const b1 = bet(s, { amount: '1000' });
    const b2 = bet(s, { amount: '500', roundId: b1.roundId });
    for (const x of [b1, b2]) expect((await vendorCall(t, 'bet', x)).status).toBe(200);
    const rb = await vendorCall(t, 'rollback', rollback(s, b1));
    expect(rb.body.value).toEqual({ balance: '9500', currency: 'BRL' });
    const again = await vendorCall(t, 'rollback', rollback(s, b1));
    expect(again.body.value).toEqual({ balance: '9500', currency: 'BRL' });
    expect(await roundOf(b1.roundId)).toMatchObject({ status: 'open', refund_total: '1000', bet_total: '1500' });
    expect((await vendorCall(t, 'win', win(s, b1.roundId, { amount: '2000' }))).status).toBe(200);
    expect(await balanceOf(p)).toBe(11_500n);
  });

  it('a rollback and a closing win racing on one round never give the stake back beside the win', async () => {
    const p = await fundedPlayer(t, 1_000_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    for (let i = 0; i < 20; i++) {
      const b = bet(s, { amount: '1000' });
      expect((await vendorCall(t, 'bet', b)).status).toBe(200);
      const before = await balanceOf(p);
      const [rb, w] = await Promise.all([
        vendorCall(t, 'rollback', rollback(s, b)),
        vendorCall(t, 'win', win(s, b.roundId, { amount: '3000' })),
      ]);
      const round = (await roundOf(b.roundId))!;
      const after = await balanceOf(p);
      if (w.status === 200) {
        // The win went in first: the rollback must have been refused.
        expect([rb.status, rb.body.code]).toEqual([409, 'ROUND_CLOSED']);
        expect(round).toMatchObject({ status: 'closed', win_total: '3000', refund_total: '0' });
        expect(after).toBe(before + 3000n);
      } else {
        expect(rb.status).toBe(200);
        expect(w.status).toBe(409);
        expect(round).toMatchObject({ status: 'refunded', win_total: '0', refund_total: '1000' });
        expect(after).toBe(before + 1000n);
      }
    }
  });
});

describe('a failure between the money and its record', () => {
  it('leaves a rollback all or nothing, and the retry gets one refund and the stored answer', async () => {
    const p = await fundedPlayer(t, 10_000n);
    const s = await gameSession(t, p, world.games.HGS_DRAGON!);
    const b = bet(s, { amount: '1000' });
    expect((await vendorCall(t, 'bet', b)).status).toBe(200);
    const rb = rollback(s, b);
    // The record of this rollback fails after its money moved (what a crash or a lost connection does).
    await t.ctx.db.execute(
      sql.raw(`CREATE FUNCTION test_fail_record() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.transaction_id = '${rb.transactionId}' THEN RAISE EXCEPTION 'the record was lost'; END IF; RETURN NEW; END $$`),
    );
    await t.ctx.db.execute(
      sql.raw(
        `CREATE TRIGGER test_fail_record BEFORE INSERT ON provider_transactions FOR EACH ROW EXECUTE FUNCTION test_fail_record()`,
      ),
    );
    try {
      const failed = await vendorCall(t, 'rollback', rb);
      expect(failed.status).toBe(500);
      // Nothing moved: the 5xx followed no money.
      expect(await balanceOf(p)).toBe(9_000n);
      expect(await roundOf(b.roundId)).toMatchObject({ status: 'open', refund_total: '0' });
    } finally {
      await t.ctx.db.execute(sql.raw(`DROP TRIGGER test_fail_record ON provider_transactions`));
      await t.ctx.db.execute(sql.raw(`DROP FUNCTION test_fail_record()`));
    }
    const retried = await vendorCall(t, 'rollback', rb);
    expect([retried.status, retried.body.value]).toEqual([200, { balance: '10000', currency: 'BRL' }]);
    // The balance moves on; a later retry still gets the answer first given.
    expect((await vendorCall(t, 'bet', bet(s, { amount: '10' }))).status).toBe(200);
    const later = await vendorCall(t, 'rollback', rb);
    expect(later.body.value).toEqual({ balance: '10000', currency: 'BRL' });
    expect(await balanceOf(p)).toBe(9_990n);
  });
});
