/**
 * State shared by the console.error guard (tests/setup/fail-on-console-error.ts) and the tests
 * that expect an error to be logged.
 */
export const consoleErrors = { calls: [] as unknown[][], expected: false };

/** Lets the current test log to console.error (e.g. a route that must answer 500). */
export function expectConsoleError(): void {
  consoleErrors.expected = true;
}
