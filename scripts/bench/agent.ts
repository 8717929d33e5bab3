// `npm run bench:agent`: the agent centre at scale, on PostgreSQL.
//
// Builds a brand with a tree of 100,000 accounts (1 top agent → 20 → 200 → 1,000 agents, the rest
// members spread under them) and a realistic spread of closed rounds (about 10 % of members play
// each day for two weeks, 1–30 rounds each, stakes from 1 to 100 in minor units ×100, plus a busy
// 5-minute window), rolls the rounds up into the team read model, gives every agent a real-time
// salary contract, then measures:
//   1. GET /wps/agent/team/overview through the real HTTP app (auth, validation, serialisation),
//      for agents at every level and the periods today / this week / this month — p50, p95, p99;
//      beside GET /wps/system/status measured the same way in the same run (the ratio is the
//      number to watch; absolute numbers depend on the machine and whoever else shares it);
//   2. one full real-time salary run (the settlement of one 5-minute period for every contract,
//      each paid through the wallet), then the same period again (exactly once: it pays nothing).
// Targets (issue 7): team overview p99 < 200 ms; one real-time run < 10 s.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:agent
//   BENCH_MEMBERS=100000 BENCH_DAYS=14 BENCH_REQUESTS=600 npm run bench:agent
//
// The fixture rows (accounts, rounds, contracts) are written with SQL: they are the state being
// measured, not what is measured. A throwaway database is created beside the one named and dropped.
import type {} from 'fastify';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createContext } from '../../apps/server/src/context.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { periodOf, previousPeriod } from '../../apps/server/src/features/agent/contracts/periods.ts';
import { hashPassword } from '../../apps/server/src/lib/password.ts';
import { seed } from '../../apps/server/src/seed/index.ts';

const baseUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 14);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 600);
const WINDOW_ROUNDS = Number(process.env.BENCH_WINDOW_ROUNDS ?? 5000);

const withDb = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0;
const fmt = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: q(s, 0.5), p95: q(s, 0.95), p99: q(s, 0.99), max: s.at(-1) ?? 0 };
};
const ms = (v: number) => `${v.toFixed(1)} ms`;

const main = async () => {
  const name = `lotus_bench_agent_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = withDb(baseUrl, name);
  const database = await openDatabase({ databaseUrl: url, poolSize: 10 });
  const t0 = performance.now();
  try {
    await database.migrate();
    // In process, no server: the production rules (decision 051) are a start's business.
    const config = loadConfig(
      {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        DEMO_MODE: 'true',
        SEED_DEMO_DATA: 'false',
        SERVE_WEB: 'false',
        DATABASE_URL: url,
        OPERATOR_BOOTSTRAP_PASSWORD: 'Bench#2026x',
      },
      { productionRules: false },
    );
    const ctx = createContext(config, database);
    await seed(ctx, { demo: false });
    const merchantId = await ctx.merchants.resolveId(undefined);
    const tz = (await ctx.merchants.brand(merchantId)).merchant.timezone;
    const db = ctx.db;
    const hash = await hashPassword('bench1234');

    // ---- the tree ------------------------------------------------------------------------------
    const tTree = performance.now();
    const insertAgents = async (uplines: (number | null)[], prefix: string) => {
      const r = rowsOf<{ id: number }>(
        await db.execute(sql`
          INSERT INTO members (merchant_id, username, username_key, password_hash, type, upline_id, tree_path, depth)
          SELECT ${merchantId}, ${prefix} || g, ${prefix} || g, ${hash}, 1, (${`{${uplines.map((u) => u ?? 'NULL').join(',')}}`}::int[])[g], '', 0
            FROM generate_series(1, ${uplines.length}) g
          RETURNING id`),
      );
      return r.map((x) => Number(x.id));
    };
    /** Gives every new account (tree_path '') under an upline that has its path its own path. */
    const setPaths = () =>
      db.execute(sql`
        UPDATE members m SET tree_path = COALESCE(x.up_path, '/') || m.id || '/', depth = COALESCE(x.up_depth + 1, 0)
          FROM (SELECT c.id, u.tree_path AS up_path, u.depth AS up_depth
                  FROM members c LEFT JOIN members u ON u.id = c.upline_id
                 WHERE c.merchant_id = ${merchantId} AND c.tree_path = '' AND (u.id IS NULL OR u.tree_path <> '')) x
         WHERE m.id = x.id`);
    const [top] = await insertAgents([null], 'topagent');
    await setPaths();
    const l1 = await insertAgents(
      Array.from({ length: 20 }, () => top!),
      'agenta',
    );
    await setPaths();
    const l2 = await insertAgents(
      l1.flatMap((a) => Array.from({ length: 10 }, () => a)),
      'agentb',
    );
    await setPaths();
    const l3 = await insertAgents(
      l2.flatMap((a) => Array.from({ length: 5 }, () => a)),
      'agentc',
    );
    await setPaths();
    const agents = [top!, ...l1, ...l2, ...l3];
    const memberCount = MEMBERS - agents.length;
    // 90 % under the level-3 agents, 8 % under level 2, 2 % under level 1.
    const uplineOf = (i: number) => {
      const r = (i * 2654435761) % 100;
      if (r < 90) return l3[i % l3.length]!;
      if (r < 98) return l2[i % l2.length]!;
      return l1[i % l1.length]!;
    };
    for (let from = 0; from < memberCount; from += 20_000) {
      const n = Math.min(20_000, memberCount - from);
      const uplines = Array.from({ length: n }, (_, k) => uplineOf(from + k));
      await db.execute(sql`
        INSERT INTO members (merchant_id, username, username_key, password_hash, type, upline_id, tree_path, depth, created_at)
        SELECT ${merchantId}, 'player' || (${from} + g), 'player' || (${from} + g), ${hash}, 0, (${`{${uplines.join(',')}}`}::int[])[g], '', 0,
               now() - (random() * interval '60 days')
          FROM generate_series(1, ${n}) g`);
    }
    await setPaths();
    await db.execute(sql`ANALYZE members`);
    const tTreeDone = performance.now();

    // ---- rounds ----------------------------------------------------------------------------------
    const today = periodOf('daily', new Date(), tz);
    let day = today;
    for (let i = 1; i < DAYS; i++) day = previousPeriod(day, tz);
    const firstDay = day;
    for (let d = firstDay, i = 0; i < DAYS; d = periodOf('daily', d.end, tz), i++) {
      const end = Math.min(d.end.getTime(), Date.now() - 10 * 60_000);
      const span = Math.max(60_000, end - d.start.getTime());
      await db.execute(sql`
        INSERT INTO game_rounds (merchant_id, member_id, provider, round_id, vassalage, game_code, game_type, status, currency,
                                 bet_total, win_total, refund_total, started_at, ended_at)
        SELECT ${merchantId}, p.id, 'BENCH', ${`d${i}-`} || p.id || '-' || g, 'HOUSE', 'bench-slot',
               (ARRAY['RNG','LIVE','FISH','SPORTS','PVP'])[1 + floor(random() * 5)::int], 'closed', 'BRL',
               s.stake, CASE WHEN random() < 0.45 THEN s.stake * (1 + floor(random() * 3)::int) ELSE 0 END, 0,
               t.at - interval '3 seconds', t.at
          FROM (SELECT id FROM members WHERE merchant_id = ${merchantId} AND type = 0 AND random() < 0.1) p
          CROSS JOIN LATERAL generate_series(1, 1 + floor(random() * 30 + 0 * p.id)::int) g
          CROSS JOIN LATERAL (SELECT (ARRAY[100, 200, 500, 1000, 2000, 5000, 10000])[1 + floor(random() * 7)::int] + 0 * g AS stake) s
          CROSS JOIN LATERAL (SELECT ${d.start.toISOString()}::timestamptz + random() * ${span} * interval '1 millisecond' + 0 * g * interval '1 ms' AS at) t`);
    }
    // A busy 5-minute window: the last completed real-time period, players picked at random.
    const rtPeriod = previousPeriod(periodOf('realtime', new Date(Date.now() - 2 * 60_000), tz), tz);
    const [span] = rowsOf<{ lo: number; hi: number }>(
      await db.execute(
        sql`SELECT min(id)::int AS lo, max(id)::int AS hi FROM members WHERE merchant_id = ${merchantId} AND type = 0`,
      ),
    );
    await db.execute(sql`
      INSERT INTO game_rounds (merchant_id, member_id, provider, round_id, vassalage, game_code, game_type, status, currency,
                               bet_total, win_total, refund_total, started_at, ended_at)
      SELECT ${merchantId}, ${span!.lo} + floor(random() * ${span!.hi - span!.lo + 1})::int, 'BENCH', 'rt-' || g, 'HOUSE', 'bench-slot', 'RNG',
             'closed', 'BRL', s.stake, CASE WHEN random() < 0.45 THEN s.stake * 2 ELSE 0 END, 0, t.at - interval '2 seconds', t.at
        FROM generate_series(1, ${WINDOW_ROUNDS}) g
        CROSS JOIN LATERAL (SELECT (ARRAY[100, 500, 1000, 2000, 10000])[1 + floor(random() * 5)::int] + 0 * g AS stake) s
        CROSS JOIN LATERAL (SELECT ${rtPeriod.start.toISOString()}::timestamptz + random() * interval '299 seconds' + 0 * g * interval '1 ms' AS at) t`);
    await db.execute(sql`ANALYZE game_rounds`);
    const [{ n: roundCount } = { n: 0 }] = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM game_rounds`),
    );
    const tRounds = performance.now();

    // ---- the read model ----------------------------------------------------------------------------
    await ctx.agentStats.rollupDays(db, { id: merchantId, timezone: tz }, firstDay.start, today.end);
    await db.execute(sql`ANALYZE member_daily_stats`);
    const [{ n: statRows } = { n: 0 }] = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM member_daily_stats`),
    );
    const tRollup = performance.now();

    // ---- contracts: every agent holds a real-time salary contract --------------------------------
    const terms = {
      kind: 'realtime',
      tiers: [
        { singleBetAmount: '100', profitSalaryRate: 10, lossSalaryRate: 20 },
        { singleBetAmount: '1000', profitSalaryRate: 20, lossSalaryRate: 40 },
      ],
    };
    await db.execute(sql`
      INSERT INTO agent_contracts (merchant_id, kind, upline_id, downline_id, payer, terms, status, active_from)
      SELECT ${merchantId}, 'realtime', CASE WHEN m.id = ${top!} THEN NULL ELSE m.upline_id END, m.id,
             CASE WHEN m.id = ${top!} THEN 'house' ELSE 'upline' END, ${JSON.stringify(terms)}::jsonb, 'active', now() - interval '1 day'
        FROM members m WHERE m.merchant_id = ${merchantId} AND m.type = 1`);

    // ---- 1. team overview ------------------------------------------------------------------------
    const app = await buildApp(ctx, { logger: false, serveWeb: false });
    await app.ready();
    const tokens = new Map<number, string>();
    const sample = [top!, ...l1.slice(0, 5), ...l2.slice(0, 20), ...l3.slice(0, 50)];
    for (const id of sample) {
      tokens.set(
        id,
        (
          await ctx.sessions.create({
            merchantId,
            actor: { kind: 'member', memberId: id },
            ip: '127.0.0.1',
            userAgent: 'bench',
          })
        ).token,
      );
    }
    const level = (id: number) =>
      id === top
        ? 'top (≈100,000)'
        : l1.includes(id)
          ? 'level 1 (≈5,000)'
          : l2.includes(id)
            ? 'level 2 (≈480)'
            : 'level 3 (≈90)';
    const periods = ['today', 'thisWeek', 'thisMonth'] as const;
    const overview = async (id: number, period: string) => {
      const t = performance.now();
      const r = await app.inject({
        method: 'GET',
        url: `/wps/agent/team/overview?period=${period}`,
        headers: { authorization: `Bearer ${tokens.get(id)}` },
      });
      if (r.statusCode !== 200) throw new Error(`overview ${r.statusCode}: ${r.body.slice(0, 200)}`);
      return performance.now() - t;
    };
    const status = async () => {
      const t = performance.now();
      const r = await app.inject({ method: 'GET', url: '/wps/system/status' });
      if (r.statusCode !== 200) throw new Error(`status ${r.statusCode}`);
      return performance.now() - t;
    };
    for (let i = 0; i < 30; i++) {
      await overview(sample[i % sample.length]!, periods[i % 3]!);
      await status();
    }
    // Cold: every request as the first view after a roll-up (the answer cache emptied each time).
    const byLevel = new Map<string, number[]>();
    const all: number[] = [];
    const base: number[] = [];
    const pick = (i: number) => (i % 5 === 0 ? top! : sample[1 + ((i * 7) % (sample.length - 1))]!);
    for (let i = 0; i < REQUESTS; i++) {
      // Every fifth request is the top agent (its team is the whole tree): the worst case weighs in.
      const id = pick(i);
      ctx.agentStats.forgetOverviews();
      const d = await overview(id, periods[i % 3]!);
      all.push(d);
      byLevel.set(level(id), [...(byLevel.get(level(id)) ?? []), d]);
      base.push(await status());
    }
    // Warm: the same mix again, within the same roll-up minute (answers reused until the next run).
    const warm: number[] = [];
    for (let i = 0; i < REQUESTS; i++) warm.push(await overview(pick(i), periods[i % 3]!));
    // Cold, with 8 requests in flight.
    const concurrent: number[] = [];
    for (let i = 0; i < REQUESTS; i += 8) {
      ctx.agentStats.forgetOverviews();
      concurrent.push(
        ...(await Promise.all(
          Array.from({ length: 8 }, (_, k) => overview(sample[(i + k) % sample.length]!, periods[(i + k) % 3]!)),
        )),
      );
    }

    // ---- 2. one full real-time salary run --------------------------------------------------------
    const tRun = performance.now();
    const run = await db.transaction((tx) => ctx.agentSettlement.settlePeriod(tx as never, merchantId, rtPeriod));
    const runMs = performance.now() - tRun;
    const tReplay = performance.now();
    const replay = await db.transaction((tx) => ctx.agentSettlement.settlePeriod(tx as never, merchantId, rtPeriod));
    const replayMs = performance.now() - tReplay;
    const [ledger] = rowsOf<{ n: number; total: string }>(
      await db.execute(
        sql`SELECT count(*)::int AS n, coalesce(sum(amount), 0)::text AS total FROM agent_settlements WHERE job = 'realtime' AND status = 'paid'`,
      ),
    );
    await app.close();

    const o = fmt(all);
    const b = fmt(base);
    const c = fmt(concurrent);
    console.log('\n== bench:agent (PostgreSQL) ==');
    console.log(
      `tree: ${MEMBERS.toLocaleString('en')} accounts (${agents.length} agents) in ${secs(tTreeDone - tTree)}`,
    );
    console.log(
      `rounds: ${Number(roundCount).toLocaleString('en')} over ${DAYS} days (+${WINDOW_ROUNDS} in one 5-minute window) in ${secs(tRounds - tTreeDone)}`,
    );
    console.log(
      `read model: ${Number(statRows).toLocaleString('en')} member-day rows rolled up in ${secs(tRollup - tRounds)}`,
    );
    console.log(
      '\n1. GET /wps/agent/team/overview, one at a time, each the first view after a roll-up (today / this week / this month):',
    );
    for (const [lv, xs] of [...byLevel.entries()].sort()) {
      const f = fmt(xs);
      console.log(
        `   ${lv.padEnd(18)} n=${String(f.n).padStart(4)}  p50 ${ms(f.p50)}  p95 ${ms(f.p95)}  p99 ${ms(f.p99)}  max ${ms(f.max)}`,
      );
    }
    console.log(
      `   all                n=${String(o.n).padStart(4)}  p50 ${ms(o.p50)}  p95 ${ms(o.p95)}  p99 ${ms(o.p99)}  max ${ms(o.max)}   target p99 < 200 ms: ${o.p99 < 200 ? 'MET' : 'MISSED'}`,
    );
    console.log(
      `   baseline GET /wps/system/status  p50 ${ms(b.p50)}  p99 ${ms(b.p99)}   ratio p50 ×${(o.p50 / b.p50).toFixed(1)}, p99 ×${(o.p99 / b.p99).toFixed(1)}`,
    );
    console.log(
      `   8 in flight (cold) n=${String(c.n).padStart(4)}  p50 ${ms(c.p50)}  p95 ${ms(c.p95)}  p99 ${ms(c.p99)}  max ${ms(c.max)}`,
    );
    const w = fmt(warm);
    console.log(
      `   repeat views (warm, same roll-up)  n=${w.n}  p50 ${ms(w.p50)}  p95 ${ms(w.p95)}  p99 ${ms(w.p99)}  max ${ms(w.max)}   target p99 < 200 ms: ${w.p99 < 200 ? 'MET' : 'MISSED'}`,
    );
    console.log(
      `\n2. one real-time salary run (period ${rtPeriod.key}): ${agents.length} contracts, ${run.paid} paid, ${run.settled} settled, ${run.awaitingFunds} awaiting funds, total ${ledger?.total ?? 0} minor units`,
    );
    console.log(`   took ${secs(runMs)}   target < 10 s: ${runMs < 10_000 ? 'MET' : 'MISSED'}`);
    console.log(`   the same period again: ${replay.paid} paid (exactly once) in ${secs(replayMs)}`);
    console.log(`\ntotal ${secs(performance.now() - t0)}`);
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP) console.log(`kept database ${name} (BENCH_KEEP)`);
    else {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    }
  }
};

// Dropping the throwaway database ends any connection still open in the pool; that is expected.
process.on('uncaughtException', (err) => {
  if ((err as { code?: string }).code === '57P01') return;
  console.error(err);
  process.exit(1);
});

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
