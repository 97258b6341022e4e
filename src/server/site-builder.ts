import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { SiteFiles } from './site-files.ts';

export type BuildState =
  | { state: 'idle' }
  | { state: 'queued'; since: string }
  | { state: 'building'; since: string; progress: number; step: string };

export interface BuildStatus {
  current: BuildState;
  live: { id: string; since: string } | null;
  lastFailure: { at: string; reason: string } | null;
}

const POINTER = 'live.json';

/**
 * Builds the public site with `astro build` into a new folder and swaps it in atomically.
 * Single-flight and coalesced: requests during a build cause exactly one more build. A failed
 * build leaves the live site as it was; a restart serves the last good build at once.
 */
export class SiteBuilder {
  readonly #root: string;
  readonly #env: Record<string, string>;
  #live: SiteFiles | null = null;
  #liveInfo: { id: string; since: string } | null = null;
  #state: BuildState = { state: 'idle' };
  #again = false;
  #running: Promise<void> | null = null;
  #lastFailure: { at: string; reason: string } | null = null;
  #waiters: (() => void)[] = [];

  constructor(options: { root: string; env: Record<string, string> }) {
    this.#root = resolve(options.root);
    this.#env = options.env;
  }

  current(): SiteFiles | null {
    return this.#live;
  }

  status(): BuildStatus {
    return { current: this.#state, live: this.#liveInfo, lastFailure: this.#lastFailure };
  }

  /** Serves the build the pointer names, if any; returns whether one was found. */
  async loadLive(): Promise<boolean> {
    try {
      const pointer = JSON.parse(await readFile(join(this.#root, POINTER), 'utf8')) as { id: string; since: string };
      this.#live = await SiteFiles.load(join(this.#root, pointer.id));
      this.#liveInfo = pointer;
      return true;
    } catch {
      return false;
    }
  }

  /** Serves an already built folder (tests and benchmarks build once and share it). */
  async useBuilt(dir: string): Promise<void> {
    this.#live = await SiteFiles.load(dir);
    this.#liveInfo = { id: dir, since: new Date().toISOString() };
  }

  /** Queues a rebuild; resolves when a build that started after this call has finished. */
  request(): Promise<void> {
    const done = new Promise<void>((resolve) => this.#waiters.push(resolve));
    if (this.#running) {
      this.#again = true;
      if (this.#state.state !== 'building') this.#state = { state: 'queued', since: new Date().toISOString() };
    } else {
      this.#state = { state: 'queued', since: new Date().toISOString() };
      this.#running = this.#loop();
    }
    return done;
  }

  async #loop(): Promise<void> {
    do {
      this.#again = false;
      const waiters = this.#waiters.splice(0);
      await this.#buildOnce();
      for (const resolve of waiters) resolve();
    } while (this.#again);
    this.#state = { state: 'idle' };
    this.#running = null;
  }

  async #buildOnce(): Promise<void> {
    const id = `build-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    const outDir = join(this.#root, id);
    const since = new Date().toISOString();
    this.#state = { state: 'building', since, progress: 0, step: 'starting' };
    try {
      await mkdir(this.#root, { recursive: true });
      await this.#runAstro(outDir, since);
      const files = await SiteFiles.load(outDir);
      const info = { id, since: new Date().toISOString() };
      const tmp = join(this.#root, `${POINTER}.tmp`);
      await writeFile(tmp, JSON.stringify(info));
      await rename(tmp, join(this.#root, POINTER));
      const previous = this.#liveInfo?.id;
      this.#live = files;
      this.#liveInfo = info;
      this.#lastFailure = null;
      await this.#prune([id, previous].filter((x): x is string => Boolean(x)));
    } catch (error) {
      this.#lastFailure = { at: new Date().toISOString(), reason: (error as Error).message };
      await rm(outDir, { recursive: true, force: true });
    }
  }

  #runAstro(outDir: string, since: string): Promise<void> {
    return new Promise((resolvePromise, reject) => {
      const child = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--silent'], {
        env: { ...process.env, ...this.#env, SITE_OUT_DIR: outDir, ASTRO_TELEMETRY_DISABLED: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const onData = (chunk: Buffer) => {
        const text = chunk.toString();
        output = (output + text).slice(-4000);
        const step = /(generating static routes|building client|collecting build info|Completed)/i.exec(text)?.[1];
        if (step && this.#state.state === 'building') {
          this.#state = { state: 'building', since, step, progress: Math.min(95, this.#state.progress + 25) };
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('error', reject);
      child.on('exit', (code) => {
        if (code === 0) resolvePromise();
        else reject(new Error(`astro build exited with ${code}: ${output.trim().split('\n').slice(-8).join('\n')}`));
      });
    });
  }

  async #prune(keep: string[]): Promise<void> {
    for (const entry of await readdir(this.#root)) {
      if (entry.startsWith('build-') && !keep.includes(entry)) {
        await rm(join(this.#root, entry), { recursive: true, force: true });
      }
    }
  }
}
