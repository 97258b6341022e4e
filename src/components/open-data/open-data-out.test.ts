import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { nationalReportsCsv } from '../national/open-data.ts';
import { assessProfile } from '../../lib/progress/profile.ts';
import { progressCsv } from '../../lib/progress/rows.ts';
import { publicCategoryCsv } from '../../lib/urbanisation-profile/public-csv.ts';
import { cycleFixture, MANIFEST, themeFixture, UNVERIFIED } from '../../../tests/fixtures/open-data.ts';
import {
  csvRows,
  csvwProblems,
  dataPackageErrors,
  expand,
  languagesOf,
  nodesOfType,
  sha256,
} from '../../../tests/support/open-data.ts';
import { dcatCatalogue, type CatalogueDataset } from './catalog.ts';
import { nextChanges, recordChanges } from './changes.ts';
import { csvwMetadata, csvwPath } from './csvw.ts';
import { dataPackage, DATA_PACKAGE_PROFILE } from './datapackage.ts';
import { boundedDescription, datasetLd, DESCRIPTION_MAX, DESCRIPTION_MIN } from './dataset-ld.ts';
import { nationalFile, profileFile, type DatedFile } from './files.ts';
import { licenceOf, REUSE_TERMS } from './licences.ts';
import { progressFile } from './progress-file.ts';

const SITE = new URL('https://apua.example.org');
const theme: DatedFile = { ...profileFile(themeFixture(), MANIFEST), changed: '2026-11-26' };
const cycle: DatedFile = { ...nationalFile(cycleFixture()), changed: '2026-12-01' };
const progressRows = assessProfile([themeFixture()]).rows;
const progress: DatedFile = { ...progressFile(progressRows, [theme]), changed: '2026-11-26' };
const FILES = [theme, progress, cycle];
const DCAT = 'http://www.w3.org/ns/dcat#';
const DCT = 'http://purl.org/dc/terms/';

describe('the open-data files', () => {
  test('hold exactly the text the CSV routes serve, with its size and sha256', () => {
    expect(theme.csv).toBe(publicCategoryCsv(themeFixture()));
    expect(cycle.csv).toBe(nationalReportsCsv(cycleFixture().answers));
    expect(progress.csv).toBe(progressCsv(progressRows));
    // The region, the five subregions and the 58 countries, for the one scored indicator.
    expect(progress).toMatchObject({ rows: 64, primaryKey: ['area', 'indicator'], licences: theme.licences });
    expect(progress.countries.map((c) => c.code)).toEqual(['PH', 'VN']);
    for (const file of FILES) {
      expect(file.sha256).toBe(sha256(file.csv));
      expect(file.bytes).toBe(Buffer.from(file.csv, 'utf8').length);
      expect(file.rows).toBe(csvRows(file.csv).length - 1);
    }
    expect(theme).toMatchObject({
      name: 'urbanisation-profile-demography-urbanisation',
      path: '/urbanisation-profile/demography-urbanisation.csv',
      page: '/urbanisation-profile/demography-urbanisation',
      years: [2000, 2030],
      sdgs: ['11.1.1'],
    });
    expect(theme.countries.map((c) => c.code)).toEqual(['PH', 'VN']);
    expect(cycle).toMatchObject({ path: '/open-data/national-reports-2026.csv', years: [2019, 2026], rows: 6 });
  });

  test('name the upstream file of each open series they hold, and the countries for their own figures', () => {
    expect(theme.sources).toEqual([
      {
        title: `${MANIFEST[0]!.source} (taken 2026-11-25 from open-numbers/ddf--gapminder--systema_globalis)`,
        path:
          'https://github.com/open-numbers/ddf--gapminder--systema_globalis/blob/' +
          'c63631abeb62af6db3910f68be7c2b443beca50b/' +
          'countries-etc-datapoints/ddf--datapoints--urban_population_percent_of_total--by--geo--time.csv',
        version: 'c63631abeb62af6db3910f68be7c2b443beca50b',
      },
      expect.objectContaining({ path: expect.stringContaining('dw-data/megacities/blob/0123456') }),
      { title: 'Figures reported by the countries and territories (each row names its source)' },
    ]);
  });

  test('licences: Open Definition ids for known ones, the manifest’s page for a sentence, the portal’s terms', () => {
    expect(theme.licences).toEqual([
      {
        name: 'CC-BY-4.0',
        path: 'https://creativecommons.org/licenses/by/4.0/',
        title: 'Creative Commons Attribution 4.0',
      },
      { path: MANIFEST[1]!.licence_url, title: UNVERIFIED },
      // The country's own figure.
      REUSE_TERMS,
    ]);
    expect(cycle.licences).toEqual([REUSE_TERMS]);
    expect(licenceOf('CC BY 3.0 IGO', [])).toMatchObject({ name: 'CC-BY-3.0-IGO' });
    expect(licenceOf('CC0', [])).toMatchObject({ name: 'CC0-1.0' });
    expect(licenceOf('Terms of the publisher', [])).toEqual({
      path: REUSE_TERMS.path,
      title: 'Terms of the publisher',
    });
  });

  test('a key that repeats fails the build rather than be published as a primary key', () => {
    const category = themeFixture();
    const first = category.indicators[0]!;
    first.values.push({ ...first.values[0]! });
    expect(() => profileFile(category, MANIFEST)).toThrow(
      /indicator_code, country_code, year repeats \(URB_POP_PCT\|PH\|2000\)/,
    );
  });
});

describe('the data package', () => {
  const pkg = dataPackage(FILES, SITE);

  test('is valid against the Data Package v2 profile', () => {
    expect(pkg.$schema).toBe(DATA_PACKAGE_PROFILE);
    expect(dataPackageErrors(pkg)).toEqual([]);
    // The profile itself refuses what the spec forbids: the check can fail.
    expect(dataPackageErrors({ ...pkg, resources: [{ ...pkg.resources[0], path: '../theme.csv' }] })).not.toEqual([]);
    expect(dataPackageErrors({ ...pkg, resources: [] })).not.toEqual([]);
  });

  test('each resource: the full address of its file, the sha256 of its bytes, its licences, sources and schema', () => {
    expect(pkg.resources.map((r) => r.path)).toEqual([
      'https://apua.example.org/urbanisation-profile/demography-urbanisation.csv',
      'https://apua.example.org/urbanisation-profile/progress.csv',
      'https://apua.example.org/open-data/national-reports-2026.csv',
    ]);
    pkg.resources.forEach((resource, i) => {
      expect(resource.hash).toBe(`sha256:${sha256(FILES[i]!.csv)}`);
      expect(resource.bytes).toBe(Buffer.byteLength(FILES[i]!.csv));
      expect(resource.schema.fields.map((f) => f.name)).toEqual(csvRows(FILES[i]!.csv)[0]);
      expect(resource.schema.primaryKey.every((k) => resource.schema.fields.some((f) => f.name === k))).toBe(true);
    });
    expect(pkg.resources[0]!.licenses).toContainEqual({
      path: 'https://apua.example.org/open-data#reuse',
      title: REUSE_TERMS.title,
    });
    expect(pkg.resources[0]!.schema.primaryKey).toEqual(['indicator_code', 'country_code', 'year']);
    expect(pkg.resources[2]!.schema.primaryKey).toEqual(['cycle', 'country_code', 'question_code']);
    expect(pkg.resources[0]!.schema.fields.find((f) => f.name === 'origin')).toEqual({
      name: 'origin',
      type: 'string',
      description: expect.any(String),
      constraints: { required: true, enum: ['reported by the country', 'open data'] },
    });
  });
});

describe('the CSVW metadata', () => {
  test('titles are the header cells, every cell parses with its datatype, the key is unique', () => {
    for (const file of FILES) {
      const metadata = csvwMetadata(file, SITE);
      expect(metadata.tableSchema.columns.map((c) => c.titles)).toEqual(csvRows(file.csv)[0]);
      expect(csvwProblems(metadata, file.csv)).toEqual([]);
    }
    // The check itself catches a cell that is not its type, and a header that differs.
    expect(csvwProblems(csvwMetadata(theme, SITE), theme.csv.replace(',36.6,', ',n/a,'))).not.toEqual([]);
    const wrong = theme.csv.replace('indicator_code', 'code').replace('48,', 'forty-eight,');
    expect(csvwProblems(csvwMetadata(theme, SITE), wrong)).toEqual([
      expect.stringMatching(/^titles /),
      expect.stringMatching(/value: "forty-eight" is no number/),
    ]);
  });

  test('sits beside its CSV, which it names by a relative address, with the licence and the W3C context', () => {
    const metadata = csvwMetadata(theme, SITE);
    expect(csvwPath(theme.path)).toBe('/urbanisation-profile/demography-urbanisation.csv-metadata.json');
    expect(metadata).toMatchObject({
      '@context': ['http://www.w3.org/ns/csvw', { '@language': 'en' }],
      url: 'demography-urbanisation.csv',
      'dc:modified': { '@value': '2026-11-26', '@type': 'xsd:date' },
    });
    expect(new URL(metadata.url, new URL(csvwPath(theme.path), SITE)).href).toBe(new URL(theme.path, SITE).href);
    expect(metadata['dc:license']).toContainEqual({ '@id': 'https://creativecommons.org/licenses/by/4.0/' });
    expect(csvwMetadata(cycle, SITE)['dc:license']).toEqual({ '@id': 'https://apua.example.org/open-data#reuse' });
    const columns = metadata.tableSchema.columns;
    expect(columns.find((c) => c.name === 'year')).toMatchObject({ datatype: 'gYear', required: true });
    expect(columns.find((c) => c.name === 'value')).toMatchObject({ datatype: 'number' });
    expect(columns.find((c) => c.name === 'is_estimate')).toMatchObject({ datatype: 'boolean' });
  });
});

describe('the DCAT-AP catalogue', () => {
  const texts = (en: string) => ({ en, zh: `${en} (zh)`, fr: `${en} (fr)`, ru: `${en} (ru)` });
  const datasets: CatalogueDataset[] = [
    {
      kind: 'profile',
      page: '/urbanisation-profile',
      title: texts('Urbanisation profile'),
      description: texts('Indicators'),
      keywords: [texts('urbanisation')],
      themes: ['REGI'],
      parts: [
        {
          file: theme,
          title: texts('Demography'),
          description: texts('People in cities'),
          keywords: [{ en: 'Demography', fr: 'Démographie' }],
          themes: ['REGI', 'SOCI'],
          concept: { id: '/urbanisation-profile/demography-urbanisation#theme', label: { en: 'Demography' } },
        },
      ],
    },
    {
      kind: 'national',
      page: '/national-reports',
      title: texts('National reports'),
      description: texts('Answers'),
      keywords: [texts('New Urban Agenda')],
      themes: ['GOVE'],
      parts: [{ file: cycle, title: texts('2026'), description: texts('Answers of 2026'), keywords: [], themes: [] }],
    },
  ];
  const catalogue = dcatCatalogue({ title: texts('Open data'), description: texts('All of it') }, datasets, SITE);

  test('expands as JSON-LD with the keys DCAT-AP requires, in four languages', async () => {
    const expanded = await expand(catalogue);
    const [root] = nodesOfType(expanded, `${DCAT}Catalog`);
    expect(root).toBeDefined();
    for (const key of ['title', 'description', 'publisher']) expect(root![`${DCT}${key}`], key).toBeDefined();
    expect(languagesOf(root![`${DCT}title`])).toEqual(['en', 'fr', 'ru', 'zh-hans']);
    const found = nodesOfType(expanded, `${DCAT}Dataset`);
    expect(found.map((d) => d['@id'])).toEqual([
      'https://apua.example.org/urbanisation-profile',
      'https://apua.example.org/national-reports',
      'https://apua.example.org/urbanisation-profile/demography-urbanisation',
      'https://apua.example.org/national-reports/2026',
    ]);
    for (const dataset of found) {
      expect(dataset[`${DCT}title`]).toBeDefined();
      expect(dataset[`${DCT}description`]).toBeDefined();
      expect(dataset[`${DCAT}distribution`]).toBeDefined();
    }
    expect(languagesOf(found[0]![`${DCAT}keyword`])).toEqual(['en', 'fr', 'ru', 'zh-hans']);
    const distributions = nodesOfType(expanded, `${DCAT}Distribution`);
    expect(distributions.length).toBe(3 + 3 + 2 + 2);
    for (const d of distributions) expect(d[`${DCAT}accessURL`], String(d['@id'])).toBeDefined();
    const ids = distributions.map((d) => d['@id']);
    expect(ids).toEqual(
      expect.arrayContaining([
        'https://apua.example.org/open-data/sdmx/DF_URBAN_PROFILE.json',
        'https://apua.example.org/open-data/sdmx/DF_URBAN_PROFILE.csv',
        'https://apua.example.org/api/sdmx/data/DF_URBAN_PROFILE/all',
        'https://apua.example.org/open-data/sdmx/DF_NATIONAL_REPORTS.json',
        'https://apua.example.org/urbanisation-profile/demography-urbanisation.csv',
        'https://apua.example.org/urbanisation-profile/demography-urbanisation.csv-metadata.json',
      ]),
    );
    expect(nodesOfType(expanded, `${DCAT}DataService`)).toHaveLength(1);
    const [concept] = nodesOfType(expanded, 'http://www.w3.org/2004/02/skos/core#Concept');
    expect(concept!['@id']).toBe('https://apua.example.org/urbanisation-profile/demography-urbanisation#theme');
  });

  test('each CSV distribution carries its size, sha256, licence and last change; the coverage is the files’', () => {
    const part = catalogue['dcat:dataset'][2]!;
    const csv = part['dcat:distribution'][0]!;
    expect(csv).toMatchObject({
      'dcat:byteSize': { '@value': String(theme.bytes) },
      'spdx:checksum': { 'spdx:checksumValue': { '@value': sha256(theme.csv) } },
      'dct:modified': { '@value': '2026-11-26' },
    });
    expect(part['dct:temporal']).toMatchObject({
      'dcat:startDate': { '@value': '2000' },
      'dcat:endDate': { '@value': '2030' },
    });
    expect(part['dct:spatial']!.map((s) => s['skos:notation'])).toEqual(['PH', 'VN']);
    expect(catalogue['dct:modified']).toEqual({ '@value': '2026-12-01', '@type': 'xsd:date' });
  });
});

describe('the schema.org Dataset', () => {
  const input = {
    url: '/fr/urbanisation-profile/demography-urbanisation',
    identifier: theme.name,
    name: 'Démographie',
    description: 'Court.',
    inLanguage: 'fr',
    keywords: ['urbanisation'],
    variables: [{ name: 'Population urbaine', unit: '%', code: 'URB_POP_PCT' }],
    files: [theme],
    region: 'Asie et Pacifique',
    filler: 'Toutes les données publiées de ce thème du profil d’urbanisation, avec leur source.',
  };

  test('has what Google Dataset Search requires, its description within 50 to 5000 characters', async () => {
    const ld = datasetLd(input, SITE);
    expect(ld.description.length).toBeGreaterThanOrEqual(DESCRIPTION_MIN);
    expect(ld).toMatchObject({
      '@type': 'Dataset',
      url: 'https://apua.example.org/fr/urbanisation-profile/demography-urbanisation',
      temporalCoverage: '2000/2030',
      dateModified: '2026-11-26',
      creator: { '@type': 'Organization', name: 'Asia-Pacific Urban Agenda' },
    });
    expect(ld.license).toContain('https://creativecommons.org/licenses/by/4.0/');
    expect(ld.isBasedOn.map((s) => s.name)).toContain(
      MANIFEST[0]!.source + ' (taken 2026-11-25 from ' + MANIFEST[0]!.repository + ')',
    );
    expect(ld.distribution[0]).toEqual({
      '@type': 'DataDownload',
      name: theme.title,
      contentUrl: 'https://apua.example.org/urbanisation-profile/demography-urbanisation.csv',
      encodingFormat: 'text/csv',
      contentSize: `${theme.bytes} B`,
      dateModified: '2026-11-26',
    });
    const [dataset] = nodesOfType(await expand(ld), 'https://schema.org/Dataset');
    for (const key of ['name', 'description', 'url', 'license', 'distribution', 'temporalCoverage', 'spatialCoverage'])
      expect(dataset![`https://schema.org/${key}`], key).toBeDefined();
  });

  test('a description is brought within bounds: filled when short, cut at a word when long', () => {
    expect(boundedDescription('Short.', 'A longer sentence that says what the dataset holds.')).toBe(
      'Short. A longer sentence that says what the dataset holds.',
    );
    const long = boundedDescription('word '.repeat(2000), 'x');
    expect(long.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(long).toMatch(/word…$/);
  });
});

describe('the last change of each file', () => {
  test('kept while the bytes are the same, today once they change; a file new to the record dates from today', () => {
    const before = {
      '/a.csv': { sha256: 'aaa', changed: '2026-01-02' },
      '/gone.csv': { sha256: 'g', changed: '2025-01-01' },
    };
    expect(
      nextChanges(
        before,
        [
          { path: '/a.csv', sha256: 'aaa' },
          { path: '/b.csv', sha256: 'bbb' },
        ],
        '2026-03-04',
      ),
    ).toEqual({
      '/a.csv': { sha256: 'aaa', changed: '2026-01-02' },
      '/b.csv': { sha256: 'bbb', changed: '2026-03-04' },
    });
    expect(nextChanges(before, [{ path: '/a.csv', sha256: 'new' }], '2026-03-04')).toEqual({
      '/a.csv': { sha256: 'new', changed: '2026-03-04' },
    });
  });

  test('recorded per group in the build’s cache folder, so that one group never forgets the other', () => {
    const dir = mkdtempSync(join(tmpdir(), 'apua-open-data-'));
    recordChanges('profile', [{ path: '/p.csv', sha256: 'p1' }], '2026-01-01', dir);
    recordChanges('national', [{ path: '/n.csv', sha256: 'n1' }], '2026-01-02', dir);
    expect(recordChanges('profile', [{ path: '/p.csv', sha256: 'p1' }], '2026-02-01', dir)).toEqual({
      '/p.csv': { sha256: 'p1', changed: '2026-01-01' },
    });
    expect(recordChanges('national', [{ path: '/n.csv', sha256: 'n2' }], '2026-02-01', dir)).toEqual({
      '/n.csv': { sha256: 'n2', changed: '2026-02-01' },
    });
  });
});
