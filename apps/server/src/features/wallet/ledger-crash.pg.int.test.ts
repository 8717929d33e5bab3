import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.ts';
import { createMember } from '../../../test/factories/wallet.ts';
import type { ModelOp, ModelOutcome } from '../../../test/ledger/model.ts';
import { createPgContext } from '../../../test/ledger/pg.ts';
import { StormGenerator, appliedOf, runStorm, verifyAgainst } from '../../../test/ledger/storm.ts';
import { checkLedger } from './ledger-check/data.ts';

/**
 * The crash test: a separate wallet server process takes the storm over HTTP and is killed with
 * SIGKILL twice while operations are in flight, then started again. Afterwards: every acknowledged
 * operation is in the database exactly once and nothing else is (operations whose answer was lost
 * may or may not have committed — their senders retry them with the same key, as real clients do),
 * and every invariant holds.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const workerFile = path.resolve(import.meta.dirname, '../../../test/ledger/worker.ts');
const SEED = Number(process.env.STORM_SEED ?? Date.now() % 1_000_000);
const OPS = 2500;
const CONCURRENCY = 16;

let env: Awaited<ReturnType<typeof createPgContext>>;
let ctx: AppContext;
let merchantId: number;
let members: number[];
let child: ChildProcess | null = null;

const startWorker = () =>
  new Promise<{ proc: ChildProcess; port: number }>((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', workerFile], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: env.url, MERCHANT_ID: String(merchantId), POOL: String(CONCURRENCY) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /READY (\d+)/.exec(out);
      if (m) resolve({ proc, port: Number(m[1]) });
    });
    proc.once('exit', (code) => reject(new Error(`wallet worker exited before it was ready (${code})`)));
  });

beforeAll(async () => {
  env = await createPgContext(4);
  ctx = env.ctx;
  merchantId = await ctx.merchants.resolveId('localhost');
  members = [];
  for (let i = 0; i < 10; i++) members.push((await createMember(ctx, { merchantId })).id);
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await env.close();
});

const encode = (op: ModelOp) => JSON.stringify(op, (_k, v) => (typeof v === 'bigint' ? String(v) : v));
const decode = (o: Record<string, unknown>): ModelOutcome =>
  (o.ok
    ? { ...o, balance: o.balance === null || o.balance === undefined ? null : BigInt(o.balance as string) }
    : o) as ModelOutcome;

describe(`ledger crash test on PostgreSQL (seed ${SEED})`, () => {
  it('keeps exactly the acknowledged operations when the server is killed mid-storm', async () => {
    let server = await startWorker();
    child = server.proc;
    let up: Promise<void> = Promise.resolve();
    let acked = 0;
    let kills = 0;

    const send = async (op: ModelOp): Promise<ModelOutcome | null> => {
      await up;
      try {
        const res = await fetch(`http://127.0.0.1:${server.port}/`, { method: 'POST', body: encode(op) });
        if (res.status !== 200) throw new Error(await res.text());
        const outcome = decode((await res.json()) as Record<string, unknown>);
        acked++;
        if ((acked === 600 || acked === 1500) && kills < 2) await crashAndRestart();
        return outcome;
      } catch (err) {
        if (err instanceof Error && /wallet worker/.test(err.message)) throw err;
        return null; // the answer was lost: unknown whether it committed
      }
    };
    const crashAndRestart = async () => {
      kills++;
      let release!: () => void;
      up = new Promise((r) => (release = r));
      server.proc.kill('SIGKILL');
      await new Promise((r) => server.proc.once('exit', r));
      server = await startWorker();
      child = server.proc;
      release();
    };

    const gen = new StormGenerator(SEED, members, `c${SEED}`);
    await runStorm(gen, OPS, CONCURRENCY, send);
    expect(kills).toBe(2);

    const unknown = gen.sent.filter((r) => r.outcome === null);
    expect(unknown.length).toBeGreaterThan(0);

    // Before anyone retries: everything acknowledged is there, and nothing that was never sent.
    const ackedApplied = appliedOf(gen.sent.filter((r) => r.outcome !== null));
    const unknownKeys = new Set(unknown.map((r) => r.op.key));
    const rows = (await ctx.db.execute(
      sql`SELECT idempotency_key AS key, kind FROM ledger_transactions WHERE merchant_id = ${merchantId}`,
    )) as unknown as { rows: { key: string; kind: string }[] };
    const stored = new Set(rows.rows.filter((r) => r.kind !== 'tombstone').map((r) => r.key));
    for (const key of ackedApplied.keys()) expect(stored.has(key), `acknowledged ${key}`).toBe(true);
    for (const key of stored) expect(ackedApplied.has(key) || unknownKeys.has(key), `stored ${key}`).toBe(true);

    // The senders of lost answers retry with the same key, as a client or a provider would.
    let committedUnanswered = 0;
    for (const rec of unknown) {
      const outcome = await send(rec.op);
      expect(outcome).not.toBeNull();
      const appliedBeforeCrash =
        outcome!.ok &&
        outcome!.replay &&
        !ackedApplied.has(rec.op.key) &&
        (await ctx.wallet.findByKey(merchantId, rec.op.key)) !== null;
      rec.outcome = appliedBeforeCrash ? { ...outcome!, replay: false } : outcome;
      if (appliedBeforeCrash) committedUnanswered++;
    }
    console.log(
      `crash test: ${gen.sent.length} operations, ${unknown.length} unanswered at the kills, ${committedUnanswered} of them had committed`,
    );

    expect(await verifyAgainst(ctx.db, merchantId, gen.sent, members)).toEqual([]);
    expect((await checkLedger(ctx.db)).breaches).toEqual([]);
    server.proc.kill('SIGTERM');
    // The operator's command agrees, on the same live database.
    const cli = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/cli/ledger-check.ts')],
      {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: env.url },
        encoding: 'utf8',
      },
    );
    expect([cli.status, cli.stdout], cli.stderr).toEqual([
      0,
      expect.stringContaining('OK: every balance equals its postings'),
    ]);
  }, 240_000);
});
