import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '../../src/lib/db/seed.server.ts';
import { startAuthEmulator } from '../../scripts/auth-emulator.ts';
import { startChild, type ChildServer } from '../lib/child.ts';
import type { BenchContext, SectionReport } from '../lib/context.ts';
import { signIn } from '../lib/identity.ts';
import { generated, measure, rotating, type LoadTarget } from '../lib/load.ts';
import { freePort } from '../lib/ports.ts';
import { judge, type Row } from '../lib/report.ts';
import type { PortalChildConfig, PortalChildInfo } from '../servers/portal.ts';

export const BENCH_PROJECT_ID = 'demo-apua-bench';
export const BENCH_USERS = 100_000;

const PAGES = 500;
const STATUSES = [undefined, 0, 1] as const;
const COUNTRIES = [undefined, 'PH', 'IN', 'CN', 'ID', 'JP', 'TH', 'VN'] as const;
const SEARCHES = [undefined, 'user1', 'user42', 'bench.user9', 'BENCH-00012'] as const;

function listPath(page: number, status?: number, country?: string, q?: string): string {
  const params = new URLSearchParams({ per_page: '20', page: String(page) });
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

/** Every list query of the space in a fixed shuffled order, each once: nothing is served twice. */
function distinctListPaths(): () => string {
  const space = PAGES * STATUSES.length * COUNTRIES.length * SEARCHES.length;
  // Walk the space with a stride coprime to its size: a permutation, no repeats until it wraps.
  const stride = 7919;
  let i = 0;
  return () => {
    let n = (i++ * stride) % space;
    const page = 1 + (n % PAGES);
    n = Math.floor(n / PAGES);
    const status = STATUSES[n % STATUSES.length];
    n = Math.floor(n / STATUSES.length);
    const country = COUNTRIES[n % COUNTRIES.length];
    n = Math.floor(n / COUNTRIES.length);
    return listPath(page, status, country, SEARCHES[n % SEARCHES.length]);
  };
}

async function getJson(url: string, token?: string): Promise<{ status: number; body: any }> {
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: response.status, body };
}

function check(ok: boolean, what: string, checks: string[]): void {
  if (!ok) throw new Error(`Sanity check failed before the load test: ${what}`);
  checks.push(what);
}

/**
 * The API under load: a bare Hono hello-world as the baseline, then the portal's whoami and
 * user list (as a superadmin and as a country-scoped state_admin) on a database of 100,000
 * users, each server in its own process, autocannon in this one.
 */
export async function apiSection(ctx: BenchContext): Promise<SectionReport> {
  const notes: string[] = [];
  const setup: Record<string, unknown> = {};
  const children: ChildServer<unknown>[] = [];
  let emulator: Awaited<ReturnType<typeof startAuthEmulator>> | null = null;
  try {
    // 1. The identity service and the portal server.
    const emulatorPort = await freePort(3);
    const emulatorHost = `127.0.0.1:${emulatorPort}`;
    let started = performance.now();
    ctx.log(`Starting the Firebase Auth emulator on ${emulatorHost} (project ${BENCH_PROJECT_ID}) …`);
    emulator = await startAuthEmulator({
      host: emulatorHost,
      projectId: BENCH_PROJECT_ID,
      workDir: join(ctx.tmp, 'emulator'),
    });
    setup['emulatorStartMs'] = Math.round(performance.now() - started);

    const databaseUrl = process.env['BENCH_DATABASE_URL'] || undefined;
    const config: PortalChildConfig = {
      port: await freePort(),
      dataDir: join(ctx.tmp, 'data'),
      siteDir: join(ctx.tmp, 'no-site'),
      ...(databaseUrl && { databaseUrl }),
      projectId: BENCH_PROJECT_ID,
      emulatorHost,
      users: BENCH_USERS,
    };
    mkdirSync(config.dataDir, { recursive: true });
    ctx.log(
      `Starting the portal server (${databaseUrl ? 'PostgreSQL from BENCH_DATABASE_URL' : 'PGlite in a temp folder'}) and seeding ${BENCH_USERS.toLocaleString('en')} users …`,
    );
    const portal = await startChild<PortalChildInfo>(new URL('../servers/portal.ts', import.meta.url), {
      label: 'The portal server',
      env: { BENCH_PORTAL: JSON.stringify(config), NODE_ENV: 'production' },
      timeoutMs: 180_000,
    });
    children.push(portal);
    const { url, seed } = portal.info;
    setup['database'] = portal.info.database;
    setup['serverStartMs'] = Math.round(portal.info.startMs);
    setup['seed'] = seed;
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
    const record = async (target: LoadTarget, baselineRps: number | null) => {
      ctx.log(`  ${target.name}: ${ctx.load.warmup} s warm-up + ${ctx.load.duration} s at ${ctx.load.connections} connections …`);
      const figures = await measure(target, ctx.load);
      const row = judge(figures, target.judged, baselineRps, ctx.targets);
      rows.push(row);
      ctx.log(
        `    ${figures.requestsPerSec.toFixed(0)} req/s, p50 ${figures.latencyMs.p50} ms, p99 ${figures.latencyMs.p99} ms` +
          (figures.non2xx || figures.errors ? `, ${figures.non2xx} non-2xx, ${figures.errors} errors` : ''),
      );
      return row;
    };

    const hello = await startChild<{ url: string }>(new URL('../servers/hello.ts', import.meta.url), {
      label: 'The hello-world server',
      env: { NODE_ENV: 'production' },
    });
    children.push(hello);
    const baseline = await record(
      { name: 'bare hello-world', describe: 'GET / on new Hono() + @hono/node-server, own process', url: hello.info.url, judged: false },
      null,
    );
    await hello.stop();
    const bare = baseline.requestsPerSec;

    const combos = listCombinations(200);
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    await record(
      { name: 'whoami (admin)', describe: 'GET /api/whoami, superadmin bearer token', url: `${url}/api/whoami`, headers: bearer(adminToken), judged: true },
      bare,
    );
    await record(
      {
        name: 'user list (admin)',
        describe: 'GET /api/user/list?per_page=20, 200 combinations of page/status/country_code/q, superadmin',
        url,
        headers: bearer(adminToken),
        requests: () => rotating(combos),
        judged: true,
      },
      bare,
    );
    await record(
      {
        name: 'user list (state_admin)',
        describe: `the same 200 combinations as the ${stateAdmin.country} state_admin (country-scoped)`,
        url,
        headers: bearer(stateToken),
        requests: () => rotating(combos),
        judged: true,
      },
      bare,
    );
    const nextDistinct = distinctListPaths();
    await record(
      {
        name: 'user list, all distinct',
        describe: 'GET /api/user/list with a new combination every request (no response cache hits), superadmin',
        url,
        headers: bearer(adminToken),
        requests: () => generated(nextDistinct),
        judged: false,
      },
      bare,
    );
    notes.push(
      `The user-list rows rotate through ${combos.length} combinations (pages 1-${PAGES}, status none/0/1, country_code none/${COUNTRIES.slice(1).join('/')}, q none/${SEARCHES.slice(1).join('/')}); after the warm-up they are served from the list cache.`,
      '"user list, all distinct" asks for a combination never asked before on every request: it measures the database path (count, offset, roles) and is not judged.',
    );
    return { section: 'api', title: 'API under load', notes, setup, rows };
  } finally {
    for (const child of children.reverse()) await child.stop();
    await emulator?.stop();
  }
}
