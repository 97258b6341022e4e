/**
 * `npm run test:e2e`: starts a throw-away portal (its own Auth emulator and mail sink, an empty
 * PGlite database with the demo accounts, a fresh site build), checks the links of that build and runs
 * the Playwright tests on it (SITE_DIR tells them where the server keeps its builds).
 *
 * With `E2E_DATABASE=postgres` and TEST_DATABASE_URL naming a PostgreSQL server, the portal runs
 * on a fresh database of that server instead, dropped afterwards.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { MailSink } from '../src/lib/mail/sink.server.ts';
import { startAuthEmulator } from './auth-emulator.ts';
import { checkLinks, printLinkReport } from './check-links.ts';

const port = process.env['E2E_PORT'] ?? '4399';
const emulatorHost = process.env['E2E_AUTH_EMULATOR'] ?? '127.0.0.1:9299';
const projectId = 'demo-apua-e2e';
const work = mkdtempSync(join(tmpdir(), 'apua-e2e-'));
const baseUrl = `http://127.0.0.1:${port}`;

const database = await throwAwayDatabase();
const emulator = await startAuthEmulator({ host: emulatorHost, projectId, workDir: join(work, 'emulator') });
// As under `npm start`: a local SMTP sink takes the portal's emails, so they are sent (and shown as sent).
const sink = new MailSink();
const smtpUrl = await sink.listen(0);
const env = {
  ...process.env,
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: join(work, 'data'),
  SITE_DIR: join(work, 'sites'),
  FIREBASE_PROJECT_ID: projectId,
  FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
  PUBLIC_SITE_URL: baseUrl,
  LOG_REQUESTS: 'false',
  NODE_ENV: 'test',
  SMTP_URL: smtpUrl,
  // Brotli at quality 5 only: every publish of the run would otherwise spend seconds of CPU per
  // megabyte on quality 11 while the browser waits (the quality is tested in site-files.test.ts).
  SITE_COMPRESSION: 'quick',
  ...(database && { DATABASE_URL: database.url }),
};
const server = spawn(process.execPath, ['src/server/main.ts'], { env, stdio: ['ignore', 'inherit', 'inherit'] });

let code = 1;
try {
  await waitForSite(baseUrl, 240_000);
  // The quality bar of issue 3: no broken internal link anywhere on the built site. On PostgreSQL
  // the live build is an archive in the file store (decision 035), not a folder: checked on PGlite.
  const liveFile = join(env.SITE_DIR, 'live.json');
  if (existsSync(liveFile)) {
    const live = JSON.parse(readFileSync(liveFile, 'utf8')) as { id: string };
    const siteDir = join(env.SITE_DIR, live.id);
    const links = await checkLinks(siteDir, { server: baseUrl });
    printLinkReport(siteDir, links);
    if (links.broken.length > 0) throw new Error('The link checker found broken internal links in the built site');
  } else console.log('The live build is kept in the file store: links are checked in the PGlite run.');
  const runner = spawn(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)], {
    env: { ...env, E2E_BASE_URL: baseUrl, E2E_AUTH_EMULATOR: emulatorHost, E2E_PROJECT_ID: projectId },
    stdio: 'inherit',
  });
  code = await new Promise<number>((resolve) => runner.once('exit', (c) => resolve(c ?? 1)));
} catch (error) {
  console.error(error);
} finally {
  // The server stops (its database closed) before its folder goes: removing a folder that is
  // still being written fails with ENOTEMPTY.
  const exited = new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  await emulator.stop();
  await sink.close();
  await database?.drop();
  rmSync(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 500 });
}
process.exit(code);

/** A new, empty PostgreSQL database when E2E_DATABASE=postgres, else null (PGlite). */
async function throwAwayDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  if (process.env['E2E_DATABASE'] !== 'postgres') return null;
  const admin = process.env['TEST_DATABASE_URL'];
  if (!admin)
    throw new Error('E2E_DATABASE=postgres needs TEST_DATABASE_URL (a PostgreSQL server that may create databases)');
  const name = `apua_e2e_${Date.now().toString(36)}`;
  const run = async (statement: string) => {
    const sql = postgres(admin, { max: 1, onnotice: () => {} });
    try {
      await sql.unsafe(statement);
    } finally {
      await sql.end({ timeout: 5 });
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  console.log(`The portal runs on PostgreSQL, database ${name}.`);
  return { url: url.href, drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function waitForSite(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The portal server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`The site was not built within ${timeoutMs / 1000} s`);
}
