/**
 * Hostile uploads against the real portal (issue 31, item 2; decision 054): the files of the
 * issue sent to the figures import's preview and to the signed report's inspection, three times
 * each, with one legitimate file of each kind at its limits. For every upload: the answer and
 * its time, the longest wait of GET /api/health asked every 50 ms meanwhile, and the growth of
 * the server process's memory (VmRSS from /proc, sampled every 10 ms).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { startAuthEmulator } from '../../scripts/auth-emulator.ts';
import { DEMO_ACCOUNTS } from '../../src/lib/db/seed.server.ts';
import type { ReportView, SaveAnswersResponse } from '../../src/lib/national-reports/schema.ts';
import {
  fullXlsx,
  longCsv,
  manyObjectsPdf,
  sharedStringsXlsx,
  wideXlsx,
  zipBombXlsx,
} from '../../tests/fixtures/hostile-files.ts';
import { startChild, type ChildServer } from '../lib/child.ts';
import type { BenchContext, SectionReport } from '../lib/context.ts';
import { signIn } from '../lib/identity.ts';
import { photoJpeg } from '../lib/images.ts';
import { PortalApi } from '../lib/portal-api.ts';
import { freePort } from '../lib/ports.ts';
import { wanted } from '../lib/report.ts';
import { benchAnswer } from '../lib/reporting-answers.ts';
import type { PortalChildConfig, PortalChildInfo } from '../servers/portal.ts';

/**
 * Issue 31's targets: a hostile upload answered within 1 s; no upload adds 100 MB; the instance keeps answering (other
 * requests within 1 s).
 */
const ANSWER_MAX_MS = 1000;
const GROWTH_MAX_MB = 100;
const OTHER_MAX_MS = 1000;
const RUNS = 3;
/** The demo's open cycle, where the country administrator's own country (PH) has a report. */
const YEAR = 2026;
const STATE_ADMIN = DEMO_ACCOUNTS.find((a) => a.role === 'state_admin')!;
const COUNTRY = STATE_ADMIN.country ?? 'PH';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const IMPORT_PATH = '/api/profile/import/file/preview';
const cannotImport = (problem: string) => `The file cannot be imported: ${problem}`;

interface Upload {
  label: string;
  endpoint: 'import' | 'inspect';
  name: string;
  type: string;
  bytes: Uint8Array;
  /** The answer it must get: a hostile file its refusal, a legitimate one a 200. */
  status: number;
  message?: string | RegExp;
  hostile: boolean;
}

interface Portal {
  child: ChildServer<PortalChildInfo>;
  url: string;
  token: string;
  reportUuid: string;
}

interface Figures {
  status: number;
  message: string;
  answerMs: number;
  otherMaxMs: number;
  otherCount: number;
  growthMb: number;
  beforeMb: number;
}

/** A scanned signed report as pdf-lib writes it: A4 pages of photo-like JPEG scans (150 dpi), about `bytes` in all. */
async function scannedReportPdf(bytes: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const scans = await Promise.all([1, 2, 3].map((seed) => photoJpeg(seed, 1240, 1754)));
  let size = 0;
  for (let n = 0; size + scans[n % scans.length]!.length < bytes - 100_000; n++) {
    const scan = scans[n % scans.length]!;
    // Each page embeds its own copy, as a scanner's PDF holds one picture a page.
    const image = await pdf.embedJpg(scan);
    const page = pdf.addPage([595, 842]);
    page.drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
    page.drawText(`National report on the New Urban Agenda, signed copy: page ${n + 1}`, {
      x: 40,
      y: 20,
      size: 9,
      font,
    });
    size += scan.length;
  }
  return await pdf.save();
}

async function uploads(): Promise<Upload[]> {
  const refused = (label: string, name: string, bytes: Uint8Array, problem: string): Upload => ({
    label,
    endpoint: 'import',
    name,
    type: name.endsWith('.csv') ? 'text/csv' : XLSX,
    bytes,
    status: 400,
    message: cannotImport(problem),
    hostile: true,
  });
  return [
    refused(
      'wide XLSX (cells in A and XFD)',
      'wide.xlsx',
      wideXlsx(),
      'the sheet uses columns up to XFD: keep the figures in columns A to GR and delete the columns after them',
    ),
    refused(
      'CSV of a million lines',
      'long.csv',
      longCsv(),
      'there are more than 5000 rows of figures: import at most 5000 at a time',
    ),
    refused(
      'zip bomb XLSX (1 GiB unpacked)',
      'bomb.xlsx',
      zipBombXlsx(),
      'the workbook is too large once unpacked: keep only the sheet of figures, or import it in parts',
    ),
    refused(
      'XLSX of 2 million shared strings',
      'texts.xlsx',
      sharedStringsXlsx({ declared: false }),
      'the workbook holds more than 200000 different texts: keep only the sheet of figures, or import it in parts',
    ),
    {
      label: 'XLSX of 5,000 rows (legitimate)',
      endpoint: 'import',
      name: 'figures.xlsx',
      type: XLSX,
      bytes: fullXlsx(5000),
      status: 200,
      hostile: false,
    },
    {
      label: 'PDF of 200,000 tiny objects',
      endpoint: 'inspect',
      name: 'signed-report.pdf',
      type: 'application/pdf',
      bytes: manyObjectsPdf(200_000),
      status: 422,
      message: /^The PDF is too complex to be checked/,
      hostile: true,
    },
    {
      label: 'scanned PDF (legitimate, pdf-lib)',
      endpoint: 'inspect',
      name: 'signed-report.pdf',
      type: 'application/pdf',
      bytes: await scannedReportPdf(20e6),
      status: 200,
      hostile: false,
    },
  ];
}

/**
 * The ports of this section's servers: BENCH_PORT_BASE (the emulator at base…base+2, the portal at base+3), else free
 * ones.
 */
async function ports(): Promise<{ emulator: number; portal: number }> {
  const base = Number(process.env['BENCH_PORT_BASE']);
  if (Number.isInteger(base) && base > 0) return { emulator: base, portal: base + 3 };
  return { emulator: await freePort(3), portal: await freePort() };
}

async function startPortal(
  ctx: BenchContext,
  port: number,
  emulatorHost: string,
  projectId: string,
): Promise<ChildServer<PortalChildInfo>> {
  const databaseUrl = process.env['BENCH_DATABASE_URL'] || undefined;
  const config: PortalChildConfig = {
    port,
    dataDir: join(ctx.tmp, 'hostile-data'),
    siteDir: join(ctx.tmp, 'hostile-site'),
    ...(databaseUrl && { databaseUrl }),
    projectId,
    emulatorHost,
    users: 0,
    searches: [],
    authStateTtlS: 30,
  };
  ctx.log(
    `Starting the portal server (${databaseUrl ? 'PostgreSQL from BENCH_DATABASE_URL' : 'PGlite in a temp folder'}) …`,
  );
  return await startChild<PortalChildInfo>(new URL('../servers/portal.ts', import.meta.url), {
    label: 'The portal server (hostile)',
    env: { BENCH_PORTAL: JSON.stringify(config), NODE_ENV: 'production' },
    timeoutMs: 180_000,
  });
}

/**
 * The country administrator's report in the open cycle, marked complete through the API (the
 * compulsory answers saved, then "complete") unless it is already: only a complete report's
 * signed copy may be inspected.
 */
async function completedReport(api: PortalApi, country: string): Promise<string> {
  const path = `report/type/national/${YEAR}/${country}`;
  const view = await api.call<{ data: ReportView }>('GET', `${path}/view`);
  if (view.status !== 200) throw new Error(`GET ${path}/view answered ${view.status}: ${JSON.stringify(view.body)}`);
  const { report, questions, answers } = view.body.data;
  if (report.status === 'completed' || report.status === 'submitted') return report.uuid;
  const versions = new Map(answers.map((a) => [a.question_uuid, a.version]));
  const given = questions
    .filter((q) => q.compulsory)
    .map((q, i) => ({
      question_uuid: q.uuid,
      ...benchAnswer(q, YEAR, i),
      ...(versions.has(q.uuid) && { version: versions.get(q.uuid) }),
    }));
  const saved = await api.call<SaveAnswersResponse>('POST', `${path}/saved`, { answers: given });
  if (saved.status !== 200)
    throw new Error(`Saving the ${country} ${YEAR} answers answered ${saved.status}: ${JSON.stringify(saved.body)}`);
  const done = await api.call('POST', `${path}/report/update`, {
    version: saved.body.data.report.version,
    action: 'complete',
  });
  if (done.status !== 200)
    throw new Error(
      `Marking the ${country} ${YEAR} report complete answered ${done.status}: ${JSON.stringify(done.body)}`,
    );
  return report.uuid;
}

async function send(
  portal: Portal,
  upload: Pick<Upload, 'endpoint' | 'name' | 'type' | 'bytes'>,
): Promise<{ status: number; message: string }> {
  const form = new FormData();
  form.append('file', new File([upload.bytes as Uint8Array<ArrayBuffer>], upload.name, { type: upload.type }));
  const path =
    upload.endpoint === 'import' ? IMPORT_PATH : `/api/report/type/national/${portal.reportUuid}/report/upload/inspect`;
  const response = await fetch(`${portal.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${portal.token}`, 'accept-language': 'en' },
    body: form,
  });
  const text = await response.text();
  let message = text.slice(0, 200);
  try {
    message = String((JSON.parse(text) as { message?: unknown }).message ?? message);
  } catch {
    // not JSON: the text itself
  }
  return { status: response.status, message };
}

const rssBytes = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** Samples the process's resident memory every 10 ms; `stop` gives the level before and the peak. */
function sampleMemory(pid: number): () => { before: number; peak: number } {
  const before = rssBytes(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 10);
  return () => {
    clearInterval(timer);
    return { before, peak: Math.max(peak, rssBytes(pid)) };
  };
}

/**
 * GET /api/health every 50 ms (each on its own, not waiting for the one before); `stop` waits for the last ones and
 * gives the longest.
 */
function askMeanwhile(url: string): () => Promise<{ count: number; maxMs: number }> {
  const waits: Promise<number>[] = [];
  const ask = () => {
    const at = performance.now();
    const settled = () => performance.now() - at;
    waits.push(
      fetch(`${url}/api/health`, { signal: AbortSignal.timeout(30_000) })
        .then((r) => r.arrayBuffer())
        .then(settled, settled),
    );
  };
  ask();
  const timer = setInterval(ask, 50);
  return async () => {
    clearInterval(timer);
    const all = await Promise.all(waits);
    return { count: all.length, maxMs: Math.max(...all) };
  };
}

async function measureUpload(portal: Portal, upload: Upload): Promise<Figures> {
  // A quiet moment first, so the previous upload's last requests are over (its memory stays:
  // the server keeps the pages it freed, and its level no longer moves after ~0.3 s).
  await new Promise((resolve) => setTimeout(resolve, 300));
  const memory = sampleMemory(portal.child.process.pid!);
  const others = askMeanwhile(portal.url);
  const started = performance.now();
  const answer = await send(portal, upload);
  const answerMs = performance.now() - started;
  const other = await others();
  // One more sample period, so a peak at the very end is seen too.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const { before, peak } = memory();
  return {
    ...answer,
    answerMs,
    otherMaxMs: other.maxMs,
    otherCount: other.count,
    growthMb: (peak - before) / 1e6,
    beforeMb: before / 1e6,
  };
}

/** What a run missed of the targets (empty: none). */
function missesOf(upload: Upload, f: Figures): string[] {
  const out: string[] = [];
  const expected =
    upload.message === undefined ||
    (typeof upload.message === 'string' ? f.message === upload.message : upload.message.test(f.message));
  if (f.status !== upload.status || !expected)
    out.push(
      `answered ${f.status} "${f.message}" ` +
        `(expected ${upload.status}${upload.message ? ` "${String(upload.message)}"` : ''})`,
    );
  if (upload.hostile && f.answerMs >= ANSWER_MAX_MS)
    out.push(`answered after ${f.answerMs.toFixed(0)} ms (target < ${ANSWER_MAX_MS} ms)`);
  if (f.growthMb >= GROWTH_MAX_MB)
    out.push(`memory grew by ${f.growthMb.toFixed(0)} MB (target < ${GROWTH_MAX_MB} MB)`);
  if (f.otherMaxMs >= OTHER_MAX_MS)
    out.push(`another request waited ${f.otherMaxMs.toFixed(0)} ms (target < ${OTHER_MAX_MS} ms)`);
  return out;
}

const sizeOf = (bytes: number) => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(0)} KB`);

/** One upload of each kind first, unmeasured: what the first request of a process loads is not what an upload costs. */
async function warmUp(portal: Portal): Promise<void> {
  const small = await PDFDocument.create();
  small.addPage([595, 842]).drawText('Warm-up', { x: 72, y: 760, size: 20 });
  const csv = new TextEncoder().encode('country_code,indicator,year,value,source\nPH,URB_GROWTH,2001,1,PSA\n');
  for (const file of [
    { endpoint: 'import', name: 'warm.xlsx', type: XLSX, bytes: fullXlsx(10) },
    { endpoint: 'import', name: 'warm.csv', type: 'text/csv', bytes: csv },
    { endpoint: 'inspect', name: 'warm.pdf', type: 'application/pdf', bytes: await small.save() },
  ] as const) {
    const answer = await send(portal, file);
    if (answer.status !== 200)
      throw new Error(`The warm-up upload ${file.name} answered ${answer.status}: ${answer.message}`);
  }
}

async function runUploads(ctx: BenchContext, portal: Portal, files: Upload[], report: SectionReport): Promise<void> {
  const rows: string[][] = [];
  const runs: Record<string, unknown>[] = [];
  for (const upload of files.filter((u) => wanted(u.label))) {
    for (let run = 1; run <= RUNS; run++) {
      const f = await measureUpload(portal, upload);
      const missed = missesOf(upload, f);
      ctx.log(
        `  ${upload.label} #${run}: ${f.status} in ${f.answerMs.toFixed(0)} ms, other requests ` +
          `<= ${f.otherMaxMs.toFixed(0)} ms (${f.otherCount}), RSS ${f.beforeMb.toFixed(0)} MB ` +
          `+${f.growthMb.toFixed(1)} MB`,
      );
      rows.push([
        upload.label,
        sizeOf(upload.bytes.length),
        String(run),
        String(f.status),
        f.answerMs.toFixed(0),
        f.otherMaxMs.toFixed(0),
        f.beforeMb.toFixed(0),
        f.growthMb.toFixed(1),
        missed.length ? 'MISS' : 'ok',
      ]);
      runs.push({ file: upload.label, endpoint: upload.endpoint, bytes: upload.bytes.length, run, ...f });
      for (const miss of missed) report.misses!.push(`${upload.label}, run ${run}: ${miss}`);
      if (run === 1) report.notes.push(`${upload.label} → ${f.status}: "${f.message}"`);
    }
  }
  report.setup['runs'] = runs;
  report.tables!.push({
    title: `Uploads (${RUNS} runs each, every run shown)`,
    header: ['file', 'size', 'run', 'status', 'answer ms', 'other req max ms', 'RSS before MB', 'RSS +MB', 'result'],
    rows,
  });
}

/**
 * The hostile files of issue 31 (item 2) against the figures import's preview and the signed
 * report's inspection, in a portal child process (PGlite, or BENCH_DATABASE_URL), signed in as
 * the demo country administrator through the Auth emulator.
 */
export async function hostileSection(ctx: BenchContext): Promise<SectionReport> {
  const projectId = 'demo-apua-bench-hostile';
  const { emulator: emulatorPort, portal: portalPort } = await ports();
  const emulatorHost = `127.0.0.1:${emulatorPort}`;
  ctx.log(`Starting the Firebase Auth emulator on ${emulatorHost} …`);
  const emulator = await startAuthEmulator({
    host: emulatorHost,
    projectId,
    workDir: join(ctx.tmp, 'hostile-emulator'),
  });
  let child: ChildServer<PortalChildInfo> | null = null;
  try {
    child = await startPortal(ctx, portalPort, emulatorHost, projectId);
    const token = await signIn(emulatorHost, STATE_ADMIN.email, STATE_ADMIN.password);
    const reportUuid = await completedReport(new PortalApi(child.info.url, token), COUNTRY);
    const portal: Portal = { child, url: child.info.url, token, reportUuid };
    ctx.log('Building the files …');
    const files = await uploads();
    await warmUp(portal);
    const report: SectionReport = {
      section: 'hostile',
      title: `Hostile uploads on ${child.info.database === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
      notes: [
        `Database: ${child.info.database}. As the demo country administrator (${STATE_ADMIN.email}): the ` +
          `figures import's preview (POST ${IMPORT_PATH}) and the ${COUNTRY} ${YEAR} report's inspection (POST ` +
          `…/report/upload/inspect, the report marked complete through the API). One small workbook, CSV and PDF ` +
          `sent first, unmeasured.`,
        `Per upload: the answer's time (sent to body read); the longest wait of GET /api/health sent every 50 ` +
          `ms while it ran; the server's VmRSS (/proc, every 10 ms) at its peak minus just before. Targets: a ` +
          `hostile file refused (4xx, its message) in < ${ANSWER_MAX_MS} ms; any upload < ${GROWTH_MAX_MB} MB of ` +
          `growth; other requests answered in < ${OTHER_MAX_MS} ms.`,
      ],
      setup: { database: child.info.database, serverStartMs: Math.round(child.info.startMs), reportUuid },
      rows: [],
      tables: [],
      misses: [],
    };
    const load = () =>
      loadavg()
        .map((l) => l.toFixed(2))
        .join(' ');
    const loadBefore = load();
    await runUploads(ctx, portal, files, report);
    report.notes.push(
      `Load average ${loadBefore} before the uploads, ${load()} after (two cores: above 2, every time here stretches).`,
    );
    return report;
  } finally {
    await child?.stop();
    await emulator.stop();
  }
}
