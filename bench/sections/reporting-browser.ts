/** The browser half of the reporting section: opening the questionnaire, and the data-entry screen's JavaScript. */
import type { Page, Response } from 'playwright-core';
import { DEMO_ACCOUNTS } from '../../src/lib/db/seed.server.ts';
import { encodedSize, openForm, scriptsOf, signedInBrowser, type OpenRun, type Signed } from '../lib/entry-browser.ts';
import { LONG_YEAR, OPEN_YEAR } from '../lib/seed-reports.ts';
import type { ReportingPortal, ReportingRun } from './reporting.ts';
import { COMPRESS_MIN_BYTES } from '../../src/server/site-files.ts';

/** Navigation start to an interactive form (issue 7 part 13), 38 and 300 questions. */
export const OPEN_TARGET_MS = 1000;
/** The data-entry screen's JavaScript beyond the shell's, gzip. */
export const ENTRY_JS_BUDGET = 60 * 1024;
const RUNS = 5;

const MEMBER = DEMO_ACCOUNTS.find((a) => a.role === 'state_member')!;
const formPath = (country: string, year: number) => `/module/report/national/${country}/${year}/indicator/form`;
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The view request of a run: when its answer had arrived (ms since navigation start). */
const viewEnd = (run: OpenRun) => run.api.find((a) => a.path.endsWith('/view'))?.endMs ?? Number.NaN;

async function measureOpen(run: ReportingRun, signed: Signed, country: string): Promise<void> {
  const rows: string[][] = [];
  const calls = new Set<string>();
  for (const [year, questions] of [
    [OPEN_YEAR, 38],
    [LONG_YEAR, 300],
  ] as const) {
    const path = formPath(country, year);
    run.ctx.log(`  opening ${path} (${questions} questions): 1 first + ${RUNS} measured loads …`);
    const first = await openForm(signed.page, path);
    const runs: OpenRun[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await openForm(signed.page, path));
    for (const r of [first, ...runs])
      for (const a of r.api) calls.add(a.path.replace(/\/\d{4}\/[A-Z]{2}\//, '/{year}/{cc}/'));
    const ready = median(runs.map((r) => r.readyMs));
    const ok = ready < OPEN_TARGET_MS && runs.every((r) => r.fields > 0);
    if (!ok)
      run.misses.push(
        `questionnaire open (browser), ${questions} questions: median ${ready.toFixed(0)} ms >= ${OPEN_TARGET_MS} ms`,
      );
    run.setup[`open${questions}`] = { first, runs };
    rows.push([
      `${questions} questions (${runs[0]!.fields} inputs)`,
      first.readyMs.toFixed(0),
      ready.toFixed(0),
      Math.min(...runs.map((r) => r.readyMs)).toFixed(0),
      Math.max(...runs.map((r) => r.readyMs)).toFixed(0),
      median(runs.map((r) => r.documentMs)).toFixed(0),
      median(runs.map(viewEnd)).toFixed(0),
      median(runs.map((r) => r.readyMs - viewEnd(r))).toFixed(0),
      ok ? 'PASS' : 'FAIL',
    ]);
  }
  run.tables.push({
    title:
      `Questionnaire open (browser): ${MEMBER.email} in Chromium (1366x900), navigation start to the first frame ` +
      `with the first answer field enabled and the save bar's "All answers are saved."; first load, then the ` +
      `median of ${RUNS}; target < ${OPEN_TARGET_MS} ms`,
    header: [
      'form',
      'first ms',
      'median ms',
      'min ms',
      'max ms',
      'shell page ms',
      'view answered ms',
      'view to ready ms',
      'result',
    ],
    rows,
  });
  run.notes.push(
    `Questionnaire open (browser): each load is a full page load of the data-entry URL by the signed-in focal ` +
      `point (the shell page, its scripts from the browser's cache after the first load, ` +
      `the Firebase session, then the API calls: ${[...calls].join(', ')}). "view answered" is when the view's ` +
      `answer had arrived, "view to ready" the rendering after it.`,
  );
}

/**
 * The JavaScript files a full load of `path` fetches (cache disabled, gzip asked for), with
 * their body sizes as the browser's network log records them.
 */
async function loadedScripts(
  page: Page,
  path: string,
  ready: (page: Page) => Promise<void>,
): Promise<Map<string, number>> {
  const sizes = new Map<string, Promise<number>>();
  const onResponse = (response: Response) => {
    if (/\.m?js$/.test(new URL(response.url()).pathname))
      sizes.set(
        response.url(),
        response
          .request()
          .sizes()
          .then((s) => s.responseBodySize),
      );
  };
  page.on('response', onResponse);
  let urls: string[];
  try {
    urls = await scriptsOf(page, path, ready);
  } finally {
    page.off('response', onResponse);
  }
  const out = new Map<string, number>();
  for (const url of urls) out.set(url, (await sizes.get(url)) ?? Number.NaN);
  return out;
}

async function measureEntryJs(run: ReportingRun, signed: Signed, country: string): Promise<void> {
  const cdp = await signed.context.newCDPSession(signed.page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'gzip' } });
  let shell: Map<string, number>;
  let entry: Map<string, number>;
  try {
    shell = await loadedScripts(signed.page, '/dashboard', (page) =>
      page.getByRole('heading', { level: 1 }).first().waitFor(),
    );
    entry = await loadedScripts(signed.page, formPath(country, OPEN_YEAR), (page) =>
      page
        .waitForFunction(() => (window as { __formReady?: number }).__formReady !== undefined, undefined, {
          timeout: 60_000,
        })
        .then(() => {}),
    );
  } finally {
    await cdp.detach();
  }
  const files: { file: string; gzip: number; br: number }[] = [];
  for (const [url, gzip] of entry) {
    if (shell.has(url)) continue;
    const served = await encodedSize(url, 'gzip');
    // The server sends the smallest files as they are.
    if (served.encoding !== 'gzip' && served.bytes > COMPRESS_MIN_BYTES) {
      run.failures.push(
        `${new URL(url).pathname} is not served gzip-encoded when asked (${served.encoding ?? 'identity'})`,
      );
    }
    // The network log's figure; the server's own gzip answer where the log has none.
    files.push({
      file: new URL(url).pathname,
      gzip: Number.isFinite(gzip) ? gzip : served.bytes,
      br: (await encodedSize(url, 'br')).bytes,
    });
  }
  const sum = (values: Iterable<number>) => [...values].reduce((n, v) => n + (Number.isFinite(v) ? v : 0), 0);
  const extraGzip = sum(files.map((f) => f.gzip));
  const ok = extraGzip <= ENTRY_JS_BUDGET && files.length > 0;
  if (!ok) run.misses.push(`data-entry JS: ${kb(extraGzip)} KB gzip beyond the shell > ${ENTRY_JS_BUDGET / 1024} KB`);
  run.setup['entryJs'] = {
    shell: Object.fromEntries(shell),
    entry: Object.fromEntries(entry),
    extra: files,
    extraGzip,
  };
  run.tables.push({
    title:
      `Data-entry JS: the scripts a full load of ${formPath(country, OPEN_YEAR)} fetches that /dashboard (the ` +
      `shell and its first screen) does not, from the browser's network log with the cache off and gzip asked ` +
      `for; br as the server sends it to browsers; target <= ${ENTRY_JS_BUDGET / 1024} KB gzip`,
    header: ['file', 'gzip KB', 'br KB'],
    rows: [
      ...files.map((f) => [f.file, kb(f.gzip), kb(f.br)]),
      [`beyond the shell (${files.length} files)`, kb(extraGzip), kb(sum(files.map((f) => f.br)))],
      [`the shell: /dashboard (${shell.size} files)`, kb(sum(shell.values())), '-'],
      ['result', ok ? 'PASS' : 'FAIL', ''],
    ],
  });
}

/** Phases 4 and 5: the focal point opens the questionnaire in Chromium; the screen's JavaScript. */
export async function measureEntryScreen(run: ReportingRun, portal: ReportingPortal): Promise<void> {
  run.ctx.log(`Chromium: signing in ${MEMBER.email} through /login …`);
  const signed = await signedInBrowser(portal.url, MEMBER.email, MEMBER.password);
  try {
    await measureOpen(run, signed, portal.country);
    await measureEntryJs(run, signed, portal.country);
  } finally {
    await signed.browser.close();
  }
}
