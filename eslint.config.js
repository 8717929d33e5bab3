import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

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
    files: ['apps/server/src/features/**/*.ts'],
    ignores: ['apps/server/src/features/*/data.ts', 'apps/server/src/features/**/*.test.ts'],
    rules: boundary([
      {
        group: ['**/db/client.ts', '**/db/client'],
        importNames: ['openDatabase'],
        message: 'Only data.ts files touch the database client.',
      },
      { group: ['../*/data.ts', '../*/data'], message: 'Features call each other’s services, never their data.ts.' },
    ]),
  },
);
