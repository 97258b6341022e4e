/**
 * `npm start` never hangs: when the server dies, the launcher stops everything it started
 * (emulator, server, site build) and exits non-zero at once, so that a supervisor restarts it.
 * A real launcher, on its own data folder, site folder and ports.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { alive, descendants, freePorts, waitFor, type Proc } from './support.ts';

const work = mkdtempSync(join(tmpdir(), 'apua-launcher-test-'));
let launcher: ChildProcess | null = null;
let started: Proc[] = [];

afterAll(() => {
  // Whatever happened, nothing of this test stays running.
  for (const p of [...started, ...(launcher?.pid ? descendants(launcher.pid) : [])]) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  if (launcher?.pid && launcher.exitCode === null) launcher.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

test(
  'when the server is killed, npm start stops the emulator and the site build and exits non-zero within 10 s',
  { timeout: 240_000 },
  async () => {
    const port = await freePorts(1);
    const emulatorPort = await freePorts(3);
    let output = '';
    launcher = spawn(process.execPath, ['scripts/start.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}`,
        // A project of its own: emulators of one project id share a hub file and warn of each other.
        FIREBASE_PROJECT_ID: `demo-apua-launcher-${emulatorPort}`,
        DATA_DIR: join(work, 'data'),
        SITE_DIR: join(work, 'sites'),
        LOG_REQUESTS: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    launcher.stdout!.on('data', collect);
    launcher.stderr!.on('data', collect);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      launcher!.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const launcherPid = launcher.pid!;

    await waitFor(
      `the API on port ${port}`,
      async () => {
        if (launcher!.exitCode !== null) throw new Error(`The launcher exited early:\n${output}`);
        try {
          return (await fetch(`http://127.0.0.1:${port}/api/countries/all`, { signal: AbortSignal.timeout(2000) })).ok;
        } catch {
          return false;
        }
      },
      180_000,
    );
    const server = await waitFor(
      'the server process',
      () => descendants(launcherPid).find((p) => p.args.includes('src/server/main.ts')),
      5_000,
    );
    // The server starts a site build once it listens: kill it while that build runs.
    await waitFor('the site build', () => descendants(server.pid).find((p) => p.args.includes('astro')), 30_000);
    started = descendants(launcherPid);
    const kinds = started.map((p) => p.args);
    expect(
      kinds.some((a) => a.includes('firebase')),
      `processes:\n${kinds.join('\n')}`,
    ).toBe(true);

    const killedAt = Date.now();
    process.kill(server.pid, 'SIGKILL');
    const result = await Promise.race([exited, sleep(10_000).then(() => null)]);
    expect(result, `the launcher did not exit within 10 s; output:\n${output}`).not.toBeNull();
    expect(result!.code, output).not.toBe(0);
    expect(result!.code).not.toBeNull();
    expect(Date.now() - killedAt).toBeLessThan(10_000);

    // Every process it had started (emulator, server, the build and its helpers) is gone.
    await sleep(300);
    const left = started.filter((p) => alive(p.pid));
    expect(left.map((p) => `${p.pid} ${p.args}`)).toEqual([]);
    expect(existsSync(join(work, 'data'))).toBe(true);
  },
);
