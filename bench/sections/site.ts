import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { DEMO_ACCOUNTS } from '../../src/lib/db/seed.server.ts';
import { startAuthEmulator } from '../../scripts/auth-emulator.ts';
import { startChild, type ChildServer } from '../lib/child.ts';
import type { BenchContext, SectionReport, Table } from '../lib/context.ts';
import { signIn } from '../lib/identity.ts';
import { logoPng, photoJpeg } from '../lib/images.ts';
import type { LoadTarget } from '../lib/load.ts';
import {
  FIRST_SCREEN_BUDGET,
  MAY_HAVE_JS,
  firstScreenBytes,
  lighthouseAll,
  sitemapPaths,
  type PageAudit,
} from '../lib/page-audit.ts';
import { PortalApi, siteStatus, waitForBuild } from '../lib/portal-api.ts';
import { freePort } from '../lib/ports.ts';
import { measureRow, type Row } from '../lib/report.ts';
import type { UploadTarget } from '../lib/seed-cms.ts';
import type { SitePortalConfig, SitePortalInfo } from '../servers/site-portal.ts';
import { pagesFetchingScriptFonts, pagesNamingScriptFonts, scriptFontTable } from './script-fonts.ts';

export const SITE_PROJECT_ID = 'demo-apua-bench-site';
export const SITE_ITEMS = 500;
/** A change published in the back-office must be live within this many seconds (2 cores). */
export const PUBLISH_TARGET_S = 15;
/**
 * How long a first build (or a rebuild after a foreign one) may take before the run gives up: a
 * first build compresses every file of four languages (`BENCH_FIRST_BUILD_S`, default 1,200 s).
 */
export const FIRST_BUILD_TIMEOUT_MS = Number(process.env['BENCH_FIRST_BUILD_S'] ?? 1200) * 1000;

/** The public pages the issue names; the run takes the sitemap's and reports any difference. */
const EXPECTED_PAGES = [
  '/',
  '/home',
  '/module',
  '/national-reports',
  '/regional-reports',
  '/best-practices',
  '/best-practices-overview',
  '/urbanisation-profile',
  '/urbanisation-profile/view',
  '/urbanisation-profile/{category}',
  '/contact-us',
  '/asia-pacific-region',
  '/privacy-policy',
  '/media-gallery',
  '/media-gallery/event',
  '/national-urban-agenda',
];

export const number = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

export const kb = (bytes: number | undefined) => (bytes === undefined ? '-' : (bytes / 1024).toFixed(1));
export const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** A page's path without its language prefix (`/zh/national-reports` → `/national-reports`). */
const LANGUAGE_PREFIX = /^\/(zh|fr|ru)(?=\/|$)/;
const withoutLanguage = (path: string) => path.replace(LANGUAGE_PREFIX, '') || '/';

/** The urbanisation profile's categories, the one family of data pages audited in every language. */
const PROFILE_CATEGORY = /^\/urbanisation-profile\/(?!view$)[^/]+$/;

/** Families of pages made from data, by their path without the language: one page of each is audited. */
const DATA_FAMILIES: readonly RegExp[] = [
  PROFILE_CATEGORY,
  /^\/urbanisation-profile\/view\/[^/]+$/,
  /^\/national-reports\/\d{4}$/,
  /^\/national-reports\/\d{4}\/[^/]+$/,
  /^\/national-reports\/status\/\d{4}$/,
  /^\/national-reports\/country\/[^/]+$/,
  /^\/regional-reports\/\d{4}$/,
  /^\/regional-reports\/\d{4}\/[^/]+$/,
  /^\/best-practices-overview\/view\/[^/]+$/,
  /^\/best-practices-overview\/(?!page\/|view\/)[^/]+\/[^/]+$/,
  /\/page\/\d+$/,
];

/**
 * In Chinese, French and Russian: the pages issue 17 names (home, national reports, the library, a
 * profile category) and a module and content page; the others share their templates with English
 * and the modules section audits the rest of the issue's list in every language.
 */
const TRANSLATED_SAMPLE = new Set([
  '/',
  '/national-reports',
  '/best-practices-overview',
  '/module',
  '/national-urban-agenda',
]);

/**
 * The pages to audit: the sitemap's English pages with one page of each family made from data
 * (the event galleries through their "latest event" alias /media-gallery/event), plus /home; in
 * the other languages the sample above and their first profile category.
 */
function pagesFrom(sitemap: readonly string[]): string[] {
  const pages: string[] = [];
  const seen = new Set<string>();
  for (const path of sitemap) {
    const plain = withoutLanguage(path);
    if (/^\/media-gallery\/event\/[^/]+$/.test(plain)) continue;
    const family = DATA_FAMILIES.findIndex((re) => re.test(plain));
    const language = LANGUAGE_PREFIX.exec(path)?.[1] ?? 'en';
    if (family >= 0) {
      const key = `${language}:${family}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (language !== 'en' && DATA_FAMILIES[family] !== PROFILE_CATEGORY) continue;
    } else if (language !== 'en' && !TRANSLATED_SAMPLE.has(plain)) continue;
    pages.push(path);
  }
  for (const extra of ['/home', '/media-gallery/event']) if (!pages.includes(extra)) pages.push(extra);
  return pages;
}

function check(ok: boolean, what: string, checks: string[]): void {
  if (!ok) throw new Error(`Sanity check failed: ${what}`);
  checks.push(what);
}

export interface PublishRun {
  run: number;
  /** From the API call to the first GET / that showed the new title (null: it never did). */
  toLiveS: number | null;
  apiMs: number;
  /** From the API call until the builder started (the debounce, plus any build already running). */
  queuedS: number | null;
  /** The builder's own figure: building since → live since, from GET /api/site/status. */
  buildS: number | null;
  polls: number;
  pollsDuringBuild: number;
  /** The slowest GET / of the run: the server's event loop stalls while it loads a new build. */
  slowestPollMs: number;
  /** Every GET / before the swap was a 200 with the very page served before the edit. */
  oldServed: boolean;
  /**
   * The builder's steps as its status showed them (polled every 200 ms): seconds from the build's start to the first
   * poll that showed each.
   */
  steps: { step: string; atS: number }[];
  /**
   * Of `buildS`, by the steps of the status: the astro build (until "indexing for search"), the
   * search index (Pagefind, until "preparing the new version") and loading the new build into memory (until live).
   */
  astroS: number | null;
  searchS: number | null;
  loadS: number | null;
  problems: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a live build must show on its home page: the banners with images, by title. */
export function missingBanners(html: string, titles: readonly string[]): string[] {
  return titles.filter((t) => !html.includes(t));
}

/**
 * Changes a published banner's title through the API, then polls / (every 100 ms) until the new
 * title shows; meanwhile every answer must be the page served before the edit.
 */
export async function publishToLive(
  api: PortalApi,
  banner: UploadTarget,
  homeBanners: readonly string[],
  currentTitle: string,
  run: number,
  deadlineMs = 120_000,
): Promise<PublishRun & { title: string }> {
  const before = await siteStatus(api);
  const oldPage = await (await fetch(`${api.base}/`)).text();
  const title = `Bench edit ${run}: ${banner.title.slice(0, 60)} ${Date.now().toString(36)}`;
  // Each edit is based on the banner as it is now (the previous run's edit moved its version on).
  const shown = await api.call<{ data: { version: number } }>('GET', `cms/${banner.cmsType}/view/${banner.uuid}`);
  const started = performance.now();
  const startedAt = Date.now();
  const saved = await api.call('POST', 'cms/saved', {
    uuid: banner.uuid,
    cms_type: banner.cmsType,
    title,
    display_order: banner.displayOrder,
    version: shown.body.data.version,
  });
  const apiMs = performance.now() - started;
  if (saved.status !== 200)
    throw new Error(`POST /api/cms/saved answered ${saved.status}: ${JSON.stringify(saved.body)}`);

  const watch = {
    state: 'queued',
    buildingSince: null as string | null,
    liveId: before.live?.id ?? null,
    on: true,
    steps: [] as { step: string; at: number }[],
  };
  const watcher = (async () => {
    while (watch.on) {
      const status = await siteStatus(api).catch(() => null);
      if (status) {
        watch.state = status.current.state;
        if (status.current.state === 'building') {
          watch.buildingSince = status.current.since;
          // The step without its running page count: "generated 12 pages" is one step.
          const step = status.current.step.replace(/^generated \d+ pages?$/, 'generating pages');
          if (watch.steps.at(-1)?.step !== step) watch.steps.push({ step, at: Date.now() });
        }
        watch.liveId = status.live?.id ?? null;
      }
      await sleep(200);
    }
  })();

  const problems: string[] = [];
  let polls = 0;
  let pollsDuringBuild = 0;
  let toLive: number | null = null;
  let swappedPolls = 0;
  let slowestPollMs = 0;
  const deadline = performance.now() + deadlineMs;
  try {
    for (;;) {
      const during = watch.state === 'building';
      const swapped = watch.liveId !== (before.live?.id ?? null) && watch.state === 'idle';
      const pollStarted = performance.now();
      const response = await fetch(`${api.base}/`, { headers: { 'accept-encoding': 'br' } });
      const html = await response.text();
      slowestPollMs = Math.max(slowestPollMs, performance.now() - pollStarted);
      polls++;
      if (response.status === 200 && html.includes(title)) {
        toLive = performance.now() - started;
        const missing = missingBanners(
          html,
          homeBanners.map((t) => (t === currentTitle ? title : t)),
        );
        if (missing.length > 0)
          problems.push(`the new page lacks ${missing.length} of the ${homeBanners.length} banners`);
        break;
      }
      if (response.status !== 200) problems.push(`GET / answered ${response.status} before the swap`);
      else if (html !== oldPage && !swapped)
        problems.push('GET / answered a page other than the old one before the swap');
      else if (during) pollsDuringBuild++;
      // A new build is live but / does not show the edit: that build was made from other data.
      if (swapped && ++swappedPolls >= 3) {
        const shown = homeBanners.length - missingBanners(html, homeBanners).length;
        const foreign = [...html.matchAll(/<h2 class="text-lg[^>]*>\s*(?:<a[^>]*>)?\s*([^<]{1,80})/g)].map((m) =>
          m[1]!.trim(),
        );
        problems.push(
          `build ${watch.liveId} went live without the edit: its home page shows ${shown} of ` +
            `our ${homeBanners.length} banners` +
            (foreign.length ? ` and these banner titles instead: ${foreign.slice(0, 4).join(' | ')}` : ''),
        );
        break;
      }
      if (performance.now() > deadline) {
        problems.push(`the new title was not live within ${deadlineMs / 1000} s (builder state: ${watch.state})`);
        break;
      }
      await sleep(100);
    }
  } finally {
    watch.on = false;
    await watcher;
  }
  const { status: after, buildingSince: seen } = await waitForBuild(api, before.live?.id ?? null, 60_000).catch(() => ({
    status: null,
    buildingSince: null,
  }));
  const since = watch.buildingSince ?? seen;
  const buildS = since && after?.live ? (Date.parse(after.live.since) - Date.parse(since)) / 1000 : null;
  const queuedS = since ? (Date.parse(since) - startedAt) / 1000 : null;
  const steps = since ? watch.steps.map((st) => ({ step: st.step, atS: (st.at - Date.parse(since)) / 1000 })) : [];
  const at = (step: string) => steps.find((st) => st.step === step)?.atS ?? null;
  const [indexing, preparing] = [at('indexing for search'), at('preparing the new version')];
  const astroS = indexing;
  const searchS = indexing !== null && preparing !== null ? preparing - indexing : null;
  const loadS = preparing !== null && buildS !== null ? buildS - preparing : null;
  return {
    run,
    title,
    toLiveS: toLive === null ? null : toLive / 1000,
    apiMs,
    queuedS,
    buildS,
    polls,
    pollsDuringBuild,
    slowestPollMs,
    oldServed: !problems.some((p) => p.includes('before the swap')),
    steps,
    astroS,
    searchS,
    loadS,
    problems: [...new Set(problems)],
  };
}

/** Problems that show a live build was not made from this run's data (see the report: shared Astro cache). */
async function foreignBuild(url: string, homeBanners: readonly string[], latestEventSlug: string): Promise<string[]> {
  const problems: string[] = [];
  const home = await (await fetch(`${url}/`)).text();
  const missing = missingBanners(home, homeBanners);
  if (missing.length > 0) problems.push(`the home page lacks ${missing.length} of our ${homeBanners.length} banners`);
  const sitemap = await sitemapPaths(url);
  if (!sitemap.includes(`/media-gallery/event/${latestEventSlug}`))
    problems.push(`the sitemap (${sitemap.length} URLs) lacks our latest event`);
  return problems;
}

/** What the site section's phases share: the report being filled and what they started. */
export interface SiteRun {
  ctx: BenchContext;
  notes: string[];
  failures: string[];
  misses: string[];
  setup: Record<string, unknown>;
  tables: Table[];
  rows: Row[];
  checks: string[];
  children: ChildServer<unknown>[];
  emulator: Awaited<ReturnType<typeof startAuthEmulator>> | null;
  api: PortalApi | null;
  /** This run's folder under the bench's temp folder: the emulator's, the portal's data and builds. */
  folder?: string;
}

/** The portal under test once it is up: its address, seed, folders and a signed-in editor. */
export interface SitePortal {
  child: ChildServer<SitePortalInfo>;
  url: string;
  seed: SitePortalInfo['seed'];
  /** The reporting modules' seed, when the portal was started with them. */
  modules: SitePortalInfo['modules'];
  config: SitePortalConfig;
  editor: PortalApi;
  /** The banners the home page shows (titles), updated by publish-to-live. */
  homeBanners: string[];
}

/** BENCH_PROFILE=1 writes V8 CPU profiles of the servers to bench/results/profiles/. */
function profiling(run: SiteRun, name: string) {
  const dir = process.env['BENCH_PROFILE'] === '1' ? join(run.ctx.root, 'bench/results/profiles') : null;
  return dir ? { execArgv: ['--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${name}.cpuprofile`] } : {};
}

/** The Auth emulator on a free port, with the site section's own project. */
export async function startSiteEmulator(run: SiteRun): Promise<string> {
  const emulatorHost = `127.0.0.1:${await freePort(3)}`;
  const started = performance.now();
  run.ctx.log(`Starting the Firebase Auth emulator on ${emulatorHost} (project ${SITE_PROJECT_ID}) …`);
  // Each run of a section (site, modules) has its own folders: run one after the other in one
  // `npm run bench`, the second would otherwise find the first's accounts, data and live build.
  run.folder = mkdtempSync(join(run.ctx.tmp, 'site-run-'));
  run.emulator = await startAuthEmulator({
    host: emulatorHost,
    projectId: SITE_PROJECT_ID,
    workDir: join(run.folder, 'emulator'),
  });
  run.setup['emulatorStartMs'] = Math.round(performance.now() - started);
  return emulatorHost;
}

/** The portal server in its own process with the CMS items seeded, and a signed-in editor. */
export async function startSitePortal(
  run: SiteRun,
  emulatorHost: string,
  options: { modules?: boolean } = {},
): Promise<SitePortal> {
  const { ctx } = run;
  const folder = (run.folder ??= mkdtempSync(join(ctx.tmp, 'site-run-')));
  const port = await freePort();
  const config: SitePortalConfig = {
    port,
    dataDir: join(folder, 'data'),
    siteDir: join(folder, 'builds'),
    projectId: SITE_PROJECT_ID,
    emulatorHost,
    items: number('BENCH_SITE_ITEMS', SITE_ITEMS),
    modules: options.modules ?? false,
  };
  mkdirSync(config.dataDir, { recursive: true });
  ctx.log(
    `Starting the portal server (PGlite in a temp folder) and seeding ${config.items} CMS ` +
      `items${config.modules ? ' and the reporting modules' : ''} …`,
  );
  const child = await startChild<SitePortalInfo>(new URL('../servers/site-portal.ts', import.meta.url), {
    label: 'The portal server (site)',
    // The builds run as children of the server and inherit this: canonical URLs and the sitemap name the server.
    env: {
      BENCH_SITE_PORTAL: JSON.stringify(config),
      NODE_ENV: 'production',
      PUBLIC_SITE_URL: `http://127.0.0.1:${port}`,
    },
    timeoutMs: config.modules ? 600_000 : 180_000,
    ...profiling(run, 'site-portal'),
  });
  run.children.push(child);
  const { url, seed } = child.info;
  run.setup['serverStartMs'] = Math.round(child.info.startMs);
  run.setup['seed'] = { ...seed, uploadTargets: seed.uploadTargets.length };
  ctx.log(
    `Seeded ${seed.items} items (${seedMix(seed)}) in ${seconds(seed.insertMs)} s; ${seed.poolImages} pool ` +
      `images in ${seconds(seed.poolMs)} s`,
  );
  const admin = DEMO_ACCOUNTS.find((a) => a.role === 'tuxuri')!;
  const editor = new PortalApi(url, await signIn(emulatorHost, admin.email, admin.password));
  run.api = editor;
  return { child, url, seed, modules: child.info.modules, config, editor, homeBanners: [...seed.expect.homeBanners] };
}

/** "banners 8 published/4 draft; …": the seeded items per type and status. */
function seedMix(seed: SitePortalInfo['seed']): string {
  return Object.entries(seed.byType)
    .map(
      ([type, statuses]) =>
        `${type === 'video' ? 'media gallery' : `${type}s`} ${Object.entries(statuses)
          .map(([st, n]) => `${n} ${st}`)
          .join('/')}`,
    )
    .join('; ');
}

/** Generated images uploaded to the drafts through POST /api/cms/upload; returns the milliseconds. */
async function uploadImages(run: SiteRun, site: SitePortal): Promise<number> {
  const { seed, editor } = site;
  run.ctx.log(`Uploading ${seed.uploadTargets.length} generated images through POST /api/cms/upload …`);
  const started = performance.now();
  for (const [i, target] of seed.uploadTargets.entries()) {
    const png = target.picture === 'logo';
    const bytes = png
      ? await logoPng(300 + i)
      : await photoJpeg(400 + i, 1600, target.cmsType === 'banner' ? 900 : 1200);
    const answer = await editor.upload(
      target.uuid,
      bytes,
      png ? 'logo.png' : 'photo.jpg',
      png ? 'image/png' : 'image/jpeg',
    );
    check(
      answer.status === 200 && (answer.body.data?.image?.variants?.length ?? 0) > 0,
      `upload ${i + 1} is 200 with renditions`,
      [],
    );
  }
  const uploadMs = performance.now() - started;
  run.setup['uploadMs'] = Math.round(uploadMs);
  run.checks.push(`${seed.uploadTargets.length} uploads answered 200 with renditions (${seconds(uploadMs)} s)`);
  check((await siteStatus(editor)).current.state === 'idle', 'uploads to drafts queue no build', run.checks);
  return uploadMs;
}

type Build = Awaited<ReturnType<typeof waitForBuild>>;

/** The builder's own building-since to live-since, in seconds (null when the status did not show it). */
const ownBuildS = (b: Build) =>
  b.buildingSince && b.status.live ? (Date.parse(b.status.live.since) - Date.parse(b.buildingSince)) / 1000 : null;

/**
 * A build made from another server's data (shared Astro cache, see the README) is published again, up to three times.
 */
async function ensureOwnBuild(run: SiteRun, site: SitePortal, build: Build): Promise<void> {
  const { homeBanners, latestEventSlug } = site.seed.expect;
  const rebuilds: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const foreign = await foreignBuild(site.url, homeBanners, latestEventSlug);
    if (foreign.length === 0) break;
    rebuilds.push(`${build.status.live?.id}: ${foreign.join(', ')}`);
    run.ctx.log(`  the live build was not made from our data (${foreign.join(', ')}): publishing again`);
    if (attempt === 2) throw new Error(`three builds in a row were not made from our data: ${rebuilds.join('; ')}`);
    const previous = build.status.live?.id ?? null;
    await site.editor.call('POST', 'site/publish');
    build = await waitForBuild(site.editor, previous, FIRST_BUILD_TIMEOUT_MS);
  }
  run.setup['foreignBuilds'] = rebuilds;
  if (rebuilds.length > 0) {
    run.failures.push(
      `${rebuilds.length} build(s) went live with another server's content and had to be ` +
        `redone: ${rebuilds.join('; ')}`,
    );
  }
}

/**
 * Phase 1 after start-up: nothing built yet, images uploaded to drafts, the drafts published, the first build live and
 * ours.
 */
export async function publishFirstBuild(run: SiteRun, site: SitePortal): Promise<void> {
  const { url, seed, editor } = site;
  const { checks } = run;
  let first = await siteStatus(editor);
  // A fresh portal loads the curated open data at start (decision 029), a published change that
  // queues a build of its own: it is waited for, and the first publish is timed from after it.
  if (first.current.state !== 'idle') {
    run.ctx.log('Waiting for the build the start-up queued (the open data import) …');
    await waitForBuild(editor, first.live?.id ?? null, FIRST_BUILD_TIMEOUT_MS);
    await waitForIdle(editor);
    first = await siteStatus(editor);
    run.setup['startupBuild'] = first.live;
  }
  check(first.current.state === 'idle', 'nothing is built or queued before the first publish', checks);
  if (first.live === null) {
    const before = await fetch(`${url}/`);
    await before.arrayBuffer();
    check(before.status === 503, `GET / is 503 while no site is built`, checks);
  }

  const uploadMs = await uploadImages(run, site);

  // Each status change names the version it is based on (the upload moved it on).
  const versions = await Promise.all(
    seed.uploadTargets.map(
      async (t) =>
        (await editor.call<{ data: { version: number } }>('GET', `cms/${t.cmsType}/view/${t.uuid}`)).body.data.version,
    ),
  );
  // Publishing the drafts that got an image queues the first build (one: they land within the debounce).
  const started = performance.now();
  const published = await Promise.all(
    seed.uploadTargets.map((t, i) =>
      editor.call('POST', `cms/status/${t.uuid}`, { status: 'published', version: versions[i] }),
    ),
  );
  const refused = published.flatMap((p, i) =>
    p.status === 200 ? [] : [`${seed.uploadTargets[i]!.title}: ${p.status} ${JSON.stringify(p.body).slice(0, 200)}`],
  );
  check(
    refused.length === 0,
    `${published.length} items published through POST ` +
      `/api/cms/status${refused.length ? ` (refused: ${refused.join('; ')})` : ''}`,
    checks,
  );
  run.ctx.log('Waiting for the first site build …');
  const build = await waitForBuild(editor, first.live?.id ?? null, FIRST_BUILD_TIMEOUT_MS, (step, s) =>
    run.ctx.log(`  ${s.toFixed(0)} s: ${step}`),
  );
  const firstBuildS = (performance.now() - started) / 1000;
  const firstBuildOwnS = ownBuildS(build);
  run.setup['firstBuild'] = { s: firstBuildS, buildS: firstBuildOwnS, live: build.status.live };
  run.ctx.log(`  live after ${firstBuildS.toFixed(1)} s (the build itself ${firstBuildOwnS?.toFixed(1) ?? '?'} s)`);
  await ensureOwnBuild(run, site, build);

  const { homeBanners } = seed.expect;
  const home = await (await fetch(`${url}/`)).text();
  check(
    missingBanners(home, homeBanners).length === 0,
    `the home page shows all ${homeBanners.length} published banners with images`,
    checks,
  );
  check(
    /<picture>[\s\S]*?image\/webp[\s\S]*?<\/picture>/.test(home),
    'the home page carries <picture> markup with WebP renditions',
    checks,
  );
  run.notes.push(
    `Set-up: Auth emulator, portal server in its own process (PGlite in a temp DATA_DIR, temp ` +
      `SITE_DIR), ${seed.items} CMS items seeded with SQL (${seedMix(seed)}; ${seed.events} ` +
      `events, ${seed.videos} videos; ` +
      `${seed.withPoolImage} rows share ${seed.poolImages} images made by the server's own rendition code), ` +
      `then ${seed.uploadTargets.length} generated JPEG/PNG images uploaded through POST /api/cms/upload to ` +
      `drafts (${seconds(uploadMs)} s) ` +
      `and those published through POST /api/cms/status: one build, live ${firstBuildS.toFixed(1)} s after the ` +
      `publish calls (astro build ${firstBuildOwnS?.toFixed(1) ?? '?'} s by the builder's status).`,
  );
}

/** One row of the page-audit table; the bars it misses go to `misses`. */
export function pageAuditRow(a: PageAudit, misses: string[]): string[] {
  const problems: string[] = [];
  const sc = a.scores;
  for (const key of ['accessibility', 'best-practices', 'seo'] as const)
    if ((sc[key] ?? 0) < 100) problems.push(`${key} ${sc[key] ?? '-'}`);
  if ((sc.performance ?? 0) < 95) problems.push(`performance ${sc.performance ?? '-'}`);
  if (a.firstScreen > FIRST_SCREEN_BUDGET)
    problems.push(`first screen ${kb(a.firstScreen)} KB > ${FIRST_SCREEN_BUDGET / 1024} KB`);
  const js = a.transfer['script']?.bytes ?? 0;
  if ((js > 0 || a.scriptTags > 0) && !MAY_HAVE_JS.some((re) => re.test(a.path)))
    problems.push(`JS ${kb(js)} KB on a page with nothing interactive`);
  if (a.status !== 200) problems.push(`status ${a.status}`);
  if (a.runtimeError) problems.push(`Lighthouse error ${a.runtimeError}`);
  if (problems.length > 0) misses.push(`${a.path}: ${problems.join(', ')}`);
  const t = (type: string) => kb(a.transfer[type]?.bytes);
  return [
    a.path,
    String(sc.performance ?? '-'),
    String(sc.accessibility ?? '-'),
    String(sc['best-practices'] ?? '-'),
    String(sc.seo ?? '-'),
    t('document'),
    t('stylesheet'),
    t('script'),
    t('image'),
    t('font'),
    t('total'),
    kb(a.htmlBr),
    kb(a.css.reduce((n, c) => n + c.br, 0)),
    kb(a.foldBr),
    kb(a.firstScreen),
    a.metrics['LCP'] ?? '-',
    a.metrics['TBT'] ?? '-',
    problems.length === 0 ? 'PASS' : 'FAIL',
  ];
}

/**
 * The pages to audit: the sitemap's (one urbanisation-profile category), and how they differ from the expected ones.
 */
async function pagesToAudit(
  run: SiteRun,
  url: string,
): Promise<{ sitemap: string[]; pages: string[]; missing: string[]; extra: string[] }> {
  const sitemap = await sitemapPaths(url);
  const all = sitemap.length > 0 ? pagesFrom(sitemap) : EXPECTED_PAGES.filter((p) => !p.includes('{'));
  // BENCH_SITE_PAGES=/a,/b audits only those of them.
  const only = process.env['BENCH_SITE_PAGES']?.split(',').filter(Boolean);
  const pages = only ? all.filter((p) => only.includes(p)) : all;
  const shape = (p: string) => withoutLanguage(p).replace(PROFILE_CATEGORY, '/urbanisation-profile/{category}');
  const missing = EXPECTED_PAGES.filter((p) => !all.map(shape).includes(p));
  const extra = all.filter((p) => !EXPECTED_PAGES.includes(shape(p)));
  run.setup['pages'] = { sitemap: sitemap.length, audited: pages, missing, extra };
  if (missing.length > 0) run.misses.push(`pages missing from the sitemap: ${missing.join(', ')}`);
  return { sitemap, pages, missing, extra };
}

/** Lighthouse and the first-screen bytes of `pages`, one audit per page, and the seconds Lighthouse took. */
export async function measurePages(
  url: string,
  pages: string[],
  log: (line: string) => void,
): Promise<{ audits: PageAudit[]; lighthouseS: number }> {
  const started = performance.now();
  const lh = await lighthouseAll(url, pages, log);
  const lighthouseS = (performance.now() - started) / 1000;
  const bytes = await firstScreenBytes(url, pages);
  return { audits: pages.map((path) => ({ path, ...bytes.get(path)!, ...lh.get(path)! })), lighthouseS };
}

/** Phase 2: Lighthouse and first-screen bytes on every public page. */
async function auditPages(run: SiteRun, site: SitePortal): Promise<void> {
  const { sitemap, pages, missing, extra } = await pagesToAudit(run, site.url);
  run.ctx.log(
    `Lighthouse (mobile, simulated throttling) on ${pages.length} pages (${sitemap.length} URLs in the sitemap) …`,
  );
  const { audits, lighthouseS } = await measurePages(site.url, pages, run.ctx.log);
  run.setup['pageAudits'] = audits;
  run.tables.push({
    title:
      'Public pages. Lighthouse 13 scores (mobile, simulated throttling); transferred KB by type from its ' +
      'resource-summary (with headers); ' +
      'HTML br / CSS br = the whole page and its render-blocking CSS as our server sends them (Content-Length, ' +
      'brotli); fold br = brotli HTML up to the first element below the first screen ' +
      `(phone 412x823 or desktop 1350x940, the larger); 1st screen = fold br + CSS br, ` +
      `budget ${FIRST_SCREEN_BUDGET / 1024} KB`,
    header: [
      'page',
      'perf',
      'a11y',
      'BP',
      'SEO',
      'HTML',
      'CSS',
      'JS',
      'img',
      'font',
      'total',
      'HTML br',
      'CSS br',
      'fold br',
      '1st screen',
      'LCP',
      'TBT',
      'result',
    ],
    rows: audits.map((a) => pageAuditRow(a, run.misses)),
  });
  const failedAudits = audits.flatMap((a) =>
    a.failedAudits.map(
      (f) =>
        `${a.path} [${f.category}] ${f.id} ` +
        `(score ${f.score})${f.displayValue ? ` ${f.displayValue}` : ''}` +
        `${f.items.length ? `: ${f.items.join(' | ')}` : ''}`,
    ),
  );
  const retried = audits.filter((a) => a.retried).map((a) => a.path);
  run.notes.push(
    `Page audits: Lighthouse on ${audits.length} pages in ${lighthouseS.toFixed(0)} s, one Chromium (the ` +
      `sitemap's ${sitemap.length} URLs with one urbanisation-profile category, the event galleries through ` +
      `/media-gallery/event, plus /home)` +
      (missing.length || extra.length
        ? `; expected but not found: ${missing.join(', ') || 'none'}; not expected: ${extra.join(', ') || 'none'}`
        : '') +
      (retried.length ? `; run again after a failed trace: ${retried.join(', ')}` : '') +
      '. Bars: accessibility, best practices and SEO 100, performance >= 95, first screen <= 14 KB, no script ' +
      'on pages with nothing interactive (only /, /home, /contact-us and /media-gallery* may load one).',
  );
  const heavy = audits
    .filter((a) => a.wholeScreen > FIRST_SCREEN_BUDGET)
    .map((a) => `${a.path} ${kb(a.wholeScreen)} KB`);
  if (heavy.length > 0) {
    run.notes.push(
      `Pages whose whole HTML + render-blocking CSS (brotli) exceeds ${FIRST_SCREEN_BUDGET / 1024} KB, so the ` +
        `rest of the page takes more round trips (not judged): ${heavy.join(', ')}.`,
    );
  }
  if (failedAudits.length > 0)
    run.notes.push(`Audits below 1 on pages that miss a Lighthouse bar: ${failedAudits.join('; ')}.`);
}

/** What the server holds in memory per build, and what it compresses when it loads one. */
async function reportBuildSize(run: SiteRun, site: SitePortal): Promise<void> {
  const status = await siteStatus(site.editor);
  const stats = buildStats(join(site.config.siteDir, status.live!.id));
  run.setup['build'] = stats;
  // Decision 034: English pages name no script font and fetch none but the brand typeface's Latin file.
  const fonts = pagesNamingScriptFonts(join(site.config.siteDir, status.live!.id));
  // A Chinese, French or Russian page may fetch its script's file where the device lacks it (Russian: Cyrillic).
  const audits = (run.setup['pageAudits'] as PageAudit[] | undefined) ?? [];
  const fetching = pagesFetchingScriptFonts(audits.filter((a) => !LANGUAGE_PREFIX.test(a.path)));
  const translatedFetching = pagesFetchingScriptFonts(audits.filter((a) => LANGUAGE_PREFIX.test(a.path)));
  run.setup['scriptFonts'] = { ...fonts, fetching, translatedFetching };
  run.tables.push(scriptFontTable());
  run.notes.push(
    `Script fonts: ${fonts.naming.length} of ${fonts.pages} built pages name script fonts` +
      (fonts.naming.length
        ? ` (${fonts.naming
            .slice(0, 5)
            .map((p) => `${p.path} ${p.bytes} B`)
            .join(', ')})`
        : '') +
      `; audited English pages that fetched a font besides the brand's Latin ` +
      `file: ${fetching.length ? fetching.join(', ') : 'none'}` +
      `; translated pages that did (their own script, not ` +
      `judged): ${translatedFetching.length ? translatedFetching.join(', ') : 'none'}.`,
  );
  if (fetching.length > 0) run.misses.push(`English pages fetched script fonts: ${fetching.join(', ')}`);
  run.notes.push(
    `The live build: ${stats.files} files, ${(stats.bytes / 1024).toFixed(0)} KB, of ` +
      `which ${stats.compressibleFiles} files / ${(stats.compressibleBytes / 1024).toFixed(0)} KB compressible ` +
      `(HTML ${stats.html.files} files / ${(stats.html.bytes / 1024).toFixed(0)} KB); the ` +
      `largest: ${stats.largest.map((f) => `${f.path} ${(f.bytes / 1024).toFixed(0)} KB`).join(', ')}. ` +
      `Compressing them once as the server does on every swap (brotli q11 + gzip 9, synchronously) ` +
      `took ${stats.compressMs.toFixed(0)} ms in this process.`,
  );
}

/** The portal and the bare static server send the very same br-encoded page. */
async function checkSamePage(run: SiteRun, portalUrl: string, staticUrl: string, path: string): Promise<void> {
  const [ours, bare] = await Promise.all(
    [portalUrl, staticUrl].map(async (base) => {
      const response = await fetch(base + path, { headers: { 'accept-encoding': 'br' } });
      return {
        status: response.status,
        encoding: response.headers.get('content-encoding'),
        length: response.headers.get('content-length'),
        text: await response.text(),
      };
    }),
  );
  check(
    ours!.status === 200 &&
      bare!.status === 200 &&
      ours!.encoding === 'br' &&
      bare!.encoding === 'br' &&
      ours!.text === bare!.text,
    `${path}: the portal and the static server send the same page, br-encoded (${ours!.length} ` +
      `and ${bare!.length} bytes)`,
    run.checks,
  );
}

/** Load rows for one path: the static server (baseline), then the portal; returns the ratio line. */
async function measureServedPath(
  run: SiteRun,
  site: SitePortal,
  staticServer: ChildServer<{ url: string; files: number }>,
  path: string,
): Promise<string> {
  const record = (target: LoadTarget, baselineRps: number | null) => measureRow(run.ctx, target, baselineRps, run.rows);
  const headers = { 'accept-encoding': 'br' };
  const baseline = await record(
    {
      name: `static server ${path}`,
      describe: `GET ${path} (br) from a bare node:http server holding the same build in memory, own process`,
      url: `${staticServer.info.url}${path}`,
      headers,
      judged: false,
      watch: { server: staticServer.process.pid },
    },
    null,
  );
  const ours = await record(
    {
      name: `portal ${path}`,
      describe: `GET ${path} (br) from the portal server (Hono, security headers, CSP with script hashes, ETag)`,
      url: `${site.url}${path}`,
      headers,
      judged: false,
      watch: { server: site.child.process.pid },
    },
    baseline.requestsPerSec,
  );
  const cpuRatio = (r: Row) => (r.cpuSeconds['server'] ?? 0) / Math.max(1, r.requestsTotal);
  return (
    `${path} ${ours.verdict.ratio?.toFixed(2)} of the ` +
    `requests/s, ${(cpuRatio(ours) / Math.max(1e-9, cpuRatio(baseline))).toFixed(1)}x the server CPU per request`
  );
}

/** Phase 3: static serving, the portal against a bare static file server on the same build. */
async function measureStaticServing(run: SiteRun, site: SitePortal): Promise<void> {
  const status = await siteStatus(site.editor);
  const staticServer = await startChild<{ url: string; files: number }>(
    new URL('../servers/static.ts', import.meta.url),
    {
      label: 'The static file server',
      env: { BENCH_STATIC_DIR: join(site.config.siteDir, status.live!.id), NODE_ENV: 'production' },
      ...profiling(run, 'site-static'),
    },
  );
  run.children.push(staticServer);
  try {
    const contentPage = process.env['BENCH_SITE_PAGE'] ?? '/national-urban-agenda';
    const servedPaths = ['/', contentPage];
    for (const path of servedPaths) await checkSamePage(run, site.url, staticServer.info.url, path);
    const ratios: string[] = [];
    for (const path of servedPaths) ratios.push(await measureServedPath(run, site, staticServer, path));
    run.notes.push(
      `Static serving (load rows): the portal against a bare node:http static server on the same build ` +
        `(${staticServer.info.files} files in memory, brotli q11, own process), ` +
        `"x bare" = the portal's requests/s over the static server's: ${ratios.join('; ')}. Informational, no target.`,
    );
  } finally {
    await staticServer.stop();
  }
}

/** Phase 4: publish-to-live, an editor changes a banner's title; how long until visitors see it. */
async function measurePublishToLive(run: SiteRun, site: SitePortal): Promise<void> {
  const { editor, seed } = site;
  const repeats = number('BENCH_SITE_PUBLISH_RUNS', 3);
  const banner = seed.uploadTargets.find((t) => t.cmsType === 'banner')!;
  run.ctx.log(`Publish-to-live: changing a banner's title through POST /api/cms/saved, ${repeats} times …`);
  const runs: PublishRun[] = [];
  let current = site.homeBanners;
  let currentTitle = banner.title;
  for (let n = 1; n <= repeats; n++) {
    const result = await publishToLive(editor, banner, current, currentTitle, n);
    current = current.map((t) => (t === currentTitle ? result.title : t));
    currentTitle = result.title;
    runs.push(result);
    run.ctx.log(
      `  run ${n}: ${result.toLiveS === null ? 'NOT live' : `live after ${result.toLiveS.toFixed(1)} s`} ` +
        `(builder: queued ${result.queuedS?.toFixed(1) ?? '?'} s, build ${result.buildS?.toFixed(1) ?? '?'} s); ` +
        `${result.polls} GET / polls, ${result.pollsDuringBuild} during the build served the old page` +
        (result.problems.length ? `; ${result.problems.join('; ')}` : ''),
    );
    if (result.toLiveS === null) {
      // Leave the next run a site made from our data.
      const previous = (await siteStatus(editor)).live?.id ?? null;
      await editor.call('POST', 'site/publish');
      await waitForBuild(editor, previous, FIRST_BUILD_TIMEOUT_MS);
    }
  }
  site.homeBanners = current;
  run.setup['publish'] = runs;
  run.tables.push(publishTable(runs));
  for (const r of runs) {
    if (r.toLiveS !== null && r.toLiveS >= PUBLISH_TARGET_S)
      run.misses.push(`publish-to-live run ${r.run}: ${r.toLiveS.toFixed(1)} s >= ${PUBLISH_TARGET_S} s`);
    if (r.problems.length > 0) run.failures.push(`publish-to-live run ${r.run}: ${r.problems.join('; ')}`);
    else if (r.pollsDuringBuild === 0)
      run.failures.push(`publish-to-live run ${r.run}: no GET / was answered while the build ran`);
  }
  run.notes.push(
    'Publish-to-live: "to live" runs from the API call to the first GET / (polled every 100 ms) showing the ' +
      'new title; "queued" is the builder\'s wait before it starts (its 1 s debounce), ' +
      '"build" the builder\'s own building-since to live-since (GET /api/site/status), which includes loading ' +
      'the new build into memory; "during build" counts the GET / answered while the build ran, each a 200 with ' +
      'the very page served before the edit; ' +
      '"slowest GET /" is the longest of those polls (the server answers nothing while it compresses a new ' +
      'build on its event loop).',
  );
}

function publishTable(runs: readonly PublishRun[]): Table {
  return {
    title:
      `Publish-to-live: POST /api/cms/saved (a published banner's new title) until GET / shows it; target ` +
      `< ${PUBLISH_TARGET_S} s`,
    header: [
      'run',
      'API ms',
      'to live s',
      'queued s',
      'build s',
      'GET / polls',
      'during build',
      'slowest GET / ms',
      'result',
    ],
    rows: runs.map((r) => [
      String(r.run),
      r.apiMs.toFixed(0),
      r.toLiveS === null ? 'never' : r.toLiveS.toFixed(1),
      r.queuedS?.toFixed(1) ?? '-',
      r.buildS?.toFixed(1) ?? '-',
      String(r.polls),
      r.oldServed ? `${r.pollsDuringBuild}x old page` : 'OTHER PAGE',
      r.slowestPollMs.toFixed(0),
      r.toLiveS !== null && r.toLiveS < PUBLISH_TARGET_S && r.problems.length === 0 ? 'PASS' : 'FAIL',
    ]),
  };
}

/** Runs one phase; a failure is reported with the figures of the other phases instead of losing them. */
export async function phase(run: SiteRun, name: string, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    run.failures.push(`${name}: ${(error as Error).message}`);
    run.ctx.log(`  ${name} failed: ${(error as Error).message}`);
  }
}

/**
 * The public site as visitors get it: set-up and the first build, page audits, the build's size,
 * static serving against a bare server, and publish-to-live (see bench/README.md).
 */
export async function siteSection(ctx: BenchContext): Promise<SectionReport> {
  const run: SiteRun = {
    ctx,
    notes: [],
    failures: [],
    misses: [],
    setup: {},
    tables: [],
    rows: [],
    checks: [],
    children: [],
    emulator: null,
    api: null,
  };
  const sectionStarted = performance.now();
  const report = (): SectionReport => {
    run.setup['checks'] = run.checks;
    if (run.checks.length > 0) run.notes.push(`Checks passed: ${run.checks.join('; ')}.`);
    run.notes.push(`The site section took ${((performance.now() - sectionStarted) / 1000).toFixed(0)} s.`);
    const { notes, setup, rows, tables, misses, failures } = run;
    return {
      section: 'site',
      title: 'Public site: page quality, static serving, publish-to-live',
      notes,
      setup,
      rows,
      tables,
      misses,
      failures,
    };
  };
  try {
    const site = await startSitePortal(run, await startSiteEmulator(run));
    await publishFirstBuild(run, site);
    await phase(run, 'page audits', () => auditPages(run, site));
    await phase(run, 'build size', () => reportBuildSize(run, site));
    await phase(run, 'static serving', () => measureStaticServing(run, site));
    await phase(run, 'publish-to-live', () => measurePublishToLive(run, site));
    return report();
  } catch (error) {
    run.failures.push(`set-up: ${(error as Error).message}`);
    return report();
  } finally {
    // Never stop the server mid-build: the build is its child process.
    if (run.api) await waitForIdle(run.api).catch(() => {});
    for (const child of run.children.reverse()) await child.stop();
    await run.emulator?.stop();
  }
}

const COMPRESSIBLE = /\.(html|css|js|mjs|json|svg|txt|xml|webmanifest|map)$/i;

/** Files and bytes of a build folder, and how long compressing it the server's way takes here. */
export function buildStats(dir: string) {
  const files: { path: string; bytes: number }[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile())
        files.push({ path: relative(dir, full).split(sep).join('/'), bytes: statSync(full).size });
    }
  };
  walk(dir);
  const compressible = files.filter((f) => COMPRESSIBLE.test(f.path) && f.bytes > 512);
  const html = files.filter((f) => f.path.endsWith('.html'));
  const started = performance.now();
  for (const f of compressible) {
    const body = readFileSync(join(dir, f.path));
    brotliCompressSync(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    gzipSync(body, { level: 9 });
  }
  const compressMs = performance.now() - started;
  const sum = (list: { bytes: number }[]) => list.reduce((n, f) => n + f.bytes, 0);
  return {
    files: files.length,
    bytes: sum(files),
    compressibleFiles: compressible.length,
    compressibleBytes: sum(compressible),
    html: { files: html.length, bytes: sum(html) },
    largest: [...compressible].sort((a, b) => b.bytes - a.bytes).slice(0, 4),
    compressMs,
  };
}

export async function waitForIdle(api: PortalApi): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const status = await siteStatus(api);
    if (status.current.state === 'idle') return;
    await sleep(500);
  }
}
