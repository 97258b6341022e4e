/**
 * The pages reach the build's data only through src/components/page-data.ts, and each page's
 * getStaticPaths names its own route: otherwise a page could read data its cache key does not
 * cover, or be keyed with another page's record, and go stale (decision 045).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, test } from 'vitest';

const SRC = join(import.meta.dirname, '..');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? files(join(dir, e.name))
      : /\.(astro|ts|tsx)$/.test(e.name) && !e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  );
const rel = (path: string) => relative(SRC, path).split(sep).join('/');

describe('pages and their cache keys', () => {
  test('no page or component reads a collection but through page-data.ts', () => {
    const reads = ['getCollection', 'getEntry', 'getEntries', 'getLiveCollection', 'getLiveEntry'];
    const COLLECTION_IMPORT = new RegExp(
      String.raw`import\s*\{[^}]*\b(` + reads.join('|') + String.raw`)\b[^}]*\}\s*from\s*'astro:content'`,
    );
    const offenders = files(SRC)
      .filter((f) => !['components/page-data.ts', 'content.config.ts'].includes(rel(f)))
      .filter((f) => COLLECTION_IMPORT.test(readFileSync(f, 'utf8')));
    expect(offenders.map(rel)).toEqual([]);
  });

  test('no module keeps data of the build in a memo of its own (perBuild notes its reads for every page)', () => {
    const dirs = ['components', 'pages', 'layouts'].map((d) => join(SRC, d));
    const offenders = dirs
      .flatMap(files)
      .filter((f) => rel(f) !== 'components/page-data.ts')
      .filter((f) =>
        /^(?:let|var)\s+\w+\s*:\s*Promise<|^(?:let|const)\s+\w+\s*=\s*new Map<[^>]*Promise</m.test(
          readFileSync(f, 'utf8'),
        ),
      );
    expect(offenders.map(rel)).toEqual([]);
  });

  test('every page built from getStaticPaths is keyed with its own route, each of its paths keyed', () => {
    const pages = files(join(SRC, 'pages')).filter(
      (f) => f.endsWith('.astro') && readFileSync(f, 'utf8').includes('getStaticPaths'),
    );
    expect(pages.length).toBeGreaterThan(30);
    const wrong = pages.flatMap((f) => {
      const route =
        '/' +
        rel(f)
          .slice('pages/'.length)
          .replace(/\.astro$/, '')
          .replace(/\/index$/, '');
      const declared = /export const getStaticPaths = keyed\('([^']+)'/.exec(readFileSync(f, 'utf8'))?.[1];
      return declared === route ? [] : [`${rel(f)}: ${declared ?? 'not keyed'}`];
    });
    // The pages outside [...lang] are rendered on every build.
    expect(wrong.filter((w) => w.startsWith('pages/[...lang]/'))).toEqual([]);
  });
});
