// `npm run bench:sports`: one popular football match settled with BENCH_BETS (100,000) open bets across
// its markets, exactly once, by two settlers at the same time (issue 23), end to end: house games'
// sportsbook (two instances on one PostgreSQL database of its own, in this process) → its signed
// seamless calls over HTTP → the platform (its own process, production mode, on PostgreSQL) → the ledger.
//
// The bets: singles across 1X2, double chance, over/under, Asian handicap (quarter lines too), both
// teams to score and correct score, and accumulators (BENCH_ACCA_SHARE) whose other legs are on other
// matches, most already resulted (those complete with this match), some not yet (those stay open).
// Each stake is debited at the platform through the seamless `bet` callback, as placement does; the
// house rows are written in bulk (placement has its own path and is not what is measured here).
//
// Measured, in the same run:
//   - baseline: a second match's BENCH_BASELINE_BETS singles settled one bet at a time (`settleBet`:
//     one claim, one seamless credit, one mark per bet), the way bets settled before decision 105;
//     its rate gives the time 100,000 bets would take that way;
//   - the settlement: the match's result arrives at both instances at once; each settles the event
//     (`eventResulted`, then `settleEvent` on the second, as a restarted or twin instance does).
// Afterwards: every bet that the result completes has exactly one posting and one credit at the
// platform; none is paid twice; the stakes and payouts house games recorded equal what the platform's
// ledger received through the seamless callbacks; members' balances are funds − stakes + wins; the
// ledger check holds. It exits non-zero otherwise.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:sports
//   BENCH_BETS=100000 BENCH_MEMBERS=2000 BENCH_BASELINE_BETS=2000 npm run bench:sports
//   BENCH_PG_STATS=1 also prints where PostgreSQL's statement time went while settling (pg_stat_statements
//   must be preloaded; see support.ts)
//
// It creates two throwaway databases next to the one named (…_sports_<time> and …_sports_<time>_house)
// and drops them afterwards (BENCH_KEEP_DB=1 keeps them).
import type {} from 'fastify';
import { spawn, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadConfig as loadHouseConfig } from '../../apps/house-games/src/config.ts';
import type { GameSession } from '../../apps/house-games/src/games/sessions.ts';
import { fairPrices, offeredOdds, settleSelection } from '../../apps/house-games/src/math/sports/football.ts';
import { createServices, type HouseServices } from '../../apps/house-games/src/services.ts';
import { openHouseDb, type HouseDb } from '../../apps/house-games/src/store/db.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createContext } from '../../apps/server/src/context.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { HOUSE } from '../../apps/server/src/features/provider/registry.ts';
import { checkLedger } from '../../apps/server/src/features/wallet/ledger-check/data.ts';
import { seed } from '../../apps/server/src/seed/index.ts';
import { createMember, fund } from '../../apps/server/test/factories/wallet.ts';
import { cpuByProcess, cpuSpentBetween, freePort, productionPlatformEnv, sleep, statementStats } from './support.ts';

const root = path.resolve(import.meta.dirname, '../..');
// Both servers run with the Node flags `npm start` gives them (scripts/builds.mjs, decision 122):
// the platform's process is started with them, and this process, which runs house games' instances,
// starts itself again with them when it was started without.
const { SERVER_NODE_FLAGS } = (await import(path.join(root, 'scripts/builds.mjs') as string)) as {
  SERVER_NODE_FLAGS: string[];
};
if (SERVER_NODE_FLAGS.some((f) => !process.execArgv.includes(f))) {
  const again = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  again.on('exit', (code) => process.exit(code ?? 1));
  await new Promise(() => {}); // the second start does the work
}
const baseUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BETS = Number(process.env.BENCH_BETS ?? 100_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 2_000);
const BASELINE_BETS = Number(process.env.BENCH_BASELINE_BETS ?? 2_000);
const ACCA_SHARE = Number(process.env.BENCH_ACCA_SHARE ?? 0.1);
const FUNDS = 100_000_000n;
const SECRET = `bench-sports-${Date.now()}-secret`;
const GAME_CODE = 'sbk-football';
const MARGIN_BP = 600;
/** The match's final score: a one-goal home win puts the quarter lines on half wins and half losses. */
const SCORE = { home: 2, away: 1 };

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
/** Runs fn over items with at most n at once. */
const inParallel = async <T>(items: T[], n: number, fn: (t: T, i: number) => Promise<void>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
};
// A deterministic stream for the bets' mix (the outcomes come from the fixed score, not from chance).
let seedState = 20261127;
const rand = () => {
  seedState = (seedState * 1103515245 + 12345) % 2147483648;
  return seedState / 2147483648;
};
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const dbName = `${new URL(baseUrl).pathname.slice(1) || 'postgres'}_sports_${Date.now()}`;
const houseDbName = `${dbName}_house`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${dbName}"`);
await admin.query(`CREATE DATABASE "${houseDbName}"`);
const dbUrl = withDb(baseUrl, dbName);
const houseUrl = withDb(baseUrl, houseDbName);
const children: ChildProcess[] = [];
const houses: { db: HouseDb; services: HouseServices }[] = [];
let failed = false;
const fail = (what: string) => {
  failed = true;
  console.log(`FAILED: ${what}`);
};

try {
  console.log(
    `load average at the start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  // ---- the platform's fixtures, through its services: the house sportsbook's game, funded members
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
    vendors: [{ row: 1, value: { vassalage: 'SBK', displayName: 'Lotus Sportsbook', gameTypes: ['SPORTS'] } }],
    categories: [],
    games: [
      { row: 1, value: { vassalage: 'SBK', gameCode: GAME_CODE, gameType: 'SPORTS', names: { EN: 'Football' } } },
    ],
  });
  await ctx.providers.registry.set(merchantId, {
    vassalage: 'SBK',
    provider: HOUSE,
    walletModel: 'seamless',
    enabled: true,
    maintenanceFrom: null,
    maintenanceUntil: null,
    maintenanceMessage: '',
  });
  const game = (await ctx.catalog.listGames(merchantId, { vassalage: 'SBK', pageNo: 1, pageSize: 5 })).games.find(
    (g) => g.gameCode === GAME_CODE,
  )!;
  const launches: { memberId: number; launchToken: string }[] = [];
  for (let i = 0; i < MEMBERS; i++) {
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
  console.log(`fixtures: ${MEMBERS} funded members launched at the sportsbook in ${s(performance.now() - t0)}`);

  // ---- the platform, as in production
  const port = await freePort();
  const platform = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
    {
      cwd: root,
      env: productionPlatformEnv({
        databaseUrl: dbUrl,
        port,
        houseSecret: SECRET,
        extra: { PROVIDER_REPLAY_WINDOW_SECONDS: '300' },
      }),
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  children.push(platform);
  await waitFor(`http://127.0.0.1:${port}/wps/system/status`);

  // ---- house games: two instances of the sportsbook on one PostgreSQL database, no feed of their own
  const houseConfig = loadHouseConfig({
    NODE_ENV: 'test',
    HOUSE_GAMES_SECRET: SECRET,
    HOUSE_GAMES_DATA_DIR: 'memory://',
    HOUSE_GAMES_SERVE_UI: 'false',
    HOUSE_GAMES_PLATFORM_URL: `http://127.0.0.1:${port}`,
    HOUSE_GAMES_SPORTS_FEED: 'none',
    HOUSE_GAMES_SPORTS_MARGIN_BP: String(MARGIN_BP),
  });
  for (let i = 0; i < 2; i++) {
    const db = await openHouseDb({ url: houseUrl, dataDir: 'memory://' });
    houses.push({ db, services: createServices(houseConfig, db, undefined, null, null) });
  }
  const [a, b] = [houses[0]!.services, houses[1]!.services];
  const hdb = houses[0]!.db;
  const sessions: GameSession[] = [];
  await inParallel(launches, 16, async (l, i) => {
    sessions[i] = (await a.sessions.open(l.launchToken)).session;
  });

  // ---- the events: the match, a baseline match, and other matches for the accumulators' legs
  const fair = fairPrices(1.6, 1.1);
  const odds = Object.fromEntries(Object.entries(fair).map(([k, v]) => [k, offeredOdds(v, MARGIN_BP)]));
  const selections = Object.keys(odds).filter((k) => odds[k]! > 0);
  const OTHERS = 10;
  const OTHERS_OPEN = 2; // the last two other matches have not ended when the match settles
  const refs = ['MATCH', 'BASELINE', ...Array.from({ length: OTHERS }, (_, i) => `OTHER-${i + 1}`)];
  for (const [i, ref] of refs.entries())
    await a.sports.eventListed({
      ref,
      sport: 'football',
      league: 'BRA',
      leagueName: 'Brasileirão Série A',
      home: `Home ${ref}`,
      away: `Away ${ref}`,
      startsAt: Date.now() + 3_600_000 + i * 60_000,
      fair,
    });
  const eventId = new Map(
    (await hdb.query<{ id: string; feed_ref: string }>('SELECT id, feed_ref FROM hg_sport_events')).map((r) => [
      r.feed_ref,
      Number(r.id),
    ]),
  );

  // ---- the bets: rows written in bulk, each stake debited through the seamless `bet` callback
  type Slip = { session: GameSession; stake: bigint; legs: { event: number; selection: string }[] };
  const slips: Slip[] = [];
  for (let i = 0; i < BETS + BASELINE_BETS; i++) {
    const session = sessions[i % sessions.length]!;
    const stake = BigInt(100 * (1 + Math.floor(rand() * 100)));
    if (i >= BETS) {
      slips.push({ session, stake, legs: [{ event: eventId.get('BASELINE')!, selection: pick(selections) }] });
      continue;
    }
    const legs = [{ event: eventId.get('MATCH')!, selection: pick(selections) }];
    if (rand() < ACCA_SHARE) {
      const others = 1 + Math.floor(rand() * 3);
      const taken = new Set<number>();
      while (taken.size < others) taken.add(1 + Math.floor(rand() * OTHERS));
      for (const o of taken) legs.push({ event: eventId.get(`OTHER-${o}`)!, selection: pick(selections) });
    }
    slips.push({ session, stake, legs });
  }
  const p0 = performance.now();
  const ids: number[] = [];
  for (let i = 0; i < slips.length; i += 5000) {
    const chunk = slips.slice(i, i + 5000);
    const rows = await hdb.query<{ id: string; round_id: string }>(
      `WITH r AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(n integer, owner text, session_id bigint, amount bigint, currency text)),
            n AS (SELECT r.*, nextval(pg_get_serial_sequence('hg_bets', 'id')) AS id FROM r)
       INSERT INTO hg_bets (id, owner, session_id, game, game_code, round_id, amount, currency, demo, status)
       SELECT n.id, n.owner, n.session_id, 'sports', $2, 'HG' || $3 || '-SPORTS-' || n.id, n.amount, n.currency, false, 'placing'
         FROM n ORDER BY n.n RETURNING id, round_id`,
      [
        JSON.stringify(
          chunk.map((c, n) => ({
            n,
            owner: `p:${c.session.playerId}`,
            session_id: c.session.id,
            amount: String(c.stake),
            currency: c.session.currency,
          })),
        ),
        GAME_CODE,
        hdb.install,
      ],
    );
    rows.sort((x, y) => Number(x.id) - Number(y.id));
    for (const r of rows) ids.push(Number(r.id));
    await hdb.query(
      `INSERT INTO hg_sport_legs (bet_id, event_id, selection, odds)
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(bet_id bigint, event_id bigint, selection text, odds integer)`,
      [
        JSON.stringify(
          chunk.flatMap((c, n) =>
            c.legs.map((l) => ({
              bet_id: rows[n]!.id,
              event_id: l.event,
              selection: l.selection,
              odds: odds[l.selection],
            })),
          ),
        ),
      ],
    );
  }
  // The stakes reach the platform's ledger through its seamless service (the code behind the signed
  // `bet` route, with its batches), called in this process: 100,000 signed HTTP calls would only
  // measure placement's transport, which is not what this bench is about.
  const stakesDb = await openDatabase({ databaseUrl: dbUrl, poolSize: 10 });
  const stakesCtx = createContext(config, stakesDb);
  let refused = 0;
  let firstRefusal = '';
  await inParallel(slips, 256, async (c, i) => {
    const id = ids[i]!;
    const roundId = `HG${hdb.install}-SPORTS-${id}`;
    for (let attempt = 0; ; attempt++) {
      try {
        await stakesCtx.providers.seamless.bet(HOUSE, {
          sessionToken: c.session.platformSession!,
          playerId: c.session.platformPlayerId!,
          transactionId: `${roundId}-B`,
          roundId,
          gameCode: GAME_CODE,
          amount: String(c.stake),
          currency: c.session.currency,
          detail: { kind: 'sports' },
        });
        return;
      } catch (err) {
        if (attempt < 3) continue; // a batch that failed whole (e.g. a deadlock) is tried again, same id
        refused++;
        firstRefusal ||= String(err);
        return;
      }
    }
  });
  await stakesDb.close();
  await hdb.query(`UPDATE hg_bets SET status = 'open' WHERE game = 'sports' AND status = 'placing'`);
  if (refused) fail(`${refused} stakes refused by the platform (first: ${firstRefusal})`);
  console.log(
    `bets: ${BETS} on the match (${slips.slice(0, BETS).filter((x) => x.legs.length > 1).length} accumulators) and ${BASELINE_BETS} on the baseline match, ` +
      `stakes debited through the platform's seamless bets in ${s(performance.now() - p0)}`,
  );

  // ---- the other matches end (their legs get results; no bet is complete yet), bar the last two
  for (let o = 1; o <= OTHERS - OTHERS_OPEN; o++)
    await a.sports.eventResulted(`OTHER-${o}`, { score: { home: o % 3, away: (o + 1) % 2 } });
  const [stillOpen] = await hdb.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM hg_bets WHERE game = 'sports' AND status <> 'open'`,
  );
  if (stillOpen!.n !== '0') fail(`${stillOpen!.n} bets settled before their match ended`);

  // ---- baseline: the baseline match's singles settled one bet at a time
  const baseId = eventId.get('BASELINE')!;
  await hdb.query(
    `UPDATE hg_sport_events SET status = 'resulted', resulted_at = now(), score_home = $2, score_away = $3, result_version = 1 WHERE id = $1`,
    [baseId, SCORE.home, SCORE.away],
  );
  for (const sel of selections)
    await hdb.query(`UPDATE hg_sport_legs SET result = $3, result_version = 1 WHERE event_id = $1 AND selection = $2`, [
      baseId,
      sel,
      settleSelection(sel, SCORE),
    ]);
  const b0 = performance.now();
  for (const id of ids.slice(BETS)) await a.sports.settleBet(id);
  const baselineMs = performance.now() - b0;
  const perBetMs = baselineMs / BASELINE_BETS;
  console.log(
    `\nbaseline: ${BASELINE_BETS} singles of another match settled one bet at a time in ${s(baselineMs)} ` +
      `(${perBetMs.toFixed(2)} ms a bet: ${s(perBetMs * BETS)} for ${BETS})`,
  );

  // ---- the settlement: the result reaches both instances at once
  const matchId = eventId.get('MATCH')!;
  const stats = statementStats(admin);
  await stats.reset();
  const load0 = loadavg()[0]!;
  const cpuBefore = cpuByProcess();
  const cpu0 = process.cpuUsage();
  const s0 = performance.now();
  const [byA, byB] = await Promise.all([
    a.sports.eventResulted('MATCH', { score: SCORE }).then(() => 0),
    b.sports.eventResulted('MATCH', { score: SCORE }).then(() => b.sports.settleEvent(matchId)),
  ]);
  const settleMs = performance.now() - s0;
  const own = process.cpuUsage(cpu0);
  const backends = new Map(
    (
      await admin.query<{ pid: number; datname: string }>(
        `SELECT pid, datname FROM pg_stat_activity WHERE datname = ANY($1)`,
        [[dbName, houseDbName]],
      )
    ).rows.map((r) => [r.pid, r.datname === dbName ? 'postgres:platform' : 'postgres:house'] as const),
  );
  const spent = cpuSpentBetween(cpuBefore, cpuByProcess(), (pid) =>
    pid === platform.pid ? 'platform' : (backends.get(pid) ?? (pid === process.pid ? 'house' : 'other')),
  );
  const pgSpent = (spent.get('postgres:platform') ?? 0) + (spent.get('postgres:house') ?? 0);
  const load1 = loadavg()[0]!;
  void byA;
  await stats.report([dbName, houseDbName], 16);

  // ---- exactly once, and the books
  const [h] = await hdb.query<Record<string, string>>(
    `SELECT
       (SELECT count(*) FROM hg_bets b WHERE b.game = 'sports' AND b.status = 'settled')::text AS settled,
       (SELECT count(*) FROM hg_bets b WHERE b.game = 'sports' AND b.status = 'open')::text AS open,
       (SELECT count(*) FROM hg_bets b WHERE b.game = 'sports' AND b.status NOT IN ('settled', 'open'))::text AS other,
       (SELECT count(*) FROM hg_sport_postings)::text AS postings,
       (SELECT count(*) FROM hg_sport_postings WHERE status <> 'done')::text AS undone,
       (SELECT count(*) FROM (SELECT bet_id FROM hg_sport_postings GROUP BY bet_id HAVING count(*) > 1) x)::text AS twice,
       (SELECT coalesce(sum(amount), 0) FROM hg_bets WHERE game = 'sports')::text AS stakes,
       (SELECT coalesce(sum(amount), 0) FROM hg_sport_postings)::text AS paid,
       (SELECT coalesce(sum(win), 0) FROM hg_bets WHERE game = 'sports' AND status = 'settled')::text AS wins,
       (SELECT count(*) FROM hg_sport_legs l JOIN hg_bets b ON b.id = l.bet_id
          WHERE b.status = 'open' AND l.event_id = $1)::text AS open_on_match,
       (SELECT count(*) FROM hg_bets b WHERE b.status = 'open' AND NOT EXISTS (
          SELECT 1 FROM hg_sport_legs l JOIN hg_sport_events e ON e.id = l.event_id
           WHERE l.bet_id = b.id AND e.status <> 'resulted'))::text AS open_but_complete`,
    [matchId],
  );
  const plat = new pg.Client({ connectionString: dbUrl });
  await plat.connect();
  const [p] = (
    await plat.query<Record<string, string>>(
      `SELECT
         (SELECT count(*) FROM provider_transactions WHERE provider = $1 AND kind = 'bet')::text AS bets,
         (SELECT coalesce(sum(amount), 0) FROM provider_transactions WHERE provider = $1 AND kind = 'bet')::text AS staked,
         (SELECT count(*) FROM provider_transactions WHERE provider = $1 AND kind = 'win')::text AS wins,
         (SELECT coalesce(sum(amount), 0) FROM provider_transactions WHERE provider = $1 AND kind = 'win')::text AS won,
         (SELECT count(*) FROM (SELECT round_id FROM provider_transactions WHERE provider = $1 AND kind = 'win'
            GROUP BY round_id HAVING count(*) > 1) x)::text AS rounds_paid_twice,
         (SELECT coalesce(sum(win_total), 0) FROM game_rounds WHERE provider = $1)::text AS round_wins`,
      [HOUSE],
    )
  ).rows;
  await plat.end();
  const check = await openDatabase({ databaseUrl: dbUrl, poolSize: 2 });
  const report = await checkLedger(check.db);
  const checkCtx = createContext(config, check);
  let total = 0n;
  for (const l of launches) total += (await checkCtx.wallet.balance(merchantId, l.memberId)).balance;
  await check.close();

  const completes = slips.filter(
    (x, i) =>
      i < BETS &&
      x.legs.every(
        (l) =>
          !refs
            .slice(-OTHERS_OPEN)
            .map((r) => eventId.get(r))
            .includes(l.event),
      ),
  ).length;
  const settledNow = Number(h!.settled) - BASELINE_BETS;
  console.log(
    `\nsettlement of the match: ${settledNow} bets settled (${completes} complete with its result; ${h!.open_on_match} accumulators wait for a match not yet ended)`,
  );
  console.log(
    `  postings made by the first instance: ${Number(h!.postings) - BASELINE_BETS - byB}, by the second: ${byB}`,
  );
  console.log(
    `  settle time: ${s(settleMs)}; baseline one bet at a time: ${s(perBetMs * BETS)} for ${BETS} (measured on ${BASELINE_BETS}); ratio ${(settleMs / (perBetMs * BETS)).toFixed(3)}`,
  );
  console.log(
    `  CPU while settling: PostgreSQL ${s(pgSpent)} (the platform's database ${s(spent.get('postgres:platform') ?? 0)}, house games' ${s(spent.get('postgres:house') ?? 0)}), platform ${s(spent.get('platform') ?? 0)}, house games ${s((own.user + own.system) / 1000)}; load average ${load0.toFixed(2)} → ${load1.toFixed(2)}`,
  );
  if (settledNow !== completes) fail(`${settledNow} settled, ${completes} expected`);
  if (h!.other !== '0') fail(`${h!.other} bets neither settled nor open`);
  if (h!.undone !== '0') fail(`${h!.undone} postings not done`);
  if (h!.twice !== '0') fail(`${h!.twice} bets with more than one posting`);
  if (h!.open_but_complete !== '0') fail(`${h!.open_but_complete} complete bets left open`);
  if (h!.postings !== h!.settled) fail(`${h!.postings} postings for ${h!.settled} settled bets`);
  console.log(
    `\nexactly once: ${h!.postings} postings for ${h!.settled} settled bets, none twice; at the platform ${p!.wins} wins for them, rounds paid twice: ${p!.rounds_paid_twice}`,
  );
  if (p!.wins !== h!.postings) fail(`${p!.wins} wins at the platform for ${h!.postings} postings`);
  if (p!.rounds_paid_twice !== '0') fail(`${p!.rounds_paid_twice} rounds paid twice`);
  console.log(
    `books: stakes ${h!.stakes} in house games, ${p!.staked} received by the platform (${p!.bets} bet calls); ` +
      `payouts ${h!.paid} posted (settled bets' wins ${h!.wins}), ${p!.won} credited by the platform (rounds' wins ${p!.round_wins})`,
  );
  if (h!.stakes !== p!.staked || h!.paid !== p!.won || h!.wins !== p!.won || p!.round_wins !== p!.won)
    fail('the books do not balance');
  const expected = FUNDS * BigInt(MEMBERS) - BigInt(p!.staked!) + BigInt(p!.won!);
  console.log(
    `members' balances: ${total} (funds − stakes + wins = ${expected}): ${total === expected ? 'equal' : 'DIFFERENT'}`,
  );
  if (total !== expected) fail('balances');
  console.log(
    `ledger check: ${report.ok ? 'all invariants hold' : JSON.stringify(report.breaches)} (${report.stats.transactions} transactions)`,
  );
  if (!report.ok) fail('ledger check');
  console.log(
    `\n${failed ? 'FAILED' : 'exactly once, books balanced'}: settled ${settledNow} bets in ${s(settleMs)}; ` +
      `target under 10 s: ${settleMs < 10_000 ? 'met' : 'NOT met'}`,
  );
  if (failed) process.exitCode = 1;
} finally {
  for (const { services } of houses) services.sports.stop();
  for (const { db } of houses) await db.close().catch(() => {});
  for (const c of children) c.kill('SIGTERM');
  await sleep(1500);
  if (process.env.BENCH_KEEP_DB) console.log(`kept the databases ${dbName} and ${houseDbName}`);
  else {
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS "${houseDbName}" WITH (FORCE)`);
  }
  await admin.end();
}
