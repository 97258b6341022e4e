import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import manifest from '../../data/manifest.json';
import { dcatCatalogue, type CatalogueDataset } from '../../src/components/open-data/catalog.ts';
import { csvwMetadata } from '../../src/components/open-data/csvw.ts';
import { dataPackage } from '../../src/components/open-data/datapackage.ts';
import { datasetLd } from '../../src/components/open-data/dataset-ld.ts';
import { nationalFile, profileFile, type DatedFile } from '../../src/components/open-data/files.ts';
import { progressFile } from '../../src/components/open-data/progress-file.ts';
import { assessProfile } from '../../src/lib/progress/profile.ts';
import { progressCsv } from '../../src/lib/progress/rows.ts';
import { nationalReportsCsv } from '../../src/components/national/open-data.ts';
import { ReportResponseSchema } from '../../src/lib/national-reports/schema.ts';
import { fetchCycleBundles } from '../../src/lib/public-api/national-reports.ts';
import { fetchProfileCategories } from '../../src/lib/public-api/urbanisation-profile.ts';
import { importOpenData } from '../../src/lib/urbanisation-profile/open-data-import.server.ts';
import { publicCategoryCsv } from '../../src/lib/urbanisation-profile/public-csv.ts';
import { DatasetResponseSchema } from '../../src/lib/urbanisation-profile/schema.ts';
import { createTestContext } from '../support/app.ts';
import { expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import {
  compulsoryAnswers,
  openCycle,
  pdfBytes,
  questionsByCode,
  saveAnswers,
  updateReport,
  upload,
  viewReport,
} from '../support/national-reports.ts';
import { csvwProblems, dataPackageErrors, expand, nodesOfType, sha256 } from '../support/open-data.ts';

/**
 * Issue 36 items 2, 3 and 5: the data package, the CSVW metadata, the catalogue and the pages'
 * schema.org data, made from what the site build reads of the public API (the curated open data
 * imported, countries' figures and reports), describe exactly the files the site serves, and
 * nothing a page would hide: no draft, no withdrawn figure, no report that is not published.
 */

const ctx = await createTestContext();
const YEAR = 2031;
const SITE = new URL('https://apua.example.org');
const CATEGORY = 'demography-urbanisation';
/** Words that only what is not public carries: none may appear in any file or metadata. */
const HIDDEN = {
  draftFigure: 'Draft figure awaiting review',
  withdrawnFigure: 'Withdrawn figure of the statistics office',
  acceptedAnswer: 'Answer of a report accepted but not published',
  unpublishedAnswer: 'Answer of a report published then unpublished',
};
const PUBLISHED_ANSWER = 'Answer of a published report';

let admin: TestUser;
let server: ServerType;
const previousApiUrl = process.env['PUBLIC_API_URL'];
let themes: DatedFile[] = [];
let cycles: DatedFile[] = [];
let categories: Awaited<ReturnType<typeof fetchProfileCategories>> = [];
let bundles: Awaited<ReturnType<typeof fetchCycleBundles>> = [];

const post = (path: string, token: string, json: unknown) => ctx.request(path, { method: 'POST', token, json });

/** A country's figure of URB_POP_PCT for `year`, saved and, if asked, published then withdrawn. */
async function countryFigure(country: string, year: number, source: string, fate: 'draft' | 'published' | 'withdrawn') {
  const stateAdmin = await createUser(ctx, { role: 'state_admin', country });
  const path = `/api/profile/analytics/${CATEGORY}/${country}/${year}`;
  const saved = await expectJson(
    await post(`${path}/saved`, stateAdmin.token, { values: [{ indicator: 'URB_POP_PCT', value: 88.13, source }] }),
    200,
    DatasetResponseSchema,
  );
  if (fate === 'draft') return;
  let { version } = saved.data;
  const published = await expectJson(
    await post(`${path}/publish`, admin.token, { published: true, version }),
    200,
    DatasetResponseSchema,
  );
  version = published.data.version;
  if (fate === 'withdrawn')
    await expectJson(
      await post(`${path}/publish`, admin.token, { published: false, version }),
      200,
      DatasetResponseSchema,
    );
}

/** A country's report of YEAR taken to `status`, its Q18 answered with `text`. */
async function report(code: string, text: string, status: 'accepted' | 'published' | 'unpublished') {
  const member = await createUser(ctx, { role: 'state_member', country: code });
  const stateAdmin = await createUser(ctx, { role: 'state_admin', country: code });
  const questions = await questionsByCode(ctx, member);
  const answers: Record<string, unknown>[] = compulsoryAnswers(questions.values());
  answers.push({ question_uuid: questions.get('Q18')!.uuid, value: text, source: text, data_year: 2030 });
  expect((await saveAnswers(ctx, member, YEAR, code, answers)).status).toBe(200);
  let { report: current } = await viewReport(ctx, member, YEAR, code);
  await updateReport(ctx, member, YEAR, code, { version: current.version, action: 'complete' });
  const uploaded = await expectJson(await upload(ctx, stateAdmin, current.uuid, pdfBytes()), 200, ReportResponseSchema);
  let version = uploaded.data.version;
  const actions = {
    accepted: ['accept'],
    published: ['accept', 'publish'],
    unpublished: ['accept', 'publish', 'unpublish'],
  };
  for (const action of actions[status]) {
    current = (
      await expectJson(await updateReport(ctx, admin, YEAR, code, { version, action }), 200, ReportResponseSchema)
    ).data;
    version = current.version;
  }
}

beforeAll(async () => {
  admin = await createUser(ctx, { role: 'admin', country: 'JP' });
  await importOpenData(ctx.deps);
  await countryFigure('PH', 2019, 'Philippine Statistics Authority', 'published');
  await countryFigure('PH', 2023, HIDDEN.draftFigure, 'draft');
  await countryFigure('VN', 2023, HIDDEN.withdrawnFigure, 'withdrawn');
  await openCycle(ctx, admin, { year: YEAR });
  await report('ID', PUBLISHED_ANSWER, 'published');
  await report('TH', HIDDEN.acceptedAnswer, 'accepted');
  await report('MY', HIDDEN.unpublishedAnswer, 'unpublished');
  // The site build reads the API over HTTP: so do these files.
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  process.env['PUBLIC_API_URL'] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  categories = await fetchProfileCategories();
  bundles = await fetchCycleBundles();
  themes = categories.map((c) => ({ ...profileFile(c, manifest), changed: '2031-01-02' }));
  // The progress assessment, as its route writes it from the same themes.
  themes.push({ ...progressFile(assessProfile(categories).rows, themes), changed: '2031-01-02' });
  cycles = bundles.map((b) => ({ ...nationalFile(b), changed: '2031-01-03' }));
}, 120_000);

afterAll(async () => {
  if (previousApiUrl === undefined) delete process.env['PUBLIC_API_URL'];
  else process.env['PUBLIC_API_URL'] = previousApiUrl;
  if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Every output made from the files, as text. */
function everyOutput(): string[] {
  const files = [...themes, ...cycles];
  const datasets: CatalogueDataset[] = [
    {
      kind: 'profile',
      page: '/urbanisation-profile',
      title: { en: 'Profile' },
      description: { en: 'All' },
      keywords: [],
      themes: [],
      parts: themes.map((file) => ({
        file,
        title: { en: file.title },
        description: { en: file.description },
        keywords: [],
        themes: [],
      })),
    },
    {
      kind: 'national',
      page: '/national-reports',
      title: { en: 'Reports' },
      description: { en: 'All' },
      keywords: [],
      themes: [],
      parts: cycles.map((file) => ({
        file,
        title: { en: file.title },
        description: { en: file.description },
        keywords: [],
        themes: [],
      })),
    },
  ];
  const ld = (f: DatedFile) =>
    datasetLd(
      {
        url: f.page,
        identifier: f.name,
        name: f.title,
        description: f.description,
        inLanguage: 'en',
        keywords: [],
        variables: [],
        files: [f],
        region: 'Asia and the Pacific',
        filler: '',
      },
      SITE,
    );
  return [
    ...files.map((f) => f.csv),
    JSON.stringify(dataPackage(files, SITE)),
    JSON.stringify(dcatCatalogue({ title: { en: 'Open data' }, description: { en: 'All' } }, datasets, SITE)),
    ...files.map((f) => JSON.stringify(csvwMetadata(f, SITE))),
    ...files.map((f) => JSON.stringify(ld(f))),
  ];
}

describe('the open-data metadata of the published data', () => {
  test('the data package is valid and each hash is the sha256 of the bytes the CSV route serves', () => {
    expect(themes.map((t) => t.key)).toContain(CATEGORY);
    expect(cycles.map((c) => c.key)).toEqual([String(YEAR)]);
    const pkg = dataPackage([...themes, ...cycles], SITE);
    expect(dataPackageErrors(pkg)).toEqual([]);
    categories.forEach((category, i) =>
      expect(pkg.resources[i]!.hash).toBe(`sha256:${sha256(publicCategoryCsv(category))}`),
    );
    expect(pkg.resources[categories.length]!.hash).toBe(
      `sha256:${sha256(progressCsv(assessProfile(categories).rows))}`,
    );
    bundles.forEach((bundle, i) =>
      expect(pkg.resources[themes.length + i]!.hash).toBe(`sha256:${sha256(nationalReportsCsv(bundle.answers))}`),
    );
    // The curated files' upstream snapshots are the themes' sources.
    const demography = pkg.resources.find((r) => r.name === `urbanisation-profile-${CATEGORY}`)!;
    expect(demography.sources.map((s) => s.version)).toContain('c63631abeb62af6db3910f68be7c2b443beca50b');
    expect((demography.licenses ?? []).map((l) => l.name ?? l.path)).toEqual(
      expect.arrayContaining(['CC-BY-4.0', 'https://apua.example.org/open-data#reuse']),
    );
  });

  test('every cell of every file parses with its CSVW datatype, under titles that are its header', () => {
    expect(themes.find((t) => t.key === CATEGORY)!.rows).toBeGreaterThan(1000);
    for (const file of [...themes, ...cycles]) {
      expect(csvwProblems(csvwMetadata(file, SITE), file.csv).slice(0, 5), file.path).toEqual([]);
    }
  });

  test('nothing a page hides is in any file or metadata: no draft, no withdrawn figure, no unpublished report', () => {
    const outputs = everyOutput();
    for (const words of Object.values(HIDDEN))
      expect(outputs.filter((text) => text.includes(words)).length, words).toBe(0);
    // What is published is there, so the search above looked in the right place.
    expect(outputs.some((text) => text.includes(PUBLISHED_ANSWER))).toBe(true);
    expect(outputs.some((text) => text.includes('Philippine Statistics Authority'))).toBe(true);
    expect(cycles[0]!.countries.map((c) => c.code)).toEqual(['ID']);
  });

  test('the catalogue of the real files expands with every dataset and a downloadable CSV for each', async () => {
    const text = everyOutput().find((t) => t.includes('dcat:Catalog'))!;
    const expanded = await expand(JSON.parse(text) as object);
    const datasets = nodesOfType(expanded, 'http://www.w3.org/ns/dcat#Dataset');
    expect(datasets).toHaveLength(2 + themes.length + cycles.length);
    const downloads = nodesOfType(expanded, 'http://www.w3.org/ns/dcat#Distribution').flatMap(
      (d) =>
        (d['http://www.w3.org/ns/dcat#downloadURL'] as { '@id': string }[] | undefined)?.map((u) => u['@id']) ?? [],
    );
    for (const file of [...themes, ...cycles]) expect(downloads).toContain(new URL(file.path, SITE).href);
  });
});
