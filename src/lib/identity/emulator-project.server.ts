import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The file in DATA_DIR that remembers the data folder's Auth emulator project id. */
export const EMULATOR_PROJECT_FILE = 'auth-emulator-project';

/**
 * The Auth emulator project id of a data folder: `demo-apua-<8 hex of its absolute path>`,
 * remembered in DATA_DIR/auth-emulator-project so the folder keeps it (and its accounts) even if
 * it moves. Two portals on one machine with different data folders then never share emulator
 * state: firebase-tools finds a running emulator hub by project id, so with one id for all,
 * stopping one portal exported the other's accounts into its folder.
 */
export function dataDirProjectId(dataDir: string): string {
  const file = join(dataDir, EMULATOR_PROJECT_FILE);
  try {
    const remembered = readFileSync(file, 'utf8').trim();
    if (/^demo-[a-z0-9-]{1,25}$/.test(remembered)) return remembered;
  } catch {
    // not remembered yet
  }
  const id = `demo-apua-${createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 8)}`;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${id}\n`);
  return id;
}

/**
 * Local mode with no FIREBASE_PROJECT_ID set: sets it to the data folder's emulator project id
 * (for the launcher, the server and the Auth emulator alike). An explicit value always wins.
 */
export function useDataDirProjectId(source: Record<string, string | undefined> = process.env): void {
  if (source['FIREBASE_PROJECT_ID']) return;
  source['FIREBASE_PROJECT_ID'] = dataDirProjectId(source['DATA_DIR'] || './.data');
}
