import { defineConfig } from 'vitest/config';

/**
 * Unit and API tests. Project `pglite` runs everything on embedded PGlite; when
 * TEST_DATABASE_URL names a PostgreSQL server, project `postgres` runs the API suite again on
 * it. One Firebase Auth emulator serves the whole run (tests/setup/global-setup.ts).
 */
const shared = {
  setupFiles: ['tests/setup/fail-on-console-error.ts'],
  testTimeout: 30_000,
  hookTimeout: 90_000,
};

export default defineConfig({
  test: {
    // Only the root runs the global setup: the projects below do not extend it, so the emulator
    // and the template database are started once per run, not once per project.
    globalSetup: ['tests/setup/global-setup.ts'],
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...shared,
          name: 'pglite',
          include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/launcher/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
        },
      },
      ...(process.env['TEST_DATABASE_URL']
        ? [
            {
              test: {
                ...shared,
                name: 'postgres',
                include: ['tests/api/**/*.test.ts'],
                env: { TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
