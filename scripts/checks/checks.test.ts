import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import prettier from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { runtimeCycles } from './cycles.mjs';

/**
 * Each rule of decision 046 fails on a deliberate violation. The fixtures are written into a
 * throwaway folder inside the real tree (the rules are about where a file sits) and removed after.
 */
const root = path.resolve(import.meta.dirname, '../..');
const fixtureDirs = [
  'apps/server/src/features/zz-lint-fixture',
  'apps/server/src/lib/zz-lint-fixture',
  'apps/web/src/features/zzLintFixture',
  'apps/web/src/components/zzLintFixture',
  'packages/contract/src/zz-lint-fixture',
  'apps/house-games/src/zz-lint-fixture',
];
const eslint = new ESLint({ cwd: root });

const lint = async (file: string, code: string) => {
  const full = path.join(root, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, code);
  const [result] = await eslint.lintFiles([full]);
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
};

beforeAll(() => fixtureDirs.forEach((d) => fs.rmSync(path.join(root, d), { recursive: true, force: true })));
afterAll(() => fixtureDirs.forEach((d) => fs.rmSync(path.join(root, d), { recursive: true, force: true })));

describe('lint boundaries (decision 046)', { timeout: 60_000 }, () => {
  it('a feature file two folders deep may not import another feature’s data.ts, routes or jobs', async () => {
    const found = await lint(
      'apps/server/src/features/zz-lint-fixture/deep/inner/service.ts',
      "import * as uploads from '../../../upload/data.ts';\nimport { uploadRoutes } from '../../../upload/routes.ts';\nexport const x = [uploads, uploadRoutes];\n",
    );
    expect(found.filter((m) => m.startsWith('boundaries/element-types: Another feature'))).toHaveLength(2);
  });

  it('a feature may import its own data.ts and another feature’s service', async () => {
    fs.mkdirSync(path.join(root, 'apps/server/src/features/zz-lint-fixture'), { recursive: true });
    fs.writeFileSync(path.join(root, 'apps/server/src/features/zz-lint-fixture/data.ts'), 'export const d = 1;\n');
    const found = await lint(
      'apps/server/src/features/zz-lint-fixture/service.ts',
      "import { d } from './data.ts';\nimport { sniffImage } from '../upload/service.ts';\nexport const x = [d, sniffImage];\n",
    );
    expect(found).toEqual([]);
  });

  it('only data files import the database (types excepted)', async () => {
    const found = await lint(
      'apps/server/src/features/zz-lint-fixture/other.ts',
      "import { sql } from 'drizzle-orm';\nimport type { SQL } from 'drizzle-orm';\nimport { uploads } from '../../db/schema/index.ts';\nimport type { Db } from '../../db/client.ts';\nexport const x = (q: SQL, db: Db) => [sql, uploads, q, db];\n",
    );
    expect(found.filter((m) => m.startsWith('@typescript-eslint/no-restricted-imports'))).toHaveLength(2);
  });

  it('features never reach the composition root', async () => {
    const found = await lint(
      'apps/server/src/features/zz-lint-fixture/routes.ts',
      "import type { AppContext } from '../../context.ts';\nexport const x = (c: AppContext) => c;\n",
    );
    expect(found.some((m) => m.startsWith('boundaries/element-types: A feature receives'))).toBe(true);
  });

  it('lib/ knows no feature', async () => {
    const found = await lint(
      'apps/server/src/lib/zz-lint-fixture/tool.ts',
      "import { sniffImage } from '../../features/upload/service.ts';\nexport const x = sniffImage;\n",
    );
    expect(found.some((m) => m.startsWith('boundaries/element-types: lib/ and db/'))).toBe(true);
  });

  it('server code is linted with types: a floating promise fails', async () => {
    const found = await lint(
      'apps/server/src/features/zz-lint-fixture/policy.ts',
      'const later = async () => 1;\nexport const x = () => {\n  later();\n};\n',
    );
    expect(found.some((m) => m.startsWith('@typescript-eslint/no-floating-promises'))).toBe(true);
  });

  it('web features do not import each other; generic UI imports no feature', async () => {
    const feature = await lint(
      'apps/web/src/features/zzLintFixture/Page.tsx',
      "import { WalletLive } from '../wallet/index.ts';\nexport const x = WalletLive;\n",
    );
    expect(feature.some((m) => m.startsWith('boundaries/element-types: Web features'))).toBe(true);
    const ui = await lint(
      'apps/web/src/components/zzLintFixture/Box.tsx',
      "import { WalletLive } from '../../features/wallet/index.ts';\nexport const x = WalletLive;\n",
    );
    expect(ui.some((m) => m.startsWith('boundaries/element-types: Generic UI'))).toBe(true);
  });

  it('the contract depends on zod only; the web never imports server code; house games talk HTTP only', async () => {
    const contract = await lint(
      'packages/contract/src/zz-lint-fixture/x.ts',
      "import fs from 'node:fs';\nexport const x = fs;\n",
    );
    expect(contract.some((m) => m.includes('The contract depends on zod only'))).toBe(true);
    const web = await lint(
      'apps/web/src/features/zzLintFixture/server.ts',
      "import { loadConfig } from '../../../../server/src/config.ts';\nexport const x = loadConfig;\n",
    );
    expect(web.some((m) => m.includes('The web app never imports server'))).toBe(true);
    const house = await lint(
      'apps/house-games/src/zz-lint-fixture/x.ts',
      "import { loadConfig } from '../../../server/src/config.ts';\nexport const x = loadConfig;\n",
    );
    expect(house.some((m) => m.includes('House games talk to the platform only'))).toBe(true);
  });
});

describe('cycle check', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cycles-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('finds a runtime cycle and ignores one made of type-only imports', async () => {
    fs.mkdirSync(path.join(dir, 'runtime'));
    fs.writeFileSync(path.join(dir, 'runtime/a.ts'), "import { b } from './b.ts';\nexport const a = () => b;\n");
    fs.writeFileSync(path.join(dir, 'runtime/b.ts'), "import { a } from './a.ts';\nexport const b = () => a;\n");
    expect(await runtimeCycles(path.join(dir, 'runtime'))).toEqual([['a.ts', 'b.ts']]);
    fs.mkdirSync(path.join(dir, 'types'));
    fs.writeFileSync(path.join(dir, 'types/a.ts'), "import type { B } from './b.ts';\nexport type A = { b?: B };\n");
    fs.writeFileSync(path.join(dir, 'types/b.ts'), "import type { A } from './a.ts';\nexport type B = { a?: A };\n");
    expect(await runtimeCycles(path.join(dir, 'types'))).toEqual([]);
  });
});

describe('format check', () => {
  it('Prettier with the repository’s settings refuses unformatted code', async () => {
    const options = (await prettier.resolveConfig(path.join(root, 'apps/server/src/app.ts'))) ?? {};
    const file = { ...options, filepath: path.join(root, 'apps/server/src/x.ts') };
    expect(await prettier.check('export const x = {a:1}\n', file)).toBe(false);
    expect(await prettier.check(await prettier.format('export const x = {a:1}\n', file), file)).toBe(true);
  });
});
