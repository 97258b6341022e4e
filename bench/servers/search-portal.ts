/**
 * The portal server of the search section, alone in its own process: `startServer` on PGlite (or
 * BENCH_DATABASE_URL) with the demo's accounts and reports, then the search benchmark's answers
 * (bench/lib/seed-search.ts). Prints `BENCH_READY {"url", "database", "seed", …}` when all is done.
 */
import { parseEnv } from '../../src/lib/env.server.ts';
import { startServer } from '../../src/server/main.ts';
import { announceReady, portalEnv, type PortalPlace, STAND_IN_SITE_BUILD } from '../lib/child.ts';
import { seedSearch, type SearchSeed } from '../lib/seed-search.ts';

export type SearchPortalConfig = PortalPlace;

export interface SearchPortalInfo {
  url: string;
  database: 'pglite' | 'postgres';
  startMs: number;
  seed: SearchSeed;
}

const config = JSON.parse(process.env['BENCH_SEARCH_PORTAL'] ?? '{}') as SearchPortalConfig;
const started = performance.now();
// The site is not measured here: the tests' small stand-in build keeps Astro out of the figures.
const env = parseEnv(portalEnv(config, { SITE_BUILD_COMMAND: STAND_IN_SITE_BUILD }));
const running = await startServer(env);
const startMs = performance.now() - started;
const seed = await seedSearch(running.database.db);
await running.builder.settled();

const info: SearchPortalInfo = { url: running.url, database: running.database.kind, startMs, seed };
announceReady(info, () => running.close());
