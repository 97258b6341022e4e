/**
 * The public site with every reporting module's data at full size (issues 7, 8 and 9): national
 * reports (58 countries × 4 cycles × 38 answers, the closed cycles all published), the
 * urbanisation profile (58 countries × 8 categories × 5 years) and 500 published best practices,
 * plus the site section's CMS items. Phases: set-up and the first build, publish-to-live with the
 * builder's time split, the search index and what a search downloads, and the page audits of one
 * page of each module's families. Reuses the site section's functions (bench/sections/site.ts).
 */
import { readdirSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, relative, sep } from 'node:path';
import { chromium, type Request } from 'playwright-core';
import type { BenchContext, SectionReport, Table } from '../lib/context.ts';
import { processCpuSeconds } from '../lib/cpu.ts';
import { CHROMIUM, CHROMIUM_FLAGS, sitemapPaths } from '../lib/page-audit.ts';
import { siteStatus, waitForBuild } from '../lib/portal-api.ts';
import { SEARCH_WORD, SEARCH_WORD_2, type ModulesSeedResult } from '../lib/seed-modules.ts';
import {
  buildStats,
  kb,
  measurePages,
  number,
  pageAuditRow,
  phase,
  publishFirstBuild,
  publishToLive,
  seconds,
  startSiteEmulator,
  startSitePortal,
  waitForIdle,
  FIRST_BUILD_TIMEOUT_MS,
  type PublishRun,
  type SitePortal,
  type SiteRun,
} from './site.ts';

/** With every module's data, a change must be live within this many seconds (issues 7–9, 2 cores). */
export const MODULES_PUBLISH_TARGET_S = 30;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The pages of the issues: one of each family the modules add (the seed names which). */
export function modulePages(expect: ModulesSeedResult['expect']): string[] {
  return [
    `/national-reports/${expect.latestReport.year}/${expect.latestReport.country}`,
    '/national-reports/status',
    `/regional-reports/${expect.regionalYear}`,
    '/urbanisation-profile',
    `/urbanisation-profile/${expect.category}`,
    `/urbanisation-profile/view/${expect.profileCountry}`,
    '/best-practices',
    '/best-practices-overview',
    `/best-practices-overview/${expect.facet.facet}/${encodeURIComponent(expect.facet.value)}`,
    `/best-practices-overview/view/${expect.practiceUuid}`,
    // Issue 17: the home page, the national reports, a report, a profile theme and the practice library in each other
    // language.
    ...['/zh', '/fr', '/ru'].flatMap((prefix) => [
      `${prefix}/`,
      `${prefix}/national-reports`,
      `${prefix}/national-reports/${expect.latestReport.year}/${expect.latestReport.country}`,
      `${prefix}/urbanisation-profile/${expect.category}`,
      `${prefix}/best-practices-overview`,
    ]),
  ];
}

function seedNotes(run: SiteRun, modules: ModulesSeedResult): void {
  const { nationalReports: nr, profile, practices } = modules;
  const byYear = Object.entries(nr.byYear)
    .map(
      ([year, statuses]) =>
        `${year}: ${Object.entries(statuses)
          .map(([st, n]) => `${n} ${st}`)
          .join(', ')}`,
    )
    .join('; ');
  run.notes.push(
    `Module data seeded with SQL in the portal's process: national reports ${nr.cycles} cycles, ${nr.reports} ` +
      `reports, ${nr.answers} answers, ${nr.published} published (${byYear}) in ${seconds(nr.ms)} s; ` +
      `urbanisation profile ${profile.categories} categories ` +
      `× ${profile.datasets / Math.max(1, profile.categories)} country-years = ${profile.datasets} published ` +
      `datasets, ${profile.values} figures (${profile.indicators} indicators) in ${seconds(profile.ms)} s; ` +
      `best practices ${practices.published} published (${practices.seeded} seeded, the rest the portal's ` +
      `examples), ${practices.covers} shared covers, on average ${practices.summaryWords} words of summary ` +
      `and ${practices.narrativeWords} of narrative, in ${seconds(practices.ms)} s.`,
  );
}

/** Phase 2: publish-to-live with every module's data; the builder's time split by its status steps. */
/**
 * After the first build the server brings its quick brotli bodies to quality 11 in the background
 * (decision 045, addendum): publish-to-live is measured once that is done, i.e. once the server
 * uses under 5 % of a core over 5 s (at most 15 minutes of waiting; the wait is noted).
 */
async function waitForQuietServer(run: SiteRun, site: SitePortal): Promise<void> {
  const started = performance.now();
  let before = processCpuSeconds(site.child.process.pid);
  while (before !== null && performance.now() - started < 900_000) {
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const now = processCpuSeconds(site.child.process.pid);
    if (now === null || now - before < 0.25) break;
    before = now;
  }
  const waited = (performance.now() - started) / 1000;
  run.setup['quietAfterFirstBuildS'] = waited;
  run.notes.push(
    `After the first build the server refined its quick brotli bodies for about ${waited.toFixed(0)} s before ` +
      `the publish runs began.`,
  );
  run.ctx.log(`  the server was busy refining the first build's compression for ${waited.toFixed(0)} s`);
}

async function measurePublish(run: SiteRun, site: SitePortal): Promise<void> {
  const { editor, seed } = site;
  const repeats = number('BENCH_MODULES_PUBLISH_RUNS', 2);
  const banner = seed.uploadTargets.find((t) => t.cmsType === 'banner')!;
  run.ctx.log(
    `Publish-to-live with the modules' data: a banner's title changed through POST /api/cms/saved, ${repeats} times …`,
  );
  const runs: (PublishRun & { load: string })[] = [];
  let current = site.homeBanners;
  let currentTitle = banner.title;
  for (let n = 1; n <= repeats; n++) {
    const loadBefore = load();
    const result = await publishToLive(editor, banner, current, currentTitle, n, 300_000);
    current = current.map((t) => (t === currentTitle ? result.title : t));
    currentTitle = result.title;
    runs.push({ ...result, load: loadBefore });
    run.ctx.log(
      `  run ${n}: ${result.toLiveS === null ? 'NOT live' : `live after ${result.toLiveS.toFixed(1)} s`} ` +
        `(build ${result.buildS?.toFixed(1) ?? '?'} s: ` +
        `astro ${result.astroS?.toFixed(1) ?? '?'}, Pagefind ${result.searchS?.toFixed(1) ?? '?'}, ` +
        `loading ${result.loadS?.toFixed(1) ?? '?'}); load average ${loadBefore}` +
        (result.problems.length ? `; ${result.problems.join('; ')}` : ''),
    );
    if (result.toLiveS === null) {
      const previous = (await siteStatus(editor)).live?.id ?? null;
      await editor.call('POST', 'site/publish');
      await waitForBuild(editor, previous, FIRST_BUILD_TIMEOUT_MS);
    }
  }
  site.homeBanners = current;
  run.setup['publish'] = runs;
  const stepNames = [...new Set(runs.flatMap((r) => r.steps.map((s) => s.step)))];
  run.tables.push({
    title:
      `Publish-to-live with all modules' data: POST /api/cms/saved (a published banner's new title) until GET ` +
      `/ shows it; target <= ${MODULES_PUBLISH_TARGET_S} s. ` +
      'build = the builder\'s building-since to live-since; astro = until its status showed "indexing for ' +
      'search", Pagefind = until "preparing the new version", load = reading and compressing the new build ' +
      'until live',
    header: [
      'run',
      'load avg',
      'API ms',
      'to live s',
      'queued s',
      'build s',
      'astro s',
      'Pagefind s',
      'load s',
      'slowest GET / ms',
      'result',
    ],
    rows: runs.map((r) => [
      String(r.run),
      r.load,
      r.apiMs.toFixed(0),
      r.toLiveS === null ? 'never' : r.toLiveS.toFixed(1),
      r.queuedS?.toFixed(1) ?? '-',
      r.buildS?.toFixed(1) ?? '-',
      r.astroS?.toFixed(1) ?? '-',
      r.searchS?.toFixed(1) ?? '-',
      r.loadS?.toFixed(1) ?? '-',
      r.slowestPollMs.toFixed(0),
      r.toLiveS !== null && r.toLiveS <= MODULES_PUBLISH_TARGET_S && r.problems.length === 0 ? 'PASS' : 'FAIL',
    ]),
  });
  run.tables.push({
    title:
      "The astro build's steps as the builder's status showed them (polled every 200 ms): seconds from the " +
      "build's start to the first poll showing each",
    header: ['run', ...stepNames],
    rows: runs.map((r) => [
      String(r.run),
      ...stepNames.map((name) => r.steps.find((s) => s.step === name)?.atS.toFixed(1) ?? '-'),
    ]),
  });
  for (const r of runs) {
    if (r.toLiveS !== null && r.toLiveS > MODULES_PUBLISH_TARGET_S)
      run.misses.push(`publish-to-live run ${r.run}: ${r.toLiveS.toFixed(1)} s > ${MODULES_PUBLISH_TARGET_S} s`);
    if (r.toLiveS === null) run.misses.push(`publish-to-live run ${r.run}: never live`);
    if (r.problems.length > 0) run.failures.push(`publish-to-live run ${r.run}: ${r.problems.join('; ')}`);
  }
}

interface IndexFile {
  path: string;
  bytes: number;
  br: number;
  gzip: number;
  encoding: string;
}

/** Every file of the live build's Pagefind folder, on disk and as the portal serves it (br and gzip). */
async function indexFiles(site: SitePortal, dir: string): Promise<IndexFile[]> {
  const paths: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) paths.push(full);
    }
  };
  walk(dir);
  const served = async (url: string, encoding: string) => {
    const response = await fetch(url, { headers: { 'accept-encoding': encoding } });
    const body = new Uint8Array(await response.arrayBuffer());
    // fetch decodes what it can: the Content-Length of an encoded answer is what travelled.
    const length = Number(response.headers.get('content-length'));
    return {
      status: response.status,
      bytes: Number.isFinite(length) && length > 0 ? length : body.byteLength,
      encoding: response.headers.get('content-encoding') ?? 'none',
    };
  };
  const out: IndexFile[] = [];
  for (const full of paths) {
    const path = relative(dir, full).split(sep).join('/');
    const url = `${site.url}/pagefind/${path}`;
    const [br, gz] = [await served(url, 'br'), await served(url, 'gzip')];
    if (br.status !== 200) throw new Error(`GET /pagefind/${path} answered ${br.status}`);
    out.push({ path, bytes: statSync(full).size, br: br.bytes, gzip: gz.bytes, encoding: br.encoding });
  }
  return out;
}

/** What one search downloads from /pagefind/ until its results show. */
interface SearchDownload {
  query: string;
  requests: number;
  /** Transferred: response headers + body as received (encoded). */
  bytes: number;
  byKind: Record<string, { requests: number; bytes: number }>;
  resultsMs: number;
  status: string;
  results: number;
}

const kindOf = (url: string) => {
  const name = new URL(url).pathname.split('/').pop() ?? '';
  if (name.endsWith('.pf_fragment')) return 'fragment';
  if (name.endsWith('.pf_index')) return 'index chunk';
  if (name.endsWith('.pf_meta')) return 'meta';
  if (name.endsWith('.pf_filter')) return 'filter';
  if (name.endsWith('.wasm') || name.includes('wasm.')) return 'wasm';
  if (name.endsWith('.js')) return 'script';
  if (name.endsWith('.json')) return 'entry';
  return 'other';
};

/**
 * Opens /search?q=… in Chromium (a shared cache across the queries, like one visitor) and sums the /pagefind/ downloads
 * until results show.
 */
async function searchDownloads(site: SitePortal, queries: readonly string[]): Promise<SearchDownload[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const out: SearchDownload[] = [];
    for (const query of queries) {
      const finished: Promise<{ url: string; bytes: number }>[] = [];
      const onFinished = (request: Request) => {
        if (!new URL(request.url()).pathname.startsWith('/pagefind/')) return;
        finished.push(
          request.sizes().then((s) => ({ url: request.url(), bytes: s.responseBodySize + s.responseHeadersSize })),
        );
      };
      page.on('requestfinished', onFinished);
      const started = performance.now();
      await page.goto(`${site.url}/search?q=${encodeURIComponent(query)}`, { waitUntil: 'domcontentloaded' });
      await page.waitForFunction(
        () => {
          const status = document.querySelector('#search-status')?.textContent ?? '';
          return (
            /^No results|^The search is not available/.test(status) ||
            document.querySelectorAll('#search-results li').length > 0
          );
        },
        null,
        { timeout: 60_000 },
      );
      const resultsMs = performance.now() - started;
      // Let the requests of the first page of results settle before counting them.
      await page.waitForLoadState('networkidle').catch(() => {});
      page.off('requestfinished', onFinished);
      const downloads = await Promise.all(finished);
      const byKind: SearchDownload['byKind'] = {};
      for (const d of downloads) {
        const k = (byKind[kindOf(d.url)] ??= { requests: 0, bytes: 0 });
        k.requests++;
        k.bytes += d.bytes;
      }
      out.push({
        query,
        requests: downloads.length,
        bytes: downloads.reduce((n, d) => n + d.bytes, 0),
        byKind,
        resultsMs,
        status: (await page.textContent('#search-status'))?.trim() ?? '',
        results: await page.locator('#search-results li').count(),
      });
    }
    await context.close();
    return out;
  } finally {
    await browser.close();
  }
}

/** Phase 3: the search index on disk and as served, and what searches download. */
async function measureSearch(run: SiteRun, site: SitePortal): Promise<void> {
  const status = await siteStatus(site.editor);
  const buildDir = join(site.config.siteDir, status.live!.id);
  const files = await indexFiles(site, join(buildDir, 'pagefind'));
  const build = buildStats(buildDir);
  const groups = new Map<string, IndexFile[]>();
  for (const f of files) {
    const key = kindOf(`http://x/${f.path}`);
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const sum = (list: IndexFile[], key: 'bytes' | 'br' | 'gzip') => list.reduce((n, f) => n + f[key], 0);
  const rows = [...groups.entries()]
    .sort((a, b) => sum(b[1], 'bytes') - sum(a[1], 'bytes'))
    .map(([kind, list]) => [
      kind,
      String(list.length),
      kb(sum(list, 'bytes')),
      kb(sum(list, 'br')),
      kb(sum(list, 'gzip')),
      [...new Set(list.map((f) => f.encoding))].join('/'),
    ]);
  rows.push(['all', String(files.length), kb(sum(files, 'bytes')), kb(sum(files, 'br')), kb(sum(files, 'gzip')), '']);
  run.setup['searchIndex'] = {
    files: files.length,
    bytes: sum(files, 'bytes'),
    br: sum(files, 'br'),
    gzip: sum(files, 'gzip'),
    build: { files: build.files, html: build.html },
  };
  run.tables.push({
    title:
      `The search index (Pagefind, /pagefind/ of the live build: ${build.html.files} HTML pages, ${build.files} ` +
      `files in the build): files and KB on disk, and as the portal serves them with Accept-Encoding br and gzip ` +
      `(Content-Length)`,
    header: ['kind', 'files', 'disk KB', 'served br KB', 'served gzip KB', 'encoding (br)'],
    rows,
  });

  run.ctx.log(`Search: what /search?q=${SEARCH_WORD} and then ?q=${SEARCH_WORD_2} download …`);
  const searches = await searchDownloads(site, [SEARCH_WORD, SEARCH_WORD_2]);
  run.setup['searchDownloads'] = searches;
  const kinds = [...new Set(searches.flatMap((s) => Object.keys(s.byKind)))].sort();
  run.tables.push({
    title:
      'What a search downloads from /pagefind/ (Chromium, phone viewport, one browser cache for both queries ' +
      'as for one visitor): requests and KB transferred (headers + encoded body) until the first results show, ' +
      'by kind',
    header: ['query', 'results', 'requests', 'KB', ...kinds.map((k) => `${k} KB`), 'results after ms'],
    rows: searches.map((s) => [
      s.query,
      `${s.results} shown, "${s.status.slice(0, 40)}"`,
      String(s.requests),
      kb(s.bytes),
      ...kinds.map((k) => (s.byKind[k] ? `${kb(s.byKind[k].bytes)} (${s.byKind[k].requests})` : '-')),
      s.resultsMs.toFixed(0),
    ]),
  });
  for (const s of searches)
    if (s.results === 0) run.failures.push(`search for "${s.query}" showed no results: ${s.status}`);
}

/** Phase 4: Lighthouse and first-screen bytes of one page of each module's families. */
async function auditModulePages(run: SiteRun, site: SitePortal, modules: ModulesSeedResult): Promise<void> {
  const pages = modulePages(modules.expect);
  const sitemap = await sitemapPaths(site.url);
  const absent = pages.filter((p) => !sitemap.includes(p) && !p.startsWith('/national-reports/status'));
  run.setup['sitemapUrls'] = sitemap.length;
  if (absent.length > 0)
    run.notes.push(`Audited pages not in the sitemap (${sitemap.length} URLs): ${absent.join(', ')}.`);
  run.ctx.log(`Lighthouse (mobile, simulated throttling) on ${pages.length} module pages; load average ${load()} …`);
  const { audits, lighthouseS } = await measurePages(site.url, pages, run.ctx.log);
  run.setup['pageAudits'] = audits;
  run.tables.push({
    title:
      'Module pages with all data. Lighthouse 13 scores (mobile, simulated throttling); transferred KB by type ' +
      '(with headers); HTML br / CSS br = the page and its render-blocking CSS as sent (brotli); ' +
      'fold br = brotli HTML up to the first element below the first screen (phone 412x823 or desktop ' +
      '1350x940, the larger); 1st screen = fold br + CSS br, budget 14 KB',
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
  run.notes.push(
    `Page audits: Lighthouse on ${audits.length} pages in ${lighthouseS.toFixed(0)} s (the sitemap ` +
      `has ${sitemap.length} URLs). Bars as in the site section: accessibility, best practices and SEO 100, ` +
      `performance >= 95, first screen <= 14 KB, no script on pages with nothing interactive.`,
  );
  if (failedAudits.length > 0)
    run.notes.push(`Audits below 1 on pages that miss a Lighthouse bar: ${failedAudits.join('; ')}.`);
}

/**
 * The public site with all reporting modules' data: set-up and first build, publish-to-live
 * (target 30 s), the search index and a search's downloads, and the module pages' audits.
 */
export async function modulesSection(ctx: BenchContext): Promise<SectionReport> {
  const run: SiteRun = {
    ctx,
    notes: [],
    failures: [],
    misses: [],
    setup: {},
    tables: [] as Table[],
    rows: [],
    checks: [],
    children: [],
    emulator: null,
    api: null,
  };
  const sectionStarted = performance.now();
  const loads: string[] = [`start ${load()}`];
  const report = (): SectionReport => {
    run.setup['checks'] = run.checks;
    run.setup['loadAverages'] = loads;
    if (run.checks.length > 0) run.notes.push(`Checks passed: ${run.checks.join('; ')}.`);
    run.notes.push(
      `Load average (1, 5, 15 min) through the run: ${loads.join('; ')} (2 cores shared with other work: the ` +
        `timings are noisy when it is above 2).`,
    );
    run.notes.push(`The modules section took ${((performance.now() - sectionStarted) / 1000).toFixed(0)} s.`);
    const { notes, setup, rows, tables, misses, failures } = run;
    return {
      section: 'modules',
      title: 'Public site with all reporting modules: publish-to-live, search, page quality',
      notes,
      setup,
      rows,
      tables,
      misses,
      failures,
    };
  };
  try {
    const site = await startSitePortal(run, await startSiteEmulator(run), { modules: true });
    const modules = site.modules!;
    seedNotes(run, modules);
    loads.push(`seeded ${load()}`);
    await publishFirstBuild(run, site);
    const first = run.setup['firstBuild'] as { s: number; buildS: number | null } | undefined;
    loads.push(`first build ${load()}`);
    if (first) ctx.log(`  first build with the modules: ${first.s.toFixed(1)} s`);
    // BENCH_MODULES_AUDITS_ONLY=1: no publish runs (nor the wait for a quiet server they need): the
    // search and page audits straight after the first build, while the server still refines its
    // compression on one core (noted; the audits' figures are then on the low side).
    if (process.env['BENCH_MODULES_AUDITS_ONLY'] === '1')
      run.notes.push(
        'Publish-to-live not measured (BENCH_MODULES_AUDITS_ONLY=1): the audits ran while the server refined ' +
          "the first build's compression.",
      );
    else {
      await waitForQuietServer(run, site);
      await phase(run, 'publish-to-live', () => measurePublish(run, site));
      loads.push(`publish ${load()}`);
    }
    // BENCH_MODULES_PUBLISH_ONLY=1: set-up and publish-to-live only (the search and audits take ten minutes more).
    if (process.env['BENCH_MODULES_PUBLISH_ONLY'] !== '1') {
      await phase(run, 'search', () => measureSearch(run, site));
      loads.push(`search ${load()}`);
      await phase(run, 'page audits', () => auditModulePages(run, site, modules));
      loads.push(`audits ${load()}`);
    }
    return report();
  } catch (error) {
    run.failures.push(`set-up: ${(error as Error).message}`);
    return report();
  } finally {
    if (run.api) await waitForIdle(run.api).catch(() => {});
    for (const child of run.children.reverse()) await child.stop();
    await run.emulator?.stop();
  }
}
