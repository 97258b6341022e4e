import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * SITE_BUILD_COMMAND for a bench portal whose site is not measured: the tests' stand-in for
 * `astro build` (tests/fixtures/fake-astro-build.mjs, as FAKE_BUILD in tests/support/app.ts), so no
 * real build runs beside the rows.
 */
export const STAND_IN_SITE_BUILD = JSON.stringify([
  process.execPath,
  fileURLToPath(new URL('../../tests/fixtures/fake-astro-build.mjs', import.meta.url)),
]);

/** Lines a benchmark server child prints on stdout to say it is ready, followed by JSON. */
export const READY_PREFIX = 'BENCH_READY ';

/** Where and against what a benchmark's portal server runs (the section gives it in the child's environment). */
export interface PortalPlace {
  port: number;
  dataDir: string;
  siteDir: string;
  databaseUrl?: string;
  projectId: string;
  emulatorHost: string;
}

/**
 * The environment of a benchmark's portal: production, the demo's accounts and data, no request log (one console
 * line per request would measure the terminal), and `extra` over it.
 */
export function portalEnv(place: PortalPlace, extra: Record<string, string | undefined> = {}) {
  return {
    NODE_ENV: 'production',
    PORT: String(place.port),
    HOST: '127.0.0.1',
    DATA_DIR: place.dataDir,
    DATABASE_URL: place.databaseUrl,
    FIREBASE_PROJECT_ID: place.projectId,
    FIREBASE_AUTH_EMULATOR_HOST: place.emulatorHost,
    SITE_DIR: place.siteDir,
    SEED_DEMO: 'true',
    LOG_REQUESTS: 'false',
    ...extra,
  };
}

export interface ChildServer<T> {
  info: T;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Runs `script` (a bench/servers/*.ts file) in its own Node process, so the server under load
 * and the load generator never share an event loop, and waits for its ready line. The child
 * exits when its stdin closes, so it never outlives the benchmark.
 */
export async function startChild<T>(
  script: URL,
  options: { env?: Record<string, string>; args?: string[]; execArgv?: string[]; timeoutMs?: number; label: string },
): Promise<ChildServer<T>> {
  const extra = process.env['BENCH_CHILD_EXEC_ARGV']?.split(/\s+/).filter(Boolean) ?? [];
  const child = spawn(
    process.execPath,
    [...(options.execArgv ?? []), ...extra, fileURLToPath(script), ...(options.args ?? [])],
    {
      env: { ...process.env, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let log = '';
  // BENCH_CHILD_LOGS=dir keeps each child's whole output in dir/<label>.log (e.g. with
  // BENCH_CHILD_EXEC_ARGV=--trace-gc, node flags given to every child).
  const logDir = process.env['BENCH_CHILD_LOGS'];
  if (logDir) {
    mkdirSync(logDir, { recursive: true });
    const file = createWriteStream(join(logDir, `${options.label.replace(/[^\w.-]+/g, '-')}.log`));
    child.stdout!.pipe(file);
    child.stderr!.pipe(file);
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const info = await new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`${options.label} did not start within ${(options.timeoutMs ?? 120_000) / 1000} s:\n${log}`));
    }, options.timeoutMs ?? 120_000);
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        if (line.startsWith(READY_PREFIX)) {
          clearTimeout(timer);
          resolve(JSON.parse(line.slice(READY_PREFIX.length)) as T);
        } else {
          log = (log + line + '\n').slice(-8000);
        }
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-8000);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${options.label} exited with code ${code} before it was ready:\n${log}`));
    });
  });
  // Keep draining output so a chatty child never blocks on a full pipe.
  child.stdout!.resume();
  return {
    info,
    process: child,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdin!.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** In a child: print the ready line, and exit when the parent goes away (stdin closes). */
export function announceReady(info: unknown, onExit: () => Promise<void> | void): void {
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await onExit();
    } finally {
      process.exit(0);
    }
  };
  process.stdin.on('end', () => void stop());
  process.stdin.on('close', () => void stop());
  process.stdin.resume();
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
  process.stdout.write(`${READY_PREFIX}${JSON.stringify(info)}\n`);
}
