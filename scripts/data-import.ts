/**
 * `npm run data:import`: loads the curated open data (data/, issue 18) into the urbanisation
 * profile as figures of origin "open data" (decision 029). Uses the database the server uses
 * (DATABASE_URL, or the embedded one under DATA_DIR: stop `npm start` first, PGlite has one
 * user at a time). Importing again writes nothing when the files have not changed. `npm start`
 * runs the same import on start-up.
 *
 *   node scripts/data-import.ts [--data <folder holding manifest.json>]
 */
import { resolve } from 'node:path';
import { openDatabase } from '../src/lib/db/client.server.ts';
import { seedReferenceData } from '../src/lib/db/seed.server.ts';
import { parseEnvOrExit } from '../src/lib/env.server.ts';
import { ChangeBus } from '../src/lib/events/change-bus.server.ts';
import { ChangeRelay } from '../src/lib/events/relay.server.ts';
import { queueSiteBuild } from '../src/server/shared-site.ts';
import { OpenDataError } from '../src/lib/urbanisation-profile/open-data-files.server.ts';
import { importOpenData, type OpenDataImportResult } from '../src/lib/urbanisation-profile/open-data-import.server.ts';

/** The result as the lines the script prints. */
export function reportLines(r: OpenDataImportResult): string[] {
  return [
    `Open data: ${r.files} files, ${r.figures} figures in ${r.datasets} datasets (${r.themes.length} ` +
      `themes, ${r.countries} countries).`,
    `Written: ${r.inserted} added, ${r.updated} changed, ${r.deleted} removed; ${r.unchanged} unchanged. ` +
      `Took ${(r.ms / 1000).toFixed(2)} s.`,
    ...r.skipped.map((s) => `Not imported: ${s}`),
  ];
}

if (import.meta.main) {
  const env = parseEnvOrExit();
  const at = process.argv.indexOf('--data');
  const dir = at > 0 ? resolve(process.argv[at + 1] ?? 'data') : undefined;
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: `${env.DATA_DIR}/pglite` });
  const changes = new ChangeBus();
  // On PostgreSQL, running instances hear of the import (their caches follow) and one rebuilds the site (decision 035).
  const relay = env.DATABASE_URL ? new ChangeRelay(changes, database.db, env.DATABASE_URL) : null;
  try {
    await relay?.start();
    await seedReferenceData(database.db);
    const result = await importOpenData({ db: database.db, changes }, { dir });
    for (const line of reportLines(result)) console.log(line);
    if (env.DATABASE_URL && result.inserted + result.updated + result.deleted > 0)
      await queueSiteBuild(env.DATABASE_URL);
  } catch (error) {
    console.error(error instanceof OpenDataError ? `The open data were not imported: ${error.message}` : error);
    process.exitCode = 1;
  } finally {
    await relay?.stop();
    await database.close();
  }
}
