import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { JOB, SITE_BUILD_JOB } from '../lib/jobs/jobs.server.ts';
import { LocalJobs } from '../lib/jobs/local-jobs.server.ts';
import type { BuildStatusData } from '../lib/site/schema.ts';
import { copyLiveIndex, liveIndexFits, SEARCH_DIR } from './search-index.ts';
import { BuildRead, SiteFiles, type SiteCompression } from './site-files.ts';

/** Whether a file or folder is there. */
const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

export type BuildState =
  | { state: 'idle' }
  | { state: 'queued'; since: string }
  | { state: 'building'; since: string; progress: number; step: string };

/** The builder's state; the same shape the API returns (src/lib/site/schema.ts). */
export type BuildStatus = BuildStatusData;

const POINTER = 'live.json';
/** Astro's record of the last build's page keys in its cache folder (experimental.incrementalBuild). */
const INCREMENTAL_MANIFEST = 'incremental-build.json';

/** A new build's name: its folder here, and its archive's name in the file store (decision 035). */
export const newBuildId = () =>
  `build-${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;

/** The live build: its folder, when it went live and when it started (absent in pointers of older versions). */
export type LiveInfo = { id: string; since: string; started?: string };

/** The command that builds the site into $SITE_OUT_DIR: Astro's, unless a test names a stand-in. */
export const ASTRO_BUILD = [process.execPath, 'node_modules/astro/bin/astro.mjs', 'build'];

/**
 * The command that writes the site search's static index (Pagefind) into $SITE_OUT_DIR/pagefind,
 * run on the new build before it goes live, so every publish updates the search too.
 */
export const SEARCH_INDEX = [
  process.execPath,
  'node_modules/pagefind/lib/runner/bin.cjs',
  '--output-subdir',
  'pagefind',
  '--site',
];

export interface SiteBuilderOptions {
  root: string;
  env: Record<string, string>;
  /** argv of the build; it must write a site to $SITE_OUT_DIR and exit 0. */
  command?: readonly string[];
  /** How long a request waits before its build starts, so a burst of edits makes one build. */
  debounceMs?: number;
  /**
   * argv (the build folder is appended) of the search indexer; default: Pagefind after Astro's build, none after a
   * stand-in.
   */
  searchIndex?: readonly string[] | null;
  /** How the builds' files are compressed for serving (default `full`, see SiteCompression). */
  compression?: SiteCompression;
  /** Seconds before the next try after `failures` failed builds in a row (default: SITE_BUILD_JOB's retries). */
  retryDelaySeconds?: (failures: number) => number;
  /** The process's jobs, where the builds run (default: the builder's own). */
  jobs?: LocalJobs;
}

/** A streak of failed builds: since when, how many, and when the next try starts. */
export interface FailureStreak {
  since: string;
  failures: number;
  retryAt: string | null;
}

/** Milestones of `astro build`'s log, with the progress (%) reached there. */
const MILESTONES: readonly (readonly [RegExp, number, string])[] = [
  [/Collecting build info/, 5, 'collecting build info'],
  [/Building \w+ entrypoints/, 10, 'building entrypoints'],
  [/building client/i, 40, 'building client'],
  [/(generating|prerendering) static routes/, 50, 'generating pages'],
  [/generating optimized images/, 90, 'optimising images'],
  [/page\(s\) built in|Complete!/, 95, 'finishing'],
];

export interface BuildProgress {
  progress: number;
  step: string;
  pages: number;
}

/**
 * The progress after one line of the build's log: a milestone sets it; each page written while
 * pages are generated moves it a little closer to the next milestone (the page count is not
 * known in advance, so it never claims more than it knows).
 */
export function progressAfter(current: BuildProgress, line: string): BuildProgress {
  for (const [pattern, progress, step] of MILESTONES) {
    if (pattern.test(line)) return progress > current.progress ? { ...current, progress, step } : current;
  }
  if (current.step === 'generating pages' || current.step.startsWith('generated ')) {
    if (/[├└]─ \/\S*/.test(line)) {
      const pages = current.pages + 1;
      const progress = Math.round((current.progress + (90 - current.progress) * 0.05) * 10) / 10;
      return { progress, step: `generated ${pages} page${pages === 1 ? '' : 's'}`, pages };
    }
  }
  return current;
}

/**
 * Builds the public site with `astro build` into a new folder and swaps it in atomically. The
 * builds are runs of the job `site-build` of the process's jobs (decision 067): single-flight
 * and coalesced (requests during a build cause exactly one more build), and a failed one is
 * tried again by itself (SITE_BUILD_JOB). A failed build leaves the live site as it was; a
 * restart serves the last good build at once.
 */
export class SiteBuilder {
  readonly #root: string;
  readonly #env: Record<string, string>;
  #live: SiteFiles | null = null;
  #liveInfo: LiveInfo | null = null;
  /** Building, or not (queued is the job's: a run waits). */
  #state: BuildState = { state: 'idle' };
  readonly #jobs: LocalJobs;
  #lastFailure: { at: string; reason: string } | null = null;
  #waiters: (() => void)[] = [];
  readonly #finished: ((seconds: number, ok: boolean) => void)[] = [];
  readonly #failed: ((failures: number, reason: string) => void)[] = [];
  /** Builds failed one after the other (reset when one goes live). */
  #streak: Omit<FailureStreak, 'retryAt'> | null = null;
  readonly #command: readonly string[];
  readonly #debounceMs: number;
  readonly #searchIndex: readonly string[] | null;
  readonly #compression: SiteCompression;
  /** The build's process while one runs (astro, then the search indexer). */
  #child: ChildProcess | null = null;
  #aborted = false;
  /** The live build's background recompression (adopt), if one runs. */
  #refining: Promise<number> = Promise.resolve(0);

  constructor(options: SiteBuilderOptions) {
    this.#root = resolve(options.root);
    this.#env = options.env;
    this.#command = options.command ?? ASTRO_BUILD;
    this.#debounceMs = options.debounceMs ?? 0;
    this.#searchIndex = options.searchIndex !== undefined ? options.searchIndex : options.command ? null : SEARCH_INDEX;
    this.#compression = options.compression ?? 'full';
    this.#jobs = options.jobs ?? new LocalJobs();
    const retry = {
      ...SITE_BUILD_JOB.retry!,
      ...(options.retryDelaySeconds && { schedule: options.retryDelaySeconds }),
    };
    this.#jobs.define(JOB.siteBuild, () => this.#buildJob(), { ...SITE_BUILD_JOB, retry });
  }

  current(): SiteFiles | null {
    return this.#live;
  }

  status(): BuildStatus {
    const waiting = this.#jobs.waitingNow(JOB.siteBuild);
    let current = this.#state;
    if (current.state === 'idle' && waiting.since) current = { state: 'queued', since: waiting.since.toISOString() };
    const retryAt = waiting.retryAt?.toISOString() ?? null;
    return {
      current,
      live: this.#liveInfo,
      lastFailure: this.#lastFailure,
      ...(this.#streak && { failing: { ...this.#streak, retryAt } }),
    };
  }

  /** Calls `listener` after each failed build with how many failed in a row and why (notifications). */
  onFailed(listener: (failures: number, reason: string) => void): void {
    this.#failed.push(listener);
  }

  /** Serves the build the pointer names, if any; returns whether one was found. */
  async loadLive(): Promise<boolean> {
    try {
      const pointer = JSON.parse(await readFile(join(this.#root, POINTER), 'utf8')) as LiveInfo;
      this.adopt(await SiteFiles.load(join(this.#root, pointer.id), null, this.#compression), pointer);
      return true;
    } catch {
      return false;
    }
  }

  /** Serves an already built folder (tests and benchmarks build once and share it). */
  async useBuilt(dir: string): Promise<void> {
    this.#live = await SiteFiles.load(dir, null, this.#compression);
    this.#liveInfo = { id: dir, since: new Date().toISOString() };
  }

  /** Calls `listener` after each build with its duration and whether it went live (metrics). */
  onFinished(listener: (seconds: number, ok: boolean) => void): void {
    this.#finished.push(listener);
  }

  /** Resolves once no build is running or queued. */
  async settled(): Promise<void> {
    await this.#jobs.settled(JOB.siteBuild);
  }

  /** Queues a rebuild; resolves when a build that started after this call has finished. */
  request(): Promise<void> {
    const done = new Promise<void>((resolve) => this.#waiters.push(resolve));
    // Stays 'queued' for a moment: the edits of one save (the item, then its image) make one build.
    void this.#jobs.runLater(JOB.siteBuild, this.#debounceMs / 1000);
    return done;
  }

  /**
   * One run of the job: a build, then the requests made before it started are answered. A failed
   * build fails the run, and the job tries again by itself, 5 s after the first failure and
   * doubling up to five minutes (issue 31); a build stopped with the server does not.
   */
  async #buildJob(): Promise<void> {
    const waiters = this.#waiters.splice(0);
    const failure = await this.#buildOnce();
    for (const resolve of waiters) resolve();
    this.#refineLive();
    if (failure && !this.#aborted) throw failure;
  }

  /** No build is running or waiting to start. */
  #idle(): boolean {
    return this.#state.state !== 'building' && this.#jobs.waitingNow(JOB.siteBuild).since === null;
  }

  /** Builds and serves the new build; resolves with the failure, if it failed. */
  async #buildOnce(): Promise<Error | null> {
    const id = newBuildId();
    const since = new Date().toISOString();
    const started = performance.now();
    let failure: Error | null = null;
    try {
      const files = await this.produce(id, since);
      const info: LiveInfo = { id, since: new Date().toISOString(), started: since };
      const tmp = join(this.#root, `${POINTER}.tmp`);
      await writeFile(tmp, JSON.stringify(info));
      await rename(tmp, join(this.#root, POINTER));
      const previous = this.#liveInfo?.id;
      this.adopt(files, info);
      await this.pruneExcept([id, previous].filter((x): x is string => Boolean(x)));
    } catch (error) {
      failure = error as Error;
      const at = new Date().toISOString();
      const reason = failure.message;
      this.#lastFailure = { at, reason };
      if (!this.#aborted) {
        const failures = (this.#streak?.failures ?? 0) + 1;
        this.#streak = { since: this.#streak?.since ?? at, failures };
        for (const listener of this.#failed) listener(failures, reason);
      }
    }
    for (const listener of this.#finished) listener((performance.now() - started) / 1000, failure === null);
    return failure;
  }

  /**
   * Builds the site into the folder `id` of the root and reads it, compressing only the files that
   * changed since the live build; progress shows in status() meanwhile. Nothing goes live: the
   * caller decides (this builder's own queue, or the shared queue of several instances, decision
   * 035). A failure removes the folder and is thrown.
   */
  async produce(id: string, since = new Date().toISOString()): Promise<SiteFiles> {
    const outDir = join(this.#root, id);
    this.#state = { state: 'building', since, progress: 0, step: 'starting' };
    this.#aborted = false;
    const stopped = () => {
      if (this.#aborted) throw new Error('The build was stopped: the server is shutting down');
    };
    try {
      await mkdir(this.#root, { recursive: true });
      await this.#runAstroIncremental(outDir, since);
      stopped();
      // The new build is read once: for the search index's check, then compressed.
      const build = await BuildRead.read(outDir, this.#live);
      await this.#indexForSearch(build, since);
      stopped();
      // Compressing the files that changed since the live build (its own step: it grows with the site).
      this.#state = { state: 'building', since, progress: 99, step: 'preparing the new version' };
      return await SiteFiles.finish(build, this.#compression);
    } catch (error) {
      await rm(outDir, { recursive: true, force: true });
      throw error;
    } finally {
      this.#state = { state: 'idle' };
    }
  }

  /**
   * Serves `files` as the live build (one this builder made, or one another instance made), then
   * brings its quick brotli bodies to full quality in the background while it stays live.
   */
  adopt(files: SiteFiles, info: LiveInfo): void {
    this.#live = files;
    this.#liveInfo = info;
    this.#lastFailure = null;
    this.#streak = null;
    this.#refineLive();
  }

  /**
   * Refines the live build's quick bodies unless a build of this builder is queued or running: it
   * gives way to the next build, which carries the quick bodies over and refines them once live.
   */
  #refineLive(): void {
    const files = this.#live;
    if (!files || !this.#idle() || files.unrefined === 0) return;
    this.#refining = files.refine(() => this.#live === files && this.#idle()).catch(() => 0);
  }

  /** Resolves when the live build's compressed bodies are all at full quality (or it was replaced). */
  async refined(): Promise<void> {
    await this.#refining;
  }

  /** Stops the build in progress, if any: its run fails with "stopped". */
  abort(): void {
    this.#aborted = true;
    this.#jobs.cancelRetry(JOB.siteBuild);
    this.#child?.kill('SIGTERM');
  }

  /** Deletes the build folders of the root but those named. */
  async pruneExcept(keep: readonly string[]): Promise<void> {
    let entries: string[];
    try {
      entries = await readdir(this.#root);
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.startsWith('build-') && !keep.includes(entry))
        await rm(join(this.#root, entry), { recursive: true, force: true });
    }
  }

  /**
   * Indexes the new build for the site search. A failure leaves the site without a search index
   * (the search page says so) rather than holding back the publish: it is logged, not thrown.
   */
  async #indexForSearch(build: BuildRead, since: string): Promise<void> {
    if (!this.#searchIndex) return;
    const outDir = build.root;
    this.#state = { state: 'building', since, progress: 97, step: 'indexing for search' };
    if (this.#live && (await liveIndexFits(build, this.#live))) {
      await copyLiveIndex(build, this.#live);
      return;
    }
    const [program, ...args] = this.#searchIndex;
    const result = await new Promise<{ code: number | null; output: string }>((resolveRun) => {
      const child = spawn(program!, [...args, outDir], {
        cwd: process.cwd(),
        env: { ...process.env, NO_COLOR: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      this.#child = child;
      let output = '';
      const onData = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2000));
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('error', (error) => resolveRun({ code: -1, output: error.message }));
      child.on('exit', (code) => {
        this.#child = null;
        resolveRun({ code, output });
      });
    });
    if (result.code !== 0)
      console.warn(
        `Site search index not written (exit ${result.code}): ${result.output.trim().split('\n').slice(-5).join('\n')}`,
      );
    // What Pagefind wrote (if anything) is read into the build.
    if (await exists(join(outDir, SEARCH_DIR))) await build.readFolder(join(outDir, SEARCH_DIR));
  }

  /**
   * Runs the build with Astro's incremental cache (decision 045). Astro writes a page's cached copy
   * as it renders it but its manifest of keys only at the end, so a build that did not finish
   * (failed, stopped, killed) leaves copies its manifest does not describe: the next build after
   * one that did not finish renders every page.
   */
  async #runAstroIncremental(outDir: string, since: string): Promise<void> {
    const cache = this.#cacheDir();
    const unfinished = join(cache, 'build-unfinished');
    await mkdir(cache, { recursive: true });
    if (await exists(unfinished)) await rm(join(cache, INCREMENTAL_MANIFEST), { force: true });
    await writeFile(unfinished, since);
    await this.#runAstro(outDir, since);
    await rm(unfinished, { force: true });
  }

  #cacheDir(): string {
    return join(this.#root, '.astro-cache');
  }

  #runAstro(outDir: string, since: string): Promise<void> {
    return new Promise((resolvePromise, reject) => {
      const [program, ...args] = this.#command;
      const child = spawn(program!, args, {
        // Plain text: the log is parsed for progress and shown as the reason of a failure. The site
        // is always a production build, whatever the server runs as: under NODE_ENV=test (the
        // browser tests) Vite built the pages in development mode, with React's development
        // bundle, and without the records of what each page read, so no page was ever copied
        // from the previous build (decision 045).
        env: {
          ...process.env,
          ...this.#env,
          NODE_ENV: 'production',
          SITE_OUT_DIR: outDir,
          SITE_CACHE_DIR: this.#cacheDir(),
          ASTRO_TELEMETRY_DISABLED: '1',
          NO_COLOR: '1',
          FORCE_COLOR: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      this.#child = child;
      let output = '';
      let partial = '';
      let progress: BuildProgress = { progress: 0, step: 'starting', pages: 0 };
      // SITE_BUILD_LOG names a file that keeps every build's whole log (which pages were rendered, how long each step
      // took).
      const log = process.env['SITE_BUILD_LOG']
        ? createWriteStream(process.env['SITE_BUILD_LOG'], { flags: 'a' })
        : null;
      log?.write(`\n== build ${outDir} (${since})\n`);
      const onData = (chunk: Buffer) => {
        const text = chunk.toString();
        log?.write(text);
        output = (output + text).slice(-4000);
        const lines = (partial + text).split(/\r?\n/);
        partial = lines.pop() ?? '';
        for (const line of lines) progress = progressAfter(progress, line);
        if (this.#state.state === 'building') {
          this.#state = { state: 'building', since, progress: progress.progress, step: progress.step };
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('error', reject);
      child.on('exit', (code, signal) => {
        this.#child = null;
        log?.end();
        if (code === 0) resolvePromise();
        else {
          const tail = output.trim().split('\n').slice(-8).join('\n');
          reject(new Error(`The site build exited with ${code ?? signal}${tail ? `: ${tail}` : ''}`));
        }
      });
    });
  }
}
