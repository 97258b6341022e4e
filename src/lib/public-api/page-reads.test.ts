import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { beginPage, digestOfValue, endPage, noteRead, pageId, previousReads } from './page-reads.ts';

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
    endPage(home, dir);
    const report = pageId('/[...lang]/national-reports/[year]/[country]', { year: '2022', country: 'TH' });
    beginPage(report);
    endPage(report, dir);
    expect(Object.fromEntries(previousReads(dir))).toEqual({ [home]: ['collection:partners', 'translations:fr'], [report]: [] });

    // Rendered again after the home page started reading the banners too.
    beginPage(home);
    noteRead('collection:banners');
    noteRead('collection:partners');
    endPage(home, dir);
    expect(previousReads(dir).get(home)).toEqual(['collection:banners', 'collection:partners']);
    expect(readFileSync(join(dir, 'page-reads.log'), 'utf8').split('\n').filter(Boolean)).toHaveLength(2);
  });

  test('two pages rendering at once are refused: a read could be put down to the wrong page', () => {
    const a = pageId('/[...lang]/search', {});
    beginPage(a);
    expect(() => beginPage(pageId('/[...lang]/module', {}))).toThrow(/one at a time/);
    endPage(a, dir);
  });

  test("a prop's digest sees inside Maps and Sets, and refuses functions", () => {
    const thrusts = (name: string) => ({ bundle: { year: 2022 }, thrusts: new Map([['T1', { name }]]) });
    expect(digestOfValue(thrusts('Urban planning'))).not.toBe(digestOfValue(thrusts('Планирование городов')));
    expect(digestOfValue(thrusts('การวางผังเมือง'))).toBe(digestOfValue(thrusts('การวางผังเมือง')));
    expect(digestOfValue({ codes: new Set(['PH', 'TH']) })).not.toBe(digestOfValue({ codes: new Set(['PH', 'IR']) }));
    expect(digestOfValue('2022')).not.toBe(digestOfValue(2022));
    expect(() => digestOfValue({ format: () => 'x' })).toThrow(/function/);
  });
});
