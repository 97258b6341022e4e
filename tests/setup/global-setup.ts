import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../../scripts/auth-emulator.ts';
import { dumpPglite, openDatabase } from '../../src/lib/db/client.server.ts';
import { seedReferenceData } from '../../src/lib/db/seed.server.ts';
import S3rver from 's3rver';
import {
  TEMPLATE_DATABASE,
  TEST_EMULATOR_HOST,
  TEST_PROJECT_ID,
  TEST_S3_BUCKET,
  withDatabase,
} from '../support/test-env.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** host:port of the Firebase Auth emulator every test file signs in against. */
    authEmulatorHost: string;
    /** URL of the migrated, seeded template database, or null when only PGlite is tested. */
    postgresTemplateUrl: string | null;
    /**
     * Address of the S3-compatible server (s3rver) whose bucket TEST_S3_BUCKET the postgres project stores uploads in.
     */
    s3Endpoint: string;
    /** File holding a dump of a migrated, seeded PGlite database; each test file opens its own copy. */
    pgliteTemplateFile: string;
  }
}

/**
 * Starts one Auth emulator for the run and, with TEST_DATABASE_URL, builds the template database
 * each test file copies (Epic Stack's "migrated base database copied per test" approach).
 */
export default async function setup(project: TestProject) {
  const workDir = mkdtempSync(join(tmpdir(), 'apua-test-emulator-'));
  const emulator = await startAuthEmulator({ host: TEST_EMULATOR_HOST, projectId: TEST_PROJECT_ID, workDir });
  project.provide('authEmulatorHost', emulator.host);
  // The API tests on PostgreSQL keep uploads in a bucket, those on PGlite on the local disk: the
  // same tests run on both file stores.
  const s3Dir = mkdtempSync(join(tmpdir(), 'apua-test-s3-'));
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: TEST_S3_BUCKET, configs: [] }],
  });
  const s3Address = await s3.run();
  project.provide('s3Endpoint', `http://127.0.0.1:${s3Address.port}`);

  // Migrating a new PGlite takes seconds; loading a dump of a migrated one, a fraction of that.
  const pglite = await openDatabase({ dataDir: 'memory://' });
  await seedReferenceData(pglite.db);
  const pgliteTemplateFile = join(workDir, 'pglite-template.tar');
  writeFileSync(pgliteTemplateFile, new Uint8Array(await (await dumpPglite(pglite)).arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplateFile', pgliteTemplateFile);

  const adminUrl = process.env['TEST_DATABASE_URL'];
  let templateUrl: string | null = null;
  if (adminUrl) {
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
      await admin.unsafe(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    } finally {
      await admin.end({ timeout: 5 });
    }
    templateUrl = withDatabase(adminUrl, TEMPLATE_DATABASE);
    const template = await openDatabase({ url: templateUrl });
    await seedReferenceData(template.db);
    // CREATE DATABASE … TEMPLATE refuses while anyone is connected to the template.
    await template.close();
  }
  project.provide('postgresTemplateUrl', templateUrl);

  return async () => {
    await emulator.stop();
    await s3.close();
    rmSync(workDir, { recursive: true, force: true });
    rmSync(s3Dir, { recursive: true, force: true });
    if (adminUrl) {
      const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    }
  };
}
