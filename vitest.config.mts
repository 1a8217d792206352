import { defineConfig } from 'vitest/config';

// Adapters for servers that cannot run here are checked by the same conformance suites when a
// server is given; without one their files are not collected at all (nothing is skipped).
const external = process.env.EVENTSTORE_URL ? ['src/eventstore/kurrentdb/**/*.kurrentdb.spec.ts'] : [];
// The Meilisearch adapter's suite needs PostgreSQL too (the projections run there): with
// MEILI_URL set, the integration tier collects it.
const meili = process.env.MEILI_URL ? ['projections/search/meilisearch/**/*.meili.spec.ts'] : [];

// Three tiers (architecture convention 6). Integration tests share one embedded PostgreSQL
// server started by the global setup; each test file gets its own database in it.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // Tiers run one after another (cheapest first) so that they do not fight over 2 cores.
          sequence: { groupOrder: 0 },
          include: ['src/**/*.unit.spec.ts', 'projections/**/*.unit.spec.ts', 'tests/**/*.unit.spec.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          sequence: { groupOrder: 1 },
          include: ['web/src/**/*.unit.spec.{ts,tsx}'],
          // Components render into happy-dom; CSS modules resolve to their class names.
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'int',
          sequence: { groupOrder: 2 },
          include: ['src/**/*.int.spec.ts', 'projections/**/*.int.spec.ts', 'tests/**/*.int.spec.ts', ...meili],
          globalSetup: ['tests/support/global-postgres.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 3 },
          include: ['tests/e2e/**/*.e2e.spec.ts'],
          globalSetup: ['tests/support/global-postgres.ts'],
          testTimeout: 120_000,
          // A browser on a loaded machine can take seconds to show what a spec waits for: a poll
          // that names no timeout waits up to 10 s (vitest's default, 1 s, failed under CI load).
          expect: { poll: { timeout: 10_000 } },
          hookTimeout: 180_000,
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
      {
        // The scale-out harness (npm run test:cluster): three built instances on one PostgreSQL,
        // one of them killed. It needs the build (npm test and test:cluster make it first).
        test: {
          name: 'cluster',
          sequence: { groupOrder: 4 },
          include: ['tests/cluster/**/*.cluster.spec.ts'],
          globalSetup: ['tests/support/global-postgres.ts'],
          testTimeout: 240_000,
          hookTimeout: 240_000,
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
      ...(external.length
        ? [
            {
              test: {
                name: 'external',
                sequence: { groupOrder: 5 },
                include: external,
                globalSetup: ['tests/support/global-postgres.ts'],
                testTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
