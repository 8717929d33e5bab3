import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.ts';
import { seamlessSessions } from '../../../test/factories/provider.ts';
import { createPgContext } from '../../../test/ledger/pg.ts';
import { freePort } from '../../../test/ports.ts';
import { productionEnv } from '../../../test/production-env.ts';
import { checkLedger } from '../wallet/ledger-check/data.ts';
import { rowsOf } from '../../../test/rows.ts';
import { HOUSE } from './registry.ts';

/**
 * The vendor's side of a crash: the real server takes signed bets and wins from many vendor
 * connections at once (so they go in batches, decision 043) and is killed with SIGKILL twice mid-load.
 * A vendor whose call got no answer sends the same call again until it does, as vendors do. In the
 * end every player's balance is exactly their funds minus the bets plus the wins the vendor was told
 * about, every round and transaction id is stored once, and the ledger's invariants hold.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const mainTs = path.join(repoRoot, 'apps/server/src/main.ts');
const SECRET = 'crash-test-house-secret-0123456789';
const PLAYERS = 24;
const PAIRS_PER_PLAYER = 60;
const FUNDS = 1_000_000n;

let env: Awaited<ReturnType<typeof createPgContext>>;
let ctx: AppContext;
let sessions: { memberId: number; merchantId: number; playerId: string; sessionToken: string }[] = [];
let child: ChildProcess | null = null;

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
      PROVIDER_HOUSE_SECRET: SECRET,
      DATABASE_POOL_SIZE: '12',
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

beforeAll(async () => {
  env = await createPgContext(4);
  ctx = env.ctx;
  sessions = (await seamlessSessions(ctx, { players: PLAYERS, funds: FUNDS, gameCode: 'HGS_CRASH' })).sessions;
}, 120_000);
afterAll(async () => {
  child?.kill('SIGKILL');
  await env.close();
});

describe('vendor callbacks through two crashes (PostgreSQL)', () => {
  it('keeps every bet and win the vendor was answered exactly once, and nothing else', async () => {
    const port = await freePort();
    let server = await startServer(port);
    let up: Promise<unknown> = Promise.resolve();
    let answered = 0;
    let lost = 0;
    let kills = 0;

    const crashAndRestart = async () => {
      kills++;
      let release!: () => void;
      up = new Promise<void>((r) => (release = r));
      server.kill('SIGKILL');
      await new Promise((r) => server.once('exit', r));
      server = await startServer(port);
      release();
    };

    /** One vendor call, sent again (freshly signed) until it is answered. */
    const call = async (op: 'bet' | 'win', body: Record<string, unknown>) => {
      const raw = JSON.stringify(body);
      for (let attempt = 0; attempt < 50; attempt++) {
        await up;
        const ts = String(Date.now());
        try {
          const res = await fetch(`http://127.0.0.1:${port}/provider/${HOUSE}/${op}`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-provider-timestamp': ts,
              'x-provider-signature': createHmac('sha256', SECRET).update(`${ts}.${raw}`).digest('hex'),
            },
            body: raw,
          });
          const out = (await res.json()) as { success: boolean; code?: string; value?: { balance: string } };
          answered++;
          if ((answered === 700 || answered === 1900) && kills < 2) void crashAndRestart();
          return out;
        } catch {
          lost++;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
      throw new Error(`${op} was never answered`);
    };

    const expected = new Map<number, bigint>();
    await Promise.all(
      sessions.map(async (s, p) => {
        let balance = FUNDS;
        for (let i = 0; i < PAIRS_PER_PLAYER; i++) {
          const roundId = `crash-${p}-${i}`;
          const bet = await call('bet', {
            sessionToken: s.sessionToken,
            playerId: s.playerId,
            transactionId: `crash-b-${p}-${i}`,
            roundId,
            gameCode: 'HGS_CRASH',
            amount: '100',
            currency: 'BRL',
          });
          expect(bet, `bet ${roundId}`).toMatchObject({ success: true });
          balance -= 100n;
          expect(BigInt(bet.value!.balance)).toBe(balance);
          const winAmount = (p + i) % 3 === 0 ? 250n : 0n;
          const win = await call('win', {
            playerId: s.playerId,
            transactionId: `crash-w-${p}-${i}`,
            roundId,
            gameCode: 'HGS_CRASH',
            amount: String(winAmount),
            currency: 'BRL',
            endRound: true,
          });
          expect(win, `win ${roundId}`).toMatchObject({ success: true });
          balance += winAmount;
          expect(BigInt(win.value!.balance)).toBe(balance);
        }
        expected.set(s.memberId, balance);
      }),
    );
    server.kill('SIGTERM');
    console.log(
      `callbacks crash test: ${answered} answered calls, ${lost} sent again after a lost answer, ${kills} kills`,
    );
    expect(kills).toBe(2);
    expect(lost).toBeGreaterThan(0);

    for (const s of sessions)
      expect((await ctx.wallet.balance(s.merchantId, s.memberId)).balance, `member ${s.memberId}`).toBe(
        expected.get(s.memberId),
      );
    const stored = rowsOf<{ ids: number; rounds: number; open: number; bets: string }>(
      await ctx.db.execute(sql`
        SELECT (SELECT count(*)::int FROM provider_transactions WHERE transaction_id LIKE 'crash-%') AS ids,
               (SELECT count(*)::int FROM game_rounds WHERE round_id LIKE 'crash-%') AS rounds,
               (SELECT count(*)::int FROM game_rounds WHERE round_id LIKE 'crash-%' AND status <> 'closed') AS open,
               (SELECT sum(bet_total)::text FROM game_rounds WHERE round_id LIKE 'crash-%') AS bets`),
    )[0]!;
    expect(stored).toEqual({
      ids: 2 * PLAYERS * PAIRS_PER_PLAYER,
      rounds: PLAYERS * PAIRS_PER_PLAYER,
      open: 0,
      bets: String(100 * PLAYERS * PAIRS_PER_PLAYER),
    });
    expect((await checkLedger(ctx.db)).breaches).toEqual([]);
  }, 240_000);
});
