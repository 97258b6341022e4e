/**
 * Server instances started as production starts them (`npm run serve`, i.e. node scripts/serve.ts)
 * for the launcher tests: their environment, output and health.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitFor } from './support.ts';

export interface Instance {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  exited: Promise<number | null>;
}

/** A live site as a finished build leaves it (the pointer and one page), so an instance starts without building. */
export function writeLiveSite(root: string, title = 'Живой сайт · เว็บไซต์'): void {
  mkdirSync(join(root, 'build-test'), { recursive: true });
  writeFileSync(join(root, 'build-test', 'index.html'), `<!doctype html><title>${title}</title><p>ok</p>`);
  writeFileSync(join(root, 'live.json'), JSON.stringify({ id: 'build-test', since: '2026-11-25T10:00:00.000Z' }));
}

/** Starts `node scripts/serve.ts` with `env` on top of a quiet base (no request log, no mail). */
export function startInstance(name: string, port: number, env: Record<string, string>): Instance {
  let output = '';
  const child = spawn(process.execPath, ['scripts/serve.ts'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_REQUESTS: 'false',
      SEED_DEMO: '',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { name, port, url: `http://127.0.0.1:${port}`, child, output: () => output, exited };
}

/** Waits until the instance's health check answers 200 (it fails at once if the instance exits). */
export async function healthy(instance: Instance, ms = 150_000): Promise<void> {
  await waitFor(
    `${instance.name}'s health check`,
    async () => {
      if (instance.child.exitCode !== null) throw new Error(`${instance.name} exited early:\n${instance.output()}`);
      try {
        return (await fetch(`${instance.url}/api/health`)).status === 200;
      } catch {
        return false;
      }
    },
    ms,
  );
}
