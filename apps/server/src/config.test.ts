import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import { ConfigError, loadConfig, trustProxyOption } from './config.ts';

const errorOf = (env: Record<string, string>, opts: Parameters<typeof loadConfig>[1] = {}): ConfigError => {
  try {
    loadConfig(env, opts);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected the configuration to be refused');
};

describe('loadConfig', () => {
  it('starts with safe defaults from an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      TRUST_PROXY: 'false',
      BODY_LIMIT_BYTES: 1024 * 1024,
      CORS_ORIGINS: [],
      DEMO_MODE: true,
      SERVE_WEB: true,
    });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.REDIS_URL).toBeUndefined();
    expect(c.dataDir).toBe(path.resolve('./data/platform'));
    expect(c.webDistDir.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('derives each service origin from its port when it is not set (issue 17)', () => {
    expect(loadConfig({})).toMatchObject({
      PUBLIC_BASE_URL: 'http://localhost:3000',
      HOUSE_GAMES_URL: 'http://localhost:3001',
    });
    expect(loadConfig({ PORT: '3100', HOUSE_GAMES_PORT: '3101' })).toMatchObject({
      PUBLIC_BASE_URL: 'http://localhost:3100',
      HOUSE_GAMES_URL: 'http://localhost:3101',
    });
    // A setting of its own wins over the port.
    expect(
      loadConfig({
        PORT: '3100',
        PUBLIC_BASE_URL: 'https://lotus88.example',
        HOUSE_GAMES_URL: 'https://games.example',
      }),
    ).toMatchObject({ PUBLIC_BASE_URL: 'https://lotus88.example', HOUSE_GAMES_URL: 'https://games.example' });
  });

  it('parses numbers, booleans and lists', () => {
    const c = loadConfig({
      PORT: '8080',
      DEMO_MODE: 'no',
      SERVE_WEB: '0',
      SEED_DEMO_DATA: 'yes',
      CORS_ORIGINS: ' https://a.example , https://b.example,, ',
      DATA_DIR: '/tmp/lotus-x',
      WEB_DIST_DIR: '/tmp/lotus-dist',
    });
    expect(c.PORT).toBe(8080);
    expect(c.DEMO_MODE).toBe(false);
    expect(c.SERVE_WEB).toBe(false);
    expect(c.SEED_DEMO_DATA).toBe(true);
    expect(c.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(c.dataDir).toBe('/tmp/lotus-x');
    expect(c.webDistDir).toBe('/tmp/lotus-dist');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://root@localhost/db'],
    ['REDIS_URL', 'http://localhost:6379'],
    ['LOG_LEVEL', 'loud'],
    ['NODE_ENV', 'staging'],
    ['DEMO_MODE', 'maybe'],
    ['BODY_LIMIT_BYTES', '10'],
    ['PUBLIC_BASE_URL', 'not a url'],
    ['SESSION_IDLE_MINUTES', '0'],
    ['OPERATOR_BOOTSTRAP_PASSWORD', 'short'],
    ['SHUTDOWN_TIMEOUT_MS', '-1'],
    ['CSP_CONNECT_SRC', 'ftp://files.example'],
    ['CSP_CONNECT_SRC', 'https://cdn.example/path'],
    ['CSP_CONNECT_SRC', '*'],
  ])('refuses %s=%s and names the variable', (name, value) => {
    const err = errorOf({ [name]: value });
    expect(err.message).toMatch(/^Invalid configuration:/);
    expect(err.message).toContain(`  ${name}: `);
  });

  it('names every wrong variable at once', () => {
    const err = errorOf({ PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'sqlite://x' });
    const named = err.message
      .split('\n')
      .slice(1)
      .map((l) => l.trim().split(':')[0]);
    expect(named.sort()).toEqual(['DATABASE_URL', 'LOG_LEVEL', 'PORT']);
  });

  it('listens on loopback by default, and makes production choose its interface', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).HOST).toBe('127.0.0.1');
    expect(errorOf({ NODE_ENV: 'production' }).message).toMatch(/^ {2}HOST: required in production/m);
    expect(loadConfig({ ...production, HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('accepts postgres and postgresql URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/d' }).DATABASE_URL).toBe('postgres://u@h:5432/d');
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/d' }).DATABASE_URL).toBe('postgresql://u@h/d');
  });

  it.each([
    ['1', 'hop count'],
    ['10.0.0.0/8, 127.0.0.1', 'list'],
    ['::1,fd00::/8', 'IPv6 list'],
  ])('accepts TRUST_PROXY=%s (%s)', (value) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toBe(value);
  });

  it.each(['yes', '10.0.0.0/33', 'proxy.example', '10.0.0.1/8/2'])('refuses TRUST_PROXY=%s', (value) => {
    expect(errorOf({ TRUST_PROXY: value }).message).toMatch(/^ {2}TRUST_PROXY: /m);
  });
});

const production = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PROVIDER_HOUSE_SECRET: 'a-house-secret-of-our-own',
  SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
  PAYLOAD_RSA_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
    type: 'pkcs8',
    format: 'pem',
  }) as string,
};

describe('loadConfig in production (decision 051)', () => {
  it('turns demo mode, demo data and plain payloads off by default', () => {
    const c = loadConfig(production);
    expect([c.DEMO_MODE, c.SEED_DEMO_DATA, c.PAYLOAD_PLAINTEXT_ALLOWED ?? c.DEMO_MODE]).toEqual([false, false, false]);
    expect([loadConfig({}).DEMO_MODE, loadConfig({}).SEED_DEMO_DATA]).toEqual([true, true]);
  });

  it('names every unsafe setting in one message, malformed values first', () => {
    const err = errorOf({ NODE_ENV: 'production', DEMO_MODE: 'true', TRUST_PROXY: 'true', PORT: 'x' });
    expect(err.message).toMatch(/^ {2}PORT: /m); // the form is checked first
    const unsafe = errorOf({ NODE_ENV: 'production', DEMO_MODE: 'true', SEED_DEMO_DATA: '1', TRUST_PROXY: 'true' });
    const named = unsafe.message
      .split('\n')
      .slice(1)
      .map((l) => l.trim().split(':')[0]);
    expect(named.sort()).toEqual(
      [
        'DEMO_MODE',
        'HOST',
        'PAYLOAD_RSA_PRIVATE_KEY',
        'PROVIDER_HOUSE_SECRET',
        'SECRETS_KEY',
        'SEED_DEMO_DATA',
        'TRUST_PROXY',
      ].sort(),
    );
  });

  it('asks for the first operator’s password only when told no operator exists', () => {
    expect(() => loadConfig(production, { operatorExists: true })).not.toThrow();
    expect(errorOf(production, { operatorExists: false }).message).toMatch(/^ {2}OPERATOR_BOOTSTRAP_PASSWORD: /m);
    expect(() =>
      loadConfig({ ...production, OPERATOR_BOOTSTRAP_PASSWORD: 'First#Operator1' }, { operatorExists: false }),
    ).not.toThrow();
  });

  it('leaves the production rules to the caller when asked to (the start checks them with the database)', () => {
    expect(loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'true' }, { productionRules: false }).DEMO_MODE).toBe(true);
  });
});

describe('trustProxyOption', () => {
  it('trusts nothing by default', () => {
    expect(trustProxyOption('false')).toBe(false);
    expect(trustProxyOption('')).toBe(false);
  });

  it('trusts everything only when told to', () => {
    expect(trustProxyOption('true')).toBe(true);
  });

  it('turns a number into a hop count', () => {
    const fn = trustProxyOption('2');
    expect(typeof fn).toBe('function');
    const trust = fn as (addr: string, hop: number) => boolean;
    expect([trust('10.0.0.1', 0), trust('10.0.0.1', 1), trust('10.0.0.1', 2)]).toEqual([true, true, false]);
  });

  it('turns a comma list into proxy addresses', () => {
    expect(trustProxyOption('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });
});

describe('README configuration table', () => {
  it('documents every variable the server reads', () => {
    const source = fs.readFileSync(path.join(import.meta.dirname, 'config.ts'), 'utf8');
    const schemaBody = source.slice(source.indexOf('const schema = z.object({'), source.indexOf('\n});'));
    const names = [...schemaBody.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(10);
    const readme = fs.readFileSync(path.join(import.meta.dirname, '../../../README.md'), 'utf8');
    const documented = new Set([...readme.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]));
    const missing = names.filter((n) => !documented.has(n));
    expect(missing, 'add these to the configuration table in README.md').toEqual([]);
  });
});
