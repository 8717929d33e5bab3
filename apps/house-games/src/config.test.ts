import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_SECRET, loadConfig } from './config.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  HOUSE_GAMES_SECRET: 'a-production-secret-of-our-own',
  HOUSE_GAMES_HOST: '0.0.0.0',
  HOUSE_GAMES_PLATFORM_URL: 'https://lotus88.example',
};

/** The variables named by a refused configuration, one per line after the heading. */
const refused = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
  } catch (err) {
    const [heading, ...lines] = (err as Error).message.split('\n');
    expect(heading).toBe('Invalid house-games configuration:');
    return lines.map((l) => l.trim().split(':')[0]!);
  }
  throw new Error('expected the configuration to be refused');
};

describe('house games configuration', () => {
  it('runs the local demo from an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      HOUSE_GAMES_HOST: '127.0.0.1',
      HOUSE_GAMES_PORT: 3001,
      HOUSE_GAMES_PLATFORM_URL: 'http://localhost:3000',
      HOUSE_GAMES_DEMO_BALANCE: 200_000,
      secret: DEMO_SECRET,
    });
    // The demo platform may be opened as localhost or as 127.0.0.1.
    expect(c.frameAncestors).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
  });

  it.each([
    ['HOUSE_GAMES_SECRET', { HOUSE_GAMES_SECRET: undefined }],
    ['HOUSE_GAMES_SECRET', { HOUSE_GAMES_SECRET: DEMO_SECRET }],
    ['HOUSE_GAMES_HOST', { HOUSE_GAMES_HOST: undefined }],
    ['HOUSE_GAMES_PLATFORM_URL', { HOUSE_GAMES_PLATFORM_URL: undefined }],
    ['HOUSE_GAMES_COCKFIGHT_FEED', { HOUSE_GAMES_COCKFIGHT_FEED: 'simulated' }],
    ['HOUSE_GAMES_SPORTS_FEED', { HOUSE_GAMES_SPORTS_FEED: 'simulated' }],
  ])('refuses to run in production with an unsafe %s', (name, change) => {
    expect(refused({ ...PRODUCTION, ...change } as Record<string, string>)).toEqual([name]);
  });

  it('follows the two ports when its URLs are not set (issue 17)', () => {
    const c = loadConfig({ PORT: '3100', HOUSE_GAMES_PORT: '3101' });
    expect(c.HOUSE_GAMES_PUBLIC_URL).toBe('http://localhost:3101');
    expect(c.HOUSE_GAMES_PLATFORM_URL).toBe('http://localhost:3100');
    expect(c.frameAncestors).toContain('http://localhost:3100');
    expect(loadConfig({}).HOUSE_GAMES_PUBLIC_URL).toBe('http://localhost:3001');
  });

  it('names every offending variable at once, malformed ones included', () => {
    expect(refused({ NODE_ENV: 'production', HOUSE_GAMES_PORT: 'x' }).sort()).toEqual([
      'HOUSE_GAMES_HOST',
      'HOUSE_GAMES_PLATFORM_URL',
      'HOUSE_GAMES_PORT',
      'HOUSE_GAMES_SECRET',
    ]);
    // A value that is both malformed and required is named once.
    expect(refused({ ...PRODUCTION, HOUSE_GAMES_SECRET: 'short' })).toEqual(['HOUSE_GAMES_SECRET']);
  });

  it('runs the simulated cockfight arena outside production only (decision 092)', () => {
    expect(loadConfig({}).HOUSE_GAMES_COCKFIGHT_FEED).toBe('simulated');
    expect(loadConfig(PRODUCTION).HOUSE_GAMES_COCKFIGHT_FEED).toBe('none');
  });

  it('runs the simulated sports feed outside production only (decision 099)', () => {
    expect(loadConfig({}).HOUSE_GAMES_SPORTS_FEED).toBe('simulated');
    expect(loadConfig(PRODUCTION).HOUSE_GAMES_SPORTS_FEED).toBe('none');
  });

  it('offers free trials in production only when their play money is set', () => {
    expect(loadConfig(PRODUCTION).HOUSE_GAMES_DEMO_BALANCE).toBeNull();
    expect(loadConfig({ ...PRODUCTION, HOUSE_GAMES_DEMO_BALANCE: '100000' }).HOUSE_GAMES_DEMO_BALANCE).toBe(100_000);
  });

  it('lets only the platform frame the games: its URL’s origin and the origins listed', () => {
    expect(loadConfig(PRODUCTION).frameAncestors).toEqual(['https://lotus88.example']);
    const c = loadConfig({
      ...PRODUCTION,
      HOUSE_GAMES_PLATFORM_URL: 'http://10.0.0.5:3000/',
      HOUSE_GAMES_PLATFORM_ORIGINS: 'https://lotus88.example, https://www.lotus88.example/',
    });
    expect(c.frameAncestors).toEqual([
      'http://10.0.0.5:3000',
      'https://lotus88.example',
      'https://www.lotus88.example',
    ]);
    expect(refused({ ...PRODUCTION, HOUSE_GAMES_PLATFORM_ORIGINS: 'https://lotus88.example/play' })).toEqual([
      'HOUSE_GAMES_PLATFORM_ORIGINS',
    ]);
  });
});

describe('README configuration table', () => {
  it('documents every variable house games reads', () => {
    const source = fs.readFileSync(path.join(import.meta.dirname, 'config.ts'), 'utf8');
    const schemaBody = source.slice(source.indexOf('const schema = z.object({'), source.indexOf('\n});'));
    const names = [...schemaBody.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(10);
    const readme = fs.readFileSync(path.join(import.meta.dirname, '../../../README.md'), 'utf8');
    const documented = new Set([...readme.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]));
    const missing = names.filter((n) => n !== 'NODE_ENV' && !documented.has(n));
    expect(missing, 'add these to the house games configuration table in README.md').toEqual([]);
  });
});
