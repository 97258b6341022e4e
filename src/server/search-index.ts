/**
 * The site search's index (Pagefind) of a new build, reused from the live build when Pagefind
 * would write the same one (decision 045): Pagefind indexes only the pages that hold a
 * `data-pagefind-body` element, so when every such page is byte for byte the live build's, and
 * the live index was written by the Pagefind installed here, its files are copied instead of
 * indexing three thousand pages again (a banner or a draft changes no indexed page).
 */
import { readFile, mkdir, writeFile, readdir } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { SiteFiles } from './site-files.ts';

/** The folder of the index in a build (SEARCH_INDEX's --output-subdir). */
export const SEARCH_DIR = 'pagefind';
const MARK = Buffer.from('data-pagefind-body');
/** The new build's pages read at once while comparing them with the live build's. */
const READ_AT_ONCE = 8;

/** The version of the Pagefind SEARCH_INDEX runs (the checkout's), as its index's entry file names it. */
async function installedPagefind(): Promise<string | null> {
  try {
    return (
      JSON.parse(await readFile(join(process.cwd(), 'node_modules/pagefind/package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
  } catch {
    return null;
  }
}

async function htmlFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.html')) out.push(join(entry.parentPath, entry.name));
  }
  return out;
}

/** Whether the live build's index is the one Pagefind would write for the build in `outDir`. */
export async function liveIndexFits(outDir: string, live: SiteFiles | null): Promise<boolean> {
  if (!live) return false;
  const entry = live.get(`/${SEARCH_DIR}/pagefind-entry.json`);
  const version = await installedPagefind();
  if (!entry || !version) return false;
  try {
    if ((JSON.parse(entry.body.toString('utf8')) as { version?: string }).version !== version) return false;
  } catch {
    return false;
  }
  const indexed = new Set(live.pagesHolding(MARK));
  const paths = await htmlFiles(outDir);
  // A few files read at once (one at a time, the disk waits between them); the first difference ends it.
  for (let at = 0; at < paths.length; at += READ_AT_ONCE) {
    const bodies = await Promise.all(paths.slice(at, at + READ_AT_ONCE).map((path) => readFile(path)));
    for (const [i, body] of bodies.entries()) {
      if (!body.includes(MARK)) continue;
      const urlPath =
        '/' +
        relative(outDir, paths[at + i]!)
          .split(sep)
          .join('/');
      if (!indexed.delete(urlPath) || !live.get(urlPath)?.body.equals(body)) return false;
    }
  }
  return indexed.size === 0;
}

/** Writes the live build's index files into the new build's folder. */
export async function copyLiveIndex(outDir: string, live: SiteFiles): Promise<number> {
  let count = 0;
  const prefix = `/${SEARCH_DIR}/`;
  for (const [path, file] of live.entries()) {
    if (!path.startsWith(prefix)) continue;
    const target = join(outDir, ...path.slice(1).split('/'));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.body);
    count++;
  }
  return count;
}
