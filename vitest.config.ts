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
  // Test files share a worker's loaded modules (each still opens its own database and app):
  // loading the app's modules again for every file took most of a run's time.
  isolate: false,
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
          include: [
            'src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/api/**/*.test.ts',
            'tests/launcher/**/*.test.ts',
          ],
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
                // The fuzz (every endpoint × every hostile value, 60% of a run's time) runs on
                // PGlite only: what it finds is in the request handling before and at the SQL,
                // and PGlite runs the same PostgreSQL engine. Every other API test runs on both.
                exclude: ['tests/api/fuzz.test.ts'],
                // s3rver's own keys: the AWS SDK reads them from the standard variables, as in production.
                env: { TEST_DB: 'postgres', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' },
              },
            },
          ]
        : []),
    ],
  },
});
