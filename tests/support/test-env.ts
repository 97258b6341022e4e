/** Constants shared by the global setup and the per-file test context. */
export const TEST_EMULATOR_HOST = '127.0.0.1:9199';
export const TEST_PROJECT_ID = 'demo-apua-test';
export const TEMPLATE_DATABASE = 'apua_test_template';

/** `url` with its database name replaced. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
