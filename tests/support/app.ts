import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Auth } from 'firebase-admin/auth';
import postgres from 'postgres';
import { afterAll, inject } from 'vitest';
import { openDatabase, type Database } from '../../src/lib/db/client.server.ts';
import { parseEnv } from '../../src/lib/env.server.ts';
import { tokenVerifierFor } from '../../src/lib/identity/token-verifier.server.ts';
import { createApp, type SiteSource } from '../../src/server/app.ts';
import { createAppDeps, type AppDeps } from '../../src/lib/deps.server.ts';
import { firebaseAuth } from '../../src/server/main.ts';
import { SiteBuilder } from '../../src/server/site-builder.ts';
import { TEST_PROJECT_ID, TEST_S3_BUCKET, withDatabase } from './test-env.ts';

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
export const FAKE_BUILD = [
  process.execPath,
  fileURLToPath(new URL('../fixtures/fake-astro-build.mjs', import.meta.url)),
];

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
  /**
   * PostgreSQL only: another instance of the server on the same database and file store (its own
   * connections, caches and change bus), closed after the file. Null on PGlite.
   */
  openInstance: (() => Promise<TestInstance>) | null;
  /** PostgreSQL only: the test database's URL. */
  databaseUrl: string | null;
}

/** A second server on the test database (TestContext.openInstance). */
export interface TestInstance {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  request(path: string, options?: RequestOptions): Promise<Response>;
}

export interface TestContextOptions {
  /** Environment values on top of the test defaults, e.g. ADMIN_EMAILS. */
  env?: Record<string, string>;
  site?: SiteSource;
  /** Environment of the fake site build (FAKE_BUILD_CONTROL, FAKE_BUILD_LOG). */
  buildEnv?: Record<string, string>;
  /** Seconds before a failed build is tried again (default: the server's own backoff). */
  retryDelaySeconds?: (failures: number) => number;
}

/**
 * A real app on its own fresh database for one test file: PGlite in memory, or (project
 * `postgres`) a copy of the migrated template database, dropped after the file.
 */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const emulatorHost = inject('authEmulatorHost');
  const { database, drop, url } = await openTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'apua-test-data-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_REQUESTS: 'false',
    ...testStorageEnv(),
    ...options.env,
  });
  const auth = firebaseAuth(env);
  const siteRoot = join(dataDir, 'site-builds');
  const retry = options.retryDelaySeconds ? { retryDelaySeconds: options.retryDelaySeconds } : {};
  const builder = new SiteBuilder({ root: siteRoot, env: options.buildEnv ?? {}, command: FAKE_BUILD, ...retry });
  const deps = createAppDeps({ db: database.db, env, tokens: tokenVerifierFor(auth, env), site: builder });
  const app = createApp(deps, options.site ?? { current: () => null });
  await deps.withdrawals.start();
  const others: Database[] = [];
  const otherDeps: AppDeps[] = [];
  afterAll(async () => {
    builder.abort();
    await builder.settled();
    for (const d of [deps, ...otherDeps]) d.withdrawals.stop();
    for (const other of others) await other.close();
    await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const openInstance = async (): Promise<TestInstance> => {
    const other = await openDatabase({ url: url! });
    others.push(other);
    const otherBuilder = new SiteBuilder({
      root: join(dataDir, `site-builds-${others.length}`),
      env: {},
      command: FAKE_BUILD,
    });
    const instanceDeps = createAppDeps({ db: other.db, env, tokens: tokenVerifierFor(auth, env), site: otherBuilder });
    otherDeps.push(instanceDeps);
    await instanceDeps.withdrawals.start();
    const otherApp = createApp(instanceDeps, options.site ?? { current: () => null });
    return { app: otherApp, deps: instanceDeps, request: requester(otherApp) };
  };
  return {
    app,
    deps,
    builder,
    auth,
    emulatorHost,
    database: database.kind,
    request: requester(app),
    openInstance: url ? openInstance : null,
    databaseUrl: url,
  };
}

/** `request` of a test context or instance: the app's answer to one request. */
function requester(app: ReturnType<typeof createApp>): TestContext['request'] {
  return (path, init = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const method = init.method ?? (body === undefined ? 'GET' : 'POST');
    return Promise.resolve(app.request(path, { method, headers, ...(body !== undefined && { body }) }));
  };
}

/** On PostgreSQL, uploads go to a folder of its own in the test bucket; on PGlite, to the local disk. */
function testStorageEnv(): Record<string, string> {
  if (process.env['TEST_DB'] !== 'postgres') return {};
  return {
    S3_BUCKET: TEST_S3_BUCKET,
    S3_ENDPOINT: inject('s3Endpoint'),
    S3_PREFIX: `t-${randomBytes(6).toString('hex')}`,
  };
}

let template: Blob | null = null;

/** The dump the global setup wrote, read once per worker (its files share loaded modules: decision 037). */
function pgliteTemplate(): Blob {
  template ??= new Blob([readFileSync(inject('pgliteTemplateFile'))]);
  return template;
}

async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void>; url: string | null }> {
  if (process.env['TEST_DB'] !== 'postgres') {
    // A copy of the migrated, seeded database the global setup dumped (migrations still run: none is left to apply).
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir: pgliteTemplate() });
    return { database, drop: async () => {}, url: null };
  }
  const adminUrl = process.env['TEST_DATABASE_URL'];
  const templateUrl = inject('postgresTemplateUrl');
  if (!adminUrl || !templateUrl) throw new Error('Project postgres needs TEST_DATABASE_URL');
  const name = `apua_t_${randomBytes(6).toString('hex')}`;
  const template = new URL(templateUrl).pathname.slice(1);
  await withAdmin(adminUrl, (sql) => sql.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = withDatabase(adminUrl, name);
  const database = await openDatabase({ url });
  return {
    database,
    url,
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
