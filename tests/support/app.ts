import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Auth } from 'firebase-admin/auth';
import postgres from 'postgres';
import { afterAll, inject } from 'vitest';
import { openDatabase, type Database } from '../../src/lib/db/client.server.ts';
import { seedReferenceData } from '../../src/lib/db/seed.server.ts';
import { parseEnv } from '../../src/lib/env.server.ts';
import { tokenVerifierFor } from '../../src/lib/identity/token-verifier.server.ts';
import { createApp, type SiteSource } from '../../src/server/app.ts';
import { createAppDeps, type AppDeps } from '../../src/lib/http/context.server.ts';
import { firebaseAuth } from '../../src/server/main.ts';
import { SiteBuilder } from '../../src/server/site-builder.ts';
import { TEST_PROJECT_ID, withDatabase } from './test-env.ts';

export interface RequestOptions {
  method?: string;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string | null;
  /** Sent as a JSON body with Content-Type: application/json. */
  json?: unknown;
  headers?: Record<string, string>;
  body?: BodyInit;
}

/** A real build process standing in for `astro build` (tests/fixtures/fake-astro-build.mjs). */
export const FAKE_BUILD = [process.execPath, fileURLToPath(new URL('../fixtures/fake-astro-build.mjs', import.meta.url))];

export interface TestContext {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  /** The site builder behind deps.site, running FAKE_BUILD into its own temp folder. */
  builder: SiteBuilder;
  /** The identity service (the Auth emulator), as the server sees it. */
  auth: Auth;
  emulatorHost: string;
  database: Database['kind'];
  request(path: string, options?: RequestOptions): Promise<Response>;
}

export interface TestContextOptions {
  /** Environment values on top of the test defaults, e.g. ADMIN_EMAILS. */
  env?: Record<string, string>;
  site?: SiteSource;
  /** Environment of the fake site build (FAKE_BUILD_CONTROL, FAKE_BUILD_LOG). */
  buildEnv?: Record<string, string>;
}

/**
 * A real app on its own fresh database for one test file: PGlite in memory, or (project
 * `postgres`) a copy of the migrated template database, dropped after the file.
 */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const emulatorHost = inject('authEmulatorHost');
  const { database, drop } = await openTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'apua-test-data-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_REQUESTS: 'false',
    ...options.env,
  });
  const auth = firebaseAuth(env);
  const siteRoot = join(dataDir, 'site-builds');
  const builder = new SiteBuilder({ root: siteRoot, env: options.buildEnv ?? {}, command: FAKE_BUILD });
  const deps = createAppDeps({ db: database.db, env, tokens: tokenVerifierFor(auth, env), site: builder });
  const app = createApp(deps, options.site ?? { current: () => null });
  afterAll(async () => {
    await builder.settled();
    await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    app,
    deps,
    builder,
    auth,
    emulatorHost,
    database: database.kind,
    request: (path, init = {}) => {
      const headers = new Headers(init.headers);
      if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('Content-Type', 'application/json');
        body = JSON.stringify(init.json);
      }
      const method = init.method ?? (body === undefined ? 'GET' : 'POST');
      return Promise.resolve(app.request(path, { method, headers, ...(body !== undefined && { body }) }));
    },
  };
}

async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env['TEST_DB'] !== 'postgres') {
    const database = await openDatabase({ dataDir: 'memory://' });
    await seedReferenceData(database.db);
    return { database, drop: async () => {} };
  }
  const adminUrl = process.env['TEST_DATABASE_URL'];
  const templateUrl = inject('postgresTemplateUrl');
  if (!adminUrl || !templateUrl) throw new Error('Project postgres needs TEST_DATABASE_URL');
  const name = `apua_t_${randomBytes(6).toString('hex')}`;
  const template = new URL(templateUrl).pathname.slice(1);
  await withAdmin(adminUrl, (sql) => sql.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const database = await openDatabase({ url: withDatabase(adminUrl, name) });
  return {
    database,
    drop: () => withAdmin(adminUrl, (sql) => sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

async function withAdmin(url: string, run: (sql: postgres.Sql) => Promise<unknown>): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await run(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** The JSON body of a response, checked against `schema` when one is given. */
export async function readBody<T = unknown>(response: Response, schema?: { parse(input: unknown): T }): Promise<T> {
  const body: unknown = await response.json();
  return schema ? schema.parse(body) : (body as T);
}
