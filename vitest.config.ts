import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Whether a fork is reused for the next file is the run's setting, not a project's: vitest's forks
    // pool reads it from the root (a project's `isolate` alone still started a process per file).
    // Reused forks run the integration files in one module graph (decision 118); the unit and
    // cluster projects keep a fresh module graph per file (`isolate: true`) in the reused fork.
    poolOptions: { forks: { isolate: false } },
    // Likewise the number of forks: a project's maxWorkers was ignored, and on two cores vitest's
    // default (cores - 1) ran the integration suite on one fork. PGlite is CPU-bound WebAssembly;
    // two cores run two files well.
    maxWorkers: 2,
    minWorkers: 1,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          isolate: true,
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
          // A worker runs its files one after another in one module graph (decision 118): loading the
          // server's modules again for every file was a third of the suite's time. Each file still
          // builds its own app on its own database; features keep their state per app context.
          isolate: false,
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
          isolate: true,
        },
      },
    ],
  },
});
