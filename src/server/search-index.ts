/**
 * The site search's index (Pagefind) of a new build, reused from the live build when Pagefind
 * would write the same one (decision 045): Pagefind indexes only the pages that hold a
 * `data-pagefind-body` element, so when every such page is byte for byte the live build's, and
 * the live index was written by the Pagefind installed here, its files are copied instead of
 * indexing three thousand pages again (a banner or a draft changes no indexed page).
 */
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { BuildRead, SiteFiles } from './site-files.ts';

/** The folder of the index in a build (SEARCH_INDEX's --output-subdir). */
export const SEARCH_DIR = 'pagefind';
const MARK = Buffer.from('data-pagefind-body');

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

/** Whether the live build's index is the one Pagefind would write for the build read in `build`. */
export async function liveIndexFits(build: BuildRead, live: SiteFiles | null): Promise<boolean> {
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
  for (const [urlPath, body] of build.pages()) {
    if (!body.includes(MARK)) continue;
    if (!indexed.delete(urlPath) || !live.get(urlPath)?.body.equals(body)) return false;
  }
  return indexed.size === 0;
}

/** Writes the live build's index files into the new build's folder, and takes them into what was read of it. */
export async function copyLiveIndex(build: BuildRead, live: SiteFiles): Promise<number> {
  let count = 0;
  const prefix = `/${SEARCH_DIR}/`;
  for (const [path, file] of live.entries()) {
    if (!path.startsWith(prefix)) continue;
    const target = join(build.root, ...path.slice(1).split('/'));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.body);
    build.adopt(path, file);
    count++;
  }
  return count;
}
