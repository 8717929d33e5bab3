import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './ports.ts';
import { productionEnv } from './production-env.ts';

/**
 * The real server process (`node --import tsx apps/server/src/main.ts`), as `npm start` runs it,
 * on its own embedded database in a temporary DATA_DIR. Always PGlite: these tests are about the
 * process, not the driver.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const mainTs = path.join(repoRoot, 'apps/server/src/main.ts');
const tmpDirs: string[] = [];
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
});

interface ServerProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves when a line of output matches; rejects if the process exits first. */
  waitFor(pattern: RegExp): Promise<string>;
  exited: Promise<number | null>;
}

const startServer = (env: Record<string, string>): ServerProcess => {
  const parentEnv = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(DATABASE_URL|PROVIDER_|PAYLOAD_|SECRETS_KEY|DEMO_MODE|SEED_)/.test(k),
    ),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', mainTs], {
    cwd: repoRoot,
    env: { ...parentEnv, ...productionEnv(), SERVE_WEB: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  const waiters: { pattern: RegExp; resolve(line: string): void; reject(err: Error): void }[] = [];
  const onData = (chunk: Buffer) => {
    out += chunk.toString();
    for (const w of [...waiters]) {
      const line = out.split('\n').find((l) => w.pattern.test(l));
      if (line !== undefined) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void exited.then(() => {
    for (const w of waiters.splice(0)) w.reject(new Error(`server exited before ${w.pattern}:\n${out}`));
  });
  return {
    child,
    output: () => out,
    exited,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const line = out.split('\n').find((l) => pattern.test(l));
        if (line !== undefined) return resolve(line);
        if (child.exitCode !== null) return reject(new Error(`server exited before ${pattern}:\n${out}`));
        waiters.push({ pattern, resolve, reject });
      }),
  };
};

const tempDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lotus-proc-'));
  tmpDirs.push(dir);
  return dir;
};

describe('configuration at start', () => {
  it('stops with a non-zero exit and names the variable when PORT is wrong', async () => {
    const s = startServer({ PORT: 'abc', DATA_DIR: tempDataDir() });
    const code = await s.exited;
    expect(code).not.toBe(0);
    expect(s.output()).toContain('Invalid configuration');
    expect(s.output()).toMatch(/^\s*PORT: /m);
  });

  it('names every wrong variable, and does not touch the database', async () => {
    const dataDir = path.join(tempDataDir(), 'db');
    const s = startServer({ PORT: '3000', LOG_LEVEL: 'chatty', DATABASE_URL: 'mysql://x', DATA_DIR: dataDir });
    expect(await s.exited).not.toBe(0);
    expect(s.output()).toMatch(/^\s*LOG_LEVEL: /m);
    expect(s.output()).toMatch(/^\s*DATABASE_URL: /m);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('stops and names SMS_HTTP_URL when the SMS gateway has no address', { timeout: 90_000 }, async () => {
    const s = startServer({ PORT: '3000', HOST: '127.0.0.1', SMS_PROVIDER: 'http', DATA_DIR: tempDataDir() });
    expect(await s.exited).not.toBe(0);
    expect(s.output()).toContain('Invalid configuration');
    expect(s.output()).toMatch(/^\s*SMS_HTTP_URL: /m);
  });
});

describe('graceful shutdown', () => {
  it('finishes an in-flight request on SIGTERM, closes the database and exits 0', { timeout: 90_000 }, async () => {
    const port = await freePort();
    const dataDir = tempDataDir();
    const s = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    await s.waitFor(/platform ready/);

    // A request whose headers have arrived but whose body has not: in flight when SIGTERM lands.
    const body = JSON.stringify({ username: 'admin', password: 'not-the-password' });
    const half = Math.floor(body.length / 2);
    const response = new Promise<{ status: number; body: string; connection: string | undefined }>(
      (resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/wps/operator/session/login',
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
            agent: new http.Agent({ keepAlive: true }),
          },
          (res) => {
            let text = '';
            res.on('data', (c: Buffer) => (text += c.toString()));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }),
            );
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, half));
        void s
          .waitFor(/"msg":"shutting down/)
          .then(() => req.end(body.slice(half)))
          .catch(reject);
      },
    );
    await s.waitFor(
      /incoming request.*\/wps\/operator\/session\/login|\/wps\/operator\/session\/login.*incoming request/,
    );
    s.child.kill('SIGTERM');

    const res = await response;
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toMatchObject({ success: false, code: 'INVALID_CREDENTIALS' });
    // The keep-alive connection is told to close, so it cannot hold the shutdown open.
    expect(res.connection).toBe('close');
    expect(await s.exited).toBe(0);
    expect(s.output()).toContain('shutdown complete');

    // New connections are refused once it is gone.
    await expect(
      new Promise((resolve, reject) => {
        const sock = net.connect(port, '127.0.0.1', () => resolve(sock.end()));
        sock.on('error', reject);
      }),
    ).rejects.toThrow(/ECONNREFUSED/);

    // The embedded database was closed cleanly: a second start on the same DATA_DIR opens it.
    const again = startServer({
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    });
    await again.waitFor(/platform ready/);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  });
});
