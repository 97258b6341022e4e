import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests drive the built portal in Debian's Chromium (Playwright cannot download its
 * own browsers here). `npm run test:e2e` (scripts/e2e.ts) starts the emulator and the server,
 * waits for the site build, and passes their addresses in E2E_BASE_URL / E2E_AUTH_EMULATOR.
 */
export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env['CI'] ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env['E2E_BASE_URL'] ?? 'http://127.0.0.1:4399',
    // A trace records the screen all along (a third of the browser's work in a run): on CI, only
    // the retry of a failed test keeps one; a local run keeps the trace of each failure.
    trace: process.env['CI'] ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
