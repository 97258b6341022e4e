import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
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

export const SITE_PROJECT_ID = 'demo-apua-bench-site';
export const SITE_ITEMS = 500;
/** A change published in the back-office must be live within this many seconds (2 cores). */
export const PUBLISH_TARGET_S = 15;

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

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

const kb = (bytes: number | undefined) => (bytes === undefined ? '-' : (bytes / 1024).toFixed(1));
const seconds = (ms: number) => (ms / 1000).toFixed(1);

/**
 * The pages to audit: the sitemap's, with one page of each family of pages made from data
 * (the first urbanisation-profile category; the event galleries through their "latest event"
 * alias /media-gallery/event), plus /home.
 */
function pagesFrom(sitemap: readonly string[]): string[] {
  const pages: string[] = [];
  let category = false;
  for (const path of sitemap) {
    if (/^\/media-gallery\/event\/[^/]+$/.test(path)) continue;
    if (/^\/urbanisation-profile\/(?!view$)[^/]+$/.test(path)) {
      if (category) continue;
      category = true;
    }
    pages.push(path);
  }
  for (const extra of ['/home', '/media-gallery/event']) if (!pages.includes(extra)) pages.push(extra);
  return pages;
}

function check(ok: boolean, what: string, checks: string[]): void {
  if (!ok) throw new Error(`Sanity check failed: ${what}`);
  checks.push(what);
}

interface PublishRun {
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
async function publishToLive(
  api: PortalApi,
  banner: UploadTarget,
  homeBanners: readonly string[],
  currentTitle: string,
  run: number,
): Promise<PublishRun & { title: string }> {
  const before = await siteStatus(api);
  const oldPage = await (await fetch(`${api.base}/`)).text();
  const title = `Bench edit ${run}: ${banner.title.slice(0, 60)} ${Date.now().toString(36)}`;
  const started = performance.now();
  const startedAt = Date.now();
  const saved = await api.call('POST', 'cms/saved', {
    uuid: banner.uuid,
    cms_type: banner.cmsType,
    title,
    display_order: banner.displayOrder,
  });
  const apiMs = performance.now() - started;
  if (saved.status !== 200) throw new Error(`POST /api/cms/saved answered ${saved.status}: ${JSON.stringify(saved.body)}`);

  const watch = { state: 'queued', buildingSince: null as string | null, liveId: before.live?.id ?? null, on: true };
  const watcher = (async () => {
    while (watch.on) {
      const status = await siteStatus(api).catch(() => null);
      if (status) {
        watch.state = status.current.state;
        if (status.current.state === 'building') watch.buildingSince = status.current.since;
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
  const deadline = performance.now() + 120_000;
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
        const missing = missingBanners(html, homeBanners.map((t) => (t === currentTitle ? title : t)));
        if (missing.length > 0) problems.push(`the new page lacks ${missing.length} of the ${homeBanners.length} banners`);
        break;
      }
      if (response.status !== 200) problems.push(`GET / answered ${response.status} before the swap`);
      else if (html !== oldPage && !swapped) problems.push('GET / answered a page other than the old one before the swap');
      else if (during) pollsDuringBuild++;
      // A new build is live but / does not show the edit: that build was made from other data.
      if (swapped && ++swappedPolls >= 3) {
        const shown = homeBanners.length - missingBanners(html, homeBanners).length;
        const foreign = [...html.matchAll(/<h2 class="text-lg[^>]*>\s*(?:<a[^>]*>)?\s*([^<]{1,80})/g)].map((m) => m[1]!.trim());
        problems.push(
          `build ${watch.liveId} went live without the edit: its home page shows ${shown} of our ${homeBanners.length} banners` +
            (foreign.length ? ` and these banner titles instead: ${foreign.slice(0, 4).join(' | ')}` : ''),
        );
        break;
      }
      if (performance.now() > deadline) {
        problems.push(`the new title was not live within 120 s (builder state: ${watch.state})`);
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
  if (!sitemap.includes(`/media-gallery/event/${latestEventSlug}`)) problems.push(`the sitemap (${sitemap.length} URLs) lacks our latest event`);
  return problems;
}

/**
 * The public site as visitors get it: 500 CMS items seeded, the site built by the server's own
 * builder, Lighthouse and the first-screen bytes of every public page, static serving against a
 * bare static file server, and how long an editor's change takes to be live.
 */
export async function siteSection(ctx: BenchContext): Promise<SectionReport> {
  const notes: string[] = [];
  const failures: string[] = [];
  const misses: string[] = [];
  const setup: Record<string, unknown> = {};
  const tables: Table[] = [];
  const rows: Row[] = [];
  const checks: string[] = [];
  const children: ChildServer<unknown>[] = [];
  let emulator: Awaited<ReturnType<typeof startAuthEmulator>> | null = null;
  let api: PortalApi | null = null;
  const sectionStarted = performance.now();
  const report = (): SectionReport => {
    setup['checks'] = checks;
    if (checks.length > 0) notes.push(`Checks passed: ${checks.join('; ')}.`);
    notes.push(`The site section took ${((performance.now() - sectionStarted) / 1000).toFixed(0)} s.`);
    return { section: 'site', title: 'Public site: page quality, static serving, publish-to-live', notes, setup, rows, tables, misses, failures };
  };
  /** Runs one phase; a failure is reported with the figures of the other phases instead of losing them. */
  const phase = async (name: string, body: () => Promise<void>) => {
    try {
      await body();
    } catch (error) {
      failures.push(`${name}: ${(error as Error).message}`);
      ctx.log(`  ${name} failed: ${(error as Error).message}`);
    }
  };
  try {
    // 1. Identity service, portal server with 500 CMS items, real uploads, the first build.
    const emulatorPort = await freePort(3);
    const emulatorHost = `127.0.0.1:${emulatorPort}`;
    let started = performance.now();
    ctx.log(`Starting the Firebase Auth emulator on ${emulatorHost} (project ${SITE_PROJECT_ID}) …`);
    emulator = await startAuthEmulator({ host: emulatorHost, projectId: SITE_PROJECT_ID, workDir: join(ctx.tmp, 'site-emulator') });
    setup['emulatorStartMs'] = Math.round(performance.now() - started);

    const port = await freePort();
    const config: SitePortalConfig = {
      port,
      dataDir: join(ctx.tmp, 'site-data'),
      siteDir: join(ctx.tmp, 'site-builds'),
      projectId: SITE_PROJECT_ID,
      emulatorHost,
      items: number('BENCH_SITE_ITEMS', SITE_ITEMS),
    };
    mkdirSync(config.dataDir, { recursive: true });
    // BENCH_PROFILE=1 writes V8 CPU profiles of the servers to bench/results/profiles/.
    const profileDir = process.env['BENCH_PROFILE'] === '1' ? join(ctx.root, 'bench/results/profiles') : null;
    const profile = (name: string) => (profileDir ? { execArgv: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${name}.cpuprofile`] } : {});
    ctx.log(`Starting the portal server (PGlite in a temp folder) and seeding ${config.items} CMS items …`);
    const portal = await startChild<SitePortalInfo>(new URL('../servers/site-portal.ts', import.meta.url), {
      label: 'The portal server (site)',
      // The builds run as children of the server and inherit this: canonical URLs and the sitemap name the server.
      env: { BENCH_SITE_PORTAL: JSON.stringify(config), NODE_ENV: 'production', PUBLIC_SITE_URL: `http://127.0.0.1:${port}` },
      timeoutMs: 180_000,
      ...profile('site-portal'),
    });
    children.push(portal);
    const { url, seed } = portal.info;
    setup['serverStartMs'] = Math.round(portal.info.startMs);
    setup['seed'] = { ...seed, uploadTargets: seed.uploadTargets.length };
    const mix = Object.entries(seed.byType)
      .map(([type, statuses]) => `${type === 'video' ? 'media gallery' : `${type}s`} ${Object.entries(statuses).map(([st, n]) => `${n} ${st}`).join('/')}`)
      .join('; ');
    ctx.log(`Seeded ${seed.items} items (${mix}) in ${seconds(seed.insertMs)} s; ${seed.poolImages} pool images in ${seconds(seed.poolMs)} s`);

    const admin = DEMO_ACCOUNTS.find((a) => a.role === 'tuxuri')!;
    const editor = new PortalApi(url, await signIn(emulatorHost, admin.email, admin.password));
    api = editor;
    const first = await siteStatus(editor);
    check(first.live === null && first.current.state === 'idle', 'no site is built or queued before the first publish', checks);
    const before = await fetch(`${url}/`);
    await before.arrayBuffer();
    check(before.status === 503, `GET / is 503 while no site is built`, checks);

    ctx.log(`Uploading ${seed.uploadTargets.length} generated images through POST /api/cms/upload …`);
    started = performance.now();
    for (const [i, target] of seed.uploadTargets.entries()) {
      const png = target.picture === 'logo';
      const bytes = png ? await logoPng(300 + i) : await photoJpeg(400 + i, 1600, target.cmsType === 'banner' ? 900 : 1200);
      const answer = await editor.upload(target.uuid, bytes, png ? 'logo.png' : 'photo.jpg', png ? 'image/png' : 'image/jpeg');
      check(answer.status === 200 && (answer.body.data?.image?.variants?.length ?? 0) > 0, `upload ${i + 1} is 200 with renditions`, []);
    }
    const uploadMs = performance.now() - started;
    setup['uploadMs'] = Math.round(uploadMs);
    checks.push(`${seed.uploadTargets.length} uploads answered 200 with renditions (${seconds(uploadMs)} s)`);
    check((await siteStatus(editor)).current.state === 'idle', 'uploads to drafts queue no build', checks);

    // Publishing the drafts that got an image queues the first build (one: they land within the debounce).
    started = performance.now();
    const published = await Promise.all(seed.uploadTargets.map((t) => editor.call('POST', `cms/status/${t.uuid}`, { status: 'published' })));
    check(published.every((p) => p.status === 200), `${published.length} items published through POST /api/cms/status`, checks);
    ctx.log('Waiting for the first site build …');
    let build = await waitForBuild(editor, null, 240_000);
    const firstBuildS = (performance.now() - started) / 1000;
    const ownS = (b: typeof build) =>
      b.buildingSince && b.status.live ? (Date.parse(b.status.live.since) - Date.parse(b.buildingSince)) / 1000 : null;
    const firstBuildOwnS = ownS(build);
    setup['firstBuild'] = { s: firstBuildS, buildS: firstBuildOwnS, live: build.status.live };
    ctx.log(`  live after ${firstBuildS.toFixed(1)} s (the build itself ${firstBuildOwnS?.toFixed(1) ?? '?'} s)`);
    // A build made from another server's data (shared Astro cache, see the report) is rebuilt.
    const { homeBanners, latestEventSlug } = seed.expect;
    const rebuilds: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const foreign = await foreignBuild(url, homeBanners, latestEventSlug);
      if (foreign.length === 0) break;
      rebuilds.push(`${build.status.live?.id}: ${foreign.join(', ')}`);
      ctx.log(`  the live build was not made from our data (${foreign.join(', ')}): publishing again`);
      if (attempt === 2) throw new Error(`three builds in a row were not made from our data: ${rebuilds.join('; ')}`);
      const previous = build.status.live?.id ?? null;
      await editor.call('POST', 'site/publish');
      build = await waitForBuild(editor, previous, 240_000);
    }
    setup['foreignBuilds'] = rebuilds;
    if (rebuilds.length > 0) {
      failures.push(`${rebuilds.length} build(s) went live with another server's content and had to be redone: ${rebuilds.join('; ')}`);
    }
    const home = await (await fetch(`${url}/`)).text();
    check(missingBanners(home, homeBanners).length === 0, `the home page shows all ${homeBanners.length} published banners with images`, checks);
    check(/<picture>[\s\S]*?image\/webp[\s\S]*?<\/picture>/.test(home), 'the home page carries <picture> markup with WebP renditions', checks);
    notes.push(
      `Set-up: Auth emulator, portal server in its own process (PGlite in a temp DATA_DIR, temp SITE_DIR), ${seed.items} CMS items seeded with SQL (${mix}; ${seed.events} events, ${seed.videos} videos; ` +
        `${seed.withPoolImage} rows share ${seed.poolImages} images made by the server's own rendition code), then ${seed.uploadTargets.length} generated JPEG/PNG images uploaded through POST /api/cms/upload to drafts (${seconds(uploadMs)} s) ` +
        `and those published through POST /api/cms/status: one build, live ${firstBuildS.toFixed(1)} s after the publish calls (astro build ${firstBuildOwnS?.toFixed(1) ?? '?'} s by the builder's status).`,
    );

    // 2. Lighthouse and first-screen bytes on every public page.
    await phase('page audits', async () => {
      const sitemap = await sitemapPaths(url);
      const pages = sitemap.length > 0 ? pagesFrom(sitemap) : EXPECTED_PAGES.filter((p) => !p.includes('{'));
      const shape = (p: string) => p.replace(/^\/urbanisation-profile\/(?!view$)[^/]+$/, '/urbanisation-profile/{category}');
      const missing = EXPECTED_PAGES.filter((p) => !pages.map(shape).includes(p));
      const extra = pages.filter((p) => !EXPECTED_PAGES.includes(shape(p)));
      setup['pages'] = { sitemap: sitemap.length, audited: pages, missing, extra };
      if (missing.length > 0) misses.push(`pages missing from the sitemap: ${missing.join(', ')}`);
      ctx.log(`Lighthouse (mobile, simulated throttling) on ${pages.length} pages (${sitemap.length} URLs in the sitemap) …`);
      const lhStarted = performance.now();
      const lh = await lighthouseAll(url, pages, ctx.log);
      const lighthouseS = (performance.now() - lhStarted) / 1000;
      const bytes = await firstScreenBytes(url, pages);
      const audits: PageAudit[] = pages.map((path) => ({ path, ...bytes.get(path)!, ...lh.get(path)! }));
      setup['pageAudits'] = audits;

      const pageRows = audits.map((a) => {
        const problems: string[] = [];
        const sc = a.scores;
        for (const key of ['accessibility', 'best-practices', 'seo'] as const) if ((sc[key] ?? 0) < 100) problems.push(`${key} ${sc[key] ?? '-'}`);
        if ((sc.performance ?? 0) < 95) problems.push(`performance ${sc.performance ?? '-'}`);
        if (a.firstScreen > FIRST_SCREEN_BUDGET) problems.push(`first screen ${kb(a.firstScreen)} KB > ${FIRST_SCREEN_BUDGET / 1024} KB`);
        const js = a.transfer['script']?.bytes ?? 0;
        if ((js > 0 || a.scriptTags > 0) && !MAY_HAVE_JS.some((re) => re.test(a.path))) problems.push(`JS ${kb(js)} KB on a page with nothing interactive`);
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
          t('total'),
          kb(a.htmlBr),
          kb(a.css.reduce((n, c) => n + c.br, 0)),
          kb(a.foldBr),
          kb(a.firstScreen),
          a.metrics['LCP'] ?? '-',
          a.metrics['TBT'] ?? '-',
          problems.length === 0 ? 'PASS' : 'FAIL',
        ];
      });
      tables.push({
        title:
          'Public pages. Lighthouse 13 scores (mobile, simulated throttling); transferred KB by type from its resource-summary (with headers); ' +
          'HTML br / CSS br = the whole page and its render-blocking CSS as our server sends them (Content-Length, brotli); fold br = brotli HTML up to the first element below the first screen ' +
          `(phone 412x823 or desktop 1350x940, the larger); 1st screen = fold br + CSS br, budget ${FIRST_SCREEN_BUDGET / 1024} KB`,
        header: ['page', 'perf', 'a11y', 'BP', 'SEO', 'HTML', 'CSS', 'JS', 'img', 'total', 'HTML br', 'CSS br', 'fold br', '1st screen', 'LCP', 'TBT', 'result'],
        rows: pageRows,
      });
      const failedAudits = audits.flatMap((a) =>
        a.failedAudits.map(
          (f) => `${a.path} [${f.category}] ${f.id} (score ${f.score})${f.displayValue ? ` ${f.displayValue}` : ''}${f.items.length ? `: ${f.items.join(' | ')}` : ''}`,
        ),
      );
      const retried = audits.filter((a) => a.retried).map((a) => a.path);
      notes.push(
        `Page audits: Lighthouse on ${lh.size} pages in ${lighthouseS.toFixed(0)} s, one Chromium (the sitemap's ${sitemap.length} URLs with one urbanisation-profile category, the event galleries through /media-gallery/event, plus /home)` +
          (missing.length || extra.length ? `; expected but not found: ${missing.join(', ') || 'none'}; not expected: ${extra.join(', ') || 'none'}` : '') +
          (retried.length ? `; run again after a failed trace: ${retried.join(', ')}` : '') +
          '. Bars: accessibility, best practices and SEO 100, performance >= 95, first screen <= 14 KB, no script on pages with nothing interactive (only /, /home, /contact-us and /media-gallery* may load one).',
      );
      const heavy = audits.filter((a) => a.wholeScreen > FIRST_SCREEN_BUDGET).map((a) => `${a.path} ${kb(a.wholeScreen)} KB`);
      if (heavy.length > 0) {
        notes.push(`Pages whose whole HTML + render-blocking CSS (brotli) exceeds ${FIRST_SCREEN_BUDGET / 1024} KB, so the rest of the page takes more round trips (not judged): ${heavy.join(', ')}.`);
      }
      if (failedAudits.length > 0) notes.push(`Audits below 1 on pages that miss a Lighthouse bar: ${failedAudits.join('; ')}.`);
    });

    // What the server holds in memory per build, and what it compresses when it loads one.
    await phase('build size', async () => {
      const status = await siteStatus(editor);
      const stats = buildStats(join(config.siteDir, status.live!.id));
      setup['build'] = stats;
      notes.push(
        `The live build: ${stats.files} files, ${(stats.bytes / 1024).toFixed(0)} KB, of which ${stats.compressibleFiles} files / ${(stats.compressibleBytes / 1024).toFixed(0)} KB compressible ` +
          `(HTML ${stats.html.files} files / ${(stats.html.bytes / 1024).toFixed(0)} KB); the largest: ${stats.largest.map((f) => `${f.path} ${(f.bytes / 1024).toFixed(0)} KB`).join(', ')}. ` +
          `Compressing them once as the server does on every swap (brotli q11 + gzip 9, synchronously) took ${stats.compressMs.toFixed(0)} ms in this process.`,
      );
    });

    // 3. Static serving: the portal against a bare static file server on the same build.
    await phase('static serving', async () => {
      const status = await siteStatus(editor);
      const staticServer = await startChild<{ url: string; files: number }>(new URL('../servers/static.ts', import.meta.url), {
        label: 'The static file server',
        env: { BENCH_STATIC_DIR: join(config.siteDir, status.live!.id), NODE_ENV: 'production' },
        ...profile('site-static'),
      });
      children.push(staticServer);
      try {
        const contentPage = process.env['BENCH_SITE_PAGE'] ?? '/national-urban-agenda';
        const servedPaths = ['/', contentPage];
        for (const path of servedPaths) {
          const [ours, bare] = await Promise.all(
            [url, staticServer.info.url].map(async (base) => {
              const response = await fetch(base + path, { headers: { 'accept-encoding': 'br' } });
              return { status: response.status, encoding: response.headers.get('content-encoding'), length: response.headers.get('content-length'), text: await response.text() };
            }),
          );
          check(
            ours!.status === 200 && bare!.status === 200 && ours!.encoding === 'br' && bare!.encoding === 'br' && ours!.text === bare!.text,
            `${path}: the portal and the static server send the same page, br-encoded (${ours!.length} and ${bare!.length} bytes)`,
            checks,
          );
        }
        const record = (target: LoadTarget, baselineRps: number | null) => measureRow(ctx, target, baselineRps, rows);
        const ratios: string[] = [];
        const headers = { 'accept-encoding': 'br' };
        for (const path of servedPaths) {
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
              url: `${url}${path}`,
              headers,
              judged: false,
              watch: { server: portal.process.pid },
            },
            baseline.requestsPerSec,
          );
          const cpuRatio = (r: Row) => (r.cpuSeconds['server'] ?? 0) / Math.max(1, r.requestsTotal);
          ratios.push(`${path} ${ours.verdict.ratio?.toFixed(2)} of the requests/s, ${(cpuRatio(ours) / Math.max(1e-9, cpuRatio(baseline))).toFixed(1)}x the server CPU per request`);
        }
        notes.push(
          `Static serving (load rows): the portal against a bare node:http static server on the same build (${staticServer.info.files} files in memory, brotli q11, own process), ` +
            `"x bare" = the portal's requests/s over the static server's: ${ratios.join('; ')}. Informational, no target.`,
        );
      } finally {
        await staticServer.stop();
      }
    });

    // 4. Publish-to-live: an editor changes a banner's title; how long until visitors see it.
    await phase('publish-to-live', async () => {
      const repeats = number('BENCH_SITE_PUBLISH_RUNS', 3);
      const banner = seed.uploadTargets.find((t) => t.cmsType === 'banner')!;
      ctx.log(`Publish-to-live: changing a banner's title through POST /api/cms/saved, ${repeats} times …`);
      const runs: PublishRun[] = [];
      let current = [...homeBanners];
      let currentTitle = banner.title;
      for (let run = 1; run <= repeats; run++) {
        const result = await publishToLive(editor, banner, current, currentTitle, run);
        current = current.map((t) => (t === currentTitle ? result.title : t));
        currentTitle = result.title;
        runs.push(result);
        ctx.log(
          `  run ${run}: ${result.toLiveS === null ? 'NOT live' : `live after ${result.toLiveS.toFixed(1)} s`} (builder: queued ${result.queuedS?.toFixed(1) ?? '?'} s, build ${result.buildS?.toFixed(1) ?? '?'} s); ` +
            `${result.polls} GET / polls, ${result.pollsDuringBuild} during the build served the old page` +
            (result.problems.length ? `; ${result.problems.join('; ')}` : ''),
        );
        if (result.toLiveS === null) {
          // Leave the next run a site made from our data.
          const previous = (await siteStatus(editor)).live?.id ?? null;
          await editor.call('POST', 'site/publish');
          await waitForBuild(editor, previous, 240_000);
        }
      }
      setup['publish'] = runs;
      tables.push({
        title: `Publish-to-live: POST /api/cms/saved (a published banner's new title) until GET / shows it; target < ${PUBLISH_TARGET_S} s`,
        header: ['run', 'API ms', 'to live s', 'queued s', 'build s', 'GET / polls', 'during build', 'slowest GET / ms', 'result'],
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
      });
      for (const r of runs) {
        if (r.toLiveS !== null && r.toLiveS >= PUBLISH_TARGET_S) misses.push(`publish-to-live run ${r.run}: ${r.toLiveS.toFixed(1)} s >= ${PUBLISH_TARGET_S} s`);
        if (r.problems.length > 0) failures.push(`publish-to-live run ${r.run}: ${r.problems.join('; ')}`);
        else if (r.pollsDuringBuild === 0) failures.push(`publish-to-live run ${r.run}: no GET / was answered while the build ran`);
      }
      notes.push(
        'Publish-to-live: "to live" runs from the API call to the first GET / (polled every 100 ms) showing the new title; "queued" is the builder\'s wait before it starts (its 1 s debounce), ' +
          '"build" the builder\'s own building-since to live-since (GET /api/site/status), which includes loading the new build into memory; "during build" counts the GET / answered while the build ran, each a 200 with the very page served before the edit; ' +
          '"slowest GET /" is the longest of those polls (the server answers nothing while it compresses a new build on its event loop).',
      );
    });
    return report();
  } catch (error) {
    failures.push(`set-up: ${(error as Error).message}`);
    return report();
  } finally {
    // Never stop the server mid-build: the build is its child process.
    if (api) await waitForIdle(api).catch(() => {});
    for (const child of children.reverse()) await child.stop();
    await emulator?.stop();
  }
}

const COMPRESSIBLE = /\.(html|css|js|mjs|json|svg|txt|xml|webmanifest|map)$/i;

/** Files and bytes of a build folder, and how long compressing it the server's way takes here. */
function buildStats(dir: string) {
  const files: { path: string; bytes: number }[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) files.push({ path: relative(dir, full).split(sep).join('/'), bytes: statSync(full).size });
    }
  };
  walk(dir);
  const compressible = files.filter((f) => COMPRESSIBLE.test(f.path) && f.bytes > 512);
  const html = files.filter((f) => f.path.endsWith('.html'));
  const started = performance.now();
  for (const f of compressible) {
    const body = readFileSync(join(dir, f.path));
    brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });
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

async function waitForIdle(api: PortalApi): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const status = await siteStatus(api);
    if (status.current.state === 'idle') return;
    await sleep(500);
  }
}
