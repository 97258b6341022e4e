import { serve, type ServerType } from '@hono/node-server';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { seedDemoPractices } from '../lib/best-practices/demo.server.ts';
import { seedDemoReportCovers } from '../lib/national-reports/demo-covers.server.ts';
import { seedDemoReportFiles } from '../lib/national-reports/demo-files.server.ts';
import { seedDemoHeroes } from '../lib/urbanisation-profile/demo-heroes.server.ts';
import { seedDemoTranslations } from '../lib/translations/demo.server.ts';
import { importOpenData } from '../lib/urbanisation-profile/open-data-import.server.ts';
import { openDatabase, type Database } from '../lib/db/client.server.ts';
import { seedDemoAccounts, seedReferenceData } from '../lib/db/seed.server.ts';
import { syncAnswerSearch } from '../lib/national-reports/search-index.server.ts';
import { configurationWarnings, parseEnv, usesAuthEmulator, type Env, EnvError } from '../lib/env.server.ts';
import { useDataDirProjectId } from '../lib/identity/emulator-project.server.ts';
import { tokenVerifierFor } from '../lib/identity/token-verifier.server.ts';
import { createApp } from './app.ts';
import { createAppDeps, fileStoreFor, siteHealthOf, type AppDeps } from '../lib/deps.server.ts';
import { ChangeBus } from '../lib/events/change-bus.server.ts';
import { ChangeRelay } from '../lib/events/relay.server.ts';
import { LocalJobs } from '../lib/jobs/local-jobs.server.ts';
import { PgBossJobs } from '../lib/jobs/pg-boss-jobs.server.ts';
import { defineMailAndReminders } from '../lib/jobs/portal-jobs.server.ts';
import { SharedSite } from './shared-site.ts';
import { SiteBuilder } from './site-builder.ts';

/** The identity service client: the Auth emulator in local mode, the real project otherwise. */
export function firebaseAuth(env: Env): Auth {
  if (usesAuthEmulator(env))
    process.env['FIREBASE_AUTH_EMULATOR_HOST'] = env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
  const name = `apua-${env.FIREBASE_PROJECT_ID}`;
  const app = getApps().find((a) => a.name === name) ?? initializeApp({ projectId: env.FIREBASE_PROJECT_ID }, name);
  return getAuth(app);
}

export interface RunningServer {
  server: ServerType;
  database: Database;
  builder: SiteBuilder;
  deps: AppDeps;
  url: string;
  close(): Promise<void>;
}

/**
 * Opens (creating, migrating and seeding) the database, then serves the API and the live site
 * build. With `build: true` it also queues a fresh site build once the API is listening.
 */
export async function startServer(
  env: Env,
  options: { build?: boolean | 'if-none'; siteDir?: string } = {},
): Promise<RunningServer> {
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: `${env.DATA_DIR}/pglite` });
  const auth = firebaseAuth(env);
  const url = `http://127.0.0.1:${env.PORT}`;
  // The jobs (decision 067): on PostgreSQL other instances may share the database, and the jobs
  // are runs of queues they share (pg-boss); on PGlite, timers and a queue in this process.
  const changes = new ChangeBus();
  const relay = env.DATABASE_URL ? new ChangeRelay(changes, database.db, env.DATABASE_URL) : null;
  const local = relay ? null : new LocalJobs();
  const jobs = relay ? new PgBossJobs({ databaseUrl: env.DATABASE_URL!, instance: relay.id }) : local!;
  // A second of grace: saving an item and then its image make one build, not two.
  const builder = new SiteBuilder({
    ...(local && { jobs: local }),
    root: env.SITE_DIR,
    env: { PUBLIC_API_URL: url },
    debounceMs: 1000,
    compression: env.SITE_COMPRESSION,
    ...(env.SITE_BUILD_COMMAND && { command: env.SITE_BUILD_COMMAND }),
  });
  if (options.siteDir) await builder.useBuilt(options.siteDir);
  else await builder.loadLive();

  const storage = fileStoreFor(env, database.db);
  // On PostgreSQL change events travel between the instances, and the live build is the one the
  // database names (decision 035). A given site folder is served as it is.
  const shared =
    relay && !options.siteDir
      ? new SharedSite({ builder, db: database.db, storage, changes, jobs, instance: relay.id })
      : null;
  const site = shared ?? builder;
  const deps = createAppDeps({ db: database.db, env, tokens: tokenVerifierFor(auth, env), site, storage, changes });
  // Mail queued while the server was down (or the SMTP server was) goes out as the jobs start,
  // then on each change; reminders due meanwhile go then (each once), then on every tick.
  defineMailAndReminders(jobs, { mail: deps.mail, reminders: deps.reminders });
  await relay?.start();
  // Withdrawn pages are known before the first request is served (decision 053).
  await deps.withdrawals.start({ poll: relay !== null });
  // Instances started together prepare the data one after the other: the second finds it done.
  await database.exclusive(() => prepareData(deps, auth));
  await shared?.start();
  await jobs.start();
  const app = createApp(deps, site, { log: env.LOG_REQUESTS ? (line) => console.log(line) : undefined });
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => resolve(s));
  });
  const missing = shared ? !shared.named : !site.current();
  // A site behind its decisions (a build that failed or was killed before this start) is built
  // again now: the changes are in the database, whatever happened to the process (issue 31).
  const behind = !missing && (await siteHealthOf(deps, true)).pending_changes > 0;
  if (options.build === true || (options.build === 'if-none' && (missing || behind)))
    void site.request().catch(() => {});
  return {
    server,
    database,
    builder,
    deps,
    url,
    close: async () => {
      // A site build under way here is stopped; on PostgreSQL its run goes back to the queue at
      // once, for another instance.
      builder.abort();
      await Promise.all([drain(server), shared?.stop(), jobs.stop()]);
      deps.withdrawals.stop();
      await deps.reminders.stop();
      await deps.mail?.stop();
      await relay?.stop();
      await database.close();
    },
  };
}

/**
 * The reference data, the demo accounts and content (SEED_DEMO), and the curated open data
 * (data/): loaded on a fresh database, brought up to date after a refresh, untouched otherwise
 * (decision 029). Tests (NODE_ENV=test) start from the reference data alone.
 */
async function prepareData(deps: AppDeps, auth: Auth): Promise<void> {
  const { db, env, storage } = deps;
  await seedReferenceData(db);
  if (env.SEED_DEMO) await seedDemoAccounts(db, auth);
  // Answers saved before the answers' search existed, or written in bulk, are indexed (decision 076): in the
  // background, so a large first indexing does not keep the portal from starting.
  void syncAnswerSearch(db).then(
    (n) => n > 0 && console.log(`Answers' search: ${n} answers indexed`),
    (error: unknown) => console.error(`Answers' search: indexing failed: ${(error as Error).message}`),
  );
  if (env.NODE_ENV === 'test') return;
  // Example best practices, report covers, signed reports and theme pictures for trying the portal by hand.
  if (env.SEED_DEMO) {
    await seedDemoPractices(db, storage);
    await seedDemoReportCovers(db, storage);
    await seedDemoReportFiles(db, storage);
    await seedDemoHeroes(db, storage);
    // After the heroes: their alt texts are among the texts translated.
    await seedDemoTranslations(db);
  }
  try {
    const loaded = await importOpenData(deps);
    console.log(
      `Open data: ${loaded.figures} figures; ${loaded.inserted + loaded.updated + loaded.deleted} datasets ` +
        `written (${(loaded.ms / 1000).toFixed(1)} s)`,
    );
  } catch (error) {
    // The portal works without them: say why, and carry on (npm run data:import says the same).
    console.error(`The open data were not loaded: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** How long requests in flight may take to finish once the server is asked to stop. */
const DRAIN_MS = 20_000;

/**
 * Stops taking connections and waits for the requests in flight; idle keep-alive connections are
 * closed at once, and whatever is still open after DRAIN_MS is cut.
 */
async function drain(server: ServerType): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const http = server as ServerType & { closeIdleConnections?: () => void; closeAllConnections?: () => void };
  http.closeIdleConnections?.();
  const timer = setTimeout(() => http.closeAllConnections?.(), DRAIN_MS);
  await closed;
  clearTimeout(timer);
}

if (import.meta.main) {
  let env: Env;
  try {
    useDataDirProjectId();
    env = parseEnv();
  } catch (error) {
    console.error(error instanceof EnvError ? error.message : error);
    process.exit(1);
  }
  for (const warning of configurationWarnings(env)) console.warn(`Warning: ${warning}`);
  const running = await startServer(env, { build: !process.argv.includes('--no-build') });
  console.log(`Portal listening on http://localhost:${env.PORT} (database: ${running.database.kind})`);
  const stop = async () => {
    await running.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
