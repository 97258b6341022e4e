/**
 * When each open-data file last changed: the date of the first build that wrote its present
 * bytes. The public data carry no date of their own for every change (a withdrawn figure leaves
 * none), so the builds remember each file's checksum, with that date, in the build's cache folder
 * beside the pages' records (decision 045). A file never seen before (or after the cache was
 * cleared) dates from the build that writes it.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir } from '../../lib/public-api/page-reads.ts';

/** A file's checksum and the date (YYYY-MM-DD) it was first built with it. */
export interface FileChange {
  sha256: string;
  changed: string;
}

type Changes = Record<string, FileChange>;
const STORE = 'open-data-changes.json';

/** The changes of a group of files after a build of `files` on `today`: a file whose bytes are new dates from today. */
export function nextChanges(
  previous: Readonly<Changes>,
  files: readonly { path: string; sha256: string }[],
  today: string,
): Changes {
  const next: Changes = {};
  for (const { path, sha256 } of files) {
    const before = previous[path];
    next[path] = before?.sha256 === sha256 ? before : { sha256, changed: today };
  }
  return next;
}

/**
 * The last change of each of a group's files (`group`: the theme files, or the cycles'), recorded
 * for the next build. Groups are stored apart, so that a group read alone (a theme page reads the
 * theme files only) never forgets the others; a file gone from its group is forgotten.
 */
export function recordChanges(
  group: string,
  files: readonly { path: string; sha256: string }[],
  today = new Date().toISOString().slice(0, 10),
  dir = cacheDir(),
): Changes {
  const file = join(dir, STORE);
  let stored: Record<string, Changes> = {};
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Changes>;
  } catch {
    // None yet, or unreadable: every file dates from this build.
  }
  const next = nextChanges(stored[group] ?? {}, files, today);
  mkdirSync(dir, { recursive: true });
  // Written whole then renamed: a build stopped half-way leaves the previous record.
  writeFileSync(`${file}.tmp`, JSON.stringify({ ...stored, [group]: next }));
  renameSync(`${file}.tmp`, file);
  return next;
}
