import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { parseEnv } from '../env.server.ts';
import { dataDirProjectId, EMULATOR_PROJECT_FILE, useDataDirProjectId } from './emulator-project.server.ts';

const root = mkdtempSync(join(tmpdir(), 'apua-project-id-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

test('each data folder gets its own demo project id, remembered in the folder', () => {
  const a = dataDirProjectId(join(root, 'a'));
  const b = dataDirProjectId(join(root, 'b'));
  expect(a).toMatch(/^demo-apua-[0-9a-f]{8}$/);
  expect(b).toMatch(/^demo-apua-[0-9a-f]{8}$/);
  expect(a).not.toBe(b);
  expect(readFileSync(join(root, 'a', EMULATOR_PROJECT_FILE), 'utf8').trim()).toBe(a);
  expect(dataDirProjectId(join(root, 'a'))).toBe(a);
  // A valid project id for the env schema.
  expect(parseEnv({ FIREBASE_PROJECT_ID: a }).FIREBASE_PROJECT_ID).toBe(a);
});

test('an explicit FIREBASE_PROJECT_ID wins; otherwise the data folder’s is set', () => {
  const explicit: Record<string, string | undefined> = { FIREBASE_PROJECT_ID: 'demo-mine', DATA_DIR: join(root, 'c') };
  useDataDirProjectId(explicit);
  expect(explicit['FIREBASE_PROJECT_ID']).toBe('demo-mine');
  const unset: Record<string, string | undefined> = { DATA_DIR: join(root, 'c') };
  useDataDirProjectId(unset);
  expect(unset['FIREBASE_PROJECT_ID']).toBe(dataDirProjectId(join(root, 'c')));
});
