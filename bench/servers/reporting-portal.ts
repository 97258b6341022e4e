/**
 * The portal server of the reporting section, alone in its own process: `startServer` with the
 * settings in BENCH_REPORTING_PORTAL (JSON), serving a site build (the back-office shell and its
 * chunks) taken from the build cache or built once here and copied into it, then the national
 * reports seeded with bulk inserts and one focal point per country whose open report takes
 * answers. Prints `BENCH_READY {"url", "database", "seed", …}` when all is done.
 */
import { cp, mkdir, readdir, rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { join } from 'node:path';
import { DEMO_PASSWORD, seedDemoAccounts, type DemoAccount } from '../../src/lib/db/seed.server.ts';
import { parseEnv } from '../../src/lib/env.server.ts';
import { firebaseAuth, startServer } from '../../src/server/main.ts';
import { announceReady, portalEnv, type PortalPlace, STAND_IN_SITE_BUILD } from '../lib/child.ts';
import { seedReporting, type ReportingSeed } from '../lib/seed-reports.ts';
import { BENCH_EMAIL_DOMAIN } from '../lib/seed-users.ts';

/** Where it runs (the site builder's folder, `siteDir`, is where a build made here lands first), and what it seeds. */
export interface ReportingPortalConfig extends PortalPlace {
  /** A build of this checkout's sources to serve, if one is cached; otherwise one is made and copied here. */
  siteCache: { dir: string; cached: boolean };
  /** False when no browser step runs: no site is built (the API rows need none). */
  needSite: boolean;
  /** Questions added to the long questionnaire's cycle (38 + extra). */
  extraQuestions: number;
  /** The country whose long questionnaire is answered (the demo focal point's). */
  longCountry: string;
  /** At most this many focal points are created (one per country whose open report takes answers). */
  focalPoints: number;
}

export interface FocalPoint {
  email: string;
  country: string;
}

export interface ReportingPortalInfo {
  url: string;
  database: 'pglite' | 'postgres';
  startMs: number;
  /** How long `astro build` took here, or null when the cached build was served. */
  buildMs: number | null;
  seed: ReportingSeed;
  seedMs: number;
  focalPoints: FocalPoint[];
  focalPointsMs: number;
  password: string;
}

const config = JSON.parse(process.env['BENCH_REPORTING_PORTAL'] ?? '{}') as ReportingPortalConfig;
const started = performance.now();
const env = parseEnv(
  portalEnv(config, {
    // Loading the open data on a fresh database asks for a rebuild: without a browser step the site
    // is not measured, and the tests' small stand-in keeps a real Astro build out of the rows.
    ...(!config.needSite && { SITE_BUILD_COMMAND: STAND_IN_SITE_BUILD }),
  }),
);
const running = await startServer(env, config.siteCache.cached ? { siteDir: config.siteCache.dir } : {});
const startMs = performance.now() - started;

let buildMs: number | null = null;
if (!config.siteCache.cached && config.needSite) {
  // Built before the seed: the back-office does not depend on the data, and a smaller site builds faster.
  const buildStarted = performance.now();
  await running.builder.request();
  const status = running.builder.status();
  if (!status.live) throw new Error(`The site build failed: ${status.lastFailure?.reason ?? 'no build is live'}`);
  buildMs = performance.now() - buildStarted;
  // Only the newest build of this checkout is kept.
  const parent = join(config.siteCache.dir, '..');
  await mkdir(parent, { recursive: true });
  for (const entry of await readdir(parent)) await rm(join(parent, entry), { recursive: true, force: true });
  await cp(join(config.siteDir, status.live.id), config.siteCache.dir, { recursive: true });
}

const seedStarted = performance.now();
const seed = await seedReporting(running.database.db, {
  extra: config.extraQuestions,
  longCountry: config.longCountry,
});
const seedMs = performance.now() - seedStarted;
// The tables the load rows write and read, as a live database would have them after autovacuum
// (a test server may run without it): a reused bench database otherwise keeps every earlier run's
// dead rows, and the planner's figures predate the seed.
for (const table of ['national_reports', 'report_answers', 'audit_events', 'questions'])
  await running.database.db.execute(sql.raw(`vacuum analyze ${table}`));

const focalStarted = performance.now();
const accounts: DemoAccount[] = seed.editable.slice(0, config.focalPoints).map((country) => ({
  email: `focal.${country.toLowerCase()}@${BENCH_EMAIL_DOMAIN}`,
  password: DEMO_PASSWORD,
  name: `Focal point ${country}`,
  role: 'state_member',
  status: 1,
  country,
}));
await seedDemoAccounts(running.database.db, firebaseAuth(env), accounts);
const focalPointsMs = performance.now() - focalStarted;

// A build the start-up asked for, and the compression that follows it, end before the rows begin.
await running.builder.settled();
await running.builder.refined();

const info: ReportingPortalInfo = {
  url: running.url,
  database: running.database.kind,
  startMs,
  buildMs,
  seed,
  seedMs,
  focalPoints: accounts.map((a) => ({ email: a.email, country: a.country! })),
  focalPointsMs,
  password: DEMO_PASSWORD,
};
// SIGUSR2: the notifications (issue 16) stop following the change events, so the section can
// measure autosave without that subscriber and compare.
process.on('SIGUSR2', () => {
  running.deps.changes.remove('notifications');
  running.deps.changes.remove('mail-worker');
});

announceReady(info, () => running.close());
