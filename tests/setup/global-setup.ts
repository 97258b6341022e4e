import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../../scripts/auth-emulator.ts';
import { openDatabase } from '../../src/lib/db/client.server.ts';
import { seedReferenceData } from '../../src/lib/db/seed.server.ts';
import { TEMPLATE_DATABASE, TEST_EMULATOR_HOST, TEST_PROJECT_ID, withDatabase } from '../support/test-env.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** host:port of the Firebase Auth emulator every test file signs in against. */
    authEmulatorHost: string;
    /** URL of the migrated, seeded template database, or null when only PGlite is tested. */
    postgresTemplateUrl: string | null;
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
    rmSync(workDir, { recursive: true, force: true });
    if (adminUrl) {
      const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    }
  };
}
