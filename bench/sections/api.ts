import { mkdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '../../src/lib/db/seed.server.ts';
import { parseEnv } from '../../src/lib/env.server.ts';
import { firebaseAuth } from '../../src/server/main.ts';
import { startAuthEmulator } from '../../scripts/auth-emulator.ts';
import { measureBareHello } from '../lib/baseline.ts';
import { startChild, type ChildServer } from '../lib/child.ts';
import type { BenchContext, SectionReport, Table } from '../lib/context.ts';
import { signIn } from '../lib/identity.ts';
import { generated, rotating, type LoadTarget } from '../lib/load.ts';
import { freePort } from '../lib/ports.ts';
import { measureRow, wanted, type Row } from '../lib/report.ts';
import { measureSdmxWholeFlow } from '../lib/sdmx-flow.ts';
import { timedWrites } from '../lib/timed-writes.ts';
import type { FilterTotal } from '../lib/seed-users.ts';
import type { PortalChildConfig, PortalChildInfo } from '../servers/portal.ts';

export const BENCH_PROJECT_ID = 'demo-apua-bench';
export const BENCH_USERS = 100_000;

const PAGES = 500;
const PER_PAGE = 20;
/** Searches are browsed only this deep: people look at the first pages of what they searched. */
const SEARCH_PAGES = 25;
const STATUSES = [undefined, 0, 1] as const;
const COUNTRIES = [undefined, 'PH', 'IN', 'CN', 'ID', 'JP', 'TH', 'VN'] as const;
const SEARCHES = [undefined, 'user1', 'user42', 'bench.user9', 'BENCH-00012'] as const;

function listPath(page: number, status?: number, country?: string, q?: string): string {
  const params = new URLSearchParams({ per_page: String(PER_PAGE), page: String(page) });
  if (status !== undefined) params.set('status', String(status));
  if (country !== undefined) params.set('country_code', country);
  if (q !== undefined) params.set('q', q);
  return `/api/user/list?${params}`;
}

/** A small deterministic PRNG (mulberry32), so every run asks for the same combinations. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` distinct list queries: pages 1..500, status none/0/1, 7 countries or none, a search in one of four. */
export function listCombinations(count: number, seed = 12): string[] {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const paths = new Set<string>();
  while (paths.size < count) {
    const q = random() < 0.25 ? pick(SEARCHES.slice(1)) : undefined;
    paths.add(listPath(1 + Math.floor(random() * PAGES), pick(STATUSES), pick(COUNTRIES), q));
  }
  return [...paths];
}

/**
 * Every page that exists (up to `maxPage`) of every filter `keep` accepts (any status, any
 * country, or none), in a fixed shuffled order: asked in turn, none is asked twice.
 */
function existingPages(totals: readonly FilterTotal[], keep: (t: FilterTotal) => boolean, maxPage: number): string[] {
  const paths: string[] = [];
  for (const t of totals) {
    if (!keep(t)) continue;
    const pages = Math.max(1, Math.min(maxPage, Math.ceil(t.total / PER_PAGE)));
    for (let page = 1; page <= pages; page++) paths.push(listPath(page, t.status, t.country, t.q));
  }
  const random = prng(7);
  for (let i = paths.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [paths[i], paths[j]] = [paths[j]!, paths[i]!];
  }
  return paths;
}

/** Hands out `paths` in turn; `used` tells how many were handed out (more than the length: repeats). */
function sequence(paths: readonly string[]): { next: () => string; used: () => number; total: number } {
  let i = 0;
  return { next: () => paths[i++ % paths.length]!, used: () => i, total: paths.length };
}

/** Requests every path once (a few at a time) and checks each answer is a 200. */
async function prime(base: string, paths: readonly string[], token: string): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++]!;
      const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`Priming ${path} answered ${response.status}`);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

/** The parts of whoami and user-list answers the checks read (a failed call has none of them). */
interface CheckedBody {
  email?: string;
  total: number;
  data: { uuid: string; name: string; email: string; country_code: string; status: number; version: number }[];
}

async function getJson(url: string, token?: string): Promise<{ status: number; body: CheckedBody; headers: Headers }> {
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: response.status, body: body as CheckedBody, headers: response.headers };
}

function check(ok: boolean, what: string, checks: string[]): void {
  if (!ok) throw new Error(`Sanity check failed before the load test: ${what}`);
  checks.push(what);
}

/** Like `check`, after the load: a failure is reported with the figures instead of losing them. */
function verify(ok: boolean, what: string, checks: string[], failures: string[]): void {
  checks.push(ok ? what : `FAILED: ${what}`);
  if (!ok) failures.push(what);
}

/** AUTH_STATE_TTL_S of the bench's portal: short enough that the revocation check after the load waits little. */
const BENCH_AUTH_STATE_TTL_S = 10;
/** The public CMS list must answer at least this many requests/s (issue 6). */
const PUBLIC_LIST_TARGET_RPS = 10_000;
/** An admin write's p99 while the public list is flooded (issue 6). */
const WRITE_UNDER_LOAD_P99_MS = 50;

type Emulator = Awaited<ReturnType<typeof startAuthEmulator>>;

/** What the section's measurements share: the servers, the tokens and the report being filled. */
interface ApiRun {
  ctx: BenchContext;
  notes: string[];
  failures: string[];
  misses: string[];
  setup: Record<string, unknown>;
  rows: Row[];
  tables: Table[];
  children: ChildServer<unknown>[];
  emulator: Emulator | null;
  profileDir: string | null;
}

interface Portal {
  child: ChildServer<PortalChildInfo>;
  url: string;
  emulatorHost: string;
  adminToken: string;
  stateToken: string;
  /** Processes whose CPU time the load rows report. */
  watch: Record<string, number | undefined>;
}

const ADMIN = DEMO_ACCOUNTS.find((a) => a.role === 'tuxuri')!;
const STATE_ADMIN = DEMO_ACCOUNTS.find((a) => a.role === 'state_admin')!;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const profiling = (run: ApiRun, name: string) =>
  run.profileDir
    ? { execArgv: ['--cpu-prof', `--cpu-prof-dir=${run.profileDir}`, `--cpu-prof-name=${name}.cpuprofile`] }
    : {};
const record = (run: ApiRun, target: LoadTarget, baselineRps: number | null) =>
  measureRow(run.ctx, target, baselineRps, run.rows);

/** The identity service, on a free port with the bench's own project. */
async function startIdentityService(run: ApiRun): Promise<string> {
  const emulatorHost = `127.0.0.1:${await freePort(3)}`;
  const started = performance.now();
  run.ctx.log(`Starting the Firebase Auth emulator on ${emulatorHost} (project ${BENCH_PROJECT_ID}) …`);
  run.emulator = await startAuthEmulator({
    host: emulatorHost,
    projectId: BENCH_PROJECT_ID,
    workDir: join(run.ctx.tmp, 'emulator'),
  });
  run.setup['emulatorStartMs'] = Math.round(performance.now() - started);
  return emulatorHost;
}

/** The portal server in its own process, 100,000 users and the public CMS rows seeded with SQL, and real ID tokens. */
async function startPortal(run: ApiRun, emulatorHost: string): Promise<Portal> {
  const { ctx } = run;
  const databaseUrl = process.env['BENCH_DATABASE_URL'] || undefined;
  const config: PortalChildConfig = {
    port: await freePort(),
    dataDir: join(ctx.tmp, 'data'),
    siteDir: join(ctx.tmp, 'no-site'),
    ...(databaseUrl && { databaseUrl }),
    projectId: BENCH_PROJECT_ID,
    emulatorHost,
    users: BENCH_USERS,
    searches: SEARCHES.map((q) => q ?? null),
    authStateTtlS: BENCH_AUTH_STATE_TTL_S,
  };
  mkdirSync(config.dataDir, { recursive: true });
  ctx.log(
    `Starting the portal server ` +
      `(${databaseUrl ? 'PostgreSQL from BENCH_DATABASE_URL' : 'PGlite in a temp folder'}) and ` +
      `seeding ${BENCH_USERS.toLocaleString('en')} users …`,
  );
  const child = await startChild<PortalChildInfo>(new URL('../servers/portal.ts', import.meta.url), {
    label: 'The portal server',
    env: { BENCH_PORTAL: JSON.stringify(config), NODE_ENV: 'production' },
    timeoutMs: 180_000,
    ...profiling(run, 'portal'),
  });
  run.children.push(child);
  const { seed } = child.info;
  run.setup['database'] = child.info.database;
  run.setup['serverStartMs'] = Math.round(child.info.startMs);
  run.setup['seed'] = seed;
  run.setup['cmsSeed'] = child.info.cms;
  run.setup['listTotalsMs'] = Math.round(child.info.totalsMs);
  const seedLine =
    `Seeded ${seed.users.toLocaleString('en')} users (${seed.withRoles.toLocaleString('en')} with a role, ` +
    `${seed.countries} countries) with INSERT … SELECT generate_series in ${(seed.insertMs / 1000).toFixed(2)} s` +
    `, VACUUM ANALYZE ${(seed.vacuumMs / 1000).toFixed(2)} s` +
    (seed.clearMs > 50 ? `, after clearing the previous run's in ${(seed.clearMs / 1000).toFixed(2)} s` : '');
  ctx.log(seedLine);
  run.notes.push(
    `Database: ${child.info.database}${databaseUrl ? ' (BENCH_DATABASE_URL)' : ' (temp DATA_DIR)'}. ` +
      `${seedLine}; ${child.info.cms.published} ` +
      `published partners and a draft in cms_items.`,
    `Request logging is off during the load test (LOG_REQUESTS=false). Every request verifies its ID token ` +
      `(claims cached until exp) and its account's state (revocation, disabled), looked up in the Auth emulator ` +
      `at most every AUTH_STATE_TTL_S=${BENCH_AUTH_STATE_TTL_S} s (default 30; decision 007).`,
  );
  return {
    child,
    url: child.info.url,
    emulatorHost,
    adminToken: await signIn(emulatorHost, ADMIN.email, ADMIN.password),
    stateToken: await signIn(emulatorHost, STATE_ADMIN.email, STATE_ADMIN.password),
    watch: { server: child.process.pid, 'auth emulator': run.emulator?.process?.pid },
  };
}

/** The answers are right before they are fast: refusals, identity, security headers, scopes, filters. */
async function checkBeforeLoad(run: ApiRun, portal: Portal): Promise<string[]> {
  const { url, adminToken, stateToken } = portal;
  const checks: string[] = [];
  const anonymous = await getJson(`${url}/api/whoami`);
  check(anonymous.status === 401, 'whoami without a token is 401', checks);
  const bogus = await getJson(`${url}/api/whoami`, 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.');
  check(bogus.status === 401, 'whoami with a forged token is 401', checks);
  const me = await getJson(`${url}/api/whoami`, adminToken);
  check(
    me.status === 200 && me.body.email === ADMIN.email,
    `whoami as ${ADMIN.email} is 200 and names the account`,
    checks,
  );
  check(
    me.headers.get('x-content-type-options') === 'nosniff' &&
      me.headers.get('cache-control') === 'no-store' &&
      (me.headers.get('content-security-policy') ?? '').includes("default-src 'none'"),
    'whoami carries the security headers (nosniff, no-store, the API CSP)',
    checks,
  );
  const all = await getJson(`${url}${listPath(1)}`, adminToken);
  check(
    all.status === 200 && all.body.total >= BENCH_USERS && all.body.data.length === 20,
    `the admin's user list counts ${all.body?.total} users, 20 a page`,
    checks,
  );
  const scoped = await getJson(`${url}${listPath(3)}`, stateToken);
  check(
    scoped.status === 200 &&
      scoped.body.data.length > 0 &&
      scoped.body.data.every((u: { country_code: string }) => u.country_code === STATE_ADMIN.country) &&
      scoped.body.total < all.body.total,
    `the state_admin's list holds only ${STATE_ADMIN.country} users (${scoped.body?.total})`,
    checks,
  );
  const filtered = await getJson(`${url}${listPath(2, 1, 'IN', 'user1')}`, adminToken);
  check(
    filtered.status === 200 &&
      filtered.body.data.every(
        (u: { country_code: string; status: number; email: string }) =>
          u.country_code === 'IN' && u.status === 1 && u.email.includes('user1'),
      ),
    `filters apply (status=1, country_code=IN, q=user1: ${filtered.body?.total} users)`,
    checks,
  );
  const publicList = await fetch(`${url}${PUBLIC_LIST_PATH}`);
  const publicBody = (await publicList.json()) as { data?: unknown[] };
  const etag = publicList.headers.get('etag');
  const revalidated = await fetch(`${url}${PUBLIC_LIST_PATH}`, { headers: { 'if-none-match': etag ?? '' } });
  await revalidated.arrayBuffer();
  check(
    publicList.status === 200 &&
      publicBody.data?.length === portal.child.info.cms.published &&
      etag !== null &&
      revalidated.status === 304,
    `the public partner list is 200 with ${publicBody.data?.length} items and an ETag, 304 when asked with it`,
    checks,
  );
  run.setup['checks'] = checks;
  return checks;
}

/** The bare Hono hello-world in its own process: the baseline of the ratios. */
async function measureBaseline(run: ApiRun): Promise<Row> {
  return await measureBareHello(run.ctx, run.rows, profiling(run, 'hello').execArgv);
}

/** Authenticated endpoints in their steady state (judged): whoami and the cached user list pages. */
async function measureAuthenticated(
  run: ApiRun,
  portal: Portal,
  bare: number,
  combos: readonly string[],
): Promise<void> {
  const { url, adminToken, stateToken, watch } = portal;
  const targets: LoadTarget[] = [
    {
      name: 'whoami (admin)',
      describe: 'GET /api/whoami, superadmin bearer token',
      url: `${url}/api/whoami`,
      headers: bearer(adminToken),
      judged: true,
      watch,
    },
    {
      name: 'user list (admin)',
      describe:
        `GET /api/user/list?per_page=20, ${combos.length} combinations of page/status/country_code/q in turn, ` +
        `superadmin`,
      url,
      headers: bearer(adminToken),
      requests: () => rotating(combos),
      prime: () => prime(url, combos, adminToken),
      judged: true,
      watch,
    },
    {
      name: 'user list (state_admin)',
      describe: `the same ${combos.length} combinations as the ${STATE_ADMIN.country} state_admin (country-scoped)`,
      url,
      headers: bearer(stateToken),
      requests: () => rotating(combos),
      prime: () => prime(url, combos, stateToken),
      judged: true,
      watch,
    },
  ];
  for (const target of targets) if (wanted(target.name)) await record(run, target, bare);
}

/** The database path of the user list: a page or a search never asked before on every request. */
async function measureUncachedLists(
  run: ApiRun,
  portal: Portal,
  bare: number,
  browse: ReturnType<typeof sequence>,
  search: ReturnType<typeof sequence>,
): Promise<void> {
  const { url, adminToken, watch } = portal;
  const targets: LoadTarget[] = [
    {
      name: 'list, uncached pages',
      describe:
        `GET /api/user/list, a page (1-${PAGES}, one that exists) of any status/country_code never asked before ` +
        `on every request, no search, superadmin`,
      url,
      headers: bearer(adminToken),
      requests: () => generated(browse.next),
      judged: false,
      watch,
    },
    {
      name: 'list, uncached searches',
      describe:
        `GET /api/user/list with q (${SEARCHES.slice(1).join('/')}), pages 1-${SEARCH_PAGES} that exist, a ` +
        `combination never asked before on every request, superadmin`,
      url,
      headers: bearer(adminToken),
      requests: () => generated(search.next),
      judged: false,
      watch,
    },
  ];
  for (const target of targets) {
    if (!wanted(target.name)) continue;
    const row = await record(run, target, bare);
    if (row.latencyMs.p99 >= UNCACHED_LIST_P99_MS) {
      run.misses.push(`${target.name}: p99 ${row.latencyMs.p99} ms >= ${UNCACHED_LIST_P99_MS} ms`);
    }
  }
}

const PUBLIC_LIST_PATH = '/api/public/cms/partner';
/** Uncached user list pages and searches must keep p99 under this at 50 connections (issue 6). */
const UNCACHED_LIST_P99_MS = 50;

/** The public CMS list under a flood (no sign-in, answered from the public cache). */
async function measurePublicList(run: ApiRun, portal: Portal, bare: number): Promise<void> {
  const name = 'public CMS list';
  if (!wanted(name)) return;
  const row = await record(
    run,
    {
      name,
      describe:
        `GET ${PUBLIC_LIST_PATH} (${portal.child.info.cms.published} published partners), no sign-in, from the ` +
        `public cache`,
      url: `${portal.url}${PUBLIC_LIST_PATH}`,
      judged: false,
      watch: portal.watch,
    },
    bare,
  );
  if (row.requestsPerSec < PUBLIC_LIST_TARGET_RPS) {
    run.misses.push(`${name}: ${row.requestsPerSec.toFixed(0)} requests/s < ${PUBLIC_LIST_TARGET_RPS}`);
  }
}

/** p-th percentile of `values` (nearest rank). */
function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * Admin writes while the public list is flooded: autocannon on the public list from this
 * process, and meanwhile, from a worker thread, one admin at a time saving a draft partner
 * (POST /api/cms/saved, which invalidates the public cache) every 50 ms. Reports the writes'
 * latency and the list's figures.
 */
async function measureWritesUnderLoad(run: ApiRun, portal: Portal, bare: number): Promise<void> {
  const name = 'public list while admins write';
  if (!wanted(name)) return;
  const { url, adminToken } = portal;
  const { draftUuid } = portal.child.info.cms;
  // Each save sends the version the previous one answered, as the back-office form does. The
  // saves come from a worker thread, past the warm-up: timed in this process, they would also
  // wait for autocannon's 50 connections on this process's own event loop.
  const current = await getJson(`${url}/api/cms/partner/view/${draftUuid}`, adminToken);
  const version = (current.body.data as unknown as { version: number }).version;
  const writer = timedWrites({
    url,
    token: adminToken,
    uuid: draftUuid,
    version,
    primeSaves: 5,
    startAfterMs: run.ctx.load.warmup * 1000 + 500,
    pauseMs: 50,
  });
  await writer.primed;
  const row = await record(
    run,
    {
      name,
      describe:
        `GET ${PUBLIC_LIST_PATH} as above while an admin saves a draft partner every 50 ms (each save ` +
        `invalidates the public cache)`,
      url: `${url}${PUBLIC_LIST_PATH}`,
      judged: false,
      watch: portal.watch,
    },
    bare,
  );
  const { latencies, statuses } = await writer.stop();
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  const ok = (statuses.get(200) ?? 0) === latencies.length && latencies.length > 0;
  // Every save's latency in order, so an outlier shows where in the run it came.
  const inOrder = latencies.map((ms) => Math.round(ms * 10) / 10);
  run.setup['writesUnderLoad'] = {
    count: latencies.length,
    p50,
    p99,
    max: Math.max(...latencies),
    statuses: Object.fromEntries(statuses),
    inOrder,
  };
  run.tables.push({
    title:
      `Admin writes while the public list is flooded (${run.ctx.load.connections} connections ` +
      `on ${PUBLIC_LIST_PATH}); target p99 < ${WRITE_UNDER_LOAD_P99_MS} ms`,
    header: ['write', 'count', 'p50 ms', 'p99 ms', 'max ms', 'list req/s', 'statuses', 'result'],
    rows: [
      [
        'POST /api/cms/saved (draft partner)',
        String(latencies.length),
        p50.toFixed(1),
        p99.toFixed(1),
        Math.max(...latencies).toFixed(1),
        row.requestsPerSec.toFixed(0),
        [...statuses].map(([status, count]) => `${status}x${count}`).join(' '),
        ok && p99 < WRITE_UNDER_LOAD_P99_MS ? 'PASS' : 'FAIL',
      ],
    ],
  });
  if (!ok)
    run.failures.push(
      `admin writes under load: not every write answered 200 (${[...statuses].map(([s, c]) => `${s}x${c}`).join(' ')})`,
    );
  if (p99 >= WRITE_UNDER_LOAD_P99_MS)
    run.misses.push(`admin writes under load: p99 ${p99.toFixed(1)} ms >= ${WRITE_UNDER_LOAD_P99_MS} ms`);
}

/** After the load: the caches still follow writes, and revocation and deactivation still apply. */
async function checkAfterLoad(run: ApiRun, portal: Portal): Promise<string[]> {
  const { url, adminToken, stateToken, emulatorHost } = portal;
  const after: string[] = [];
  const verifyAfter = (ok: boolean, what: string) => verify(ok, what, after, run.failures);
  const before = await getJson(`${url}${listPath(1)}`, adminToken);
  const target = before.body.data[0] as { uuid: string; name: string; version: number };
  const renamed = `Renamed ${target.name}`.slice(0, 100);
  const edit = await postJson(`${url}/api/user/edit/${target.uuid}`, adminToken, {
    name: renamed,
    version: target.version,
  });
  const reread = await getJson(`${url}${listPath(1)}`, adminToken);
  verifyAfter(edit === 200 && reread.body.data[0]?.name === renamed, 'an edit shows in the (cached) user list at once');

  // Deactivation through the portal applies on the very next request.
  const stateAdmin = (await getJson(`${url}/api/whoami`, stateToken)).body as unknown as { uuid: string };
  // Every user write names the version it is based on (DESIGN.md §12).
  const versionOf = async (uuid: string) =>
    ((await getJson(`${url}/api/user/show/${uuid}`, adminToken)).body as unknown as { version: number }).version;
  const deactivated = await postJson(`${url}/api/user/edit/${stateAdmin.uuid}`, adminToken, {
    status: 0,
    version: await versionOf(stateAdmin.uuid),
  });
  const refused = await getJson(`${url}${listPath(1)}`, stateToken);
  verifyAfter(
    deactivated === 200 && refused.status === 403,
    "the state_admin's list is refused (403) right after an admin deactivates it",
  );
  const reactivated = await postJson(`${url}/api/user/edit/${stateAdmin.uuid}`, adminToken, {
    status: 1,
    version: await versionOf(stateAdmin.uuid),
  });
  verifyAfter(
    reactivated === 200 && (await getJson(`${url}${listPath(1)}`, stateToken)).status === 200,
    'and served again once reactivated',
  );

  // A revocation made in the identity service (not through the portal) applies within AUTH_STATE_TTL_S.
  const auth = firebaseAuth(
    parseEnv({ FIREBASE_PROJECT_ID: BENCH_PROJECT_ID, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost }),
  );
  await auth.revokeRefreshTokens((await auth.getUserByEmail(STATE_ADMIN.email)).uid);
  const revokedAt = performance.now();
  let refusedAfterS: number | null = null;
  while (performance.now() - revokedAt < (BENCH_AUTH_STATE_TTL_S + 2) * 1000) {
    if ((await getJson(`${url}/api/whoami`, stateToken)).status === 401) {
      refusedAfterS = (performance.now() - revokedAt) / 1000;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  run.setup['revokedRefusedAfterS'] = refusedAfterS;
  verifyAfter(
    refusedAfterS !== null && refusedAfterS <= BENCH_AUTH_STATE_TTL_S + 1,
    `the state_admin's token is refused ` +
      `(401) ${refusedAfterS === null ? 'NEVER' : `${refusedAfterS.toFixed(1)} s`} after its sessions are revoked ` +
      `in the identity service (AUTH_STATE_TTL_S=${BENCH_AUTH_STATE_TTL_S})`,
  );
  run.setup['checksAfterLoad'] = after;
  return after;
}

async function postJson(url: string, token: string, body: unknown): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

/** The notes that explain the rows: what the list rows rotate through, and what bounds the baseline. */
function describeRows(
  run: ApiRun,
  portal: Portal,
  combos: readonly string[],
  browse: ReturnType<typeof sequence>,
  search: ReturnType<typeof sequence>,
  baseline: Row,
): void {
  const filterCount = (keep: (t: FilterTotal) => boolean) => portal.child.info.totals.filter(keep).length;
  const primed = run.rows.filter((r) => r.primeMs !== undefined);
  const primeTimes = primed.map((r) => `${(r.primeMs! / 1000).toFixed(1)} s for ${r.target}`).join(', ');
  const askedTwice = browse.used() > browse.total || search.used() > search.total;
  run.notes.push(
    `The "user list" rows rotate through ${combos.length} combinations (pages 1-${PAGES}, status none/0/1, ` +
      `country_code none/${COUNTRIES.slice(1).join('/')}, q none/${SEARCHES.slice(1).join('/')} on a quarter of ` +
      `them): ` +
      `each combination is requested once before the ` +
      `warm-up${primed.length ? ` (${primeTimes})` : ''}, ` +
      `so they measure the steady state served from the list cache.`,
    `The "uncached" rows ask for a page never asked before on every request (${browse.used()} ` +
      `of ${browse.total} existing pages of ${filterCount((t) => t.q === undefined)} filters; ${search.used()} ` +
      `of ${search.total} pages of ${filterCount((t) => t.q !== undefined)} ` +
      `searches${askedTwice ? '; some were asked twice: the list ran out' : ''}): ` +
      `they measure pages and searches asked for the first time (the list order of each search loaded once ` +
      `through the trigram indexes and kept in memory; the page's 20 items read by id like user/show, kept per ` +
      `user until the next write, the whole list's loaded in the background once its order is known); target ` +
      `p99 < ${UNCACHED_LIST_P99_MS} ms, not part of the ratio targets.`,
    `The public rows: "${'public CMS list'}" must reach ${PUBLIC_LIST_TARGET_RPS.toLocaleString('en')} ` +
      `requests/s; "public list while admins write" floods the same list while an admin saves a draft every 50 ` +
      `ms, after 5 untimed saves made before the load as the list's combinations are asked once before theirs ` +
      `(the table above: write p99 target < ${WRITE_UNDER_LOAD_P99_MS} ms; every save's latency in order is in ` +
      `the results file, setup.writesUnderLoad.inOrder).`,
  );
  const helloCpu = baseline.cpuSeconds['load generator'];
  if (helloCpu !== null && helloCpu !== undefined) {
    run.notes.push(
      `During the bare hello-world run the load generator (autocannon, this process) used ${helloCpu} CPU s ` +
        `and the server ${baseline.cpuSeconds['server']} CPU s in ${baseline.durationS.toFixed(0)} s ` +
        `on ${cpus().length} cores: the baseline is bounded by the load generator and the machine as much as by ` +
        `the server.`,
    );
  }
}

/**
 * The API under load: a bare Hono hello-world as the baseline, then the portal's whoami and
 * user list (as a superadmin and as a country-scoped state_admin) on a database of 100,000
 * users, the public CMS list, and admin writes while it is flooded; each server in its own
 * process, autocannon in this one.
 */
export async function apiSection(ctx: BenchContext): Promise<SectionReport> {
  const run: ApiRun = {
    ctx,
    notes: [],
    failures: [],
    misses: [],
    setup: {},
    rows: [],
    tables: [],
    children: [],
    emulator: null,
    // BENCH_PROFILE=1 writes V8 CPU profiles of the servers to bench/results/profiles/.
    profileDir: process.env['BENCH_PROFILE'] === '1' ? join(ctx.root, 'bench/results/profiles') : null,
  };
  try {
    const portal = await startPortal(run, await startIdentityService(run));
    const checks = await checkBeforeLoad(run, portal);
    const baseline = await measureBaseline(run);
    const bare = baseline.requestsPerSec;
    const combos = listCombinations(200);
    const browse = sequence(existingPages(portal.child.info.totals, (t) => t.q === undefined, PAGES));
    const search = sequence(existingPages(portal.child.info.totals, (t) => t.q !== undefined, SEARCH_PAGES));
    await measureAuthenticated(run, portal, bare, combos);
    await measureUncachedLists(run, portal, bare, browse, search);
    await measurePublicList(run, portal, bare);
    await measureWritesUnderLoad(run, portal, bare);
    await measureSdmxWholeFlow(run, portal);
    const after = await checkAfterLoad(run, portal);
    run.notes.push(`Checks passed before the load: ${checks.join('; ')}. After it: ${after.join('; ')}.`);
    describeRows(run, portal, combos, browse, search, baseline);
    return {
      section: 'api',
      title: 'API under load',
      notes: run.notes,
      setup: run.setup,
      rows: run.rows,
      tables: run.tables,
      misses: run.misses,
      failures: run.failures,
    };
  } finally {
    for (const child of run.children.reverse()) await child.stop();
    await run.emulator?.stop();
  }
}
