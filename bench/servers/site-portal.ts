/**
 * The portal server of the site section, alone in its own process: `startServer` with a temp
 * DATA_DIR and SITE_DIR (no site yet, no build queued), then the CMS items seeded with SQL (and,
 * for the modules section, every reporting module's data: bench/lib/seed-modules.ts).
 * Settings come as JSON in BENCH_SITE_PORTAL; PUBLIC_SITE_URL in the environment names the
 * server's own address, so the builds (child processes of this one) write canonical URLs and a
 * sitemap for it. Prints `BENCH_READY {"url", "startMs", "seed", "modules"}`.
 */
import { join } from 'node:path';
import { parseEnv } from '../../src/lib/env.server.ts';
import { LocalDiskStore } from '../../src/lib/storage/local-disk-store.server.ts';
import { startServer } from '../../src/server/main.ts';
import { announceReady } from '../lib/child.ts';
import { seedCmsItems, type CmsSeedResult } from '../lib/seed-cms.ts';
import { seedModules, type ModulesSeedResult } from '../lib/seed-modules.ts';

export interface SitePortalConfig {
  port: number;
  dataDir: string;
  siteDir: string;
  projectId: string;
  emulatorHost: string;
  items: number;
  /** Also seed the reporting modules at full size (the modules section, bench/lib/seed-modules.ts). */
  modules?: boolean;
}

export interface SitePortalInfo {
  url: string;
  database: 'pglite' | 'postgres';
  startMs: number;
  seed: CmsSeedResult;
  modules: ModulesSeedResult | null;
}

const config = JSON.parse(process.env['BENCH_SITE_PORTAL'] ?? '{}') as SitePortalConfig;
const started = performance.now();
const env = parseEnv({
  NODE_ENV: 'production',
  PORT: String(config.port),
  HOST: '127.0.0.1',
  DATA_DIR: config.dataDir,
  FIREBASE_PROJECT_ID: config.projectId,
  FIREBASE_AUTH_EMULATOR_HOST: config.emulatorHost,
  SITE_DIR: config.siteDir,
  SEED_DEMO: 'true',
  LOG_REQUESTS: 'false',
});
const running = await startServer(env, {});
const startMs = performance.now() - started;
// The same folder the server's own file store uses (createAppDeps): DATA_DIR/uploads.
const store = new LocalDiskStore(join(env.DATA_DIR, 'uploads'));
const seed = await seedCmsItems(running.database.db, store, config.items);
const modules = config.modules ? await seedModules(running.database.db, store) : null;
// Seeded with SQL, behind the API's back: the public answers cached by the start-up's own build
// (the open data import queues one) would not show the seeded records.
for (const domain of ['cms', 'national-reports', 'profile', 'best-practices'])
  running.deps.publicCache.invalidate(domain);
const info: SitePortalInfo = { url: running.url, database: running.database.kind, startMs, seed, modules };
announceReady(info, async () => {
  // A build still running is a child of this process: let it finish (briefly) rather than orphan it.
  await Promise.race([running.builder.settled(), new Promise((resolve) => setTimeout(resolve, 60_000))]);
  await running.close();
});
