/**
 * Constants shared by the global setup and the per-file test context. The emulator port and the
 * template database's name can be set by environment so that two test runs on one machine
 * (two checkouts) do not stop each other's emulator or drop each other's template.
 */
export const TEST_EMULATOR_HOST = process.env['TEST_AUTH_EMULATOR'] ?? '127.0.0.1:9199';
export const TEST_PROJECT_ID = 'demo-apua-test';
export const TEMPLATE_DATABASE = process.env['TEST_TEMPLATE_DATABASE'] ?? 'apua_test_template';

/** `url` with its database name replaced. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** The bucket of the S3-compatible test server; each test file's uploads get a folder of their own in it. */
export const TEST_S3_BUCKET = 'apua-test';
