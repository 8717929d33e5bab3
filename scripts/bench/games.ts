// `npm run bench:games`: bet + win pairs through the signed seamless-wallet callback API
// (POST /provider/HOUSE/bet then /win, HMAC-SHA256 over the raw body) of the real server over
// HTTP on PostgreSQL, from 50 concurrent vendor connections, beside two baselines measured one after
// the other in the same run with the same load generator (scripts/bench/games-bare.ts):
//   - bare node:http that only checks the signature and answers;
//   - the same plus one committed INSERT per call on the same PostgreSQL and pool size: the floor
//     of any design that makes each callback durable on its own, on this machine.
// Target: at least 1,500 pairs/s with a pair p99 under 60 ms. Absolute numbers depend on the
// machine (and on whoever else shares it); the ratios to the baselines are the numbers to watch,
// and the CPU time per pair (read from /proc, by process) shows where the time goes.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:games
//   BENCH_DURATION=15 BENCH_CONNECTIONS=50 BENCH_WARMUP=3 BENCH_PLAYERS=500 BENCH_POOL=20 npm run bench:games
//   BENCH_ONLY=platform npm run bench:games   (no baselines: for quick comparisons only)
//   BENCH_ONLY=wagering BENCH_CYCLES=2 npm run bench:games   (promotions on the bet path, below)
//
// Promotions on the bet path (issue 19, decision 085): a second set of as many players, each
// holding a live bonus whose wagering requirement counts the bench's game type (RNG), made through
// the promotions service. The full run measures the platform with those players right after the
// platform without promotions and prints the ratio (target ≥ 0.9). BENCH_ONLY=wagering measures
// only those two, alternating A B B A per cycle (BENCH_CYCLES, default 1) so a drift of the shared
// machine during the run weighs on both sides alike; the ratio is the sum of the pairs with bonuses
// over the sum without. After the run every bonus must still be in wagering with its progress equal
// to the player's bets (so the requirement was live and counted the bench's bets the whole time).
//
// It creates a throwaway database next to the one named (…_games_<time>), migrates it, creates
// funded players and their game sessions through the product's services, starts the server on it,
// measures, checks the ledger invariants on the result, and drops the database (BENCH_KEEP_DB=1
// keeps it for a look afterwards).
import type {} from 'fastify';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createContext } from '../../apps/server/src/context.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { HOUSE } from '../../apps/server/src/features/provider/registry.ts';
import { checkLedger } from '../../apps/server/src/features/wallet/ledger-check/data.ts';
import { seed } from '../../apps/server/src/seed/index.ts';
import { bonusesInWagering } from '../../apps/server/test/factories/promotion.ts';
import { seamlessSessions } from '../../apps/server/test/factories/provider.ts';
import { cpuByProcess, cpuSpentBetween, freePort, productionPlatformEnv, sleep } from './support.ts';

const root = path.resolve(import.meta.dirname, '../..');
const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const duration = Number(process.env.BENCH_DURATION ?? 15);
const warmup = Number(process.env.BENCH_WARMUP ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const players = Number(process.env.BENCH_PLAYERS ?? 500);
const TARGET_PAIRS = 1500;
const TARGET_P99_MS = 60;
const TARGET_WAGERING_RATIO = 0.9;
const mode = process.env.BENCH_ONLY ?? 'all';
const cycles = Math.max(1, Number(process.env.BENCH_CYCLES ?? 1));
const withWagering = mode !== 'platform';
// A bonus of R$ 1.000 at 100x (the most the contract allows): 100,000 bets of the bench's R$ 1 each
// per player before it is met, far beyond any run.
const BONUS = 100_000n;
const MULTIPLE = 100;
const SECRET = `bench-games-${Date.now()}-secret`;

if (!baseUrl) {
  console.error(
    'bench:games needs PostgreSQL: set BENCH_DATABASE_URL (or DATABASE_URL), e.g. postgres://postgres@127.0.0.1:5432/postgres',
  );
  process.exit(2);
}
const withDb = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};
const waitFor = async (url: string) => {
  for (let i = 0; i < 600; i++) {
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      /* not yet */
    }
    await sleep(200);
  }
  throw new Error(`${url} did not come up`);
};

const dbName = `${new URL(baseUrl).pathname.slice(1) || 'postgres'}_games_${Date.now()}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${dbName}"`);
const dbUrl = withDb(baseUrl, dbName);
const children: ChildProcess[] = [];

try {
  // ---- fixtures, through the product's services
  const t0 = performance.now();
  const config = loadConfig({
    DATABASE_URL: dbUrl,
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    SERVE_WEB: 'false',
    PROVIDER_HOUSE_SECRET: SECRET,
  });
  const database = await openDatabase({ databaseUrl: dbUrl, poolSize: 10 });
  await database.migrate();
  const ctx = createContext(config, database);
  await seed(ctx, { demo: false });
  const made = await seamlessSessions(ctx, {
    players: withWagering ? players * 2 : players,
    funds: 1_000_000_000n,
    gameCode: 'HGS_BENCH',
  });
  // The first half plays without promotions; the second half holds a bonus in wagering each.
  const sessions = made.sessions.slice(0, players);
  const bonusSessions = made.sessions.slice(players);
  // BENCH_WAGERING_CONTROL=1: the second set gets no bonus (an A/A run: the two sets alone should not differ).
  const control = Boolean(process.env.BENCH_WAGERING_CONTROL);
  const bonuses =
    withWagering && !control
      ? await bonusesInWagering(ctx, bonusSessions, { amount: BONUS, multiple: MULTIPLE, gameTypes: ['RNG'] })
      : null;
  await database.close();
  console.log(
    `fixtures: ${players} funded players with game sessions${withWagering ? `, and ${players} more each with a live bonus of ${BONUS} at ${MULTIPLE}x on RNG` : ''} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  // BENCH_LOG_STATEMENTS=1 logs every statement of the throwaway database from here on (PostgreSQL's
  // log, with each run's start and end printed below), to see which statements a call costs.
  if (process.env.BENCH_LOG_STATEMENTS) await admin.query(`ALTER DATABASE "${dbName}" SET log_statement = 'all'`);

  // ---- servers
  const serverPort = await freePort();
  const barePort = await freePort();
  const floorPort = await freePort();
  const pool = process.env.BENCH_POOL ?? '20';
  const env = productionPlatformEnv({
    databaseUrl: dbUrl,
    port: serverPort,
    houseSecret: SECRET,
    poolSize: pool,
    extra: { PROVIDER_REPLAY_WINDOW_SECONDS: '300' },
  });
  // BENCH_PROFILE=<dir> writes a CPU profile of the server (node --cpu-prof) there.
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  children.push(
    spawn(process.execPath, [...profile, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
      cwd: root,
      env,
      stdio: 'inherit',
    }),
  );
  const bareScript = path.join(root, 'scripts/bench/games-bare.ts');
  children.push(
    spawn(process.execPath, ['--import', 'tsx', bareScript], {
      cwd: root,
      env: { ...process.env, PORT: String(barePort), BENCH_SECRET: SECRET },
      stdio: 'ignore',
    }),
  );
  children.push(
    spawn(process.execPath, ['--import', 'tsx', bareScript], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(floorPort),
        BENCH_SECRET: SECRET,
        BENCH_BARE_DATABASE_URL: dbUrl,
        BENCH_BARE_POOL: pool,
      },
      stdio: 'ignore',
    }),
  );
  await waitFor(`http://127.0.0.1:${serverPort}/wps/system/status`);
  await waitFor(`http://127.0.0.1:${barePort}/`);
  await waitFor(`http://127.0.0.1:${floorPort}/`);

  // ---- load
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const post = (port: number, op: string, body: Record<string, unknown>) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const raw = JSON.stringify(body);
      const ts = String(Date.now());
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `/provider/${HOUSE}/${op}`,
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(raw),
            'x-provider-timestamp': ts,
            'x-provider-signature': createHmac('sha256', SECRET).update(`${ts}.${raw}`).digest('hex'),
          },
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

  const classify = (pid: number, comm: string) =>
    pid === process.pid
      ? 'load generator'
      : children.some((c) => c.pid === pid)
        ? 'server'
        : comm.startsWith('postgres')
          ? 'postgres'
          : 'other';

  const run = async (label: string, port: number, players: typeof sessions = sessions, seconds = duration) => {
    let cpuAtStart = new Map<number, { comm: string; ms: number }>();
    let cpuAtEnd = new Map<number, { comm: string; ms: number }>();
    setTimeout(() => (cpuAtStart = cpuByProcess()), warmup * 1000);
    setTimeout(() => (cpuAtEnd = cpuByProcess()), (warmup + seconds) * 1000);
    const pairs: number[] = [];
    const calls: number[] = [];
    let errors = 0;
    let firstError = '';
    let seq = 0;
    const startAt = performance.now();
    if (process.env.BENCH_LOG_STATEMENTS)
      console.log(`${label}: ${new Date().toISOString()} (measured after ${warmup} s)`);
    const measureFrom = startAt + warmup * 1000;
    const endAt = measureFrom + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async (_, c) => {
        for (let i = 0; performance.now() < endAt; i++) {
          const s = players[(c + i * connections) % players.length]!;
          const n = ++seq;
          const roundId = `${label}-r-${n}`;
          const p0 = performance.now();
          const bet = await post(port, 'bet', {
            sessionToken: s.sessionToken,
            playerId: s.playerId,
            transactionId: `${label}-b-${n}`,
            roundId,
            gameCode: 'HGS_BENCH',
            amount: '100',
            currency: 'BRL',
          });
          const p1 = performance.now();
          const win = await post(port, 'win', {
            playerId: s.playerId,
            transactionId: `${label}-w-${n}`,
            roundId,
            gameCode: 'HGS_BENCH',
            amount: String(n % 3 === 0 ? 250 : 0),
            currency: 'BRL',
            endRound: true,
          });
          const p2 = performance.now();
          if (bet.status !== 200 || win.status !== 200) {
            errors++;
            firstError ||= `${bet.status} ${bet.body.slice(0, 200)} / ${win.status} ${win.body.slice(0, 200)}`;
          }
          if (p0 >= measureFrom && p2 <= endAt) {
            pairs.push(p2 - p0);
            calls.push(p1 - p0, p2 - p1);
          }
        }
      }),
    );
    const q = (xs: number[], p: number) => {
      const s = [...xs].sort((a, b) => a - b);
      return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
    };
    return {
      cpu: cpuSpentBetween(cpuAtStart, cpuAtEnd, classify),
      label,
      pairsPerSecond: pairs.length / seconds,
      pairs: pairs.length,
      errors,
      firstError,
      p50: q(pairs, 50),
      p95: q(pairs, 95),
      p99: q(pairs, 99),
      max: q(pairs, 100),
      callP99: q(calls, 99),
    };
  };

  console.log(
    `\nload: ${connections} connections, ${warmup} s warm-up, ${duration} s measured, each connection: bet then win, back to back`,
  );
  // The platform before the floor, so its run does not inherit the floor's writes (checkpoints).
  // BENCH_ONLY=platform skips the two baselines (for quick comparisons while changing the server);
  // BENCH_ONLY=wagering skips them too and measures the platform without and with bonuses, A B B A.
  const skipped = async (label: string) => ({
    cpu: new Map<string, number>(),
    label,
    pairsPerSecond: NaN,
    pairs: 0,
    errors: 0,
    firstError: '',
    p50: NaN,
    p95: NaN,
    p99: NaN,
    max: NaN,
    callP99: NaN,
  });
  type Result = Awaited<ReturnType<typeof skipped>>;
  const baselines = mode === 'all';
  const bare = baselines ? await run('bare', barePort) : await skipped('bare');
  const plain: Result[] = [];
  const wagering: Result[] = [];
  if (mode === 'wagering') {
    // The server's first minutes are slower (JIT, pool, caches): one unmeasured pass over both sets
    // first, so the first A of the first cycle is not a cold start.
    await run('warm', serverPort, [...sessions, ...bonusSessions], duration);
    for (let c = 1; c <= cycles; c++) {
      plain.push(await run(`real${c}a`, serverPort));
      wagering.push(await run(`wager${c}a`, serverPort, bonusSessions));
      wagering.push(await run(`wager${c}b`, serverPort, bonusSessions));
      plain.push(await run(`real${c}b`, serverPort));
    }
  } else {
    plain.push(await run('real', serverPort));
    if (withWagering) wagering.push(await run('wager', serverPort, bonusSessions));
  }
  const floor = baselines ? await run('floor', floorPort) : await skipped('floor');
  /** Runs taken together: their pairs over their measured seconds, and the worst of their latencies. */
  const pooled = (label: string, rs: Result[]): Result => {
    const cpu = new Map<string, number>();
    for (const r of rs) for (const [k, ms] of r.cpu) cpu.set(k, (cpu.get(k) ?? 0) + ms);
    const pick = (f: (r: Result) => number) => Math.max(...rs.map(f));
    return {
      cpu,
      label,
      pairsPerSecond: rs.reduce((a, r) => a + r.pairs, 0) / (duration * rs.length),
      pairs: rs.reduce((a, r) => a + r.pairs, 0),
      errors: rs.reduce((a, r) => a + r.errors, 0),
      firstError: rs.find((r) => r.firstError)?.firstError ?? '',
      p50: pick((r) => r.p50),
      p95: pick((r) => r.p95),
      p99: pick((r) => r.p99),
      max: pick((r) => r.max),
      callP99: pick((r) => r.callP99),
    };
  };
  const real = pooled('real', plain);
  const wager = wagering.length ? pooled('wager', wagering) : await skipped('wager');
  const row = (r: Result) =>
    `${r.label.padEnd(34)}${r.pairsPerSecond.toFixed(0).padStart(10)}${r.p50.toFixed(1).padStart(9)}${r.p95.toFixed(1).padStart(9)}${r.p99.toFixed(1).padStart(9)}${r.max.toFixed(1).padStart(9)}${r.callP99.toFixed(1).padStart(11)}${String(r.errors).padStart(8)}`;
  console.log(
    `\n${'server'.padEnd(34)}${'pairs/s'.padStart(10)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}${'call p99'.padStart(11)}${'errors'.padStart(8)}`,
  );
  if (baselines) {
    console.log(row({ ...bare, label: 'bare node:http (HMAC check only)' }));
    console.log(row({ ...floor, label: 'bare + one INSERT per call, PG' }));
  }
  if (plain.length > 1) for (const r of plain) console.log(row({ ...r, label: `  ${r.label}, no promotions` }));
  console.log(row({ ...real, label: 'platform, signed callbacks, PG' }));
  if (wagering.length > 1)
    for (const r of wagering)
      console.log(row({ ...r, label: `  ${r.label}, ${control ? 'control, no bonus' : 'live bonus each'}` }));
  if (wagering.length)
    console.log(row({ ...wager, label: control ? 'platform, control set' : 'platform, every player wagering' }));
  const ratio = (b: Result) =>
    `${(real.pairsPerSecond / b.pairsPerSecond).toFixed(3)} of its throughput, p99 ${(real.p99 / Math.max(b.p99, 0.001)).toFixed(1)}×`;
  if (baselines) {
    console.log(`\nratio to the bare baseline: ${ratio(bare)}; to bare + one INSERT: ${ratio(floor)}`);
    console.log(
      `target: ≥ ${TARGET_PAIRS} pairs/s and p99 < ${TARGET_P99_MS} ms → ${real.pairsPerSecond >= TARGET_PAIRS ? 'throughput met' : 'throughput NOT met'}, ${real.p99 < TARGET_P99_MS ? 'p99 met' : 'p99 NOT met'}`,
    );
  }
  if (wagering.length) {
    const w = wager.pairsPerSecond / real.pairsPerSecond;
    const cycleRatios =
      mode === 'wagering'
        ? ` (per cycle: ${Array.from({ length: cycles }, (_, c) => ((wagering[2 * c]!.pairs + wagering[2 * c + 1]!.pairs) / (plain[2 * c]!.pairs + plain[2 * c + 1]!.pairs)).toFixed(3)).join(', ')})`
        : ' (one pass, the platform without promotions first on a fresh server: indicative; BENCH_ONLY=wagering alternates)';
    console.log(
      `\n${control ? 'A/A control (second set without bonuses)' : 'with a live wagering requirement on every player'}: ${w.toFixed(3)} of the throughput without promotions${cycleRatios}, p99 ${(wager.p99 / Math.max(real.p99, 0.001)).toFixed(2)}× → target ≥ ${TARGET_WAGERING_RATIO}: ${w >= TARGET_WAGERING_RATIO ? 'met' : 'NOT met'}`,
    );
  }
  // CPU per pair shows where the time goes; on a machine with few cores it bounds the throughput.
  for (const r of baselines ? [bare, floor, real, wager] : [real, wager]) {
    if (!r.pairs) continue;
    const per = [...r.cpu]
      .filter(([, ms]) => ms > 0)
      .sort((a, b) => b[1] - a[1])
      .map(([k, ms]) => `${k} ${(ms / Math.max(r.pairs, 1)).toFixed(3)}`);
    const all = [...r.cpu.values()].reduce((a, b) => a + b, 0);
    const seconds = duration * (r === real ? plain.length : r === wager ? wagering.length : 1);
    console.log(
      `CPU ms per pair, ${r.label}: ${(all / Math.max(r.pairs, 1)).toFixed(3)} (${per.join(', ')}); ${(all / seconds / 10).toFixed(0)}% of one core`,
    );
  }
  for (const r of [floor, real, wager])
    if (r.errors) console.log(`errors (${r.label}): ${r.errors}; first: ${r.firstError}`);
  agent.destroy();

  // ---- the books after the storm
  const check = await openDatabase({ databaseUrl: dbUrl, poolSize: 2 });
  const report = await checkLedger(check.db);
  await check.close();
  console.log(
    `ledger check after the run: ${report.ok ? 'all invariants hold' : JSON.stringify(report.breaches)} (${report.stats.transactions} transactions)`,
  );
  // ---- the bonuses after the storm: still in wagering, each counting every bet its player made
  if (bonuses) {
    const after = await openDatabase({ databaseUrl: dbUrl, poolSize: 2 });
    const actx = createContext(config, after);
    let live = 0;
    let counted = 0;
    const wrong: string[] = [];
    for (const s of bonusSessions) {
      const m = { merchantId: s.merchantId, memberId: s.memberId };
      const [bonus] = (await actx.promotions.bonuses(m, 'EN')).list;
      const bets = (await after.db.execute(
        sql`SELECT coalesce(sum(bet_total), 0)::text AS bets FROM game_rounds WHERE member_id = ${s.memberId}`,
      )) as unknown as { rows: { bets: string }[] };
      const played = BigInt(bets.rows[0]!.bets);
      if (bonus?.status === 'process' && !bonus.wagering.met) live++;
      if (bonus && BigInt(bonus.wagering.achieved) === played) counted++;
      else if (wrong.length < 3)
        wrong.push(`member ${s.memberId}: achieved ${bonus?.wagering.achieved}, bet ${played}`);
    }
    await after.close();
    console.log(
      `bonuses after the run: ${live} of ${bonusSessions.length} still in wagering, ${counted} with progress equal to the player's bets${wrong.length ? ` (${wrong.join('; ')})` : ''}`,
    );
  }
} finally {
  for (const c of children) c.kill('SIGTERM');
  await sleep(1500);
  if (process.env.BENCH_KEEP_DB) console.log(`kept the database ${dbName}`);
  else await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
}
