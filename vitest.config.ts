import { defineConfig } from 'vitest/config';

// Two cores on the target machines: two workers, and PGlite instances are heavy enough that more would thrash.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contracts',
          root: './packages/contracts',
          // The shipped definitions (apps/definitions) are checked against the definition schema here.
          include: ['src/**/*.test.ts', '../../apps/definitions/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          // One migrated PGlite cluster that every test database starts from.
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
