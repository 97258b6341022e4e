import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import {
  beginPage,
  digestOfValue,
  endPage,
  keyToGive,
  noteRead,
  pageId,
  previousReads,
  recordPage,
} from './page-reads.ts';

const dir = mkdtempSync(join(tmpdir(), 'apua-page-reads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('what each page read while it rendered (decision 045)', () => {
  test("a page's id is its route and params, English pages without a language", () => {
    expect(pageId('/[...lang]/home', { lang: undefined })).toBe(pageId('/[...lang]/home', {}));
    expect(pageId('/[...lang]/home', { lang: 'zh' })).not.toBe(pageId('/[...lang]/home', {}));
    expect(pageId('/[...lang]/national-reports/[year]/[country]', { year: '2022', country: 'PH' })).toBe(
      pageId('/[...lang]/national-reports/[year]/[country]', { country: 'PH', year: '2022' }),
    );
    expect(pageId('/[...lang]/search', { lang: 'ru' })).not.toBe(pageId('/[...lang]/contact-us', { lang: 'ru' }));
  });

  test('reads are noted only while a page renders; the newest record of a page wins and the log is compacted', () => {
    noteRead('collection:banners'); // getStaticPaths: no page is rendering
    const home = pageId('/[...lang]', { lang: 'fr' });
    beginPage(home);
    noteRead('collection:partners');
    noteRead('translations:fr');
    noteRead('collection:partners');
    recordPage(home, { reads: endPage(home)! }, dir);
    const report = pageId('/[...lang]/national-reports/[year]/[country]', { year: '2022', country: 'TH' });
    beginPage(report);
    recordPage(report, { reads: endPage(report)!, rendered: 'k2', given: 'unrecorded 1' }, dir);
    expect(Object.fromEntries(previousReads(dir))).toEqual({
      [home]: { reads: ['collection:partners', 'translations:fr'] },
      [report]: { reads: [], rendered: 'k2', given: 'unrecorded 1' },
    });

    // Rendered again after the home page started reading the banners too.
    beginPage(home);
    noteRead('collection:banners');
    noteRead('collection:partners');
    recordPage(home, { reads: endPage(home)!, rendered: 'k1', given: 'k0' }, dir);
    expect(previousReads(dir).get(home)).toEqual({
      reads: ['collection:banners', 'collection:partners'],
      rendered: 'k1',
      given: 'k0',
    });
    expect(readFileSync(join(dir, 'page-reads.log'), 'utf8').split('\n').filter(Boolean)).toHaveLength(2);
    // kept through the compaction
    expect(previousReads(dir).get(report)).toEqual({ reads: [], rendered: 'k2', given: 'unrecorded 1' });
  });

  test('two pages rendering at once are refused: a read could be put down to the wrong page', () => {
    const a = pageId('/[...lang]/search', {});
    beginPage(a);
    expect(() => beginPage(pageId('/[...lang]/module', {}))).toThrow(/one at a time/);
    expect(endPage(a)).toEqual([]);
    expect(endPage(a)).toBeNull(); // already closed
  });

  test(
    'a page whose reads give the key they gave when it rendered keeps the key it rendered with (the one Astro ' +
      'holds)',
    () => {
      // First render: no record, so it was keyed "unrecorded …"; its reads then gave k1.
      const first = { reads: ['collection:banners'], rendered: 'k1', given: 'unrecorded 7' };
      expect(keyToGive(first, 'k1')).toBe('unrecorded 7'); // nothing changed: copied, not rendered a second time
      expect(keyToGive(first, 'k2')).toBe('k2'); // a banner changed: a key Astro has not seen, so it renders
      expect(keyToGive({ reads: ['collection:banners'] }, 'k1')).toBe('k1'); // a record from before keys were kept
    },
  );

  test("a prop's digest sees inside Maps and Sets, and refuses functions", () => {
    const thrusts = (name: string) => ({ bundle: { year: 2022 }, thrusts: new Map([['T1', { name }]]) });
    expect(digestOfValue(thrusts('Urban planning'))).not.toBe(digestOfValue(thrusts('Планирование городов')));
    expect(digestOfValue(thrusts('การวางผังเมือง'))).toBe(digestOfValue(thrusts('การวางผังเมือง')));
    expect(digestOfValue({ codes: new Set(['PH', 'TH']) })).not.toBe(digestOfValue({ codes: new Set(['PH', 'IR']) }));
    expect(digestOfValue('2022')).not.toBe(digestOfValue(2022));
    expect(() => digestOfValue({ format: () => 'x' })).toThrow(/function/);
  });
});
