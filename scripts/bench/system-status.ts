// `npm run bench`: GET /wps/system/status on the real server beside a bare node:http handler that
// answers a JSON body of the same size, measured one after the other in the same run, on the same
// machine, with the same load. The ratio is the number to watch; absolute numbers depend on the box.
//
//   BENCH_DURATION=10 BENCH_CONNECTIONS=50 BENCH_WARMUP=3 npm run bench
//
// The platform runs on a fresh embedded database in a temporary DATA_DIR. DATABASE_URL is ignored
// (the server migrates whatever it points at); BENCH_DATABASE_URL names a throwaway PostgreSQL
// database to measure that driver instead.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { freePort, sleep } from './support.ts';

const root = path.resolve(import.meta.dirname, '../..');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const warmup = Number(process.env.BENCH_WARMUP ?? 3);
const PATH = '/wps/system/status';

/** Polls until the URL answers 200, or fails when the process dies or 120 s pass. */
const waitReady = async (url: string, child: ChildProcess, output: () => string) => {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.status === 200) return res;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`server did not become ready:\n${output()}`);
};

const startProcess = (file: string, env: Record<string, string>) => {
  const { DATABASE_URL: _ignored, ...parentEnv } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, file)], {
    cwd: root,
    env: { ...parentEnv, ...env },
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

const measure = async (label: string, url: string): Promise<Result> => {
  process.stdout.write(`  ${label}: warm-up ${warmup}s… `);
  await autocannon({ url, connections, duration: warmup });
  process.stdout.write(`measuring ${duration}s at ${connections} connections… `);
  const r = await autocannon({ url, connections, duration });
  console.log('done');
  if (r.errors || r.non2xx) console.log(`  ${label}: ${r.errors} errors, ${r.non2xx} non-2xx responses`);
  return r;
};

const main = async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lotus-bench-'));
  const bodyFile = path.join(dataDir, 'status.json');
  const cleanups: (() => Promise<void> | void)[] = [() => fs.rmSync(dataDir, { recursive: true, force: true })];
  const cleanup = async () => {
    for (const c of cleanups.reverse()) await c();
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));

  try {
    console.log(
      `Benchmark: GET ${PATH} (Node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(2)})`,
    );

    const port = await freePort();
    const platform = startProcess('apps/server/src/main.ts', {
      // The demo brand and its content, which production refuses (decision 051).
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, 'db'),
      SERVE_WEB: 'true',
      LOG_LEVEL: 'warn',
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    });
    cleanups.push(platform.stop);
    const platformUrl = `http://127.0.0.1:${port}${PATH}`;
    const t0 = Date.now();
    const first = await waitReady(platformUrl, platform.child, platform.output);
    const body = Buffer.from(await first.arrayBuffer());
    const driver = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    console.log(
      `  platform server ready in ${((Date.now() - t0) / 1000).toFixed(1)}s (${driver}); body ${body.length} bytes`,
    );
    const platformResult = await measure('platform', platformUrl);
    await platform.stop();

    // The baseline runs while the platform is stopped, so both get the same CPU.
    fs.writeFileSync(bodyFile, body);
    const barePort = await freePort();
    const bare = startProcess('scripts/bench/bare-server.ts', { PORT: String(barePort), BENCH_BODY_FILE: bodyFile });
    cleanups.push(bare.stop);
    const bareUrl = `http://127.0.0.1:${barePort}${PATH}`;
    await waitReady(bareUrl, bare.child, bare.output);
    const bareResult = await measure('bare node:http', bareUrl);
    await bare.stop();

    const row = (name: string, r: Result) =>
      `${name.padEnd(16)}${r.requests.average.toFixed(0).padStart(10)}${String(r.latency.p50).padStart(10)}${String(r.latency.p99).padStart(10)}${String(r['2xx'] ?? '').padStart(12)}`;
    console.log('');
    console.log(
      `${'server'.padEnd(16)}${'req/s'.padStart(10)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}${'responses'.padStart(12)}`,
    );
    console.log(row('platform', platformResult));
    console.log(row('bare node:http', bareResult));
    const ratio = platformResult.requests.average / bareResult.requests.average;
    console.log('');
    console.log(`ratio platform / bare (throughput): ${ratio.toFixed(3)}  (${(ratio * 100).toFixed(1)}% of bare Node)`);
    console.log(
      `ratio platform / bare (p99 latency): ${(platformResult.latency.p99 / Math.max(bareResult.latency.p99, 1)).toFixed(2)}x`,
    );
  } finally {
    await cleanup();
  }
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
