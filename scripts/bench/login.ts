// `npm run bench:login`: POST /wps/session/login on the real server, measured against the work a
// login cannot avoid — argon2id verification with the same parameters, run bare in this process —
// and then under an attack burst: many connections guessing one account's password from rotating
// IPs (a botnet), while honest members keep logging in. Everything runs in one process tree on one
// machine, one phase after another, so the ratios are the numbers to watch.
//
//   BENCH_DURATION=10 BENCH_CONNECTIONS=8 BENCH_ATTACK_CONNECTIONS=50 npm run bench:login
//
// The server runs on a fresh embedded database (DATA_DIR in a temp folder), with X-Forwarded-For
// trusted so every simulated client can have its own IP.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { hash, verify } from '@node-rs/argon2';
import autocannon, { type Result } from 'autocannon';
import { freePort, sleep } from './support.ts';

interface RequestParams {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}
interface RunOptions {
  url: string;
  connections: number;
  duration: number;
  requests: { method: string; path: string; setupRequest: (req: RequestParams) => RequestParams }[];
}
type RunResult = Result & { statusCodeStats?: Record<string, { count: number }> };
/** autocannon with the per-request bodies and status counts this benchmark uses (beyond the shared typings). */
const run = autocannon as unknown as (opts: RunOptions) => Promise<RunResult>;

const root = path.resolve(import.meta.dirname, '../..');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const attackConnections = Number(process.env.BENCH_ATTACK_CONNECTIONS ?? 50);
const ARGON = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

/** argon2id verifications per second with `parallel` in flight (libuv runs four at a time). */
const bareArgon = async (seconds: number, parallel: number) => {
  const stored = await hash('bench1234', ARGON);
  let done = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (performance.now() < end) {
        await verify(stored, 'bench1234');
        done++;
      }
    }),
  );
  return done / seconds;
};

const post = (url: string, body: object, ip: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });

let ipCounter = 0;
const nextIp = () => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

const main = async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lotus-bench-login-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _ignored, ...parentEnv } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...parentEnv,
      // Demo mode (plain JSON logins, TRUST_PROXY=true), which production refuses (decision 051).
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, 'db'),
      SERVE_WEB: 'false',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      // Honest members each come from their own IP and never fail: only the account lock should bite.
      LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
      REGISTER_MAX_PER_IP_PER_HOUR: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));

  try {
    console.log(
      `Benchmark: POST /wps/session/login (Node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(2)})`,
    );
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited:\n${out}`);
      if (Date.now() > deadline) throw new Error(`server not ready:\n${out}`);
      try {
        if ((await fetch(`${base}/wps/system/status`)).ok) break;
      } catch {
        // not yet listening
      }
      await sleep(200);
    }

    // Members through the real registration call (plain JSON: demo mode allows it).
    const members = Array.from({ length: 20 }, (_, i) => ({
      username: `bench${String(i).padStart(3, '0')}`,
      password: 'bench1234',
    }));
    for (const m of [...members, { username: 'victim01', password: 'victim1234' }]) {
      const res = await post(
        `${base}/wps/member/register`,
        { ...m, confirmPassword: m.password, agreeTerms: true, ageConfirmed: true, birthday: '1990-01-15' },
        nextIp(),
      );
      if (!res.ok) throw new Error(`register failed: ${await res.text()}`);
    }

    process.stdout.write(`  bare argon2id verify (${connections} in flight, ${duration}s)… `);
    const argonRate = await bareArgon(duration, connections);
    console.log(`${argonRate.toFixed(1)}/s`);

    const loginRequests = () => [
      {
        method: 'POST',
        path: '/wps/session/login',
        setupRequest: (req: RequestParams) => {
          const m = members[ipCounter % members.length]!;
          return {
            ...req,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
            body: JSON.stringify({ type: 'username', username: m.username, password: m.password }),
          };
        },
      },
    ];

    process.stdout.write(`  honest logins alone (${connections} connections, ${duration}s)… `);
    const alone = await run({ url: base, connections, duration, requests: loginRequests() });
    console.log(
      `${alone.requests.average.toFixed(1)} req/s, p50 ${alone.latency.p50} ms, p99 ${alone.latency.p99} ms, non-2xx ${alone.non2xx}`,
    );

    // The attack: wrong passwords for one account from rotating IPs, with honest logins alongside.
    const attackRequests = [
      {
        method: 'POST',
        path: '/wps/session/login',
        setupRequest: (req: RequestParams) => ({
          ...req,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
          body: JSON.stringify({ type: 'username', username: 'victim01', password: `guess${ipCounter}` }),
        }),
      },
    ];
    process.stdout.write(
      `  attack burst (${attackConnections} connections) with honest logins alongside (${duration}s)… `,
    );
    const [attack, during] = await Promise.all([
      run({ url: base, connections: attackConnections, duration, requests: attackRequests }),
      run({ url: base, connections, duration, requests: loginRequests() }),
    ]);
    console.log('done');
    const stats = attack.statusCodeStats ?? {};
    const attackTotal = Object.values(stats).reduce((sum, x) => sum + x.count, 0);
    // 401 is the only answer that cost a password hash; 400 (captcha required) and 429 (locked) did not.
    const hashed = stats['401']?.count ?? 0;
    console.log(
      `  attack: ${attack.requests.average.toFixed(0)} req/s answered; ${attackTotal} attempts, ${hashed} of them hashed, ` +
        `${stats['400']?.count ?? 0} refused for want of a captcha, ${stats['429']?.count ?? 0} refused by a limit`,
    );
    console.log(
      `  honest logins during the attack: ${during.requests.average.toFixed(1)} req/s, p50 ${during.latency.p50} ms, p99 ${during.latency.p99} ms, non-2xx ${during.non2xx}`,
    );
    console.log('');
    console.log('  ratios (same run, same machine)');
    console.log(`    login throughput / bare argon2id verify: ${(alone.requests.average / argonRate).toFixed(2)}`);
    console.log(
      `    attack requests answered per second / honest logins per second: ${(attack.requests.average / alone.requests.average).toFixed(1)}`,
    );
    console.log(
      `    share of attack requests refused before any hashing: ${(((attackTotal - hashed) / Math.max(1, attackTotal)) * 100).toFixed(3)}%`,
    );
    console.log(
      `    honest login throughput under attack / alone: ${(during.requests.average / alone.requests.average).toFixed(2)}`,
    );
    console.log(
      `    honest p50 latency under attack / alone: ${(during.latency.p50 / Math.max(1, alone.latency.p50)).toFixed(2)}`,
    );
  } finally {
    await stop();
  }
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
