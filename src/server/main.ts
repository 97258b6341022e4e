import { serve, type ServerType } from '@hono/node-server';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { seedDemoPractices } from '../lib/best-practices/demo.server.ts';
import { seedDemoReportCovers } from '../lib/national-reports/demo-covers.server.ts';
import { seedDemoReportFiles } from '../lib/national-reports/demo-files.server.ts';
import { seedDemoHeroes } from '../lib/urbanisation-profile/demo-heroes.server.ts';
import { openDatabase, type Database } from '../lib/db/client.server.ts';
import { seedDemoAccounts, seedReferenceData } from '../lib/db/seed.server.ts';
import { parseEnv, usesAuthEmulator, type Env, EnvError } from '../lib/env.server.ts';
import { useDataDirProjectId } from '../lib/identity/emulator-project.server.ts';
import { tokenVerifierFor } from '../lib/identity/token-verifier.server.ts';
import { createApp } from './app.ts';
import { createAppDeps } from '../lib/http/context.server.ts';
import { SiteBuilder } from './site-builder.ts';

/** The identity service client: the Auth emulator in local mode, the real project otherwise. */
export function firebaseAuth(env: Env): Auth {
  if (usesAuthEmulator(env)) process.env['FIREBASE_AUTH_EMULATOR_HOST'] = env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
  const name = `apua-${env.FIREBASE_PROJECT_ID}`;
  const app = getApps().find((a) => a.name === name) ?? initializeApp({ projectId: env.FIREBASE_PROJECT_ID }, name);
  return getAuth(app);
}

export interface RunningServer {
  server: ServerType;
  database: Database;
  builder: SiteBuilder;
  url: string;
  close(): Promise<void>;
}

/**
 * Opens (creating, migrating and seeding) the database, then serves the API and the live site
 * build. With `build: true` it also queues a fresh site build once the API is listening.
 */
export async function startServer(env: Env, options: { build?: boolean; siteDir?: string } = {}): Promise<RunningServer> {
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: `${env.DATA_DIR}/pglite` });
  await seedReferenceData(database.db);
  const auth = firebaseAuth(env);
  if (env.SEED_DEMO) await seedDemoAccounts(database.db, auth);

  const url = `http://127.0.0.1:${env.PORT}`;
  // A second of grace: saving an item and then its image make one build, not two.
  const builder = new SiteBuilder({ root: env.SITE_DIR, env: { PUBLIC_API_URL: url }, debounceMs: 1000 });
  if (options.siteDir) await builder.useBuilt(options.siteDir);
  else await builder.loadLive();

  const deps = createAppDeps({ db: database.db, env, tokens: tokenVerifierFor(auth, env), site: builder });
  // Example best practices, report covers, signed reports and theme pictures for trying the portal by hand;
  // never in tests (NODE_ENV=test).
  if (env.SEED_DEMO && env.NODE_ENV !== 'test') {
    await seedDemoPractices(database.db, deps.storage);
    await seedDemoReportCovers(database.db, deps.storage);
    await seedDemoReportFiles(database.db, deps.storage);
    await seedDemoHeroes(database.db, deps.storage);
  }
  const app = createApp(deps, builder, { log: env.LOG_REQUESTS ? (line) => console.log(line) : undefined });
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => resolve(s));
  });
  if (options.build) void builder.request();
  return {
    server,
    database,
    builder,
    url,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
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
  const running = await startServer(env, { build: !process.argv.includes('--no-build') });
  console.log(`Portal listening on http://localhost:${env.PORT} (database: ${running.database.kind})`);
  const stop = async () => {
    await running.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
