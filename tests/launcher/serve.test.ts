/**
 * `npm run serve`: one instance configured by the environment alone. It serves the live site it
 * finds, answers the health check, seeds no demo data, and on SIGTERM finishes the request in
 * flight before it exits 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, inject, test } from 'vitest';
import { openDatabase } from '../../src/lib/db/client.server.ts';
import { users } from '../../src/lib/db/schema.ts';
import { writeLiveSite } from './instances.ts';
import { freePorts, waitFor } from './support.ts';

const work = mkdtempSync(join(tmpdir(), 'apua-serve-test-'));
let instance: ChildProcess | null = null;

afterAll(() => {
  if (instance?.exitCode === null) instance.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

/** Sends the head of a POST and, later, its body: a request that stays in flight until `finish`. */
function slowRequest(port: number) {
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString()));
  const body = JSON.stringify({ email: 'nobody@example.org' });
  socket.write(
    `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ` +
      `application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
  );
  return {
    finish: () => socket.end(body),
    answered: new Promise<string>((resolve) => socket.on('close', () => resolve(answer))),
  };
}

test('serves alone from its environment and drains on SIGTERM', { timeout: 180_000 }, async () => {
  const port = await freePorts(1);
  const siteDir = join(work, 'sites');
  writeLiveSite(siteDir);
  let output = '';
  instance = spawn(process.execPath, ['scripts/serve.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      FIREBASE_PROJECT_ID: 'demo-apua-test',
      FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
      DATA_DIR: join(work, 'data'),
      SITE_DIR: siteDir,
      LOG_REQUESTS: 'false',
      SEED_DEMO: '',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  instance.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  instance.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => instance!.once('exit', (code) => resolve(code)));

  const health = await waitFor(
    'the health check',
    async () => {
      if (instance!.exitCode !== null) throw new Error(`The instance exited early:\n${output}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        return response.status === 200
          ? ((await response.json()) as { data: { site: { live_since: string } } })
          : false;
      } catch {
        return false;
      }
    },
    150_000,
  );
  expect(health.data.site.live_since).toBe('2026-11-25T10:00:00.000Z');
  expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toContain('Живой сайт');
  expect(output).toContain(`Portal instance listening on port ${port} (database: pglite, files: local disk)`);

  const pending = slowRequest(port);
  await new Promise((resolve) => setTimeout(resolve, 300));
  instance.kill('SIGTERM');
  await waitFor(
    'the instance to start stopping',
    () => output.includes('SIGTERM: finishing the requests in flight'),
    10_000,
  );
  // New connections are refused while the one in flight is still answered.
  await expect(fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(3000) })).rejects.toThrow();
  pending.finish();
  expect(await pending.answered).toMatch(/^HTTP\/1\.1 (2|4)\d\d /);
  expect(await exited).toBe(0);

  // No demo data: the database it made holds no account.
  const database = await openDatabase({ dataDir: join(work, 'data', 'pglite') });
  expect(await database.db.$count(users)).toBe(0);
  await database.close();
});
