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
          // Test files share their worker's module graph instead of importing the server anew each (about a third
          // of the run's time went to imports). Safe here: no server test mocks a module or changes process.env,
          // and module-level state (the document generation and operation runner wiring) is set by each buildApp.
          isolate: false,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
