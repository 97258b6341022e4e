import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface AuthEmulator {
  host: string;
  process: ChildProcess | null;
  stop(): Promise<void>;
}

export async function isEmulatorUp(host: string): Promise<boolean> {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
    const body = (await response.json()) as { authEmulator?: { ready?: boolean } };
    return body.authEmulator?.ready === true;
  } catch {
    return false;
  }
}

/**
 * Starts the Firebase Auth emulator (firebase-tools, offline, `demo-` project) on `host`, or
 * reuses one already listening there. With `persistDir` its accounts are imported at start and
 * exported on exit, so they survive restarts.
 */
export async function startAuthEmulator(options: {
  host: string;
  projectId: string;
  persistDir?: string;
  workDir: string;
  quiet?: boolean;
  onLine?: (line: string) => void;
}): Promise<AuthEmulator> {
  if (await isEmulatorUp(options.host)) return { host: options.host, process: null, stop: async () => {} };
  const [hostname, port] = options.host.split(':') as [string, string];
  const base = Number(port);
  mkdirSync(options.workDir, { recursive: true });
  // Hub and logging ports derive from the auth port, so a test emulator and a dev one can coexist.
  const config = join(resolve(options.workDir), 'firebase.json');
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        auth: { host: hostname, port: base },
        hub: { host: hostname, port: base + 1 },
        logging: { host: hostname, port: base + 2 },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const args = ['emulators:start', '--only', 'auth', '--project', options.projectId, '--config', config];
  if (options.persistDir) {
    mkdirSync(options.persistDir, { recursive: true });
    args.push('--import', options.persistDir, '--export-on-exit', options.persistDir);
  }
  const firebaseBin = resolve('node_modules/firebase-tools/lib/bin/firebase.js');
  const child = spawn(process.execPath, [firebaseBin, ...args], {
    cwd: options.workDir,
    env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: process.env['CI'] ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const onData = (chunk: Buffer) => {
    const text = chunk.toString();
    log = (log + text).slice(-8000);
    for (const line of text.split('\n')) if (line.trim()) options.onLine?.(line);
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const deadline = Date.now() + 180_000;
  while (!(await isEmulatorUp(options.host))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      const debugLog = join(options.workDir, 'firebase-debug.log');
      const detail = existsSync(debugLog)
        ? `\n--- firebase-debug.log ---\n${readFileSync(debugLog, 'utf8').slice(-4000)}`
        : '';
      throw new Error(`The Firebase Auth emulator did not start on ${options.host}:\n${log}${detail}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    host: options.host,
    process: child,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
