import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';

/**
 * One lint setup for the whole repository. Besides the usual rules it enforces the import
 * boundaries of design.md §1: the contract depends on zod alone, the web app never imports server
 * code, the server never imports web code, and house games talk to the platform only over HTTP.
 */
const boundary = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      'data/**',
      '**/drizzle/**',
      'e2e/artifacts/**',
      'test-results/**',
      'playwright-report/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        fetch: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    // Unit tests of the contract run under vitest; they are not part of what clients import.
    ignores: ['packages/contract/**/*.test.ts'],
    rules: boundary([{ regex: '^(?!zod$|\\./|\\.\\./)', message: 'The contract depends on zod only.' }]),
  },
  {
    // The routes part is what a client's first page may import: no zod, no schemas.
    files: ['packages/contract/src/route.ts', 'packages/contract/src/routes/*.ts'],
    rules: boundary([
      { regex: '^(?!\\./[\\w-]+\\.ts$|\\.\\./route\\.ts$)', message: 'Routes import only other routes (no zod).' },
    ]),
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundary([
        {
          group: ['**/apps/server/**', '@app/server', '@app/server/*'],
          message: 'The web app never imports server code.',
        },
        {
          group: ['**/apps/house-games/**', '@app/house-games'],
          message: 'The web app never imports house-games code.',
        },
      ]),
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: boundary([
      { group: ['**/apps/web/**', '@app/web', '@app/web/*'], message: 'The server never imports web code.' },
      {
        group: ['**/apps/house-games/**', '@app/house-games'],
        message: 'House games are an outside vendor: HTTP only.',
      },
    ]),
  },
  {
    // The house-games screens are React too.
    files: ['apps/house-games/src/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/house-games/**/*.{ts,tsx}'],
    rules: boundary([
      {
        group: ['**/apps/server/**', '@app/server', '@app/server/*', '**/apps/web/**', '@app/web'],
        message: 'House games talk to the platform only through its provider API.',
      },
    ]),
  },
  {
    // Type-aware rules on the server: promises that are never awaited and checks that the types
    // already make are where money code goes wrong quietly.
    // Tests cast driver results freely on purpose; the rules watch the product's code.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-base-to-string': 'error',
      '@typescript-eslint/restrict-plus-operands': 'error',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Only data files (and the database layer itself) talk to the database; types may be shared.
    files: ['apps/server/src/{features,http,seed}/**/*.ts'],
    ignores: ['apps/server/src/features/**/data.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'drizzle-orm', message: 'Queries live in data.ts files.', allowTypeImports: true },
            { name: 'pg', message: 'Queries live in data.ts files.', allowTypeImports: true },
          ],
          patterns: [
            {
              group: ['drizzle-orm/*', '@electric-sql/pglite', '@electric-sql/pglite/*'],
              message: 'Queries live in data.ts files.',
              allowTypeImports: true,
            },
            {
              group: ['**/db/client.ts', '**/db/rows.ts', '**/db/schema/**', '**/db/schema/index.ts'],
              message: 'Only data.ts files touch the database; services pass `db` along (import type { Db }).',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // Layers and features (decision 046). Tests may reach anything they check.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/elements': [
        { type: 'server-root', pattern: 'apps/server/src/*.ts', mode: 'full' },
        {
          type: 'server-data',
          pattern: 'apps/server/src/features/*/**/data.ts',
          mode: 'full',
          capture: ['feature'],
        },
        {
          type: 'server-private',
          pattern: 'apps/server/src/features/*/**/{routes,jobs}.ts',
          mode: 'full',
          capture: ['feature'],
        },
        { type: 'server-feature', pattern: 'apps/server/src/features/*', capture: ['feature'] },
        // The error vocabulary every layer throws in (AppError and friends), though it lives in http/.
        { type: 'server-errors', pattern: 'apps/server/src/http/errors.ts', mode: 'full' },
        { type: 'server-http', pattern: 'apps/server/src/http' },
        { type: 'server-lib', pattern: 'apps/server/src/lib' },
        { type: 'server-db', pattern: 'apps/server/src/db' },
        { type: 'server-seed', pattern: 'apps/server/src/seed' },
        { type: 'server-cli', pattern: 'apps/server/src/cli' },
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'web-app', pattern: 'apps/web/src/app' },
        { type: 'web-ui', pattern: 'apps/web/src/components' },
        { type: 'web-lib', pattern: 'apps/web/src/lib' },
        { type: 'web-i18n', pattern: 'apps/web/src/i18n' },
        // Whatever else sits in each app: the apps only meet over HTTP and through the contract.
        { type: 'server-other', pattern: 'apps/server' },
        { type: 'web-other', pattern: 'apps/web' },
        { type: 'house-games', pattern: 'apps/house-games' },
        { type: 'contract', pattern: 'packages/contract' },
      ],
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'allow',
          rules: [
            {
              from: ['server-*'],
              disallow: ['web-*', 'house-games'],
              message: 'The server never imports web or house-games code: they meet over HTTP and the contract.',
            },
            {
              from: ['web-*'],
              disallow: ['server-*', 'house-games'],
              message: 'The web app never imports server or house-games code: only the contract.',
            },
            {
              from: ['house-games'],
              disallow: ['server-*', 'web-*', 'contract'],
              message: 'House games talk to the platform only through its provider API, like any vendor.',
            },
            {
              from: ['contract'],
              disallow: ['server-*', 'web-*', 'house-games'],
              message: 'The contract depends on zod only.',
            },
            {
              from: ['server-feature', 'server-data', 'server-private'],
              disallow: [
                ['server-data', { feature: '!${from.feature}' }],
                ['server-private', { feature: '!${from.feature}' }],
              ],
              message: 'Another feature is reached through its service, never its data.ts, routes or jobs.',
            },
            {
              from: ['server-feature', 'server-data', 'server-private'],
              disallow: ['server-root', 'server-seed', 'server-cli'],
              message:
                'A feature receives what it needs as deps; it never reaches for the composition root, seeds or CLIs.',
            },
            {
              from: ['server-lib', 'server-db'],
              disallow: [
                'server-feature',
                'server-data',
                'server-private',
                'server-http',
                'server-root',
                'server-seed',
                'server-cli',
              ],
              importKind: 'value',
              message: 'lib/ and db/ are infrastructure: they know no feature, no HTTP and no wiring.',
            },
            {
              from: ['server-http'],
              disallow: ['server-root', 'server-seed', 'server-cli', 'server-data'],
              importKind: 'value',
              message: 'The HTTP layer is given its dependencies when app.ts installs it.',
            },
            {
              from: ['web-feature'],
              disallow: [['web-feature', { feature: '!${from.feature}' }], 'web-app'],
              message: 'Web features do not import each other (design.md §7): share through lib/ or components/.',
            },
            {
              from: ['web-ui', 'web-lib', 'web-i18n'],
              disallow: ['web-feature', 'web-app'],
              message: 'Generic UI and lib/ know no feature.',
            },
          ],
        },
      ],
    },
  },
);
