/**
 * The site section's script-font figures (decision 034): the bytes of each script's woff2 files,
 * which a visitor downloads only on a page holding that script, and the proof that the English
 * pages of the bench build name none of them and fetch no font but the brand typeface's Latin file.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { WebFontManifest } from '../../src/lib/fonts/web-fonts.ts';
import manifest from '../../src/lib/fonts/web-fonts.json' with { type: 'json' };
import type { PageAudit } from '../lib/page-audit.ts';
import type { Table } from '../lib/context.ts';

const BRAND_SUBSETS = ['latin-ext', 'vietnamese', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext'];

/** Bytes per script: the Noto subsets of the manifest and the brand typeface's own other subsets. */
export function scriptFontTable(): Table {
  const files = join(
    dirname(createRequire(import.meta.url).resolve('@fontsource-variable/source-sans-3/package.json')),
    'files',
  );
  const rows: string[][] = BRAND_SUBSETS.map((subset) => [
    `Source Sans 3 ${subset}`,
    '1',
    String(statSync(join(files, `source-sans-3-${subset}-wght-normal.woff2`)).size),
    'variable 200–900',
  ]);
  const byScript = Map.groupBy((manifest as WebFontManifest).faces, (f) => f.script);
  for (const [script, faces] of byScript) {
    const sizes = faces.map((f) => f.bytes);
    const weights = [...new Set(faces.map((f) => f.weight))].join(' + ');
    const sliced = faces.length > 2 ? `, ${faces.length} slices of ${Math.min(...sizes)}–${Math.max(...sizes)} B` : '';
    rows.push([script, String(faces.length), String(sizes.reduce((a, b) => a + b, 0)), `${weights}${sliced}`]);
  }
  return {
    title:
      'Script fonts (woff2 bytes in the build; a page fetches a file only for characters it shows, after ' +
      'local() finds no installed copy)',
    header: ['script', 'files', 'bytes', 'weights'],
    rows,
  };
}

/** The pages of a build folder whose HTML names script fonts, with the bytes of those rules. */
export function pagesNamingScriptFonts(buildDir: string): { pages: number; naming: { path: string; bytes: number }[] } {
  const naming: { path: string; bytes: number }[] = [];
  let pages = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.html')) {
        pages++;
        const style = readFileSync(full, 'utf8').match(/<style data-script-fonts>([^<]*)<\/style>/);
        if (style) naming.push({ path: full.slice(buildDir.length), bytes: Buffer.byteLength(style[1]!) });
      }
    }
  };
  walk(buildDir);
  return { pages, naming };
}

/** Audited pages that fetched a font besides the brand typeface's Latin file (one font request). */
export function pagesFetchingScriptFonts(audits: readonly PageAudit[]): string[] {
  return audits
    .filter((a) => (a.transfer['font']?.requests ?? 0) > 1)
    .map((a) => `${a.path} (${a.transfer['font']!.requests} fonts, ${a.transfer['font']!.bytes} B)`);
}
