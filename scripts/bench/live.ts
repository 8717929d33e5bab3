// `npm run bench:live`: one live baccarat table with BENCH_PLAYERS (500) real members betting every
// round, end to end (issue 22): house games' live engine in this process → its signed seamless calls
// over HTTP → the platform (its own process, production mode, on PostgreSQL) → the ledger.
//
// Every round, every player stakes on the player or the banker during the betting window. The bench
// records, per round, how long the burst of bets took, how long the round took to settle all of its
// bets (from the result to the last credit answered), and checks the engine's rule that the next
// round opens only once every bet of this one is settled. Afterwards: every bet settled once in
// house games, the ledger's invariants hold, and the members' balances are their funds less their
// stakes plus their wins.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:live
//   BENCH_PLAYERS=500 BENCH_ROUNDS=5 BENCH_BETTING_MS=8000 npm run bench:live
//
// It creates a throwaway database next to the one named (…_live_<time>) and drops it afterwards
// (BENCH_KEEP_DB=1 keeps it).
import type {} from 'fastify';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadConfig as loadHouseConfig } from '../../apps/house-games/src/config.ts';
import type { GameSession } from '../../apps/house-games/src/games/sessions.ts';
import { createServices } from '../../apps/house-games/src/services.ts';
import { openHouseDb } from '../../apps/house-games/src/store/db.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createContext } from '../../apps/server/src/context.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { HOUSE } from '../../apps/server/src/features/provider/registry.ts';
import { checkLedger } from '../../apps/server/src/features/wallet/ledger-check/data.ts';
import { seed } from '../../apps/server/src/seed/index.ts';
import { createMember, fund } from '../../apps/server/test/factories/wallet.ts';
import { freePort, productionPlatformEnv, sleep } from './support.ts';

const root = path.resolve(import.meta.dirname, '../..');
const baseUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BETTING_MS = Number(process.env.BENCH_BETTING_MS ?? 8000);
const FUNDS = 10_000_000n;
const STAKE = 1_000n;
const SECRET = `bench-live-${Date.now()}-secret`;
const GAME_CODE = 'hgl-lobby';

const withDb = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};
const waitFor = async (url: string) => {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      /* not yet */
    }
    await sleep(200);
  }
  throw new Error(`${url} did not come up`);
};
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

const dbName = `${new URL(baseUrl).pathname.slice(1) || 'postgres'}_live_${Date.now()}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${dbName}"`);
const dbUrl = withDb(baseUrl, dbName);
const children: ChildProcess[] = [];
let failed = false;

try {
  // ---- the platform's fixtures, through its services: a live game of the house vendor, funded members
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
  const merchantId = await ctx.merchants.resolveId(undefined);
  await ctx.catalog.manage.importCatalogue(merchantId, {
    vendors: [{ row: 1, value: { vassalage: 'HGL', displayName: 'House Live', gameTypes: ['LIVE'] } }],
    categories: [],
    games: [{ row: 1, value: { vassalage: 'HGL', gameCode: GAME_CODE, gameType: 'LIVE', names: { EN: 'Baccarat' } } }],
  });
  await ctx.providers.registry.set(merchantId, {
    vassalage: 'HGL',
    provider: HOUSE,
    walletModel: 'seamless',
    enabled: true,
    maintenanceFrom: null,
    maintenanceUntil: null,
    maintenanceMessage: '',
  });
  const game = (await ctx.catalog.listGames(merchantId, { vassalage: 'HGL', pageNo: 1, pageSize: 5 })).games.find(
    (g) => g.gameCode === GAME_CODE,
  )!;
  const launches: { memberId: number; launchToken: string }[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const m = await createMember(ctx, { merchantId });
    await fund(ctx, m, FUNDS);
    const actor = {
      kind: 'member' as const,
      sessionId: 0,
      merchantId,
      memberId: m.id,
      type: 0,
      isAgent: false,
      isTrial: false,
      pendingVerification: null,
    };
    const l = await ctx.providers.launcher.launch(merchantId, actor, { nodeId: game.nodeId, demo: false }, '127.0.0.1');
    launches.push({ memberId: m.id, launchToken: l.launchPath.split('/').pop()! });
  }
  await database.close();
  console.log(
    `fixtures: ${PLAYERS} funded members launched at one live table in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  // ---- the platform, as in production
  const port = await freePort();
  children.push(
    spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
      cwd: root,
      env: productionPlatformEnv({
        databaseUrl: dbUrl,
        port,
        houseSecret: SECRET,
        extra: { PROVIDER_REPLAY_WINDOW_SECONDS: '300' },
      }),
      stdio: ['ignore', 'inherit', 'inherit'],
    }),
  );
  await waitFor(`http://127.0.0.1:${port}/wps/system/status`);

  // ---- house games in this process: the live engine and its seamless client
  const houseConfig = loadHouseConfig({
    NODE_ENV: 'test',
    HOUSE_GAMES_SECRET: SECRET,
    HOUSE_GAMES_DATA_DIR: 'memory://',
    HOUSE_GAMES_SERVE_UI: 'false',
    HOUSE_GAMES_PLATFORM_URL: `http://127.0.0.1:${port}`,
    HOUSE_GAMES_LIVE_BETTING_MS: String(BETTING_MS),
    HOUSE_GAMES_LIVE_DEAL_MS: '1000',
    HOUSE_GAMES_LIVE_PAUSE_MS: '1000',
  });
  const houseDb = await openHouseDb({ dataDir: 'memory://' });
  const house = createServices(houseConfig, houseDb);
  const sessions: GameSession[] = [];
  for (const l of launches) sessions.push((await house.sessions.open(l.launchToken)).session);
  const table = await house.live.seat('baccarat-1');
  const off = table.subscribe(() => {});
  console.log(
    `house games: ${sessions.length} sessions at ${table.def.name}; betting ${BETTING_MS} ms, dealing 1,000 ms, pause 1,000 ms`,
  );

  // ---- rounds
  console.log(
    '\nround  result   bets  refused  burst ms  bet p50 ms  bet p99 ms  settle ms  next opened after settled',
  );
  const settleMs: number[] = [];
  let placed = 0;
  let lastRound = 0;
  for (let n = 0; n < ROUNDS; n++) {
    // A fresh betting window, with most of it still to come.
    for (;;) {
      const r = table.round;
      if (r && r.phase === 'betting' && r.id !== lastRound && r.bettingEndsAt - Date.now() > BETTING_MS * 0.6) break;
      await sleep(20);
    }
    const round = table.round!;
    lastRound = round.id;
    const burst = performance.now();
    const latencies: number[] = [];
    const results = await Promise.allSettled(
      sessions.map(async (s, i) => {
        const t = performance.now();
        await table.placeBet(s, [{ spot: i % 2 ? 'player' : 'banker', amount: STAKE }]);
        latencies.push(performance.now() - t);
      }),
    );
    const burstMs = performance.now() - burst;
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    placed += ok;
    // The result, then every bet settled, then the next round.
    while (table.round?.id === round.id && table.round.phase !== 'result') await sleep(10);
    await table.settled;
    const ms = table.lastSettleMs;
    settleMs.push(ms);
    while (table.round?.id === round.id) await sleep(10);
    const [row] = (await houseDb.query<{ phase: string; open: string }>(
      `SELECT phase, (SELECT count(*) FROM hg_bets WHERE live_round_id = $1 AND status <> 'settled')::text AS open
           FROM hg_live_rounds WHERE id = $1`,
      [round.id],
    )) as { phase: string; open: string }[];
    const orderly = row?.phase === 'settled' && row.open === '0';
    if (!orderly || ok !== sessions.length) failed = true;
    console.log(
      `${String(round.id).padStart(5)}  ${(round.result as { winner?: string } | null)?.winner?.padEnd(6) ?? '?     '}  ${String(ok).padStart(5)}  ${String(results.length - ok).padStart(7)}  ${burstMs.toFixed(0).padStart(8)}  ${quantile(latencies, 0.5).toFixed(0).padStart(10)}  ${quantile(latencies, 0.99).toFixed(0).padStart(10)}  ${String(ms).padStart(9)}  ${orderly ? 'yes' : `NO (${row?.phase}, ${row?.open} unsettled)`}`,
    );
    if (process.env.BENCH_SHOW_RESULT)
      console.log(`  ${JSON.stringify(round.result)} seed ${round.serverSeedHash.slice(0, 12)}`);
    const firstRefusal = results.find((r) => r.status === 'rejected');
    if (firstRefusal) console.log(`  first refusal: ${String((firstRefusal as PromiseRejectedResult).reason)}`);
  }
  off();
  house.live.stop();

  // ---- the books
  const [won] = await houseDb.query<{ bets: string; wins: string; settled: string }>(
    `SELECT count(*)::text AS settled, coalesce(sum(amount), 0)::text AS bets, coalesce(sum(win), 0)::text AS wins
       FROM hg_bets WHERE game = 'live' AND status = 'settled'`,
  );
  await houseDb.close();
  const check = await openDatabase({ databaseUrl: dbUrl, poolSize: 2 });
  const report = await checkLedger(check.db);
  const checkCtx = createContext(config, check);
  let total = 0n;
  for (const l of launches) total += (await checkCtx.wallet.balance(merchantId, l.memberId)).balance;
  await check.close();
  const expected = FUNDS * BigInt(PLAYERS) - BigInt(won!.bets) + BigInt(won!.wins);
  console.log(
    `\nbets settled in house games: ${won!.settled} of ${placed} placed (stakes ${won!.bets}, wins ${won!.wins} in minor units)`,
  );
  console.log(
    `members' balances: ${total} (funds − stakes + wins = ${expected}): ${total === expected ? 'equal' : 'DIFFERENT'}`,
  );
  console.log(
    `ledger check: ${report.ok ? 'all invariants hold' : JSON.stringify(report.breaches)} (${report.stats.transactions} transactions)`,
  );
  console.log(
    `settle time per round of ${PLAYERS} bets: median ${quantile(settleMs, 0.5)} ms, worst ${Math.max(...settleMs)} ms; every round settled before the next opened: ${failed ? 'NO' : 'yes'}`,
  );
  if (failed || total !== expected || !report.ok || Number(won!.settled) !== placed) process.exitCode = 1;
} finally {
  for (const c of children) c.kill('SIGTERM');
  await sleep(1500);
  if (process.env.BENCH_KEEP_DB) console.log(`kept the database ${dbName}`);
  else await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
}
