import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { seedHash } from '@app/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.ts';
import type { MemberActor } from '../../http/auth.ts';
import { createPgContext } from '../../../test/ledger/pg.ts';
import { createMember, fund, type TestMember } from '../../../test/factories/wallet.ts';
import { freePort } from '../../../test/ports.ts';
import { productionEnv } from '../../../test/production-env.ts';
import { checkLedger } from '../wallet/ledger-check/data.ts';
import { DRAW_JOB } from './service.ts';

/**
 * A draw's settlement killed with SIGKILL in the middle (issue 18, decision 106): the real server
 * runs the draw job, which commits the result, then the settle job, which settles thousands of bets
 * in chunks committed on their own on four connections, each connection a group of members. The test
 * holds one winner's wallet row, so that winner's group stops at its credit with its chunk ended and
 * partly paid but not committed, while the other groups commit; and kills the server at that moment.
 * What remains is whole chunks: the other groups' bets settled and paid once, the held group's bets
 * all open and unpaid, the result committed, the ledger's invariants holding. A new server settles
 * the rest under the same result, every bet once, each win paid once.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const mainTs = path.join(repoRoot, 'apps/server/src/main.ts');
const GAME = 'lott-ssc-1-min';
const NUMERO = '20990301-0001';
const MEMBERS = 24;
const BETS_EACH = 110;
const FUNDS = 100_000_000n;
/** The server's settle connections: min(4, DATABASE_POOL_SIZE − 1), its members grouped by id modulo. */
const CONNECTIONS = 4;

let env: Awaited<ReturnType<typeof createPgContext>>;
let ctx: AppContext;
let admin: pg.Client;
let child: ChildProcess | null = null;
let merchantId = 0;
let players: TestMember[] = [];
let sureWinner: TestMember;

const startServer = async (port: number) => {
  const { DATABASE_URL: _own, ...parentEnv } = process.env;
  const proc = spawn(process.execPath, ['--import', 'tsx', mainTs], {
    cwd: repoRoot,
    env: {
      ...parentEnv,
      ...productionEnv(),
      DATABASE_URL: env.url,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SERVE_WEB: 'false',
      // The job runner looks for due jobs every second (the draw is due already).
      JOBS_POLL_MS: '1000',
      DATABASE_POOL_SIZE: '8',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child = proc;
  let said = '';
  proc.stderr?.on('data', (d: Buffer) => (said = (said + d.toString()).slice(-2000)));
  for (let i = 0; i < 300; i++) {
    if (proc.exitCode !== null) throw new Error(`the server exited before it was up: ${said}`);
    const up = await fetch(`http://127.0.0.1:${port}/wps/system/status`).then(
      (r) => r.status < 500,
      () => false,
    );
    if (up) return proc;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not come up');
};

const actorOf = (m: TestMember): MemberActor => ({
  kind: 'member',
  sessionId: 0,
  merchantId: m.merchantId,
  memberId: m.id,
  type: 1,
  isAgent: false,
  isTrial: false,
  pendingVerification: null,
});
const count = async (sql: string, values: unknown[] = []) =>
  Number(((await admin.query(sql, values)).rows[0] as { n: number }).n);
const betsWhere = (where: string) =>
  `SELECT count(*)::int AS n FROM lottery_bets b JOIN lottery_periods p ON p.id = b.period_id
    WHERE p.game_code = '${GAME}' AND p.numero = '${NUMERO}' AND ${where}`;

beforeAll(async () => {
  env = await createPgContext(6);
  ctx = env.ctx;
  admin = new pg.Client({ connectionString: env.url });
  await admin.connect();
  merchantId = await ctx.merchants.resolveId('localhost');
  await ctx.lottery.games(merchantId);
  await admin.query(`UPDATE lottery_games SET max_period = 1000000000000 WHERE game_code = $1`, [GAME]);
  const s = randomBytes(32).toString('hex');
  await admin.query(
    `INSERT INTO lottery_periods (merchant_id, game_code, numero, open_at, close_at, draw_at, seed, seed_hash)
     VALUES ($1, $2, $3, now() - interval '1 minute', now() + interval '1 hour', now() + interval '1 hour', $4, $5)`,
    [merchantId, GAME, NUMERO, s, seedHash(s)],
  );
  players = [];
  for (let i = 0; i < MEMBERS; i++) {
    const m = await createMember(ctx);
    await fund(ctx, m, FUNDS);
    players.push(m);
  }
  sureWinner = await createMember(ctx);
  await fund(ctx, sureWinner, FUNDS);
  // Bets of every kind from every member: big/small/odd/even (wins about half the time), last-3 straights.
  await Promise.all(
    players.map(async (m, k) => {
      for (let i = 0; i < BETS_EACH; i++) {
        const half = (i + k) % 2 === 0;
        const picks: string[][] = half ? [[], [], [], [], [], []] : [[String(i % 10)], [String(k % 10)], ['0', '5']];
        if (half) picks[i % 6]!.push(['B', 'S', 'O', 'E'][(i + k) % 4]!);
        await ctx.lottery.place(actorOf(m), {
          gameCode: GAME,
          numero: NUMERO,
          betType: half ? 'bsoe' : 'last3',
          picks,
          multiplier: 1 + (i % 3),
        });
      }
    }),
  );
  // The last bet: big and small on the first digit, so it wins whatever is drawn.
  await ctx.lottery.place(actorOf(sureWinner), {
    gameCode: GAME,
    numero: NUMERO,
    betType: 'bsoe',
    picks: [['B', 'S'], [], [], [], [], []],
    multiplier: 1,
  });
  // Betting closes and the draw falls due now, as the schedule would have it.
  await admin.query(
    `UPDATE lottery_periods SET close_at = now(), draw_at = now() WHERE game_code = $1 AND numero = $2`,
    [GAME, NUMERO],
  );
  await ctx.jobs.enqueue({
    name: DRAW_JOB,
    key: `${merchantId}:${GAME}:${NUMERO}`,
    runAt: new Date(),
    payload: { merchantId, gameCode: GAME, numero: NUMERO },
  });
}, 240_000);

afterAll(async () => {
  child?.kill('SIGKILL');
  await admin?.end();
  await env?.close();
});

describe('a lottery settlement killed mid-way (PostgreSQL)', () => {
  it('leaves whole chunks of the killed run; the next server settles the rest once and pays each win once', async () => {
    const total = MEMBERS * BETS_EACH + 1;
    expect(await count(betsWhere(`b.status = 'open'`))).toBe(total);
    const stakes = new Map<number, bigint>();
    for (const r of (
      await admin.query(
        `SELECT member_id, sum(amount)::text AS s FROM lottery_bets WHERE game_code = $1 AND numero = $2 GROUP BY 1`,
        [GAME, NUMERO],
      )
    ).rows as { member_id: number; s: string }[])
      stakes.set(Number(r.member_id), BigInt(r.s));

    // Hold the sure winner's wallet row: the settlement stops at its credit, the earlier chunks done.
    const holder = new pg.Client({ connectionString: env.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query(`SELECT id FROM ledger_accounts WHERE merchant_id = $1 AND owner_id = $2 FOR UPDATE`, [
      merchantId,
      sureWinner.id,
    ]);
    // The held winner's group: every bet of a member in it (one chunk) stays open; the others settle.
    const heldGroup = [...players, sureWinner].filter((m) => m.id % CONNECTIONS === sureWinner.id % CONNECTIONS);
    const heldBets = heldGroup.reduce((n, m) => n + (m === sureWinner ? 1 : BETS_EACH), 0);
    expect(heldBets).toBeLessThan(total);
    const port = await freePort();
    const first = await startServer(port);
    let waiting = 0;
    let ended = 0;
    for (let i = 0; i < 600 && !(waiting === 1 && ended === total - heldBets); i++) {
      waiting = await count(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
      );
      ended = await count(betsWhere(`b.status <> 'open'`));
      if (!(waiting === 1 && ended === total - heldBets)) await new Promise((r) => setTimeout(r, 100));
    }
    expect(waiting, 'the settlement reached the held wallet row').toBe(1);
    expect(ended, 'the other groups committed their chunks').toBe(total - heldBets);
    // In the middle of it: the held group's chunk ended and partly paid, in a transaction not committed.
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    await holder.query('ROLLBACK');
    await holder.end();
    const { result: drawn } = (
      await admin.query(`SELECT status, result FROM lottery_periods WHERE game_code = $1 AND numero = $2`, [
        GAME,
        NUMERO,
      ])
    ).rows[0] as { status: string; result: number[] };
    expect(
      await count(
        `SELECT count(*)::int AS n FROM lottery_periods WHERE game_code = $1 AND numero = $2 AND status = 'drawn'`,
        [GAME, NUMERO],
      ),
      'the result was committed before any bet',
    ).toBe(1);
    // Whole chunks: the held group's bets all open, every other bet ended.
    const heldIds = heldGroup.map((m) => m.id);
    expect(await count(betsWhere(`b.status = 'open'`))).toBe(heldBets);
    expect(await count(betsWhere(`b.status = 'open' AND b.member_id <> ALL($1::int[])`), [heldIds])).toBe(0);
    // Each ended winner paid once under its key, nothing paid for a loser or an open bet, rounds closed.
    const wonNow = await count(betsWhere(`b.status = 'won'`));
    expect(
      await count(`SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key LIKE 'lottery:win:%'`),
    ).toBe(wonNow);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM lottery_bets b
           JOIN ledger_transactions t ON t.idempotency_key = 'lottery:win:' || b.id
          WHERE b.game_code = $1 AND b.numero = $2 AND b.status = 'won'`,
        [GAME, NUMERO],
      ),
    ).toBe(wonNow);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM game_rounds g JOIN lottery_bets b ON g.round_id = 'bet-' || b.id
          WHERE g.provider = 'LOTTERY' AND b.numero = $1
            AND (g.status = 'closed') <> (b.status <> 'open')`,
        [NUMERO],
      ),
    ).toBe(0);
    expect((await checkLedger(ctx.db)).breaches).toEqual([]);
    // Settled under its result already: a void (which would refund the open half) is refused, changing nothing.
    const operator = {
      kind: 'operator' as const,
      sessionId: 0,
      merchantId,
      operatorId: 0,
      role: 'admin',
      pendingVerification: null,
    };
    await expect(ctx.lottery.voidPeriod(operator, GAME, NUMERO)).rejects.toMatchObject({ code: 'LOTTERY_PERIOD_DONE' });
    expect(await count(betsWhere(`b.status = 'open'`))).toBe(heldBets);

    // A new server takes the job again and settles the period.
    await startServer(port);
    for (let i = 0; i < 600; i++) {
      const settled = await count(
        `SELECT count(*)::int AS n FROM lottery_periods WHERE game_code = $1 AND numero = $2 AND status = 'settled'`,
        [GAME, NUMERO],
      );
      if (settled) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await count(betsWhere(`b.status = 'open'`))).toBe(0);
    const won = await count(betsWhere(`b.status = 'won'`));
    // All bets share one draw, so how many win depends on it: count them by hand from the result
    // (a digit of 5 and above is big, a sum of 23 and above is big; last-3 wins on its exact three).
    const { result } = (
      await admin.query(`SELECT result FROM lottery_periods WHERE game_code = $1 AND numero = $2`, [GAME, NUMERO])
    ).rows[0] as { result: number[] };
    // The rest settled under the result the first chunks were settled under.
    expect(result).toEqual(drawn);
    const sum = result.reduce((a, b) => a + b, 0);
    const hits = (pos: number, letter: string) => {
      const v = pos < 5 ? result[pos]! : sum;
      const big = pos < 5 ? v >= 5 : v >= 23;
      return letter === 'B' ? big : letter === 'S' ? !big : letter === 'O' ? v % 2 === 1 : v % 2 === 0;
    };
    let expected = 1; // the sure winner
    for (let k = 0; k < MEMBERS; k++)
      for (let i = 0; i < BETS_EACH; i++) {
        if ((i + k) % 2 === 0) expected += hits(i % 6, ['B', 'S', 'O', 'E'][(i + k) % 4]!) ? 1 : 0;
        else expected += result[2] === i % 10 && result[3] === k % 10 && [0, 5].includes(result[4]!) ? 1 : 0;
      }
    expect(won).toBe(expected);
    // Each won bet has exactly one credit, of its win, under its key; nothing else was credited.
    expect(
      await count(
        `SELECT count(*)::int AS n FROM lottery_bets b
           JOIN ledger_transactions t ON t.idempotency_key = 'lottery:win:' || b.id
           JOIN ledger_postings lp ON lp.transaction_id = t.id AND lp.amount = b.win
           JOIN ledger_accounts a ON a.id = lp.account_id AND a.owner_id = b.member_id
          WHERE b.game_code = $1 AND b.numero = $2 AND b.status = 'won'`,
        [GAME, NUMERO],
      ),
    ).toBe(won);
    expect(
      await count(`SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key LIKE 'lottery:win:%'`),
    ).toBe(won);
    // Every member's balance: funds − stakes + wins, from the bets alone.
    const wins = new Map<number, bigint>();
    for (const r of (
      await admin.query(
        `SELECT member_id, sum(win)::text AS w FROM lottery_bets WHERE game_code = $1 AND numero = $2 GROUP BY 1`,
        [GAME, NUMERO],
      )
    ).rows as { member_id: number; w: string }[])
      wins.set(Number(r.member_id), BigInt(r.w));
    for (const m of [...players, sureWinner]) {
      const { balance } = await ctx.wallet.balance(merchantId, m.id);
      expect(balance).toBe(FUNDS - (stakes.get(m.id) ?? 0n) + (wins.get(m.id) ?? 0n));
    }
    // Their rounds are closed with the same wins.
    expect(
      await count(
        `SELECT count(*)::int AS n FROM game_rounds g JOIN lottery_bets b ON g.round_id = 'bet-' || b.id
          WHERE g.provider = 'LOTTERY' AND b.numero = $1 AND (g.status <> 'closed' OR g.win_total <> b.win)`,
        [NUMERO],
      ),
    ).toBe(0);
    expect((await checkLedger(ctx.db)).breaches).toEqual([]);
  }, 240_000);
});
