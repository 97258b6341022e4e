/**
 * The portal server under load, alone in its own process: `startServer` with the settings in
 * the BENCH_PORTAL env variable (JSON), then the bench users seeded with SQL. Prints
 * `BENCH_READY {"url", "database", "seed"}` when both are done.
 */
import { sql } from 'drizzle-orm';
import { parseEnv } from '../../src/lib/env.server.ts';
import { startServer } from '../../src/server/main.ts';
import { announceReady, type PortalPlace, STAND_IN_SITE_BUILD } from '../lib/child.ts';
import { seedPublicCms, type PublicCmsSeed } from '../lib/seed-public-cms.ts';
import { listTotals, seedBenchUsers, type FilterTotal } from '../lib/seed-users.ts';

export interface PortalChildConfig extends PortalPlace {
  users: number;
  /** Searches (q) whose list totals per status and country are reported (undefined: none). */
  searches: (string | null)[];
  /** AUTH_STATE_TTL_S of the server. */
  authStateTtlS: number;
}

export interface PortalChildInfo {
  url: string;
  database: 'pglite' | 'postgres';
  startMs: number;
  seed: Awaited<ReturnType<typeof seedBenchUsers>>;
  totals: FilterTotal[];
  totalsMs: number;
  cms: PublicCmsSeed;
}

const config = JSON.parse(process.env['BENCH_PORTAL'] ?? '{}') as PortalChildConfig;
const started = performance.now();
const running = await startServer(
  parseEnv({
    NODE_ENV: 'production',
    PORT: String(config.port),
    HOST: '127.0.0.1',
    DATA_DIR: config.dataDir,
    DATABASE_URL: config.databaseUrl,
    FIREBASE_PROJECT_ID: config.projectId,
    FIREBASE_AUTH_EMULATOR_HOST: config.emulatorHost,
    SITE_DIR: config.siteDir,
    // The API is measured, not the site: the rebuild that loading the open data asks for at
    // start-up is the tests' small stand-in. A real one ran Astro beside the first rows for ~25 s
    // and then compressed its pages in this process, stalling it for ~1.5 s mid-row.
    SITE_BUILD_COMMAND: STAND_IN_SITE_BUILD,
    SEED_DEMO: 'true',
    // Request logging is off during the load test: one console line per request would measure the terminal.
    LOG_REQUESTS: 'false',
    AUTH_STATE_TTL_S: String(config.authStateTtlS),
  }),
  {},
);
const startMs = performance.now() - started;
// Nothing has been requested yet, so the server's in-memory caches hold nothing these rows change.
const seed = await seedBenchUsers(running.database.db, config.users);
const totalsStarted = performance.now();
const totals = await listTotals(
  running.database.db,
  config.searches.map((q) => q ?? undefined),
);
const totalsMs = performance.now() - totalsStarted;
const cms = await seedPublicCms(running.database.db);
// The bulk load leaves its pages to be written out: a checkpoint now, as a live database would
// have made long ago, and not inside a timed write (on PGlite one stalls the server for ~1 s).
await running.database.db.execute(sql`CHECKPOINT`);
const info: PortalChildInfo = {
  url: running.url,
  database: running.database.kind,
  startMs,
  seed,
  totals,
  totalsMs,
  cms,
};
announceReady(info, () => running.close());
