// `npm run bench:lobby`: GET /wps/relay/GCSGAME_gameList on the real server over the 10,000-game
// demo catalogue on PostgreSQL, at 50 connections: a name-search mix (parts of names, PT and EN,
// with and without accents) and a vendor-filter mix (a vendor's slots, pages 1-30), once with the
// game-list page cache (CATALOG_CACHE_TTL_MS, default 10 s) and once without it (every request then
// checks the catalogue's version in PostgreSQL and answers from the in-memory list of listed games,
// decision 039), beside a bare
// node:http server answering a game-list body of the same size, measured one after the other in
// the same run with the same load. The ratio is the number to watch; absolute numbers depend
// on the machine (and on whoever else shares it).
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:lobby
//   BENCH_DURATION=10 BENCH_CONNECTIONS=50 BENCH_WARMUP=3 npm run bench:lobby
//
// It creates a throwaway database next to the one named (…_lobby_<time>), migrates it and loads
// the demo catalogue through the catalogue service (timed), starts the server on it, measures,
// and drops the database. DATABASE_URL is used when BENCH_DATABASE_URL is not set.
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon, { type Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createContext } from '../../apps/server/src/context.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { seedCatalog } from '../../apps/server/src/seed/catalog.ts';
import { seed } from '../../apps/server/src/seed/index.ts';
import { freePort, productionSecrets, sleep } from './support.ts';

declare module 'autocannon' {
  interface Options {
    requests?: { method?: string; path?: string; setupRequest?: (req: { path: string }) => { path: string } }[];
  }
}

const root = path.resolve(import.meta.dirname, '../..');
const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const warmup = Number(process.env.BENCH_WARMUP ?? 3);
const TARGET_P99_MS = 15;

if (!baseUrl) {
  console.error(
    'bench:lobby runs on PostgreSQL: set BENCH_DATABASE_URL (or DATABASE_URL), e.g. postgres://postgres@127.0.0.1:5432/postgres',
  );
  process.exit(2);
}

const withDb = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

// BENCH_PROFILE=<dir> writes a CPU profile of each server run (node --cpu-prof) there.
const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
const startProcess = (file: string, env: Record<string, string>) => {
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(root, file)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  return { child, output: () => out, stop };
};

const waitReady = async (url: string, child: ReturnType<typeof startProcess>) => {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.child.exitCode !== null)
      throw new Error(`process exited with ${child.child.exitCode}:\n${child.output()}`);
    try {
      const res = await fetch(url);
      if (res.status === 200) return Buffer.from(await res.arrayBuffer());
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`not ready:\n${child.output()}`);
};

/** Parts of names people type: PT and EN, some with accents or in capitals, 3 to 11 characters. */
const SEARCHES: [string, string][] = [
  ['PT', 'drag'],
  ['PT', 'dragão'],
  ['PT', 'TIGRE'],
  ['PT', 'fênix'],
  ['PT', 'fenix'],
  ['PT', 'lua cós'],
  ['PT', 'tesouro'],
  ['PT', 'dourad'],
  ['PT', 'sorte'],
  ['PT', 'relâmp'],
  ['PT', 'selva'],
  ['PT', 'coroa'],
  ['PT', 'mega'],
  ['PT', 'pirâmide'],
  ['EN', 'golden'],
  ['EN', 'drag'],
  ['EN', 'Lucky Ti'],
  ['EN', 'phoenix'],
  ['EN', 'moon'],
  ['EN', 'treasure'],
  ['EN', 'wild'],
  ['EN', 'megaways'],
  ['EN', 'queen'],
  ['EN', 'fortune'],
  ['EN', 'jackpot'],
  ['EN', 'crown'],
  ['EN', 'samba'],
  ['EN', 'emer'],
];
const SLOT_VENDORS = [
  'LSP',
  'AUR',
  'JGL',
  'NVA',
  'RDG',
  'SKY',
  'GLD',
  'MYT',
  'ZEN',
  'PIX',
  'VOL',
  'ARC',
  'SMB',
  'CRN',
  'ORB',
  'TRB',
  'NEO',
  'FRT',
];
const LIST = '/wps/relay/GCSGAME_gameList';

const searchPaths = SEARCHES.map(
  ([lang, q]) =>
    `${LIST}?clientType=3&platform=html5-desktop&gameName=${encodeURIComponent(q)}&pageNo=1&pageSize=15&language=${lang}`,
);
const vendorPaths = SLOT_VENDORS.flatMap((v, i) =>
  [1, 2, 10, 30].map(
    (p) =>
      `${LIST}?clientType=3&platform=html5-desktop&gameType=RNG&vassalage=${v}&pageNo=${p}&pageSize=15&language=${i % 2 ? 'EN' : 'PT'}`,
  ),
);

let distinctPaths: string[] = [];

const measure = async (label: string, url: string, paths: string[]): Promise<Result> => {
  let i = 0;
  const requests = [
    { method: 'GET', setupRequest: (req: { path: string }) => ({ ...req, path: paths[i++ % paths.length]! }) },
  ];
  process.stdout.write(`  ${label}: warm-up ${warmup}s… `);
  await autocannon({ url, connections, duration: warmup, requests });
  process.stdout.write(`measuring ${duration}s at ${connections} connections… `);
  const r = await autocannon({ url, connections, duration, requests });
  console.log('done');
  if (r.errors || r.non2xx) console.log(`  ${label}: ${r.errors} errors, ${r.non2xx} non-2xx responses`);
  return r;
};

const main = async () => {
  const name = `lotus_bench_lobby_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const dbUrl = withDb(baseUrl, name);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lotus-bench-lobby-'));
  const cleanups: (() => Promise<void> | void)[] = [
    async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
    () => fs.rmSync(tmp, { recursive: true, force: true }),
  ];
  const cleanup = async () => {
    for (const c of cleanups.reverse()) await c();
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));

  try {
    console.log(
      `Benchmark: GET ${LIST} (Node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(2)}), PostgreSQL`,
    );
    // In-process seeding only, no server: the production rules are the spawned servers' business.
    const config = loadConfig(
      {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATABASE_URL: dbUrl,
        DEMO_MODE: 'true',
        SEED_DEMO_DATA: 'false',
      },
      { productionRules: false },
    );
    const database = await openDatabase({ databaseUrl: dbUrl, poolSize: 10 });
    await database.migrate();
    const ctx = createContext(config, database);
    await seed(ctx, { demo: false });
    const t0 = performance.now();
    const report = await seedCatalog(ctx);
    console.log(
      `  demo catalogue loaded through the catalogue service in ${((performance.now() - t0) / 1000).toFixed(2)}s: ${report.games.inserted} games, ${report.vendors.inserted} vendors`,
    );
    // Thousands of different searches (parts of real names, 4 to 7 characters), so that neither the
    // page cache nor the in-memory list's memory of recent searches can answer them.
    const names = (await database.db.execute(sql`
      SELECT language, search_key AS key FROM game_names WHERE language IN ('PT', 'EN') ORDER BY md5(game_id::text || language) LIMIT 4000`)) as unknown as {
      rows: { language: string; key: string }[];
    };
    const distinct = [
      ...new Set(
        names.rows.map((n, i) => {
          const len = 4 + (i % 4);
          const from = n.key.length > len ? (i * 7) % (n.key.length - len) : 0;
          return `${n.language}|${n.key.slice(from, from + len).trim()}`;
        }),
      ),
    ].filter((t) => t.split('|')[1]!.length >= 3);
    distinctPaths = distinct.map((t) => {
      const [lang, q] = t.split('|') as [string, string];
      return `${LIST}?clientType=3&platform=html5-desktop&gameName=${encodeURIComponent(q)}&pageNo=1&pageSize=15&language=${lang}`;
    });
    console.log(`  ${distinctPaths.length} distinct searches for the cold-search mix`);
    await database.close();

    // The same mixes twice: with the game-list page cache (the default) and without it, so the
    // database path is measured too.
    const modes = [
      { label: 'page cache', ttl: process.env.BENCH_CACHE_MS ?? '10000' },
      { label: 'no page cache', ttl: '0' },
    ];
    const results: { label: string; r: Result }[] = [];
    const secrets = productionSecrets();
    let sample = Buffer.alloc(0);
    for (const mode of modes) {
      const port = await freePort();
      const server = startProcess('apps/server/src/main.ts', {
        NODE_ENV: 'production',
        DEMO_MODE: 'false',
        PROVIDER_HOUSE_SECRET: randomBytes(24).toString('hex'),
        ...secrets,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: dbUrl,
        SEED_DEMO_DATA: 'false',
        SERVE_WEB: 'false',
        LOG_LEVEL: 'warn',
        DATA_DIR: path.join(tmp, 'unused'),
        CATALOG_CACHE_TTL_MS: mode.ttl,
      });
      cleanups.push(server.stop);
      const url = `http://127.0.0.1:${port}`;
      sample = await waitReady(`${url}${searchPaths[0]}`, server);
      const body = JSON.parse(sample.toString()) as { value: { totalCount: number } };
      console.log(
        `  server ready (${mode.label}); "${SEARCHES[0]![1]}" finds ${body.value.totalCount} games; body ${sample.length} bytes`,
      );
      results.push({
        label: `search, ${mode.label}`,
        r: await measure(`name search (${mode.label})`, url, searchPaths),
      });
      results.push({
        label: `vendor, ${mode.label}`,
        r: await measure(`vendor filter (${mode.label})`, url, vendorPaths),
      });
      if (mode.ttl === '0') {
        results.push({
          label: 'distinct searches, no cache',
          r: await measure('distinct searches (no page cache)', url, distinctPaths),
        });
      }
      await server.stop();
    }

    // The baseline runs while the platform is stopped, so both get the same CPU.
    const bodyFile = path.join(tmp, 'body.json');
    fs.writeFileSync(bodyFile, sample);
    const barePort = await freePort();
    const bare = startProcess('scripts/bench/bare-server.ts', { PORT: String(barePort), BENCH_BODY_FILE: bodyFile });
    cleanups.push(bare.stop);
    await waitReady(`http://127.0.0.1:${barePort}/wps/system/status`, bare);
    const baseline = await measure('bare node:http', `http://127.0.0.1:${barePort}`, ['/wps/system/status']);
    await bare.stop();

    const row = (label: string, r: Result) =>
      `${label.padEnd(30)}${r.requests.average.toFixed(0).padStart(10)}${String(r.latency.p50).padStart(10)}${String(r.latency.p99).padStart(10)}${String(r['2xx'] ?? '').padStart(12)}`;
    console.log('');
    console.log(
      `${'run'.padEnd(30)}${'req/s'.padStart(10)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}${'responses'.padStart(12)}`,
    );
    for (const { label, r } of results) console.log(row(label, r));
    console.log(row('bare node:http', baseline));
    console.log('');
    for (const { label, r } of results) {
      const ratio = r.requests.average / baseline.requests.average;
      console.log(
        `${label}: p99 ${r.latency.p99} ms (target < ${TARGET_P99_MS} ms: ${r.latency.p99 < TARGET_P99_MS ? 'met' : 'NOT met'}); ` +
          `throughput ${(ratio * 100).toFixed(1)}% of bare node:http; p99 ${(r.latency.p99 / Math.max(baseline.latency.p99, 1)).toFixed(2)}x bare`,
      );
    }
  } finally {
    await cleanup();
  }
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
