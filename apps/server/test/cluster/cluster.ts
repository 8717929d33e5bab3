import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import WebSocket from 'ws';
import { loadConfig } from '../../src/config.ts';
import { createContext, type AppContext } from '../../src/context.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { freePort } from '../ports.ts';
import { nginxBinary, startProxy, type Proxy } from './proxy.ts';

/**
 * The cluster `npm run test:cluster` runs (decision 052): a fresh PostgreSQL database, a key prefix of
 * its own on the shared Redis, two platform instances started from the production build at the same
 * moment on that empty database, and nginx in front of them with the repository's configuration.
 * Clients connect from loopback addresses of their own (127.0.0.x), so the address the platform
 * reads from X-Forwarded-For is the client's, not the proxy's (127.0.0.1, its TRUST_PROXY).
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const serverMain = path.join(repoRoot, 'apps/server/build/main.js');

export const OPERATOR_PASSWORD = 'Cluster#Operator2026';
export const PROXY_ADDRESS = '127.0.0.1';

export interface Envelope<T> {
  success: boolean;
  value: T;
  message: string;
  code?: string;
}

export interface Answer<T> {
  status: number;
  /** The platform's JSON envelope, or null when the answer was not one (a proxy's error page). */
  body: Envelope<T> | null;
  text: string;
  headers: IncomingHttpHeaders;
}

export interface Call {
  method?: string;
  json?: unknown;
  /** A body sent exactly as given (signed vendor calls). */
  raw?: string;
  headers?: Record<string, string>;
}

/**
 * A client of one port, connecting from one local address with keep-alive connections, as a
 * browser or a vendor's server would: HTTPS when given the proxy's certificate, plain HTTP
 * otherwise (straight to an instance). Network failures reject; every HTTP answer resolves.
 */
export class Client {
  private readonly agent: http.Agent;
  private readonly transport: typeof http | typeof https;
  constructor(
    readonly port: number,
    readonly localAddress: string,
    private readonly ca: string | null,
    sockets = 8,
  ) {
    this.transport = ca ? https : http;
    this.agent = ca
      ? new https.Agent({ keepAlive: true, maxSockets: sockets, ca })
      : new http.Agent({ keepAlive: true, maxSockets: sockets });
  }

  request<T = unknown>(url: string, c: Call = {}): Promise<Answer<T>> {
    const payload = c.raw ?? (c.json === undefined ? undefined : JSON.stringify(c.json));
    return new Promise((resolve, reject) => {
      const req = this.transport.request(
        {
          host: '127.0.0.1',
          port: this.port,
          path: url,
          method: c.method ?? (payload === undefined ? 'GET' : 'POST'),
          agent: this.agent,
          localAddress: this.localAddress,
          headers: {
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
            ...c.headers,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            let body: Envelope<T> | null = null;
            try {
              const parsed = JSON.parse(text) as Envelope<T>;
              if (parsed && typeof parsed === 'object' && 'success' in parsed) body = parsed;
            } catch {
              body = null;
            }
            resolve({ status: res.statusCode ?? 0, body, text, headers: res.headers });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** The member's live feed (decision 027), through this port. */
  socket(): WebSocket {
    const scheme = this.ca ? 'wss' : 'ws';
    return new WebSocket(`${scheme}://127.0.0.1:${this.port}/wps/v2/messages/socket`, {
      ...(this.ca ? { ca: this.ca } : {}),
      localAddress: this.localAddress,
    });
  }

  close() {
    this.agent.destroy();
  }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A vendor's signed call body and headers (decision 033: HMAC-SHA256 over "<timestamp>.<raw body>"). */
export const signed = (secret: string, body: Record<string, unknown>): Call => {
  const raw = JSON.stringify(body);
  const ts = String(Date.now());
  return {
    raw,
    headers: {
      'x-provider-timestamp': ts,
      'x-provider-signature': createHmac('sha256', secret).update(`${ts}.${raw}`).digest('hex'),
    },
  };
};

export interface Instance {
  name: string;
  port: number;
  address: string;
  up(): boolean;
  start(): Promise<void>;
  /** kill -9, and wait until the process is gone. */
  kill(): Promise<void>;
  stop(): Promise<void>;
  log(): string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

export interface Cluster {
  databaseUrl: string;
  redisPrefix: string;
  redis: Redis;
  /** Secrets every instance shares (README "Several instances"). */
  secrets: { providerHouse: string };
  instances: Instance[];
  proxy: Proxy;
  /** Through the balanced site, from a local address of the caller's choosing. */
  site(localAddress: string, sockets?: number): Client;
  /** Through the pinned lane of one instance (same proxying), from a local address. */
  lane(instance: number, localAddress: string): Client;
  /** Straight to an instance, bypassing the proxy. */
  direct(instance: number, localAddress: string): Client;
  /** The product's services on the cluster's database, for fixtures (no HTTP, no Redis). */
  fixtures(): Promise<AppContext>;
  /** The cluster's working folder (logs, nginx files), kept when `keep` is passed to stop. */
  dir: string;
  stop(o?: { keep?: boolean }): Promise<void>;
}

/** Settings each instance runs with besides the database, Redis and its port. */
const instanceSettings = (o: { proxyPort: number; payloadKey: string; secretsKey: string; providerHouse: string }) => ({
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  DEMO_MODE: 'false',
  SEED_DEMO_DATA: 'false',
  SERVE_WEB: 'false',
  LOG_LEVEL: 'warn',
  DATABASE_POOL_SIZE: '8',
  PUBLIC_BASE_URL: `https://127.0.0.1:${o.proxyPort}`,
  // The proxy's own address, not `true`: a client connecting straight to an instance is not believed.
  TRUST_PROXY: PROXY_ADDRESS,
  OPERATOR_BOOTSTRAP_PASSWORD: OPERATOR_PASSWORD,
  PAYLOAD_RSA_PRIVATE_KEY: o.payloadKey,
  SECRETS_KEY: o.secretsKey,
  PROVIDER_HOUSE_SECRET: o.providerHouse,
  PROVIDER_REPLAY_WINDOW_SECONDS: '300',
  JOBS_POLL_MS: '500',
  CATALOG_CACHE_TTL_MS: '2000',
  LOGIN_MAX_ATTEMPTS_PER_IP: '10',
});

/** The caller's environment without what would point an instance elsewhere. */
const cleanEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) =>
        !/^(DATABASE_|REDIS_|HOUSE_GAMES_|PROVIDER|PAYLOAD_|SECRETS_KEY|DEMO_MODE|SEED_|LOGIN_|JOBS_|CATALOG_)/.test(k),
    ),
  );

export const startCluster = async (): Promise<Cluster> => {
  if (!fs.existsSync(serverMain)) throw new Error(`${serverMain} is missing: run \`npm run build\``);
  // Before anything is created: a machine without nginx fails at once, naming the package.
  nginxBinary();
  const baseUrl = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const run = `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}_${process.pid}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lotus-cluster-'));
  const dbName = `lotus_cluster_${run}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  await admin.end();
  const databaseUrl = withDatabase(baseUrl, dbName);
  const redisPrefix = `lotus-cluster-${run}:`;
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });

  const [portA, portB, https, http, laneA, laneB] = await Promise.all([1, 2, 3, 4, 5, 6].map(() => freePort()));
  const settings = instanceSettings({
    proxyPort: https!,
    payloadKey: generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    }).privateKey,
    secretsKey: randomBytes(32).toString('base64'),
    providerHouse: randomBytes(24).toString('hex'),
  });

  const instance = (name: string, port: number): Instance => {
    let child: ChildProcess | null = null;
    const logFile = path.join(dir, `instance-${name}.log`);
    const alive = () => !!child && child.exitCode === null && child.signalCode === null;
    const gone = () => new Promise<void>((resolve) => (alive() ? child!.once('exit', () => resolve()) : resolve()));
    return {
      name,
      port,
      address: `127.0.0.1:${port}`,
      up: alive,
      log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''),
      async start() {
        const out = fs.openSync(logFile, 'a');
        child = spawn(process.execPath, ['--enable-source-maps', serverMain], {
          cwd: repoRoot,
          env: {
            ...cleanEnv(),
            ...settings,
            PORT: String(port),
            DATABASE_URL: databaseUrl,
            REDIS_URL: redisUrl,
            REDIS_PREFIX: redisPrefix,
          },
          stdio: ['ignore', out, out],
        });
        fs.closeSync(out);
        for (let i = 0; i < 600; i++) {
          if (!alive()) throw new Error(`instance ${name} exited while starting:\n${this.log()}`);
          const ready = await fetch(`http://127.0.0.1:${port}/wps/system/status`).then(
            (r) => r.status === 200,
            () => false,
          );
          if (ready) return;
          await sleep(100);
        }
        throw new Error(`instance ${name} did not come up in 60 s:\n${this.log()}`);
      },
      async kill() {
        if (!alive()) return;
        child!.kill('SIGKILL');
        await gone();
      },
      async stop() {
        if (!alive()) return;
        child!.kill('SIGTERM');
        await Promise.race([gone(), sleep(15_000)]);
        await this.kill();
      },
    };
  };

  const instances = [instance('A', portA!), instance('B', portB!)];
  let proxy: Proxy | null = null;
  const opened: Client[] = [];
  let fixtureDb: Database | null = null;
  const stop = async (o: { keep?: boolean } = {}) => {
    for (const c of opened) c.close();
    await Promise.all(instances.map((i) => i.stop()));
    await proxy?.stop();
    await fixtureDb?.close();
    const keys: string[] = [];
    for (let cursor = '0'; ;) {
      const [next, batch] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 1000);
      keys.push(...batch);
      if ((cursor = next) === '0') break;
    }
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    // pg's pool.end() resolves before its sockets have closed: let them go before the drop.
    for (let i = 0; i < 50; i++) {
      const { rows } = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [dbName]);
      if ((rows[0] as { n: number }).n === 0) break;
      await sleep(100);
    }
    await c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await c.end();
    if (!o.keep) fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    // Both at once on the empty database, as a deployment starting its instances together does.
    await Promise.all(instances.map((i) => i.start()));
    proxy = await startProxy({
      dir: path.join(dir, 'nginx'),
      instances: instances.map((i) => i.address),
      ports: { https: https!, http: http!, lanes: [laneA!, laneB!] },
    });
  } catch (err) {
    await stop({ keep: true });
    throw new Error(`${(err as Error).message}\n(cluster files kept in ${dir})`, { cause: err });
  }
  const p = proxy;
  const client = (port: number, localAddress: string, sockets?: number, ca: string | null = p.ca) => {
    const c = new Client(port, localAddress, ca, sockets);
    opened.push(c);
    return c;
  };
  return {
    databaseUrl,
    redisPrefix,
    redis,
    secrets: { providerHouse: settings.PROVIDER_HOUSE_SECRET },
    instances,
    proxy: p,
    dir,
    site: (localAddress, sockets) => client(p.ports.https, localAddress, sockets),
    lane: (i, localAddress) => client(p.ports.lanes[i]!, localAddress),
    direct: (i, localAddress) => client(instances[i]!.port, localAddress, undefined, null),
    fixtures: async () => {
      fixtureDb ??= await openDatabase({ databaseUrl, poolSize: 4 });
      return createContext(
        loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', SERVE_WEB: 'false' }),
        fixtureDb,
      );
    },
    stop,
  };
};
