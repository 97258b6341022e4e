/**
 * `astro check` (part of `npm run typecheck`): type-checks the .astro files. Its type generation
 * (astro sync) loads the content collections, which the site pulls from the portal's public API
 * at build time (DESIGN.md §3). So this serves that API from a throw-away portal (an empty
 * database in a temp folder with the reference data, nothing built, no identity service called) on a
 * free local port while the check runs: no running server and no network are needed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv } from '../src/lib/env.server.ts';
import { startServer } from '../src/server/main.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const work = mkdtempSync(join(tmpdir(), 'apua-astro-check-'));
const port = await freePort();
const env = parseEnv({
  NODE_ENV: 'test',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: join(work, 'data'),
  SITE_DIR: join(work, 'sites'),
  FIREBASE_PROJECT_ID: 'demo-apua-check',
  SEED_DEMO: 'false',
  LOG_REQUESTS: 'false',
});
const running = await startServer(env, { build: false });
let code = 1;
try {
  const check = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'check', ...process.argv.slice(2)], {
    env: { ...process.env, PUBLIC_API_URL: running.url, ASTRO_TELEMETRY_DISABLED: '1' },
    stdio: 'inherit',
  });
  code = (await new Promise<number | null>((resolve) => check.once('exit', resolve))) ?? 1;
} finally {
  await running.close();
  rmSync(work, { recursive: true, force: true });
}
process.exit(code);
