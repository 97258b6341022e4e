import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { SiteStatusResponseSchema } from '../../src/lib/site/schema.ts';
import { progressAfter, SEARCH_INDEX, SiteBuilder, type BuildProgress } from '../../src/server/site-builder.ts';
import { createTestContext, FAKE_BUILD } from '../support/app.ts';
import { expectJson } from '../support/assertions.ts';
import { ADMIN_LEVEL, allow, describeEndpointAccess } from '../support/endpoint-access.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';

const StrictStatus = deepStrict(SiteStatusResponseSchema);

const work = mkdtempSync(join(tmpdir(), 'apua-site-test-'));
const controlFile = join(work, 'control.json');
const logFile = join(work, 'builds.log');
const gateFile = join(work, 'gate');
const ctx = await createTestContext({ buildEnv: { FAKE_BUILD_CONTROL: controlFile, FAKE_BUILD_LOG: logFile } });
const siteRoot = join(ctx.deps.env.DATA_DIR, 'site-builds');

/** How the next fake builds behave: held at the gate until release(), and/or failing. */
function control(options: { gated?: boolean; fail?: boolean }) {
  rmSync(gateFile, { force: true });
  writeFileSync(
    controlFile,
    JSON.stringify({ ...(options.gated && { gate: gateFile }), ...(options.fail && { fail: true }) }),
  );
}
const release = () => writeFileSync(gateFile, '');
const buildsRun = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').filter(Boolean).length : 0);
const liveHtml = () => ctx.builder.current()?.get('/index.html')?.body.toString();

async function waitFor(what: string, predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(10);
  }
}

afterEach(async () => {
  release();
  await ctx.builder.settled();
  control({});
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describeEndpointAccess(ctx, [
  {
    method: 'GET',
    label: '/api/site/status',
    path: () => '/api/site/status',
    expected: allow(...ADMIN_LEVEL),
    schema: StrictStatus,
  },
  {
    method: 'POST',
    label: '/api/site/publish',
    path: () => '/api/site/publish',
    expected: allow(...ADMIN_LEVEL),
    status: 202,
    schema: StrictStatus,
  },
]);

let admin: TestUser;
beforeAll(async () => {
  admin = await createUser(ctx, { role: 'admin', country: 'JP' });
});

const status = async () =>
  (await expectJson(await ctx.request('/api/site/status', { token: admin.token }), 200, StrictStatus)).data;
const publish = () => ctx.request('/api/site/publish', { method: 'POST', token: admin.token });

describe('publishing through the API', () => {
  test('queued, then building with its progress and step, then live', async () => {
    await ctx.builder.settled();
    control({ gated: true });
    const accepted = await expectJson(await publish(), 202, StrictStatus);
    expect(accepted).toMatchObject({ status: 202, message: 'A new build of the site is queued' });
    expect(accepted.data.current).toEqual({ state: 'queued', since: expect.any(String) });

    // The fake build logs its one page and then waits at the gate: wait until the builder has
    // read that line too (progress past the 50 % of "generating pages"), not only the milestone.
    await waitFor('the build to reach the gate', () => {
      const current = ctx.builder.status().current;
      return current.state === 'building' && current.progress > 50;
    });
    const during = await status();
    expect(during.current).toEqual({
      state: 'building',
      since: expect.any(String),
      progress: expect.any(Number),
      step: expect.any(String),
    });
    if (during.current.state !== 'building') throw new Error('not building');
    expect(during.current.progress).toBeGreaterThan(50);
    expect(during.current.progress).toBeLessThan(90);
    expect(during.current.step).toBe('generated 1 page');

    release();
    await ctx.builder.settled();
    const after = await status();
    expect(after.current).toEqual({ state: 'idle' });
    expect(after.live).toEqual({
      id: expect.stringMatching(/^build-/),
      since: expect.any(String),
      started: expect.any(String),
    });
    expect(after.live!.started! <= after.live!.since).toBe(true);
    expect(after.buildSeconds).toBeGreaterThanOrEqual(0);
    expect(after.lastFailure).toBeNull();
    expect(liveHtml()).toContain(`Build ${buildsRun()}`);
    expect(
      (await expectJson(await ctx.request('/api/site/status', { token: admin.token }), 200, StrictStatus)).message,
    ).toBe('The site is live');
  });

  test('the site is built for production even when the server runs as a test (NODE_ENV=test)', async () => {
    expect(process.env['NODE_ENV']).toBe('test');
    await ctx.builder.settled();
    expect((await publish()).status).toBe(202);
    await ctx.builder.settled();
    expect(JSON.parse(ctx.builder.current()!.get('/build-env.json')!.body.toString())).toEqual({
      NODE_ENV: 'production',
    });
  });

  test('requests during a build make exactly one more build', async () => {
    await ctx.builder.settled();
    control({ gated: true });
    const before = buildsRun();
    await expectJson(await publish(), 202, StrictStatus);
    await waitFor('the first build to start', () => ctx.builder.status().current.state === 'building');
    for (let i = 0; i < 3; i++) {
      const during = await expectJson(await publish(), 202, StrictStatus);
      expect(during.data.current.state).toBe('building');
    }
    release();
    await ctx.builder.settled();
    expect(buildsRun()).toBe(before + 2);
    expect(liveHtml()).toContain(`Build ${before + 2}`);
  });

  test('a failed build leaves the live site as it was and says why', async () => {
    await ctx.builder.request();
    const live = ctx.builder.status().live;
    const html = liveHtml();
    control({ fail: true });
    await expectJson(await publish(), 202, StrictStatus);
    await ctx.builder.settled();
    const after = await status();
    expect(after.live).toEqual(live);
    expect(liveHtml()).toBe(html);
    expect(after.lastFailure).toEqual({
      at: expect.any(String),
      reason: expect.stringContaining('The site build exited with 1'),
    });
    expect(after.lastFailure!.reason).toContain('The API did not answer: fetch failed');
    expect(
      (await expectJson(await ctx.request('/api/site/status', { token: admin.token }), 200, StrictStatus)).message,
    ).toMatch(/last build failed/);
    // The failed build's folder is gone; the live one stays.
    control({});
    await ctx.builder.request();
    expect((await status()).lastFailure).toBeNull();
  });

  test('a restart serves the last good build at once', async () => {
    await ctx.builder.request();
    control({ fail: true });
    await ctx.builder.request();
    const live = ctx.builder.status().live;
    const restarted = new SiteBuilder({ root: siteRoot, env: {}, command: FAKE_BUILD });
    expect(await restarted.loadLive()).toBe(true);
    expect(restarted.status()).toEqual({ current: { state: 'idle' }, live, lastFailure: null });
    expect(restarted.current()?.get('/index.html')?.body.toString()).toBe(liveHtml());
    const empty = new SiteBuilder({ root: join(work, 'nothing-here'), env: {}, command: FAKE_BUILD });
    expect(await empty.loadLive()).toBe(false);
    expect(empty.current()).toBeNull();
  });
});

describe('the site search index', () => {
  test(
    'Pagefind indexes the new build before it goes live; ' + 'a failing indexer does not hold back the publish',
    async () => {
      const root = mkdtempSync(join(tmpdir(), 'apua-search-'));
      try {
        const page =
          '<!doctype html><html lang="en"><head><title>Pocket parks</title></head><body><main ' +
          'data-pagefind-body><h1>Pocket parks</h1><p>Vacant lots turned into shaded ' +
          'parks.</p></main></body></html>';
        const writeSite =
          `const fs=require('node:fs');fs.mkdirSync(process.env.SITE_OUT_DIR,{recursive:true});` +
          `fs.writeFileSync(process.env.SITE_OUT_DIR+'/index.html',${JSON.stringify(page)})`;
        const builder = new SiteBuilder({
          root,
          env: {},
          command: [process.execPath, '-e', writeSite],
          searchIndex: SEARCH_INDEX,
        });
        await builder.request();
        expect(builder.status().lastFailure).toBeNull();
        const live = builder.current()!;
        expect(live.get('/pagefind/pagefind.js')).toBeDefined();
        expect(live.get('/pagefind/pagefind-entry.json')).toBeDefined();

        const broken = new SiteBuilder({
          root,
          env: {},
          command: [process.execPath, '-e', writeSite],
          searchIndex: [process.execPath, '-e', 'process.exit(3)'],
        });
        await broken.request();
        expect(broken.status().lastFailure).toBeNull();
        expect(broken.current()?.get('/index.html')).toBeDefined();
        expect(broken.current()?.get('/pagefind/pagefind.js')).toBeUndefined();
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  );

  test(
    'the live index is reused while every indexed page ' + 'is unchanged; a changed indexed page is indexed again',
    async () => {
      const root = mkdtempSync(join(tmpdir(), 'apua-search-reuse-'));
      try {
        const pagesFile = join(root, 'pages.json');
        const runs = join(root, 'indexer-runs.log');
        const pages = (text: string | null, other: string) =>
          writeFileSync(
            pagesFile,
            JSON.stringify({
              'index.html':
                `<!doctype html><html ` +
                `lang="en"><head><title>Home</title></head><body><p>${other}</p></body></html>`,
              ...(text !== null && {
                'parks/index.html':
                  `<!doctype html><html lang="en"><head><title>Parks</title></head><body><main ` +
                  `data-pagefind-body><h1>Parks</h1><p>${text}</p></main></body></html>`,
              }),
            }),
          );
        const writeSite =
          `const fs=require('node:fs');` +
          `const p=JSON.parse(fs.readFileSync(${JSON.stringify(pagesFile)},'utf8'));` +
          `for(const [f,c] of Object.entries(p)){const t=process.env.SITE_OUT_DIR+'/'+f;` +
          `fs.mkdirSync(require('node:path').dirname(t),{recursive:true});fs.writeFileSync(t,c)}`;
        // The real Pagefind, counting its runs.
        const indexer = join(root, 'indexer.cjs');
        writeFileSync(
          indexer,
          `require('node:fs').appendFileSync(${JSON.stringify(runs)}, 'run\\n'); ` +
            `require(${JSON.stringify(join(process.cwd(), SEARCH_INDEX[1]!))});`,
        );
        const builder = new SiteBuilder({
          root,
          env: {},
          command: [process.execPath, '-e', writeSite],
          searchIndex: [process.execPath, indexer, ...SEARCH_INDEX.slice(2)],
        });
        const indexRuns = () => readFileSync(runs, 'utf8').split('\n').filter(Boolean).length;
        const entry = () => builder.current()!.get('/pagefind/pagefind-entry.json')!.body.toString();

        pages('Shaded pocket parks', 'Banner one');
        await builder.request();
        expect(indexRuns()).toBe(1);
        const first = entry();
        const fragments = [...builder.current()!.entries()].filter(([path]) => path.startsWith('/pagefind/')).length;

        // A page Pagefind does not index changed (a banner on the home page): the index is copied.
        pages('Shaded pocket parks', 'Banner two');
        await builder.request();
        expect(builder.current()!.get('/index.html')!.body.toString()).toContain('Banner two');
        expect(indexRuns()).toBe(1);
        expect(entry()).toBe(first);
        // Served from memory and written into the new build's folder too (a restart reads the folder).
        expect(readFileSync(join(builder.current()!.root, 'pagefind', 'pagefind-entry.json'), 'utf8')).toBe(first);
        expect([...builder.current()!.entries()].filter(([path]) => path.startsWith('/pagefind/')).length).toBe(
          fragments,
        );

        // An indexed page changed: Pagefind runs again and writes another index.
        pages('Shaded pocket parks and rain gardens', 'Banner two');
        await builder.request();
        expect(indexRuns()).toBe(2);
        expect(entry()).not.toBe(first);

        // The indexed page withdrawn: Pagefind runs again (its entry must leave the index).
        pages(null, 'Banner two');
        await builder.request();
        expect(indexRuns()).toBe(3);
        expect(builder.current()!.get('/parks/index.html')).toBeUndefined();
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  );
});

describe('the incremental build cache', () => {
  test(
    "after a build that did not finish, the next build renders every page (Astro's manifest of page keys is " +
      'removed)',
    async () => {
      const root = mkdtempSync(join(tmpdir(), 'apua-incremental-'));
      try {
        const manifest = join(root, '.astro-cache', 'incremental-build.json');
        const page =
          `require('node:fs').mkdirSync(process.env.SITE_OUT_DIR,{recursive:true});` +
          `require('node:fs').writeFileSync(process.env.SITE_OUT_DIR+'/index.html','<h1>Home</h1>')`;
        const good = new SiteBuilder({
          root,
          env: {},
          command: [
            process.execPath,
            '-e',
            `${page};require('node:fs').writeFileSync(process.env.SITE_CACHE_DIR+'/incremental-build.json','{}')`,
          ],
        });
        await good.request();
        expect(good.status().lastFailure).toBeNull();
        // A build that finished keeps the manifest for the next one.
        await good.request();
        expect(existsSync(manifest)).toBe(true);
        // Astro wrote some pages' cached copies, then failed before writing its manifest.
        const failing = new SiteBuilder({ root, env: {}, command: [process.execPath, '-e', 'process.exit(1)'] });
        await failing.request();
        expect(failing.status().lastFailure).not.toBeNull();
        const next = new SiteBuilder({ root, env: {}, command: [process.execPath, '-e', page] });
        await next.request();
        expect(next.status().lastFailure).toBeNull();
        expect(existsSync(manifest)).toBe(false);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  );
});

describe('progressAfter: progress read from the lines of astro build', () => {
  const start: BuildProgress = { progress: 0, step: 'starting', pages: 0 };
  const run = (lines: string[]) => lines.reduce(progressAfter, start);

  test('milestones move it forward, never back', () => {
    expect(run(['10:00:00 [build] Collecting build info...'])).toMatchObject({
      progress: 5,
      step: 'collecting build info',
    });
    expect(run(['x [build] Collecting build info...', 'x [build] Building static entrypoints...'])).toMatchObject({
      progress: 10,
      step: 'building entrypoints',
    });
    expect(run([' generating static routes ', 'x [build] Collecting build info...'])).toMatchObject({ progress: 50 });
    expect(run(['x [build] 12 page(s) built in 3.1s', 'x [build] Complete!'])).toMatchObject({
      progress: 95,
      step: 'finishing',
    });
  });

  test('each page written while generating moves it a little, below the next milestone', () => {
    const pages = Array.from({ length: 200 }, (_, i) => `10:00:01   ├─ /page-${i}/index.html (+3ms)`);
    const result = run([' generating static routes ', '▶ src/pages/index.astro', ...pages]);
    expect(result.pages).toBe(200);
    expect(result.step).toBe('generated 200 pages');
    expect(result.progress).toBeGreaterThan(85);
    expect(result.progress).toBeLessThan(90);
    // Outside page generation, the same kind of line means nothing.
    expect(run(pages.slice(0, 3))).toEqual(start);
  });
});
