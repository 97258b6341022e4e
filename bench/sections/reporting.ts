import { mkdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { RequestSpec } from 'autocannon';
import { DEMO_ACCOUNTS } from '../../src/lib/db/seed.server.ts';
import { siteSourceDigest } from '../../src/lib/site/sources.ts';
import type { Answer } from '../../src/lib/questionnaires/schema.ts';
import type { Question } from '../../src/lib/national-reports/question-schema.ts';
import { startAuthEmulator } from '../../scripts/auth-emulator.ts';
import { measureBareHello } from '../lib/baseline.ts';
import { databaseBackends } from '../lib/database-cpu.ts';
import { startChild, type ChildServer } from '../lib/child.ts';
import type { BenchContext, SectionReport, Table } from '../lib/context.ts';
import { signIn } from '../lib/identity.ts';
import type { LoadTarget } from '../lib/load.ts';
import { freePort } from '../lib/ports.ts';
import { measureRow, wanted, type Row, type Targets } from '../lib/report.ts';
import { benchAnswer } from '../lib/reporting-answers.ts';
import { CYCLE_YEARS, LONG_YEAR, OPEN_YEAR } from '../lib/seed-reports.ts';
import type { FocalPoint, ReportingPortalConfig, ReportingPortalInfo } from '../servers/reporting-portal.ts';
import { measureEntryScreen } from './reporting-browser.ts';

export const REPORTING_PROJECT_ID = 'demo-apua-bench-reporting';
/** Questions of the long questionnaire (38 + the extra ones of its cycle). */
export const LONG_QUESTIONS = 300;
/**
 * Autosave (issue 15): p99 under 25 ms and at least 0.5 of the bare write's saves/s (one upsert and
 * one audit insert per request in a transaction, on the same database), at 50 connections.
 */
export const AUTOSAVE_TARGETS: Targets = { minRatio: 0.5, maxP99Ms: 25 };
/** On PGlite the save's server CPU is judged instead: at most this many milliseconds per save. */
export const AUTOSAVE_PGLITE_CPU_MS = 2;
/** Opening a report: at most this many milliseconds of server CPU per view, by questions. */
export const OPEN_CPU_MS: Record<number, number> = { 38: 2, 300: 8 };
/** Single-request samples of each questionnaire-open call (the median is reported). */
const OPEN_SAMPLES = 20;

const MEMBER = DEMO_ACCOUNTS.find((a) => a.role === 'state_member')!;
const ADMIN = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const reportPath = (year: number, country: string) => `/api/report/type/national/${year}/${country}`;

/** What the section's measurements share. */
export interface ReportingRun {
  ctx: BenchContext;
  notes: string[];
  failures: string[];
  misses: string[];
  checks: string[];
  setup: Record<string, unknown>;
  rows: Row[];
  tables: Table[];
  children: ChildServer<unknown>[];
  emulator: Awaited<ReturnType<typeof startAuthEmulator>> | null;
  /** Closes what the run opened besides its children (the database CPU meter's connection). */
  closers: (() => Promise<void>)[];
}

export interface ReportingPortal {
  child: ChildServer<ReportingPortalInfo>;
  url: string;
  /** The demo focal point (state_member) of `country`, and an administrator. */
  memberToken: string;
  adminToken: string;
  country: string;
  /** One focal point per country whose open report takes answers, with its ID token. */
  focal: (FocalPoint & { token: string })[];
  watch: Record<string, number | undefined>;
  /** On PostgreSQL on this machine: the database's backends, whose CPU each load row reports. */
  watchGroups: Record<string, () => Promise<number[]>>;
}

interface ViewBody {
  data: { report: { status: string; version: number }; questions: Question[]; answers: Answer[] };
}

function check(ok: boolean, what: string, checks: string[]): void {
  if (!ok) throw new Error(`Sanity check failed before the load test: ${what}`);
  checks.push(what);
}

async function call<T>(url: string, token: string, body?: unknown): Promise<{ status: number; body: T; ms: number }> {
  const started = performance.now();
  const response = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...bearer(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: response.status, body: parsed as T, ms };
}

/**
 * A key of the sources the site build is made from: a build of the same sources is reused from
 * bench/results/reporting-site/ (the back-office does not depend on the data).
 */
export function siteSourceKey(root: string): string {
  return siteSourceDigest(root).slice(0, 16);
}

async function startIdentityService(run: ReportingRun): Promise<string> {
  const emulatorHost = `127.0.0.1:${await freePort(3)}`;
  const started = performance.now();
  run.ctx.log(`Starting the Firebase Auth emulator on ${emulatorHost} (project ${REPORTING_PROJECT_ID}) …`);
  run.emulator = await startAuthEmulator({
    host: emulatorHost,
    projectId: REPORTING_PROJECT_ID,
    workDir: join(run.ctx.tmp, 'reporting-emulator'),
  });
  run.setup['emulatorStartMs'] = Math.round(performance.now() - started);
  return emulatorHost;
}

/** A PostgreSQL URL without its credentials: host, port and database. */
function databaseLabel(url: string): string {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}`;
}

/** The portal in its own process (site build cached or made once, national reports seeded), and signed-in users. */
async function startReportingPortal(run: ReportingRun, emulatorHost: string): Promise<ReportingPortal> {
  const { ctx } = run;
  const databaseUrl = process.env['BENCH_DATABASE_URL'] || undefined;
  const cacheDir = join(ctx.root, 'bench/results/reporting-site', siteSourceKey(ctx.root));
  const cached =
    process.env['BENCH_REPORTING_REBUILD'] !== '1' &&
    statSync(join(cacheDir, 'app-shell/index.html'), { throwIfNoEntry: false }) !== undefined;
  const config: ReportingPortalConfig = {
    port: await freePort(),
    dataDir: join(ctx.tmp, 'reporting-data'),
    siteDir: join(ctx.tmp, 'reporting-sites'),
    ...(databaseUrl && { databaseUrl }),
    projectId: REPORTING_PROJECT_ID,
    emulatorHost,
    siteCache: { dir: cacheDir, cached },
    needSite: wanted('questionnaire open (browser)') || wanted('data-entry JS'),
    extraQuestions: LONG_QUESTIONS - 38,
    longCountry: MEMBER.country!,
    focalPoints: ctx.load.connections,
  };
  mkdirSync(config.dataDir, { recursive: true });
  ctx.log(
    `Starting the portal server (${databaseUrl ? 'PostgreSQL from BENCH_DATABASE_URL' : 'PGlite in a temp folder'}; ` +
      `${cached ? 'the cached site build of these sources' : 'building the site once, about a minute or two'}) ` +
      `and seeding the national reports …`,
  );
  const child = await startChild<ReportingPortalInfo>(new URL('../servers/reporting-portal.ts', import.meta.url), {
    label: 'The portal server (reporting)',
    env: { BENCH_REPORTING_PORTAL: JSON.stringify(config), NODE_ENV: 'production' },
    timeoutMs: 420_000,
    ...(process.env['BENCH_PROFILE'] === '1' && {
      execArgv: [
        '--cpu-prof',
        `--cpu-prof-dir=${join(ctx.root, 'bench/results/profiles')}`,
        '--cpu-prof-name=reporting-portal.cpuprofile',
      ],
    }),
  });
  run.children.push(child);
  const { info } = child;
  const { seed } = info;
  run.setup['database'] = info.database;
  run.setup['serverStartMs'] = Math.round(info.startMs);
  run.setup['siteBuildMs'] = info.buildMs === null ? null : Math.round(info.buildMs);
  run.setup['seed'] = {
    ...seed,
    seedMs: Math.round(info.seedMs),
    focalPoints: info.focalPoints.length,
    focalPointsMs: Math.round(info.focalPointsMs),
  };
  const perCycle = seed.cycles
    .map(
      (c) =>
        `${c.year} ${c.status}: ${c.reports} reports × ${c.questions} questions, ` +
        `${c.answers.toLocaleString('en')} answers (${Object.entries(c.statuses)
          .map(([s, n]) => `${n} ${s}`)
          .join(', ')})`,
    )
    .join('; ');
  const seedLine =
    `Seeded with bulk inserts in ${(info.seedMs / 1000).toFixed(1)} s (${seed.inserted.toLocaleString('en')} ` +
    `answers and ${seed.auditEvents.toLocaleString('en')} audit events added to the demo's): ${perCycle}; ` +
    `${info.focalPoints.length} focal points (state_member, one per country whose ${OPEN_YEAR} report takes ` +
    `answers) created in ${(info.focalPointsMs / 1000).toFixed(1)} s`;
  ctx.log(seedLine);
  run.notes.push(
    'Database: ' +
      (databaseUrl ? `PostgreSQL ${databaseLabel(databaseUrl)} (BENCH_DATABASE_URL)` : 'PGlite (temp DATA_DIR)') +
      `, ${seed.countries} ` +
      `active countries. ${seedLine}. ` +
      'Site: ' +
      (info.buildMs === null
        ? `the cached build of these sources (${relative(ctx.root, cacheDir)})`
        : `built once by the server's site builder in ${(info.buildMs / 1000).toFixed(0)} s and cached in ` +
          `${relative(ctx.root, cacheDir)}`) +
      '. ' +
      `Request logging is off (LOG_REQUESTS=false).`,
  );
  const backends = databaseBackends(databaseUrl);
  run.closers.push(backends.close);
  ctx.log(`Signing in ${info.focalPoints.length + 2} users through the emulator …`);
  const focal = [];
  for (const point of info.focalPoints)
    focal.push({ ...point, token: await signIn(emulatorHost, point.email, info.password) });
  return {
    child,
    url: info.url,
    memberToken: await signIn(emulatorHost, MEMBER.email, MEMBER.password),
    adminToken: await signIn(emulatorHost, ADMIN.email, ADMIN.password),
    country: MEMBER.country!,
    focal,
    watch: { server: child.process.pid, 'auth emulator': run.emulator?.process?.pid },
    watchGroups: backends.groups,
  };
}

/** The seed and the permissions are right before anything is timed. */
async function checkBeforeLoad(run: ReportingRun, portal: ReportingPortal): Promise<void> {
  const { url, memberToken, adminToken, country } = portal;
  const { checks } = run;
  const seed = portal.child.info.seed;
  const four = seed.cycles.filter((c) => (CYCLE_YEARS as readonly number[]).includes(c.year));
  check(
    four.every((c) => c.reports === seed.countries && c.questions === 38 && c.answers >= seed.countries * 38),
    `${four.length} cycles × ${seed.countries} countries × 38 questions are answered ` +
      `(${four.reduce((n, c) => n + c.answers, 0).toLocaleString('en')} answers)`,
    checks,
  );
  const short = await call<ViewBody>(`${url}${reportPath(OPEN_YEAR, country)}/view`, memberToken);
  check(
    short.status === 200 && short.body.data.questions.length === 38 && short.body.data.answers.length === 38,
    `the focal point's ${country} ${OPEN_YEAR} view is 200 with 38 questions and 38 answers`,
    checks,
  );
  const long = await call<ViewBody>(`${url}${reportPath(LONG_YEAR, country)}/view`, memberToken);
  const types = new Set(long.body.data?.questions.map((q) => q.answer_type));
  const subcategories = new Set(long.body.data?.questions.map((q) => q.subcategory));
  check(
    long.status === 200 &&
      long.body.data.questions.length === LONG_QUESTIONS &&
      long.body.data.answers.length === LONG_QUESTIONS &&
      types.size === 8,
    `the ${LONG_YEAR} view is 200 with ${LONG_QUESTIONS} questions (all 8 answer types, ${subcategories.size} ` +
      `subcategories) and as many answers`,
    checks,
  );
  const other = portal.focal.find((f) => f.country !== country)!;
  const foreign = await call(`${url}${reportPath(OPEN_YEAR, other.country)}/view`, memberToken);
  check(foreign.status === 403, `the ${country} focal point is refused another country's report (403)`, checks);
  const first = short.body.data.questions[0]!;
  const stored = short.body.data.answers.find((a) => a.question_uuid === first.uuid)!;
  const adminSave = await call(`${url}${reportPath(OPEN_YEAR, country)}/saved`, adminToken, {
    answers: [{ question_uuid: first.uuid, ...benchAnswer(first, OPEN_YEAR, 1), version: stored.version }],
  });
  check(adminSave.status === 403, 'an administrator may read but not answer (save is 403)', checks);
  const stale = await call<{ current?: Answer[] }>(`${url}${reportPath(OPEN_YEAR, country)}/saved`, memberToken, {
    answers: [{ question_uuid: first.uuid, ...benchAnswer(first, OPEN_YEAR, 1), version: stored.version + 5 }],
  });
  check(
    stale.status === 409 && stale.body.current?.[0]?.version === stored.version,
    'a save based on a stale version is 409 with the answer as it is now',
    checks,
  );
}

/** ", and PostgreSQL's backends N ms" when the row measured them (a database on this machine). */
function databaseCpu(row: Row): string {
  const seconds = row.cpuSeconds['database'];
  if (seconds === null || seconds === undefined || row.requestsTotal === 0) return '';
  return `, and PostgreSQL's backends of the database ${((seconds * 1000) / row.requestsTotal).toFixed(2)} ms`;
}

/**
 * Keys of the answers the autosave rows change: `country:question`, interleaved so that neighbours differ in country.
 */
interface AnswerKey {
  key: string;
  country: string;
  question: Question;
  token: string;
}

/**
 * Every question of every focal point's open report, with the version as stored: the autosave
 * load takes them in turn, one request at a time per answer, and keeps each answer's version
 * from the reply, so every save is based on the version it replaces.
 */
async function answerPool(portal: ReportingPortal): Promise<{ keys: AnswerKey[]; versions: Map<string, number> }> {
  const versions = new Map<string, number>();
  const perCountry: AnswerKey[][] = [];
  for (const point of portal.focal) {
    const view = await call<ViewBody>(`${portal.url}${reportPath(OPEN_YEAR, point.country)}/view`, point.token);
    if (view.status !== 200)
      throw new Error(`GET ${point.country} ${OPEN_YEAR} view as its focal point answered ${view.status}`);
    for (const answer of view.body.data.answers)
      versions.set(`${point.country}:${answer.question_uuid}`, answer.version);
    perCountry.push(
      view.body.data.questions.map((question) => ({
        key: `${point.country}:${question.uuid}`,
        country: point.country,
        question,
        token: point.token,
      })),
    );
  }
  const keys: AnswerKey[] = [];
  for (let i = 0; i < Math.max(...perCountry.map((list) => list.length)); i++)
    for (const list of perCountry) if (list[i]) keys.push(list[i]!);
  return { keys, versions };
}

/** What the autosave rows count: saves per answer, refusals by status and a few of their bodies. */
interface AutosaveTally {
  edits: Map<string, number>;
  refused: Record<string, number>;
  samples: string[];
}

/** The autosave load: each request saves the next free answer with a new valid value and its version. */
function autosaveRequests(
  pool: { keys: AnswerKey[]; versions: Map<string, number> },
  tally: AutosaveTally = { edits: new Map(), refused: {}, samples: [] },
): () => RequestSpec[] {
  const { keys, versions } = pool;
  const { edits, refused, samples } = tally;
  const free = [...keys];
  return () => [
    {
      method: 'POST',
      setupRequest: (request, context) => {
        const next = free.shift();
        if (!next) return null;
        context['key'] = next;
        const n = (edits.get(next.key) ?? 0) + 1;
        edits.set(next.key, n);
        const version = versions.get(next.key);
        const answer = {
          question_uuid: next.question.uuid,
          ...benchAnswer(next.question, OPEN_YEAR, n + 11),
          ...(version !== undefined && { version }),
        };
        return {
          ...request,
          path: `${reportPath(OPEN_YEAR, next.country)}/saved`,
          headers: { ...request.headers, ...bearer(next.token), 'content-type': 'application/json' },
          body: JSON.stringify({ answers: [answer] }),
        };
      },
      onResponse: (status, body, context) => {
        const key = context['key'] as AnswerKey;
        try {
          const parsed = JSON.parse(body) as { data?: { answers?: Answer[] }; current?: Answer[] };
          // A refusal still names the version as it is now: the next save of this answer is valid again.
          const now = parsed.data?.answers?.[0]?.version ?? parsed.current?.[0]?.version;
          if (now !== undefined) versions.set(key.key, now);
        } catch {
          // not JSON: counted below
        }
        if (status !== 200) {
          refused[status] = (refused[status] ?? 0) + 1;
          if (samples.length < 3) samples.push(`${status} ${body.slice(0, 200)}`);
        }
        free.push(key);
      },
    },
  ];
}

/** Row "autosave": one answer per POST …/saved, like the form on leaving a field (judged). */
async function measureAutosave(
  run: ReportingRun,
  portal: ReportingPortal,
  bare: number,
  bareWrite: number | null,
): Promise<Row> {
  const pool = await answerPool(portal);
  const { keys } = pool;
  const tally: AutosaveTally = { edits: new Map(), refused: {}, samples: [] };
  const { edits, refused, samples } = tally;
  const spec = autosaveRequests(pool, tally);
  const target: LoadTarget = {
    name: AUTOSAVE_ROW,
    describe:
      `POST ${reportPath(OPEN_YEAR, '{cc}')}/saved with one changed answer and its ` +
      `version, ${portal.focal.length} focal points each saving in its own country's report, ${keys.length} ` +
      `answers in turn`,
    url: portal.url,
    requests: spec,
    judged: true,
    watch: portal.watch,
    watchGroups: portal.watchGroups,
  };
  // Judged against the bare write (the real limit of a durable, audited write); without one, against the hello-world.
  const row = await measureRow({ ...run.ctx, targets: AUTOSAVE_TARGETS }, target, bareWrite ?? bare, run.rows);
  const cpu = row.cpuSeconds['server'];
  if (cpu && row.requestsTotal > 0) {
    const micros = (cpu * 1e6) / row.requestsTotal;
    const pglite = portal.child.info.database === 'pglite';
    if (pglite && micros / 1000 > AUTOSAVE_PGLITE_CPU_MS)
      run.misses.push(
        `autosave: ${(micros / 1000).toFixed(2)} ms of server CPU per save on PGlite (target ` +
          `<= ${AUTOSAVE_PGLITE_CPU_MS} ms)`,
      );
    run.notes.push(
      `Autosave costs the server ${(micros / 1000).toFixed(2)} ms of CPU per ` +
        `save${pglite ? ` (target on PGlite: <= ${AUTOSAVE_PGLITE_CPU_MS} ms)` : ''}${databaseCpu(row)}: HTTP, ` +
        `token, validation, and the engine's batched save ` +
        `(saves arriving while one runs wait and run together in one transaction of 4 statements: the reports ` +
        `locked and read with the asked answers and the questions' stamp, one statement writing every answer, ` +
        `its audit event and each report's completeness, and BEGIN/COMMIT; on PostgreSQL a fifth sends the ` +
        `change events to the other instances (NOTIFY); ` +
        `the questions come from the engine's catalogue in memory). ${(row.requestsPerSec / bare).toFixed(3)} ` +
        `x the bare hello-world's ` +
        `requests/s${bareWrite ? `, ${(row.requestsPerSec / bareWrite).toFixed(2)} x the bare write's` : ''}.`,
    );
  }
  const saves = [...edits.values()].reduce((n, v) => n + v, 0);
  run.setup['autosave'] = { answers: keys.length, saves, refused, samples };
  if (samples.length > 0)
    run.notes.push(
      `Autosave refusals (${Object.entries(refused)
        .map(([s, n]) => `${n}x ${s}`)
        .join(', ')}), e.g. ${samples.join(' | ')}.`,
    );
  run.notes.push(
    `"autosave" (judged: p99 < ${AUTOSAVE_TARGETS.maxP99Ms} ms and >= ${AUTOSAVE_TARGETS.minRatio} x bare ` +
      `at ${run.ctx.load.connections} connections): each request saves one answer of the ${OPEN_YEAR} report of ` +
      `one of ${portal.focal.length} countries as its focal point, ` +
      `the answers taken in turn (${keys.length}: every question of those reports, neighbouring requests in ` +
      `different countries) with a new valid value each time and the version the previous save of that answer ` +
      `returned, ` +
      `so every request is a real write (the answer, its audit event, the report's completeness) and none is ` +
      `refused as stale; ${saves.toLocaleString('en')} saves in the warm-up and the measured run.`,
  );
  return row;
}

const AUTOSAVE_ROW = 'autosave';
const AUTOSAVE_QUIET_ROW = 'autosave, notifications off';

/**
 * Row "autosave, notifications off" (issue 16: notifications must not slow autosave): the same
 * load once the server's notification subscribers are removed (SIGUSR2 to the bench server), to
 * compare p99 with the judged row measured with them.
 */
async function measureAutosaveWithoutNotifications(
  run: ReportingRun,
  portal: ReportingPortal,
  withThem: Row,
): Promise<void> {
  portal.child.process.kill('SIGUSR2');
  await new Promise((resolve) => setTimeout(resolve, 500));
  const row = await measureRow(
    { ...run.ctx, targets: AUTOSAVE_TARGETS },
    {
      name: AUTOSAVE_QUIET_ROW,
      describe: 'the autosave row again, the server no longer running its notification subscribers',
      url: portal.url,
      requests: autosaveRequests(await answerPool(portal)),
      judged: false,
      watch: portal.watch,
      watchGroups: portal.watchGroups,
    },
    null,
    run.rows,
  );
  const [a, b] = [withThem.latencyMs.p99, row.latencyMs.p99];
  run.notes.push(
    `Notifications and autosave: p99 ${a} ms with the notification subscribers, ${b} ms without ` +
      `(${(a - b >= 0 ? '+' : '') + (a - b).toFixed(1)} ms); ` +
      `${withThem.requestsPerSec.toFixed(0)} and ${row.requestsPerSec.toFixed(0)} saves/s. Saving an answer ` +
      `raises no notification: the subscriber only reads the event's type.`,
  );
}

/**
 * Row "bare write": a bare Hono server (servers/bare-write.ts, its own process) doing one answer
 * upsert and one audit insert per request in a transaction, through the portal's database client,
 * on the same kind of database (its own PGlite, or the portal's PostgreSQL, on a closed cycle's
 * reports the autosave row does not touch). Returns its saves/s.
 */
async function measureBareWrite(run: ReportingRun, portal: ReportingPortal): Promise<number | null> {
  const databaseUrl = process.env['BENCH_DATABASE_URL'] || undefined;
  const child = await startChild<{ url: string; pairs: number }>(new URL('../servers/bare-write.ts', import.meta.url), {
    label: 'The bare write server',
    env: {
      NODE_ENV: 'production',
      BENCH_BARE_WRITE: JSON.stringify({
        dataDir: join(run.ctx.tmp, 'bare-write-data'),
        ...(databaseUrl && { databaseUrl }),
        year: CYCLE_YEARS[0],
      }),
    },
  });
  try {
    let n = 0;
    const row = await measureRow(
      run.ctx,
      {
        name: 'bare write',
        describe:
          `POST /save on a bare Hono server: one upsert into report_answers and one insert into audit_events in ` +
          `a transaction (${portal.child.info.database}, ${child.info.pairs} answers in turn)`,
        url: child.info.url,
        requests: () => [
          {
            method: 'POST',
            setupRequest: (request) => ({
              ...request,
              path: '/save',
              headers: { ...request.headers, 'content-type': 'application/json' },
              body: JSON.stringify({ value: ++n % 1000 }),
            }),
          },
        ],
        judged: false,
        watch: { server: child.process.pid },
        watchGroups: portal.watchGroups,
      },
      null,
      run.rows,
    );
    const cpu = row.cpuSeconds['server'];
    if (cpu && row.requestsTotal > 0)
      run.notes.push(
        `The bare write costs its server ${((cpu * 1e6) / row.requestsTotal / 1000).toFixed(2)} ms of CPU per ` +
          `save${databaseCpu(row)}.`,
      );
    return row.requestsPerSec;
  } finally {
    await child.stop();
  }
}

/** Median, p90 and max of `samples` single requests (after 2 unmeasured), and the answer's size. */
async function singleRequests(
  url: string,
  token: string,
  samples: number,
): Promise<{ median: number; p90: number; max: number; kb: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < samples + 2; i++) {
    const answer = await call(url, token);
    if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}`);
    bytes = JSON.stringify(answer.body).length;
    if (i >= 2) times.push(answer.ms);
  }
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)]!,
    p90: times[Math.floor(times.length * 0.9)]!,
    max: times.at(-1)!,
    kb: bytes / 1024,
  };
}

/**
 * Waits until the server answers a cheap request quickly again: a load run leaves requests in
 * flight, which the server still works through after autocannon stops.
 */
export async function settle(url: string): Promise<void> {
  const deadline = performance.now() + 30_000;
  let quick = 0;
  while (quick < 3 && performance.now() < deadline) {
    const started = performance.now();
    await (await fetch(`${url}/api/config`)).arrayBuffer();
    quick = performance.now() - started < 20 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Rows "questionnaire open (API)": what the data-entry screen asks for on opening (the client
 * configuration, whoami, then the report's view), one request at a time and the view at 50
 * connections, for 38 and 300 questions.
 */
async function measureOpenApi(run: ReportingRun, portal: ReportingPortal, bare: number): Promise<void> {
  const { url, memberToken, country, watch } = portal;
  const config = await singleRequests(`${url}/api/config`, memberToken, OPEN_SAMPLES);
  const whoami = await singleRequests(`${url}/api/whoami`, memberToken, OPEN_SAMPLES);
  const fmt = (f: { median: number; p90: number; max: number; kb: number }) => [
    f.kb.toFixed(1),
    f.median.toFixed(1),
    f.p90.toFixed(1),
    f.max.toFixed(1),
  ];
  const tableRows: string[][] = [
    ['GET /api/config', ...fmt(config)],
    ['GET /api/whoami', ...fmt(whoami)],
  ];
  const totals: string[][] = [];
  for (const [year, questions] of [
    [OPEN_YEAR, 38],
    [LONG_YEAR, LONG_QUESTIONS],
  ] as const) {
    const path = `${reportPath(year, country)}/view`;
    const view = await singleRequests(`${url}${path}`, memberToken, OPEN_SAMPLES);
    tableRows.push([`GET …/${year}/${country}/view (${questions} questions)`, ...fmt(view)]);
    totals.push([
      `opening ${questions} questions: config + whoami + view`,
      '',
      (config.median + whoami.median + view.median).toFixed(1),
      '',
      '',
    ]);
    run.setup[`openApi${questions}`] = { config, whoami, view };
    await settle(url);
    const row = await measureRow(
      run.ctx,
      {
        name: `questionnaire open (API), ${questions} q`,
        describe:
          `GET ${path} as the focal point: the report, ${questions} questions with their answers, thrusts and ` +
          `subcategories`,
        url: `${url}${path}`,
        headers: bearer(memberToken),
        judged: false,
        watch,
        watchGroups: portal.watchGroups,
      },
      bare,
      run.rows,
    );
    const cpu = row.cpuSeconds['server'];
    if (cpu && row.requestsTotal > 0) {
      const ms = (cpu * 1000) / row.requestsTotal;
      run.notes.push(
        `Opening ${questions} questions (the view at ${run.ctx.load.connections} connections) costs the ` +
          `server ${ms.toFixed(2)} ms of CPU per view (target <= ${OPEN_CPU_MS[questions]} ` +
          `ms)${databaseCpu(row)}.`,
      );
      if (ms > OPEN_CPU_MS[questions]!)
        run.misses.push(
          `questionnaire open, ${questions} q: ${ms.toFixed(2)} ms of server CPU per view (target ` +
            `<= ${OPEN_CPU_MS[questions]} ms)`,
        );
    }
    await settle(url);
  }
  run.tables.push({
    title:
      `Questionnaire open (API), one request at a time as the focal point: the calls the data-entry screen makes ` +
      `on opening, one after the other (median of ${OPEN_SAMPLES} after 2 unmeasured; KB of JSON before ` +
      `compression)`,
    header: ['request', 'KB', 'median ms', 'p90 ms', 'max ms'],
    rows: [...tableRows, ...totals],
  });
}

/**
 * The data-entry screen under load, in Chromium, and in the browser: set-up (emulator, portal
 * with a cached or fresh site build, 58 countries × 4 cycles × 38 answers and a 300-question
 * form), the bare hello-world baseline, autosave, the questionnaire's API, the browser's time to
 * an interactive form, and the screen's JavaScript beyond the shell (see bench/README.md).
 */
export async function reportingSection(ctx: BenchContext): Promise<SectionReport> {
  const run: ReportingRun = {
    ctx,
    notes: [],
    failures: [],
    misses: [],
    checks: [],
    setup: {},
    rows: [],
    tables: [],
    children: [],
    emulator: null,
    closers: [],
  };
  const sectionStarted = performance.now();
  try {
    const portal = await startReportingPortal(run, await startIdentityService(run));
    await checkBeforeLoad(run, portal);
    const bare = (await measureBareHello(ctx, run.rows)).requestsPerSec;
    const bareWrite = wanted('autosave') || wanted('bare write') ? await measureBareWrite(run, portal) : null;
    await settle(portal.url);
    if (wanted(AUTOSAVE_ROW)) {
      const withThem = await measureAutosave(run, portal, bare, bareWrite);
      await settle(portal.url);
      if (wanted(AUTOSAVE_QUIET_ROW)) await measureAutosaveWithoutNotifications(run, portal, withThem);
    }
    await settle(portal.url);
    if (wanted('questionnaire open (API)')) await measureOpenApi(run, portal, bare);
    if (wanted('questionnaire open (browser)') || wanted('data-entry JS')) await measureEntryScreen(run, portal);
    run.notes.push(`Checks passed before the load: ${run.checks.join('; ')}.`);
  } catch (error) {
    run.failures.push(`reporting: ${(error as Error).message}`);
  } finally {
    for (const child of run.children.reverse()) await child.stop();
    await run.emulator?.stop();
    for (const close of run.closers) await close();
  }
  run.setup['checks'] = run.checks;
  run.notes.push(`The reporting section took ${((performance.now() - sectionStarted) / 1000).toFixed(0)} s.`);
  const { notes, setup, rows, tables, misses, failures } = run;
  const database =
    run.setup['database'] === 'postgres'
      ? 'PostgreSQL'
      : run.setup['database'] === 'pglite'
        ? 'PGlite'
        : 'database not started';
  return {
    section: 'reporting',
    title: `National reports on ${database}: autosave, opening the questionnaire, data-entry JS`,
    notes,
    setup,
    rows,
    targets: AUTOSAVE_TARGETS,
    tables,
    misses,
    failures,
  };
}
