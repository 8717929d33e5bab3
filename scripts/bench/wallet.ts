// `npm run bench:wallet`: wallet debits (bets) through the real wallet service on PostgreSQL at 50
// concurrent callers, every debit crediting a house sub-account, beside a bare single-statement
// baseline (one UPDATE of a per-caller row, autocommit) run in the same process against the same
// database with the same pool size. The ratio is the number to watch; absolute numbers depend on
// the machine (and on whoever else shares it).
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:wallet
//   BENCH_DURATION=10 BENCH_CALLERS=50 BENCH_POOL=20 BENCH_WARMUP=2 npm run bench:wallet
//
// It creates a throwaway database next to the one named (…_bench_<time>), migrates it, runs, checks
// the ledger invariants on the result, and drops it. DATABASE_URL is used when BENCH_DATABASE_URL
// is not set.
import type {} from 'fastify'; // the server context augments fastify's types
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createContext } from '../../apps/server/src/context.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { checkLedger } from '../../apps/server/src/features/wallet/ledger-check/data.ts';
import { seed } from '../../apps/server/src/seed/index.ts';
import { createMember, fund } from '../../apps/server/test/factories/wallet.ts';

const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const duration = Number(process.env.BENCH_DURATION ?? 10);
const warmup = Number(process.env.BENCH_WARMUP ?? 2);
const callers = Number(process.env.BENCH_CALLERS ?? 50);
// One connection per caller by default: each debit waits for its commit to reach the disk, so
// throughput grows with the commits in flight (measured: pool 20 → 50 gave about +30%).
const poolSize = Number(process.env.BENCH_POOL ?? callers);

if (!baseUrl) {
  console.error(
    'bench:wallet needs PostgreSQL: set BENCH_DATABASE_URL (or DATABASE_URL), e.g. postgres://postgres@127.0.0.1:5432/postgres',
  );
  process.exit(2);
}

const withDb = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

interface Stats {
  name: string;
  ops: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  firstError: string | null;
}

/** `callers` loops calling `op` back to back for `seconds`; latencies of the measured part only. */
const measure = async (
  name: string,
  op: (caller: number, i: number) => Promise<unknown>,
  seconds: number,
): Promise<Stats> => {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: callers }, async (_, caller) => {
      for (let i = 0; performance.now() < end; i++) {
        const t0 = performance.now();
        try {
          await op(caller, i);
        } catch (err) {
          errors++;
          firstError ??= err instanceof Error ? err.message : String(err);
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    name,
    ops: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    max: at(1),
    errors,
    firstError,
  };
};

const main = async () => {
  const name = `lotus_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = withDb(baseUrl, name);
  const database = await openDatabase({ databaseUrl: url, poolSize });
  const bare = new pg.Pool({ connectionString: url, max: poolSize });
  try {
    await database.migrate();
    const ctx = createContext(
      loadConfig(
        {
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'silent',
          DATABASE_URL: url,
          DEMO_MODE: 'true',
          ...(process.env.WALLET_HOUSE_SHARDS ? { WALLET_HOUSE_SHARDS: process.env.WALLET_HOUSE_SHARDS } : {}),
        },
        // In process, no server: the production rules (decision 051) are a start's business.
        { productionRules: false },
      ),
      database,
    );
    await seed(ctx, { demo: false });
    const merchantId = await ctx.merchants.resolveId(undefined);
    const members: number[] = [];
    for (let c = 0; c < callers; c++) {
      const m = await createMember(ctx, { merchantId, username: `bench${c}`, paymentPassword: null });
      await fund(ctx, m, 10n ** 12n, `bench:fund:${c}`);
      members.push(m.id);
    }
    await bare.query('CREATE TABLE bench_baseline (id int PRIMARY KEY, n bigint NOT NULL)');
    await bare.query('INSERT INTO bench_baseline SELECT g, 0 FROM generate_series(0, $1::int - 1) g', [callers]);

    const baseline = (c: number) => bare.query('UPDATE bench_baseline SET n = n + 1 WHERE id = $1', [c]);
    const debit = (c: number, i: number, phase: string) =>
      ctx.wallet.bet({
        merchantId,
        memberId: members[c]!,
        amount: 1n,
        key: `bench:${phase}:${c}:${i}`,
        roundRef: `bench-round:${c}:${i >> 4}`,
        gameRef: 'bench-slot',
        gameType: 'RNG',
      });

    console.log(
      `PostgreSQL ${url.replace(/\/\/[^@]*@/, '//')} · ${callers} concurrent callers · pool ${poolSize} · ${duration}s each after ${warmup}s warm-up`,
    );
    await measure('warm-up', (c) => baseline(c), warmup);
    const base = await measure('bare UPDATE (baseline)', (c) => baseline(c), duration);
    // Hand the baseline's connections back before the wallet runs: both pools at once would not
    // fit in a default PostgreSQL (100 connections) shared with anything else.
    await bare.end();
    await measure('warm-up', (c, i) => debit(c, i, 'w'), warmup);
    const wallet = await measure('wallet.bet (debit + house credit)', (c, i) => debit(c, i, 'm'), duration);

    const fmt = (s: Stats) =>
      `${s.name.padEnd(36)} ${s.perSecond.toFixed(0).padStart(7)} ops/s   p50 ${s.p50.toFixed(1).padStart(6)} ms   p99 ${s.p99
        .toFixed(1)
        .padStart(6)} ms   max ${s.max.toFixed(1).padStart(6)} ms   errors ${s.errors}`;
    console.log(fmt(base));
    console.log(fmt(wallet));
    for (const s of [base, wallet]) if (s.firstError) console.log(`  ${s.name}: first error: ${s.firstError}`);
    console.log(
      `ratio wallet/baseline: throughput ${(wallet.perSecond / base.perSecond).toFixed(2)}, p99 ${(wallet.p99 / base.p99).toFixed(2)}x`,
    );
    const target = wallet.perSecond >= 2500 && wallet.p99 < 50;
    console.log(`target (≥ 2,500 debits/s, p99 < 50 ms): ${target ? 'met' : 'NOT met'}`);
    const report = await checkLedger(ctx.db);
    console.log(
      `ledger check after the run: ${report.ok ? 'OK' : 'BREACHES'} (${report.stats.transactions} transactions, ${report.stats.postings} postings)`,
    );
    if (!report.ok || wallet.errors) process.exitCode = 1;
  } finally {
    if (!bare.ended) await bare.end();
    await database.close();
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    // Let the pools' connections finish closing first: forcing them would surface as client errors.
    for (let i = 0; i < 50; i++) {
      const r = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if ((r.rows[0] as { n: number }).n === 0) break;
      await new Promise((res) => setTimeout(res, 100));
    }
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.end();
  }
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
