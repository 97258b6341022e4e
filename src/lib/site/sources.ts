import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * What the site build is made from, besides the data: a change to any of these is a new site.
 * data/manifest.json names the open data's upstream sources and licences in the open-data
 * metadata of the pages (src/components/open-data/).
 */
export const SITE_SOURCES = [
  'src',
  'public',
  'astro.config.mjs',
  'package-lock.json',
  'tsconfig.json',
  'data/manifest.json',
] as const;

/** Under the sources, but no part of the site: the Node server (the build never imports it). */
const NOT_SITE = ['src/server'];

/**
 * A digest of the site's sources under `root` (tests and the server left out): the same digest
 * means the same code, templates, catalogues, styles and packages.
 */
export function siteSourceDigest(root: string): string {
  const hash = createHash('sha256');
  const walk = (path: string) => {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      if (NOT_SITE.includes(relative(root, path).split(sep).join('/'))) return;
      for (const entry of readdirSync(path).sort()) if (!entry.endsWith('.test.ts')) walk(join(path, entry));
    } else {
      hash.update(relative(root, path)).update('\0').update(readFileSync(path)).update('\0');
    }
  };
  for (const path of SITE_SOURCES) walk(join(root, path));
  return hash.digest('hex');
}
