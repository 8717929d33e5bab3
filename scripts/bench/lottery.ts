// `npm run bench:lottery` (issue 18): the house lottery on PostgreSQL, in two parts.
//
// 1. Placement: members place bets (POST /lotto/lgw/bets, a session each) on one open period of an
//    SSC game from 50 concurrent connections, beside the durable floor of bench:games measured in the
//    same run with the same load generator: bare node:http that commits one INSERT per call on the
//    same PostgreSQL and pool size (scripts/bench/games-bare.ts). Target: ≥ 0.8 of the floor's calls/s.
// 2. Settlement: the server is stopped, a second period gets BENCH_SETTLE_BETS (100,000) open bets as
//    placement leaves them (bet rows, debits through the wallet, open rounds; written in bulk, with no
//    ANALYZE after, as a burst of bets before a draw would leave the statistics), and the period is
//    drawn (its result committed) and settled here as its draw and settle jobs do, the chunks on
//    LOTTERY_SETTLE_CONNECTIONS connections (BENCH_SETTLE_CONNECTIONS, default 4; 0: all in the settle job's
//    transaction, decision 106). Target: under 5 s, draw and settlement together. Then it is checked: every bet settled once, each win paid
//    once under its key, a second run changes nothing, and the ledger's invariants hold. Beside the wall time it prints
//    the settlement's CPU time (PostgreSQL's backends, from /proc when the server is local, and this process), which a
//    shared machine's load moves much less (decision 087).
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:lottery
//   BENCH_DURATION=15 BENCH_CONNECTIONS=50 BENCH_PLAYERS=1000 BENCH_SETTLE_BETS=100000 npm run bench:lottery
//
// BENCH_PLACE_AB=/path/to/another/checkout also starts that checkout's server on the same database and
// measures its placement between two of this one's (this, that, that, this), each beside the same floor.
//
// Absolute numbers depend on the machine and whoever shares it; the ratio to the floor is the number
// to watch. It works in a throwaway database next to the one named, dropped at the end
// (BENCH_KEEP_DB=1 keeps it).
import type {} from 'fastify';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { betCost, betTypeOf, seedHash } from '@app/contract';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createContext } from '../../apps/server/src/context.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { col, row } from '../../apps/server/src/db/rows.ts';
import { HOUSE } from '../../apps/server/src/features/provider/registry.ts';
import type { MoveBatch } from '../../apps/server/src/features/wallet/service.ts';
import { checkLedger } from '../../apps/server/src/features/wallet/ledger-check/data.ts';
import { seed } from '../../apps/server/src/seed/index.ts';
import { createMember, fund, sessionFor, type TestMember } from '../../apps/server/test/factories/wallet.ts';
import {
  cpuByProcess,
  cpuSpentBetween,
  freePort,
  productionPlatformEnv,
  productionSecrets,
  sleep,
  statementStats,
} from './support.ts';

const root = path.resolve(import.meta.dirname, '../..');
const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const duration = Number(process.env.BENCH_DURATION ?? 15);
const warmup = Number(process.env.BENCH_WARMUP ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const players = Number(process.env.BENCH_PLAYERS ?? 1000);
const settleBets = Number(process.env.BENCH_SETTLE_BETS ?? 100_000);
const pool = process.env.BENCH_POOL ?? '20';
const GAME = 'lott-ssc-5-min';
const TARGET_RATIO = 0.8;
const TARGET_SETTLE_MS = 5000;
const SECRET = `bench-lottery-${Date.now()}-secret`;

if (!baseUrl) {
  console.error('bench:lottery needs PostgreSQL: set BENCH_DATABASE_URL (or DATABASE_URL)');
  process.exit(2);
}
const withDb = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};
const waitFor = async (url: string) => {
  for (let i = 0; i < 600; i++) {
    const up = await fetch(url).then(
      (r) => r.status < 500,
      () => false,
    );
    if (up) return;
    await sleep(200);
  }
  throw new Error(`${url} did not come up`);
};
const q = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

/** A random bet of a member: half big/small/odd/even on one position (wins about half the time), half a last-3 straight. */
const randomBet = (numero: string) => {
  if (randomInt(2) === 0) {
    const picks: string[][] = [[], [], [], [], [], []];
    picks[randomInt(6)]!.push(['B', 'S', 'O', 'E'][randomInt(4)]!);
    return { gameCode: GAME, numero, betType: 'bsoe', picks, multiplier: 1 + randomInt(3) };
  }
  return {
    gameCode: GAME,
    numero,
    betType: 'last3',
    picks: [[String(randomInt(10))], [String(randomInt(10))], [String(randomInt(10))]],
    multiplier: 1,
  };
};

const dbName = `${new URL(baseUrl).pathname.slice(1) || 'postgres'}_lottery_${Date.now()}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${dbName}"`);
const dbUrl = withDb(baseUrl, dbName);
// BENCH_LOG_STATEMENTS=1 logs every statement of the throwaway database (PostgreSQL log), to count round trips.
if (process.env.BENCH_LOG_STATEMENTS) await admin.query(`ALTER DATABASE "${dbName}" SET log_statement = 'all'`);
const children: ChildProcess[] = [];
const stop = async (c: ChildProcess) => {
  if (c.exitCode !== null) return;
  const gone = new Promise((r) => c.once('exit', r));
  c.kill('SIGTERM');
  await Promise.race([gone, sleep(10_000)]);
};

try {
  // ---- fixtures, through the product's services
  const t0 = performance.now();
  const config = loadConfig({
    DATABASE_URL: dbUrl,
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    SERVE_WEB: 'false',
    LOTTERY_SETTLE_CONNECTIONS: process.env.BENCH_SETTLE_CONNECTIONS ?? '4',
  });
  const database = await openDatabase({ databaseUrl: dbUrl, poolSize: 10 });
  await database.migrate();
  const ctx = createContext(config, database);
  await seed(ctx, { demo: false });
  const merchantId = await ctx.merchants.resolveId('localhost');
  await ctx.lottery.games(merchantId);
  // No per-period cap in the way of a bench member's many bets.
  const own = new pg.Client({ connectionString: dbUrl });
  await own.connect();
  await own.query(`UPDATE lottery_games SET max_period = 1000000000000 WHERE game_code = $1`, [GAME]);
  const tokens: string[] = [];
  const members: TestMember[] = [];
  for (let i = 0; i < players; i += 50) {
    const made = await Promise.all(
      Array.from({ length: Math.min(50, players - i) }, async () => {
        const m = await createMember(ctx);
        await fund(ctx, m, 1_000_000_000n);
        return { m, token: await sessionFor(ctx, m) };
      }),
    );
    for (const { m, token } of made) {
      members.push(m);
      tokens.push(token);
    }
  }
  // Two periods of their own, open for two hours and drawn only when this script says so.
  const periodFor = async (numero: string) => {
    const s = randomBytes(32).toString('hex');
    await own.query(
      `INSERT INTO lottery_periods (merchant_id, game_code, numero, open_at, close_at, draw_at, seed, seed_hash)
       VALUES ($1, $2, $3, now() - interval '1 minute', now() + interval '2 hours', now() + interval '2 hours', $4, $5)`,
      [merchantId, GAME, numero, s, seedHash(s)],
    );
  };
  await periodFor('20990101-0001');
  await periodFor('20990101-0002');
  console.log(
    `fixtures: ${players} funded members with sessions, two open periods in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  // BENCH_DURATION=0 skips placement: only the settlement part runs.
  if (duration > 0) {
    // ---- servers
    const serverPort = await freePort();
    const floorPort = await freePort();
    // BENCH_PROFILE=<dir> writes a CPU profile of the server (node --cpu-prof) there.
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
    const secrets = productionSecrets();
    const serverEnv = (port: number) =>
      productionPlatformEnv({ databaseUrl: dbUrl, port, houseSecret: SECRET, poolSize: pool, secrets });
    const server = spawn(
      process.execPath,
      [...profile, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
      {
        cwd: root,
        env: serverEnv(serverPort),
        stdio: 'inherit',
      },
    );
    children.push(server);
    // BENCH_PLACE_AB=<another checkout> (decision 112): that checkout's server too, on the same database,
    // placing in turn with this one (this, that, that, this), to compare two versions in one run.
    const baselineRoot = process.env.BENCH_PLACE_AB;
    const baselinePort = baselineRoot ? await freePort() : 0;
    if (baselineRoot) {
      const baseline = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(baselineRoot, 'apps/server/src/main.ts')],
        {
          cwd: baselineRoot,
          env: serverEnv(baselinePort),
          stdio: 'inherit',
        },
      );
      children.push(baseline);
    }
    const floor = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/bench/games-bare.ts')], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(floorPort),
        BENCH_SECRET: SECRET,
        BENCH_BARE_DATABASE_URL: dbUrl,
        BENCH_BARE_POOL: pool,
      },
      stdio: 'ignore',
    });
    children.push(floor);
    await waitFor(`http://127.0.0.1:${serverPort}/wps/system/status`);
    await waitFor(`http://127.0.0.1:${floorPort}/`);
    if (baselineRoot) await waitFor(`http://127.0.0.1:${baselinePort}/wps/system/status`);

    // ---- load
    const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
    const request = (port: number, urlPath: string, body: object, headers: Record<string, string>) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const raw = JSON.stringify(body);
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: urlPath,
            agent,
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(raw), ...headers },
          },
          (res) => {
            let out = '';
            res.setEncoding('utf8');
            res.on('data', (c: string) => (out += c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: out }));
          },
        );
        req.on('error', reject);
        req.end(raw);
      });
    let seq = 0;
    const placeBet = (numero: string, c: number, i: number, port = serverPort) =>
      request(port, '/lotto/lgw/bets', randomBet(numero), {
        authorization: `Bearer ${tokens[(c + i * connections) % tokens.length]!}`,
      });
    const floorCall = () => {
      const raw = { transactionId: `floor-${++seq}`, amount: '200' };
      const ts = String(Date.now());
      return request(floorPort, `/provider/${HOUSE}/bet`, raw, {
        'x-provider-timestamp': ts,
        'x-provider-signature': createHmac('sha256', SECRET)
          .update(`${ts}.${JSON.stringify(raw)}`)
          .digest('hex'),
      });
    };

    const run = async (
      label: string,
      call: (c: number, i: number) => Promise<{ status: number; body: string }>,
      expect = 200,
    ) => {
      const times: number[] = [];
      let errors = 0;
      let firstError = '';
      const measureFrom = performance.now() + warmup * 1000;
      const endAt = measureFrom + duration * 1000;
      // CPU time of the measured stretch by process (read from /proc): where each call's cost goes.
      let cpuFrom = new Map<number, { comm: string; ms: number }>();
      let cpuTo = cpuFrom;
      const marks = [
        setTimeout(() => (cpuFrom = cpuByProcess()), measureFrom - performance.now()),
        setTimeout(() => (cpuTo = cpuByProcess()), endAt - performance.now()),
      ];
      await Promise.all(
        Array.from({ length: connections }, async (_, c) => {
          for (let i = 0; performance.now() < endAt; i++) {
            const p0 = performance.now();
            const r = await call(c, i);
            const p1 = performance.now();
            if (r.status !== expect) {
              errors++;
              firstError ||= `${r.status} ${r.body.slice(0, 300)}`;
            }
            if (p0 >= measureFrom && p1 <= endAt) times.push(p1 - p0);
          }
        }),
      );
      for (const m of marks) clearTimeout(m);
      const servers = new Set(children.map((c) => c.pid));
      const cpu = cpuSpentBetween(cpuFrom, cpuTo, (pid, comm) =>
        comm.startsWith('postgres')
          ? 'PostgreSQL'
          : pid === process.pid
            ? 'load'
            : servers.has(pid)
              ? 'server'
              : 'other',
      );
      return {
        label,
        perSecond: times.length / duration,
        p50: q(times, 50),
        p99: q(times, 99),
        errors,
        firstError,
        cpuPerCall: Object.fromEntries([...cpu].map(([k, ms]) => [k, times.length ? ms / times.length : 0])),
      };
    };

    console.log(`\nplacement: ${connections} connections, ${warmup} s warm-up, ${duration} s measured`);
    const load0 = loadavg()[0]!.toFixed(1);
    const placeStats = statementStats(own);
    await placeStats.reset();
    const placed = await run('platform', (c, i) => placeBet('20990101-0001', c, i));
    await placeStats.report([dbName], 20);
    const runs: { label: string; r: typeof placed; load: string }[] = [
      { label: 'platform: lottery bet placement, PG', r: placed, load: `${load0} → ${loadavg()[0]!.toFixed(1)}` },
    ];
    // This, that, that, this (ABBA): a drift through the run (the period filling up, the load) weighs on both alike.
    if (baselineRoot)
      for (const [label, port] of [
        [`baseline (${path.basename(baselineRoot)}), PG`, baselinePort],
        [`baseline (${path.basename(baselineRoot)}) again, PG`, baselinePort],
        ['platform again, PG', serverPort],
      ] as const) {
        const l0 = loadavg()[0]!.toFixed(1);
        const r = await run(label, (c, i) => placeBet('20990101-0001', c, i, port));
        runs.push({ label, r, load: `${l0} → ${loadavg()[0]!.toFixed(1)}` });
      }
    // The ceilings (decision 119): what the platform's HTTP stack answers per second for a placement it
    // refuses before any lottery work, beside the floor. No bet can be placed faster than its own
    // stack answers it, so these bound the ratio placement can reach on this machine.
    for (const [label, body, headers, expect] of [
      ['ceiling: refused unauthenticated (401)', randomBet('20990101-0001'), () => ({}), 401],
      [
        'ceiling: session read, refused invalid (400)',
        { gameCode: GAME, numero: '20990101-0001' },
        (c: number, i: number) => ({ authorization: `Bearer ${tokens[(c + i * connections) % tokens.length]!}` }),
        400,
      ],
    ] as const) {
      const l0 = loadavg()[0]!.toFixed(1);
      const r = await run(label, (c, i) => request(serverPort, '/lotto/lgw/bets', body, headers(c, i)), expect);
      runs.push({ label, r, load: `${l0} → ${loadavg()[0]!.toFixed(1)}` });
    }
    const lf = loadavg()[0]!.toFixed(1);
    const floorRun = await run('floor', () => floorCall());
    const floorLoad = `${lf} → ${loadavg()[0]!.toFixed(1)}`;
    const line = (r: typeof placed, label: string) =>
      `${label.padEnd(44)}${r.perSecond.toFixed(0).padStart(10)}${r.p50.toFixed(1).padStart(9)}${r.p99.toFixed(1).padStart(9)}${String(r.errors).padStart(8)}`;
    console.log(
      `${'server'.padEnd(44)}${'calls/s'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(8)}`,
    );
    console.log(`${line(floorRun, 'floor: bare + one INSERT per call, PG')}   load ${floorLoad}`);
    for (const x of runs)
      console.log(
        `${line(x.r, x.label)}   ${(x.r.perSecond / floorRun.perSecond).toFixed(3)} of the floor, load ${x.load}`,
      );
    const ratio = placed.perSecond / floorRun.perSecond;
    console.log(
      `placement: ${ratio.toFixed(3)} of the floor's throughput (target ≥ ${TARGET_RATIO}) → ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}`,
    );
    console.log('CPU per call in the measured stretch, ms (from /proc; server = the server under test, or the floor):');
    for (const r of [...runs.map((x) => x.r), floorRun])
      console.log(
        `  ${r.label.padEnd(44)}` +
          ['server', 'PostgreSQL', 'load', 'other'].map((k) => `${k} ${(r.cpuPerCall[k] ?? 0).toFixed(3)}`).join('  ') +
          `  sum ${Object.values(r.cpuPerCall)
            .reduce((a, b) => a + b, 0)
            .toFixed(3)}`,
      );
    for (const r of [...runs.map((x) => x.r), floorRun])
      if (r.errors) console.log(`errors (${r.label}): ${r.errors}; first: ${r.firstError}`);

    agent.destroy();
    for (const c of children) await stop(c);
  }

  // ---- settlement: the second period gets BENCH_SETTLE_BETS open bets as placement leaves them (the
  // bet row, its debit under `lottery:bet:<id>` through the wallet, its open round), written in bulk
  // here because placing 100,000 through the API would take minutes; then it is settled as its draw
  // job does it.
  const f0 = performance.now();
  const period = (
    await own.query(`SELECT id FROM lottery_periods WHERE game_code = $1 AND numero = '20990101-0002'`, [GAME])
  ).rows[0] as { id: string };
  const debit: MoveBatch<{ balance: string }> = {
    name: 'bench.lottery.bets',
    columns: 'bet_id bigint',
    guard: 'true',
    record: 'answered AS (SELECT d.n, d.balance_after::text AS balance FROM done d)',
    answer: row({ n: col.int, balance: col.text }),
  };
  for (let from = 0; from < settleBets; from += 5000) {
    const bets = Array.from({ length: Math.min(5000, settleBets - from) }, (_, i) => {
      const m = members[(from + i) % members.length]!;
      const b = randomBet('20990101-0002');
      const units = betTypeOf('SSC', b.betType)!.units(b.picks);
      return {
        member_id: m.id,
        bet_type: b.betType,
        picks: b.picks,
        multiplier: b.multiplier,
        units,
        amount: String(betCost(units, b.multiplier)),
      };
    });
    const inserted = (
      await own.query(
        `INSERT INTO lottery_bets (merchant_id, member_id, period_id, game_code, numero, bet_type, picks, multiplier, units, amount)
         SELECT $1, v.member_id, $2, $3, '20990101-0002', v.bet_type, v.picks, v.multiplier, v.units, v.amount
           FROM jsonb_to_recordset($4::jsonb) AS v(member_id integer, bet_type text, picks jsonb, multiplier integer, units integer, amount bigint)
         RETURNING id, member_id, amount::text`,
        [merchantId, period.id, GAME, JSON.stringify(bets)],
      )
    ).rows as { id: string; member_id: number; amount: string }[];
    // A batch moves each member's account once: the k-th bet of every member goes in batch k.
    const waves: (typeof inserted)[] = [];
    const seen = new Map<number, number>();
    for (const b of inserted) {
      const k = seen.get(b.member_id) ?? 0;
      seen.set(b.member_id, k + 1);
      (waves[k] ??= []).push(b);
    }
    for (const [w, wave] of waves.entries()) {
      const entries = await Promise.all(
        wave.map(async (b) => ({
          move: await ctx.wallet.gameMoveFor('bet', {
            merchantId,
            memberId: b.member_id,
            amount: BigInt(b.amount),
            key: `lottery:bet:${b.id}`,
            roundRef: `lottery:${b.id}`,
            gameRef: GAME,
            gameType: 'LOTT',
            meta: { numero: '20990101-0002' },
          }),
          record: { bet_id: Number(b.id) },
        })),
      );
      const answers = await ctx.wallet.postBatch(debit, entries, w);
      if (answers.some((a) => a === null)) throw new Error('a bench debit did not go through');
    }
    await own.query(
      `INSERT INTO game_rounds (merchant_id, member_id, provider, round_id, vassalage, game_id, game_code, game_type, currency, bet_total, detail)
       SELECT $1, v.member_id, 'LOTTERY', 'bet-' || v.id, 'LOTT',
              (SELECT id FROM games WHERE merchant_id = $1 AND vassalage = 'LOTT' AND game_code = $2 LIMIT 1),
              $2, 'LOTT', 'BRL', v.amount, jsonb_build_object('numero', '20990101-0002')
         FROM jsonb_to_recordset($3::jsonb) AS v(id bigint, member_id integer, amount bigint)`,
      [merchantId, GAME, JSON.stringify(inserted)],
    );
  }
  const count = async (where: string) =>
    Number(
      (
        await own.query(
          `SELECT count(*)::int AS n FROM lottery_bets b JOIN lottery_periods p ON p.id = b.period_id WHERE p.numero = '20990101-0002' AND ${where}`,
        )
      ).rows[0].n,
    );
  const open = await count(`b.status = 'open'`);
  console.log(`\nsettlement: ${open} open bets written in bulk in ${((performance.now() - f0) / 1000).toFixed(1)} s`);
  await own.end();
  await database.close();
  const which = { merchantId, gameCode: GAME, numero: '20990101-0002' };

  /** Settles the period in database `name` as its jobs do, on `connections` settle connections, and checks it. */
  const settleIn = async (name: string, connections: string) => {
    const url = withDb(baseUrl, name);
    const db = await openDatabase({ databaseUrl: url, poolSize: 10 });
    const c = createContext(
      loadConfig({
        DATABASE_URL: url,
        LOG_LEVEL: 'silent',
        SEED_DEMO_DATA: 'false',
        SERVE_WEB: 'false',
        LOTTERY_SETTLE_CONNECTIONS: connections,
      }),
      db,
    );
    const client = new pg.Client({ connectionString: url });
    // Dropping a database after a failure ends this connection: the failure is what to report.
    client.on('error', (e) => console.error(`settlement check connection: ${e.message}`));
    await client.connect();
    const countIn = async (where: string) =>
      Number(
        (
          await client.query(
            `SELECT count(*)::int AS n FROM lottery_bets b JOIN lottery_periods p ON p.id = b.period_id WHERE p.numero = '20990101-0002' AND ${where}`,
          )
        ).rows[0].n,
      );
    // The draw job commits the result; the settle job (due at once) settles the bets.
    const draw = async () => {
      await c.db.transaction((tx) => c.lottery.draw(tx, which, () => undefined));
      await c.db.transaction((tx) => c.lottery.settleHeld(tx, which, () => undefined));
    };
    // Every connection of the pool open before the backends are listed, so each one's CPU is counted.
    await Promise.all(Array.from({ length: 10 }, () => c.db.execute(sql`SELECT pg_sleep(0.2)`)));
    // CPU time spent settling, beside the wall time: PostgreSQL's backends of this database (read from
    // /proc when the server runs on this machine) and this process. On a shared machine the wall time
    // follows the load; the CPU time much less so, and on a quiet machine the two are about equal.
    const backends = (
      await client.query(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend'`, [
        name,
      ])
    ).rows.map((r: { pid: number }) => r.pid);
    // A backend that ends meanwhile (the pool closes idle connections) counts what it had last been read at.
    const last = new Map<number, number>();
    const ticks = () => {
      let sum = 0;
      for (const pid of backends) {
        try {
          const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
          last.set(pid, Number(f[11]) + Number(f[12]));
        } catch {
          if (!last.has(pid)) return null;
        }
        sum += last.get(pid)!;
      }
      return sum;
    };
    const stats = statementStats(client);
    await stats.reset();
    // BENCH_CHECKPOINT=1: a checkpoint first, so every page the settlement changes writes a full-page
    // image to the WAL, as after a checkpoint in production; otherwise whether one fell during the
    // bulk writing above decides it (decision 119).
    if (process.env.BENCH_CHECKPOINT) await client.query('CHECKPOINT');
    const load0 = loadavg()[0]!.toFixed(1);
    const pg0 = ticks();
    const cpu0 = process.cpuUsage();
    const s0 = performance.now();
    await draw();
    const settleMs = performance.now() - s0;
    const cpu = process.cpuUsage(cpu0);
    const pg1 = ticks();
    const load = loadavg()[0]!.toFixed(1);
    await stats.report([name]);
    const won = await countIn(`b.status = 'won'`);
    const lost = await countIn(`b.status = 'lost'`);
    const paid = (
      await client.query(
        `SELECT count(*)::int AS n, coalesce(sum(b.win), 0)::text AS total,
                (SELECT count(*)::int FROM ledger_transactions t
                   WHERE t.idempotency_key IN (SELECT 'lottery:win:' || b2.id FROM lottery_bets b2
                                                 JOIN lottery_periods p2 ON p2.id = b2.period_id
                                                WHERE p2.numero = '20990101-0002')) AS credits
           FROM lottery_bets b JOIN lottery_periods p ON p.id = b.period_id
          WHERE p.numero = '20990101-0002' AND b.status = 'won'`,
      )
    ).rows[0] as { n: number; total: string; credits: number };
    await draw();
    const after = await countIn(`b.status = 'open'`);
    const report = await checkLedger(c.db);
    console.log(
      `settled ${won + lost} of ${open} bets (${won} won, ${lost} lost) on ${connections} settle connections in ${(settleMs / 1000).toFixed(2)} s (target < ${TARGET_SETTLE_MS / 1000} s) → ${settleMs < TARGET_SETTLE_MS && won + lost === open ? 'met' : 'NOT met'}`,
    );
    const nodeCpu = (cpu.user + cpu.system) / 1e6;
    console.log(
      `settlement CPU: this process ${nodeCpu.toFixed(2)} s` +
        (pg0 !== null && pg1 !== null
          ? `, PostgreSQL ${((pg1 - pg0) / 100).toFixed(2)} s (sum ${((pg1 - pg0) / 100 + nodeCpu).toFixed(2)} s)`
          : ', PostgreSQL not measurable here') +
        `; load average ${load0} → ${load}`,
    );
    console.log(
      `exactly once: ${paid.credits} win credits for ${paid.n} won bets (total ${paid.total} minor units); a second draw left ${after} open and paid nothing more: ${paid.credits === paid.n && after === 0 ? 'yes' : 'NO'}`,
    );
    console.log(
      `ledger check after the run: ${report.ok ? 'all invariants hold' : JSON.stringify(report.breaches)} (${report.stats.transactions} transactions)`,
    );
    await client.end();
    await db.close();
  };

  // BENCH_SETTLE_AB=0,4,0,4: first settles copies of the filled database (CREATE DATABASE … TEMPLATE),
  // one per listed number of settle connections, in that order, to compare them on the same data.
  for (const [i, connections] of (process.env.BENCH_SETTLE_AB ?? '').split(',').filter(Boolean).entries()) {
    const copy = `${dbName}_ab${i}`;
    await admin.query(`CREATE DATABASE "${copy}" TEMPLATE "${dbName}"`);
    try {
      console.log(`\ncopy ${i + 1}:`);
      await settleIn(copy, connections);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${copy}" WITH (FORCE)`);
    }
  }
  console.log('');
  await settleIn(dbName, process.env.BENCH_SETTLE_CONNECTIONS ?? '4');
} catch (err) {
  // Printed before the throwaway database is dropped, which ends every connection still open to it.
  console.error('bench:lottery failed:', err);
  process.exitCode = 1;
} finally {
  for (const c of children) c.kill('SIGKILL');
  if (process.env.BENCH_KEEP_DB) console.log(`kept the database ${dbName}`);
  else await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
}
