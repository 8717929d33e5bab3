import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { functionsFiles } from '../src/db/functions.ts';
import { col, many, row } from '../src/db/rows.ts';
import { sealPayload } from '@app/contract';
import { DEMO_SANDBOX_SECRET } from '../src/features/deposit/sandbox/gateway.ts';
import { DEMO_HOUSE_SECRET } from '../src/features/provider/registry.ts';
import { DEMO_SECRETS_KEY } from '../src/lib/secret-box.ts';
import { totpAt } from '../src/lib/totp.ts';
import { DEMO_OPERATOR_PASSWORD } from '../src/seed/index.ts';
import { freePort } from './ports.ts';
import { productionEnv } from './production-env.ts';

/**
 * A production start (decision 050): `NODE_ENV=production npm start` runs the compiled servers
 * (built once per run by built-servers-setup.ts when `npm run build`'s output is stale) with plain
 * node; house games refuses unsafe settings by name; a missing or stale build is refused.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const houseMain = path.join(repoRoot, 'apps/house-games/build/main.js');
const serverMain = path.join(repoRoot, 'apps/server/build/main.js');
const tmpDirs: string[] = [];
const children: ChildProcess[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tmpDirs.push(dir);
  return dir;
};

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
});

/** The caller's environment without anything that would point these processes elsewhere. */
const cleanEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) =>
        !/^(DATABASE_URL|HOUSE_GAMES_|PROVIDER_|DEMO_MODE|SEED_|PAYLOAD_|SECRETS_KEY|OPERATOR_|TRUST_PROXY|PAYMENT_|HOST$|NODE_ENV$)/.test(
          k,
        ),
    ),
  );

const run = (args: string[], env: Record<string, string>, cwd = repoRoot) => {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...cleanEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => out };
};

const until = async (
  what: string,
  check: () => Promise<boolean>,
  proc: { exited: Promise<unknown>; output(): string },
) => {
  let gone = false;
  void proc.exited.then(() => (gone = true));
  for (let i = 0; i < 600; i++) {
    if (gone) throw new Error(`exited before ${what}:\n${proc.output()}`);
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}:\n${proc.output()}`);
};

const SECRET = 'production-start-test-secret';

describe('NODE_ENV=production npm start', () => {
  it(
    'runs both compiled servers with node; they answer and the first operator can sign in',
    { timeout: 120_000 },
    async () => {
      const [port, housePort] = [await freePort(), await freePort()];
      const platformUrl = `http://127.0.0.1:${port}`;
      const data = tempDir('lotus-prod-');
      const proc = run(['scripts/start.mjs'], {
        ...productionEnv(),
        PORT: String(port),
        DATA_DIR: path.join(data, 'platform'),
        PUBLIC_BASE_URL: platformUrl,
        SERVE_WEB: 'false',
        LOG_LEVEL: 'warn',
        OPERATOR_BOOTSTRAP_PASSWORD: 'First#Operator2026',
        PROVIDER_HOUSE_SECRET: SECRET,
        HOUSE_GAMES_URL: `http://127.0.0.1:${housePort}`,
        HOUSE_GAMES_PORT: String(housePort),
        HOUSE_GAMES_HOST: '127.0.0.1',
        HOUSE_GAMES_SECRET: SECRET,
        HOUSE_GAMES_PLATFORM_URL: platformUrl,
        HOUSE_GAMES_DATA_DIR: path.join(data, 'house-games'),
        HOUSE_GAMES_SERVE_UI: 'false',
        HOUSE_GAMES_LOG_LEVEL: 'warn',
      });
      await until('the platform', async () => (await fetch(`${platformUrl}/wps/system/status`)).ok, proc);
      await until('house games', async () => (await fetch(`http://127.0.0.1:${housePort}/healthz`)).ok, proc);

      // Both are the compiled JavaScript run by plain node, not the TypeScript sources under tsx.
      const commands = spawnSync('ps', ['-o', 'args=', '--ppid', String(proc.child.pid)], { encoding: 'utf8' }).stdout;
      expect(commands).toContain('apps/server/build/main.js');
      expect(commands).toContain('apps/house-games/build/main.js');
      expect(commands).not.toContain('tsx');
      // Each with the servers' Node flags (a 64 MB young-generation semi-space, decision 122).
      const lines = commands.trim().split('\n');
      expect(lines).toHaveLength(2);
      for (const line of lines) expect(line).toContain('--max-semi-space-size=64');

      // The migrations and the first operator came from the build's start (read from the checkout).
      const login = await fetch(`${platformUrl}/wps/operator/session/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'First#Operator2026' }),
      });
      expect(login.status).toBe(200);

      const games = await fetch(`http://127.0.0.1:${housePort}/api/games`);
      expect(games.headers.get('content-security-policy')).toContain(`frame-ancestors ${platformUrl};`);

      proc.child.kill('SIGTERM');
      expect(await proc.exited).toBe(0);

      // The built server applied the ledger's functions file from src/db/functions (decision 047).
      const database = await openDatabase({ dataDir: path.join(data, 'platform') });
      try {
        const Applied = row({ name: col.text, hash: col.text });
        const applied = await many(database.db, Applied, sql`SELECT name, hash FROM drizzle.__repeatable_migrations`);
        expect(applied).toEqual(functionsFiles().map(({ name, hash }) => ({ name, hash })));
      } finally {
        await database.close();
      }
    },
  );

  it('refuses a missing or stale build, naming npm run build', async () => {
    // A checkout with the start script and nothing built.
    const fake = tempDir('lotus-nobuild-');
    fs.mkdirSync(path.join(fake, 'scripts'));
    for (const f of ['start.mjs', 'builds.mjs']) {
      fs.copyFileSync(path.join(repoRoot, 'scripts', f), path.join(fake, 'scripts', f));
    }
    const missing = run(['scripts/start.mjs'], { NODE_ENV: 'production', SERVE_WEB: 'false' }, fake);
    expect(await missing.exited).toBe(1);
    expect(missing.output()).toContain('Run `npm run build` first');
    expect(missing.output()).toContain('apps/server/build/main.js is missing');
    expect(missing.output()).toContain('apps/house-games/build/main.js is missing');
    expect(missing.output()).not.toContain('apps/web/dist'); // not served: not needed

    // Builds older than a source they were made from.
    for (const app of ['server', 'house-games']) {
      const build = path.join(fake, 'apps', app, 'build');
      fs.mkdirSync(path.join(fake, 'apps', app, 'src'), { recursive: true });
      fs.mkdirSync(build, { recursive: true });
      fs.writeFileSync(path.join(build, 'main.js'), '');
      fs.writeFileSync(path.join(build, 'inputs.json'), JSON.stringify([`apps/${app}/src/main.ts`]));
      const source = path.join(fake, 'apps', app, 'src/main.ts');
      fs.writeFileSync(source, '');
      const later = new Date(Date.now() + 60_000);
      fs.utimesSync(source, later, later);
    }
    const stale = run(['scripts/start.mjs'], { NODE_ENV: 'production', SERVE_WEB: 'false' }, fake);
    expect(await stale.exited).toBe(1);
    expect(stale.output()).toContain('apps/server/src/main.ts changed after apps/server/build/main.js was built');
    expect(stale.output()).toContain('Run `npm run build` first');
  });
});

/** Runs the built platform server alone; resolves with its exit code and output once it exits. */
const platform = (env: Record<string, string | undefined>) =>
  run(
    ['--enable-source-maps', serverMain],
    Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined)),
  );

/** The lines of a refusal that name a variable (`  NAME: why`). */
const named = (output: string) => [...output.matchAll(/^ {2}([A-Z][A-Z0-9_]*): /gm)].map((m) => m[1]);

describe('the platform in production (decision 051)', () => {
  const complete = (data: string) => ({
    ...productionEnv(),
    PORT: '0',
    DATA_DIR: path.join(data, 'db'),
    SERVE_WEB: 'false',
    LOG_LEVEL: 'warn',
  });

  it.each([
    ['DEMO_MODE', { DEMO_MODE: 'true' }],
    ['SEED_DEMO_DATA', { SEED_DEMO_DATA: 'true' }],
    ['PROVIDER_HOUSE_SECRET', { PROVIDER_HOUSE_SECRET: undefined }],
    ['PROVIDER_HOUSE_SECRET', { PROVIDER_HOUSE_SECRET: DEMO_HOUSE_SECRET }],
    ['PAYMENT_SANDBOX_SECRET', { PAYMENT_SANDBOX_SECRET: DEMO_SANDBOX_SECRET }],
    ['SECRETS_KEY', { SECRETS_KEY: undefined }],
    ['SECRETS_KEY', { SECRETS_KEY: DEMO_SECRETS_KEY.toString('base64') }],
    ['PAYLOAD_RSA_PRIVATE_KEY', { PAYLOAD_RSA_PRIVATE_KEY: undefined }],
    ['PAYLOAD_PLAINTEXT_ALLOWED', { PAYLOAD_PLAINTEXT_ALLOWED: 'true' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'true' }],
    ['HOST', { HOST: undefined }],
  ])('refuses to start with an unsafe %s, naming it, before opening the database', async (name, change) => {
    const data = tempDir('lotus-prod-refused-');
    const proc = platform({ ...complete(data), ...change });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toContain('Invalid configuration');
    expect(named(proc.output())).toEqual([name]);
    expect(fs.existsSync(path.join(data, 'db'))).toBe(false);
  });

  it(
    'names every offender in one message, the first operator’s password too while no operator exists',
    { timeout: 120_000 },
    async () => {
      const data = tempDir('lotus-prod-refused-');
      const proc = platform({
        ...complete(data),
        DEMO_MODE: 'yes',
        TRUST_PROXY: 'true',
        SECRETS_KEY: undefined,
        OPERATOR_BOOTSTRAP_PASSWORD: undefined,
      });
      expect(await proc.exited).toBe(1);
      expect(proc.output().match(/Invalid configuration/g)).toHaveLength(1);
      expect(named(proc.output()).sort()).toEqual(
        ['DEMO_MODE', 'OPERATOR_BOOTSTRAP_PASSWORD', 'SECRETS_KEY', 'TRUST_PROXY'].sort(),
      );
    },
  );

  it(
    'starts with a complete configuration: no demo accounts, outbox, sandbox or demo data; later starts need no bootstrap password',
    { timeout: 180_000 },
    async () => {
      const data = tempDir('lotus-prod-complete-');
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      // DEMO_MODE and SEED_DEMO_DATA unset: off by default in production.
      const env = {
        ...complete(data),
        PORT: String(port),
        PUBLIC_BASE_URL: url,
        HOUSE_GAMES_URL: 'http://127.0.0.1:9',
      };
      const first = platform(env);
      await until('the platform', async () => (await fetch(`${url}/wps/system/status`)).ok, first);

      const post = (p: string, body: unknown) =>
        fetch(`${url}${p}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const operatorLogin = (username: string, password: string) =>
        post('/wps/operator/session/login', { username, password });
      // Only the first operator, with the configured password; the demo operators do not exist.
      expect((await operatorLogin('admin', DEMO_OPERATOR_PASSWORD)).status).toBe(401);
      expect((await operatorLogin('finance', DEMO_OPERATOR_PASSWORD)).status).toBe(401);
      const admin = await operatorLogin('admin', 'First#Operator2026');
      expect(admin.status).toBe(200);
      const token = ((await admin.json()) as { value: { token: string } }).value.token;
      // The first operator's own first steps (decision 054): a password of its own, then an authenticator.
      const step = (path: string, body: unknown) =>
        fetch(`${url}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect(
        (
          await step('/wps/operator/account/password', {
            currentPassword: 'First#Operator2026',
            newPassword: 'Own#Operator2026',
          })
        ).status,
      ).toBe(200);
      const setup = await step('/wps/operator/account/totp/setup', {});
      const { secret } = ((await setup.json()) as { value: { secret: string } }).value;
      expect((await step('/wps/operator/account/totp/enable', { code: totpAt(secret, Date.now()) })).status).toBe(200);

      // The demo player's login fails (sealed, as production requires), and plain JSON is refused.
      const key = (
        (await (await fetch(`${url}/wps/session/encryption-key`)).json()) as {
          value: { kid: string; publicKey: string; required: boolean };
        }
      ).value;
      expect(key.required).toBe(true);
      const demoPlayer = { type: 'username', username: 'lucasbr88', password: 'demo1234' };
      const plain = await post('/wps/session/login', demoPlayer);
      expect(((await plain.json()) as { code: string }).code).toBe('PAYLOAD_ENCRYPTION_REQUIRED');
      const sealed = await post('/wps/session/login', await sealPayload(key, '/wps/session/login', demoPlayer));
      expect(sealed.status).toBe(401);
      expect(((await sealed.json()) as { code: string }).code).toBe('INVALID_CREDENTIALS');

      // No developer outbox, no sandbox pay page: not registered, so the generic 404 envelope.
      const outbox = await fetch(`${url}/wps/dev/outbox`);
      expect(outbox.status).toBe(404);
      expect(((await outbox.json()) as { code: string }).code).toBe('NOT_FOUND');
      // Nor player protection's demo clock (registered, it would answer 401 to a call without a session).
      const elapse = await post('/wps/v2/protection/demo/elapse', { hours: 24 });
      expect(elapse.status).toBe(404);
      const payPage = await fetch(`${url}/sandbox-gateway/pay/SBX000000000000000000`);
      expect(payPage.status).toBe(404);
      expect(payPage.headers.get('content-type')).toContain('application/json');
      const webhook = await post('/provider/payments/sandbox/webhook', { ref: 'x' });
      expect(webhook.status).toBe(404);
      expect(((await webhook.json()) as { message: string }).message).toBe('Unknown gateway');

      // No demo data: no deposit channels; and a sandbox channel cannot be created.
      const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const channels = await fetch(`${url}/wps/operator/deposit-channels`, { headers: auth });
      expect(((await channels.json()) as { value: unknown[] }).value).toEqual([]);
      const sandbox = await fetch(`${url}/wps/operator/deposit-channels`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          code: 'SBX',
          kind: 'gateway',
          name: 'Sandbox',
          minAmount: '1000',
          maxAmount: '100000',
          gateway: 'sandbox',
          enabled: true,
          sort: 0,
        }),
      });
      expect(sandbox.status).toBe(400);
      expect(((await sandbox.json()) as { code: string }).code).toBe('SANDBOX_GATEWAY_DEMO_ONLY');

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);

      // An operator exists now: the bootstrap password may go.
      const again = platform({ ...env, OPERATOR_BOOTSTRAP_PASSWORD: undefined });
      await until('the second start', async () => (await fetch(`${url}/wps/system/status`)).ok, again);
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    },
  );
});

describe('house games in production', () => {
  const complete = {
    NODE_ENV: 'production',
    HOUSE_GAMES_SECRET: SECRET,
    HOUSE_GAMES_HOST: '127.0.0.1',
    HOUSE_GAMES_PLATFORM_URL: 'http://127.0.0.1:9',
    HOUSE_GAMES_SERVE_UI: 'false',
  };

  it.each([
    ['HOUSE_GAMES_SECRET', { HOUSE_GAMES_SECRET: undefined }],
    ['HOUSE_GAMES_SECRET', { HOUSE_GAMES_SECRET: 'house-games-demo-secret-change-me' }],
    ['HOUSE_GAMES_HOST', { HOUSE_GAMES_HOST: undefined }],
    ['HOUSE_GAMES_PLATFORM_URL', { HOUSE_GAMES_PLATFORM_URL: undefined }],
  ])('refuses to start with an unsafe %s, naming it', async (name, change) => {
    const env = Object.fromEntries(
      Object.entries({ ...complete, ...change }).filter((e): e is [string, string] => e[1] !== undefined),
    );
    const data = tempDir('lotus-house-refused-');
    const proc = run(['--enable-source-maps', houseMain], { ...env, HOUSE_GAMES_DATA_DIR: path.join(data, 'db') });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toContain('Invalid house-games configuration');
    expect(proc.output()).toMatch(new RegExp(`^ {2}${name}: `, 'm'));
    // Refused before its database was opened.
    expect(fs.existsSync(path.join(data, 'db'))).toBe(false);
  });
});

describe('the server build', () => {
  it('reads the files beside a module (a .sql next to a data file) from the sources’ place', () => {
    const dir = tempDir('lotus-build-fixture-');
    fs.mkdirSync(path.join(dir, 'src/db'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'src/db/ledger.sql'), 'SELECT 1;\n');
    fs.writeFileSync(
      path.join(dir, 'src/db/queries.ts'),
      [
        "import fs from 'node:fs';",
        "import path from 'node:path';",
        "export const ledgerSql = () => fs.readFileSync(path.join(import.meta.dirname, 'ledger.sql'), 'utf8');",
        "export const ledgerUrl = () => new URL('./ledger.sql', import.meta.url).pathname;",
      ].join('\n'),
    );
    fs.writeFileSync(
      path.join(dir, 'src/main.ts'),
      "import { ledgerSql, ledgerUrl } from './db/queries.ts';\nconsole.log(JSON.stringify({ sql: ledgerSql(), url: ledgerUrl() }));\n",
    );
    const script = `import { buildServer } from ${JSON.stringify(path.join(repoRoot, 'scripts/build-servers.mjs'))};
      await buildServer({ entry: ${JSON.stringify(path.join(dir, 'src/main.ts'))}, outdir: ${JSON.stringify(path.join(dir, 'build'))} });`;
    const build = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);

    const ran = spawnSync(process.execPath, [path.join(dir, 'build/main.js')], { encoding: 'utf8' });
    expect(ran.status, ran.stderr).toBe(0);
    expect(JSON.parse(ran.stdout)).toEqual({ sql: 'SELECT 1;\n', url: path.join(dir, 'src/db/ledger.sql') });
  });
});
