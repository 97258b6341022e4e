import { afterEach, beforeEach, vi } from 'vitest';
import { consoleErrors } from '../support/console.ts';

// As in Epic Stack: a test that logs console.error fails unless it said it expects to.
beforeEach(() => {
  consoleErrors.calls = [];
  consoleErrors.expected = false;
  const original = console.error.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.calls.push(args);
    original(...args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (consoleErrors.calls.length > 0 && !consoleErrors.expected) {
    throw new Error(
      `console.error was called ${consoleErrors.calls.length} time(s); call expectConsoleError() if the test ` +
        `expects it`,
    );
  }
});
