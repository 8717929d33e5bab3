import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { functionsFiles } from '../src/db/functions.ts';
import { col, many, row } from '../src/db/rows.ts';
import { freePort } from './ports.ts';

/**
 * A production start (decision 050): `NODE_ENV=production npm start` runs the compiled servers
 * (built once per run by built-servers-setup.ts when `npm run build`'s output is stale) with plain
 * node; house games refuses unsafe settings by name; a missing or stale build is refused.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const houseMain = path.join(repoRoot, 'apps/house-games/build/main.js');
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
    Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|HOUSE_GAMES_|PROVIDER_|DEMO_MODE|SEED_)/.test(k)),
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
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(data, 'platform'),
        PUBLIC_BASE_URL: platformUrl,
        DEMO_MODE: 'false',
        SEED_DEMO_DATA: 'false',
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
