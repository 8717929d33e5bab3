import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/*/src/**/*.int.test.ts', 'apps/*/test/**/*.int.test.ts'],
          // *.pg.int.test.ts need a real PostgreSQL server (many connections, killed processes).
          exclude: ['**/node_modules/**', ...(process.env.DATABASE_URL ? [] : ['**/*.pg.int.test.ts'])],
          globalSetup: ['apps/server/test/global-setup.ts', 'apps/server/test/built-servers-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite is CPU-bound WebAssembly; two cores run two files well.
          maxWorkers: 2,
          minWorkers: 1,
        },
      },
      {
        test: {
          // npm run test:cluster: two built instances behind nginx on PostgreSQL and Redis (decision 052).
          name: 'cluster',
          include: ['apps/server/test/cluster/**/*.cluster.test.ts'],
          globalSetup: ['apps/server/test/built-servers-setup.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          maxWorkers: 1,
          minWorkers: 1,
        },
      },
    ],
  },
});
