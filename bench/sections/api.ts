import { mkdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '../../src/lib/db/seed.server.ts';
import { parseEnv } from '../../src/lib/env.server.ts';
import { firebaseAuth } from '../../src/server/main.ts';
import { startAuthEmulator } from '../../scripts/auth-emulator.ts';
import { startChild, type ChildServer } from '../lib/child.ts';
import type { BenchContext, SectionReport } from '../lib/context.ts';
import { signIn } from '../lib/identity.ts';
import { generated, rotating, type LoadTarget } from '../lib/load.ts';
import { freePort } from '../lib/ports.ts';
import { measureRow, type Row } from '../lib/report.ts';
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
  data: { uuid: string; name: string; email: string; country_code: string; status: number }[];
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

/**
 * The API under load: a bare Hono hello-world as the baseline, then the portal's whoami and
 * user list (as a superadmin and as a country-scoped state_admin) on a database of 100,000
 * users, each server in its own process, autocannon in this one.
 */
export async function apiSection(ctx: BenchContext): Promise<SectionReport> {
  const notes: string[] = [];
  const failures: string[] = [];
  const setup: Record<string, unknown> = {};
  const children: ChildServer<unknown>[] = [];
  let emulator: Awaited<ReturnType<typeof startAuthEmulator>> | null = null;
  try {
    // 1. The identity service and the portal server.
    const emulatorPort = await freePort(3);
    const emulatorHost = `127.0.0.1:${emulatorPort}`;
    const started = performance.now();
    ctx.log(`Starting the Firebase Auth emulator on ${emulatorHost} (project ${BENCH_PROJECT_ID}) …`);
    emulator = await startAuthEmulator({
      host: emulatorHost,
      projectId: BENCH_PROJECT_ID,
      workDir: join(ctx.tmp, 'emulator'),
    });
    setup['emulatorStartMs'] = Math.round(performance.now() - started);

    const databaseUrl = process.env['BENCH_DATABASE_URL'] || undefined;
    // BENCH_PROFILE=1 writes V8 CPU profiles of the servers to bench/results/profiles/.
    const profileDir = process.env['BENCH_PROFILE'] === '1' ? join(ctx.root, 'bench/results/profiles') : null;
    const config: PortalChildConfig = {
      port: await freePort(),
      dataDir: join(ctx.tmp, 'data'),
      siteDir: join(ctx.tmp, 'no-site'),
      ...(databaseUrl && { databaseUrl }),
      projectId: BENCH_PROJECT_ID,
      emulatorHost,
      users: BENCH_USERS,
      searches: SEARCHES.map((q) => q ?? null),
    };
    mkdirSync(config.dataDir, { recursive: true });
    ctx.log(
      `Starting the portal server (${databaseUrl ? 'PostgreSQL from BENCH_DATABASE_URL' : 'PGlite in a temp folder'}) and seeding ${BENCH_USERS.toLocaleString('en')} users …`,
    );
    const portal = await startChild<PortalChildInfo>(new URL('../servers/portal.ts', import.meta.url), {
      label: 'The portal server',
      env: { BENCH_PORTAL: JSON.stringify(config), NODE_ENV: 'production' },
      timeoutMs: 180_000,
      ...(profileDir && { execArgv: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-name=portal.cpuprofile'] }),
    });
    children.push(portal);
    const { url, seed } = portal.info;
    setup['database'] = portal.info.database;
    setup['serverStartMs'] = Math.round(portal.info.startMs);
    setup['seed'] = seed;
    setup['listTotalsMs'] = Math.round(portal.info.totalsMs);
    const seedLine =
      `Seeded ${seed.users.toLocaleString('en')} users (${seed.withRoles.toLocaleString('en')} with a role, ` +
      `${seed.countries} countries) with INSERT … SELECT generate_series in ${(seed.insertMs / 1000).toFixed(2)} s` +
      `, VACUUM ANALYZE ${(seed.vacuumMs / 1000).toFixed(2)} s` +
      (seed.clearMs > 50 ? `, after clearing the previous run's in ${(seed.clearMs / 1000).toFixed(2)} s` : '');
    ctx.log(seedLine);
    notes.push(
      `Database: ${portal.info.database}${databaseUrl ? ' (BENCH_DATABASE_URL)' : ' (temp DATA_DIR)'}. ${seedLine}.`,
      'Request logging is off during the load test (LOG_REQUESTS=false); every request still verifies its ID token and checks revocation with the Auth emulator.',
    );

    // 2. Real ID tokens from the emulator.
    const admin = DEMO_ACCOUNTS.find((a) => a.role === 'tuxuri')!;
    const stateAdmin = DEMO_ACCOUNTS.find((a) => a.role === 'state_admin')!;
    const adminToken = await signIn(emulatorHost, admin.email, admin.password);
    const stateToken = await signIn(emulatorHost, stateAdmin.email, stateAdmin.password);

    // 3. The answers are right before they are fast.
    const checks: string[] = [];
    const anonymous = await getJson(`${url}/api/whoami`);
    check(anonymous.status === 401, 'whoami without a token is 401', checks);
    const bogus = await getJson(`${url}/api/whoami`, 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.');
    check(bogus.status === 401, 'whoami with a forged token is 401', checks);
    const me = await getJson(`${url}/api/whoami`, adminToken);
    check(me.status === 200 && me.body.email === admin.email, `whoami as ${admin.email} is 200 and names the account`, checks);
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
        scoped.body.data.every((u: { country_code: string }) => u.country_code === stateAdmin.country) &&
        scoped.body.total < all.body.total,
      `the state_admin's list holds only ${stateAdmin.country} users (${scoped.body?.total})`,
      checks,
    );
    const filtered = await getJson(`${url}${listPath(2, 1, 'IN', 'user1')}`, adminToken);
    check(
      filtered.status === 200 &&
        filtered.body.data.every((u: { country_code: string; status: number; email: string }) =>
          u.country_code === 'IN' && u.status === 1 && u.email.includes('user1'),
        ),
      `filters apply (status=1, country_code=IN, q=user1: ${filtered.body?.total} users)`,
      checks,
    );
    setup['checks'] = checks;

    // 4. Load.
    const rows: Row[] = [];
    const record = (target: LoadTarget, baselineRps: number | null) => measureRow(ctx, target, baselineRps, rows);

    const hello = await startChild<{ url: string }>(new URL('../servers/hello.ts', import.meta.url), {
      label: 'The hello-world server',
      env: { NODE_ENV: 'production' },
      ...(profileDir && { execArgv: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-name=hello.cpuprofile'] }),
    });
    children.push(hello);
    const baseline = await record(
      {
        name: 'bare hello-world',
        describe: 'GET / on new Hono() + @hono/node-server, own process',
        url: hello.info.url,
        judged: false,
        watch: { server: hello.process.pid },
      },
      null,
    );
    await hello.stop();
    const bare = baseline.requestsPerSec;

    const combos = listCombinations(200);
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const watch = { server: portal.process.pid, 'auth emulator': emulator.process?.pid };
    const filterCount = (keep: (t: FilterTotal) => boolean) => portal.info.totals.filter(keep).length;
    const browse = sequence(existingPages(portal.info.totals, (t) => t.q === undefined, PAGES));
    const search = sequence(existingPages(portal.info.totals, (t) => t.q !== undefined, SEARCH_PAGES));
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
        describe: `GET /api/user/list?per_page=20, ${combos.length} combinations of page/status/country_code/q in turn, superadmin`,
        url,
        headers: bearer(adminToken),
        requests: () => rotating(combos),
        prime: () => prime(url, combos, adminToken),
        judged: true,
        watch,
      },
      {
        name: 'user list (state_admin)',
        describe: `the same ${combos.length} combinations as the ${stateAdmin.country} state_admin (country-scoped)`,
        url,
        headers: bearer(stateToken),
        requests: () => rotating(combos),
        prime: () => prime(url, combos, stateToken),
        judged: true,
        watch,
      },
      {
        name: 'list, uncached pages',
        describe: `GET /api/user/list, a page (1-${PAGES}, one that exists) of any status/country_code never asked before on every request, no search, superadmin`,
        url,
        headers: bearer(adminToken),
        requests: () => generated(browse.next),
        judged: false,
        watch,
      },
      {
        name: 'list, uncached searches',
        describe: `GET /api/user/list with q (${SEARCHES.slice(1).join('/')}), pages 1-${SEARCH_PAGES} that exist, a combination never asked before on every request, superadmin`,
        url,
        headers: bearer(adminToken),
        requests: () => generated(search.next),
        judged: false,
        watch,
      },
    ];
    // BENCH_TARGETS=whoami,list… runs only the targets whose names start with one of these.
    const only = (process.env['BENCH_TARGETS'] ?? '').split(',').map((t) => t.trim()).filter(Boolean);
    for (const target of targets) {
      if (only.length === 0 || only.some((prefix) => target.name.startsWith(prefix))) await record(target, bare);
    }
    // 5. After the load, the caches still follow writes and revocation still applies at once.
    const after: string[] = [];
    const before = await getJson(`${url}${listPath(1)}`, adminToken);
    const target = before.body.data[0] as { uuid: string; name: string };
    const renamed = `Renamed ${target.name}`.slice(0, 100);
    const edit = await fetch(`${url}/api/user/edit/${target.uuid}`, {
      method: 'POST',
      headers: { ...bearer(adminToken), 'content-type': 'application/json' },
      body: JSON.stringify({ name: renamed }),
    });
    await edit.arrayBuffer();
    const reread = await getJson(`${url}${listPath(1)}`, adminToken);
    verify(edit.status === 200 && reread.body.data[0]?.name === renamed, 'an edit shows in the (cached) user list at once', after, failures);
    const auth = firebaseAuth(parseEnv({ FIREBASE_PROJECT_ID: BENCH_PROJECT_ID, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost }));
    await auth.revokeRefreshTokens((await auth.getUserByEmail(stateAdmin.email)).uid);
    const revoked = await getJson(`${url}/api/whoami`, stateToken);
    verify(revoked.status === 401, "the state_admin's token is refused (401) right after its sessions are revoked", after, failures);
    setup['checksAfterLoad'] = after;
    notes.push(
      `Checks passed before the load: ${checks.join('; ')}. After it: ${after.join('; ')}.`,
    );

    const primed = rows.filter((r) => r.primeMs !== undefined);
    notes.push(
      `The "user list" rows rotate through ${combos.length} combinations (pages 1-${PAGES}, status none/0/1, country_code none/${COUNTRIES.slice(1).join('/')}, q none/${SEARCHES.slice(1).join('/')} on a quarter of them): ` +
        `each combination is requested once before the warm-up${primed.length ? ` (${primed.map((r) => `${(r.primeMs! / 1000).toFixed(1)} s for ${r.target}`).join(', ')})` : ''}, so they measure the steady state served from the list cache.`,
      `The "uncached" rows ask for a page never asked before on every request (${browse.used()} of ${browse.total} existing pages of ${filterCount((t) => t.q === undefined)} filters; ${search.used()} of ${search.total} pages of ${filterCount((t) => t.q !== undefined)} searches${browse.used() > browse.total || search.used() > search.total ? '; some were asked twice: the list ran out' : ''}): ` +
        'they measure the database path (a count on the first page of each filter, offset, roles) and are not judged. Searches (q) are ILIKE scans of 100,000 rows.',
    );
    const helloCpu = baseline.cpuSeconds['load generator'];
    if (helloCpu !== null && helloCpu !== undefined) {
      notes.push(
        `During the bare hello-world run the load generator (autocannon, this process) used ${helloCpu} CPU s and the server ${baseline.cpuSeconds['server']} CPU s in ${baseline.durationS.toFixed(0)} s on ${cpus().length} cores: the baseline is bounded by the load generator and the machine as much as by the server.`,
      );
    }
    return { section: 'api', title: 'API under load', notes, setup, rows, failures };
  } finally {
    for (const child of children.reverse()) await child.stop();
    await emulator?.stop();
  }
}
