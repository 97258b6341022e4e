/// <reference types="astro/client" />
/**
 * The open-data files of this build and the words their metadata say in each language: read once
 * per build (perBuild) from the collections the pages read, so that the files, the package, the
 * catalogue and the pages' schema.org data describe the same bytes.
 */
import manifest from '../../../data/manifest.json';
import { LOCALE_INFO, LOCALES, type Locale } from '../../i18n/locales.ts';
import { t } from '../../i18n/t.ts';
import { cycleBundles, paths } from '../national/data.ts';
import { perBuild } from '../page-data.ts';
import { profileCategories, type ProfileCategoryData } from '../profile/data.ts';
import { translatedCategory } from '../profile/translated.ts';
import { SITE_NAME } from '../site.ts';
import type { CatalogueDataset, CataloguePart, Texts } from './catalog.ts';
import { recordChanges } from './changes.ts';
import { SDMX_FLOWS } from './catalog.ts';
import { datasetLd } from './dataset-ld.ts';
import { nationalFile, profileFile, type DatedFile, type ManifestEntry, type OpenDataFile } from './files.ts';
import { progressFile } from './progress-file.ts';
import { profileProgress } from '../progress/data.ts';

const MANIFEST: readonly ManifestEntry[] = manifest;

function dated(group: string, files: readonly OpenDataFile[]): DatedFile[] {
  const changes = recordChanges(group, files);
  return files.map((f) => ({ ...f, changed: changes[f.path]!.changed }));
}

/** The theme files, in the themes' order, then the progress assessment of their figures, each with its last change. */
export const profileOpenFiles = perBuild(['profileCategories'], async () => {
  const themes = (await profileCategories()).map((c) => profileFile(c, MANIFEST));
  return dated('profile', [...themes, progressFile((await profileProgress()).rows, themes)]);
});

/** The reporting cycles' files, newest first. */
export const nationalOpenFiles = perBuild(['nationalCycles'], async () =>
  dated('national', (await cycleBundles()).map(nationalFile)),
);

/** A message in every language. */
const everywhere = (key: Parameters<typeof t>[1], params?: Record<string, string>): Texts => {
  const texts = Object.fromEntries(LOCALES.map((l) => [l, t(l, key, params)]));
  return texts as Texts;
};

/** A theme's name and description in every language they are translated into (untranslated: left out). */
async function themeTexts(category: ProfileCategoryData): Promise<{ names: Texts; descriptions: Texts }> {
  const names: Texts = { en: category.name };
  const descriptions: Texts = { en: category.description };
  for (const locale of LOCALES) {
    if (locale === 'en') continue;
    const shown = await translatedCategory(category, locale);
    if (shown.langs.name === undefined) names[locale] = shown.name;
    if (shown.langs.description === undefined) descriptions[locale] = shown.description;
  }
  return { names, descriptions };
}

/** The EU data themes of a profile theme (all of them are about towns and cities: REGI). */
const EU_THEMES: Readonly<Record<string, readonly string[]>> = {
  'demography-urbanisation': ['REGI', 'SOCI'],
  'housing-slums': ['REGI', 'SOCI'],
  'basic-services': ['REGI', 'ENER', 'HEAL'],
  'economy-jobs': ['REGI', 'ECON'],
  'environment-climate': ['REGI', 'ENVI'],
  'disaster-risk': ['REGI', 'ENVI'],
  culture: ['REGI', 'EDUC'],
  governance: ['REGI', 'GOVE'],
};

const profileKeywords = (): Texts[] => [
  everywhere('nav.profile'),
  everywhere('openData.kw.urbanisation'),
  everywhere('openData.kw.cities'),
  everywhere('openData.kw.sdg11'),
  everywhere('openData.ld.region'),
];
const nationalKeywords = (): Texts[] => [
  everywhere('nav.nationalReports'),
  everywhere('openData.kw.nua'),
  everywhere('openData.kw.sdg11'),
  everywhere('openData.ld.region'),
];

/** The catalogue's two datasets, their parts in the four languages. */
export async function catalogueDatasets(): Promise<CatalogueDataset[]> {
  const categories = await profileCategories();
  const themeFiles = await profileOpenFiles();
  const cycleFiles = await nationalOpenFiles();
  const themes: CataloguePart[] = [];
  for (const file of themeFiles) {
    const category = categories.find((c) => c.slug === file.key);
    if (!category) {
      // The progress assessment: scored from every theme's figures.
      themes.push({
        file,
        title: Object.fromEntries(
          LOCALES.map((l) => [l, t(l, 'openData.ld.themeTitle', { name: t(l, 'progress.title') })]),
        ) as Texts,
        description: everywhere('progress.description'),
        keywords: [everywhere('progress.title'), ...profileKeywords()],
        themes: ['REGI'],
      });
      continue;
    }
    const { names, descriptions } = await themeTexts(category);
    const title: Texts = { en: '' };
    const description: Texts = { en: '' };
    for (const locale of LOCALES) {
      // The theme's own words where they are in the language; the sentence about the file in every language.
      title[locale] = t(locale, 'openData.ld.themeTitle', { name: names[locale] ?? names.en });
      description[locale] = t(locale, 'openData.ld.themeDescription', {
        description: descriptions[locale] ?? '',
      }).trim();
    }
    themes.push({
      file,
      title,
      description,
      keywords: [names, ...profileKeywords()],
      themes: EU_THEMES[category.slug] ?? ['REGI'],
      concept: { id: `${file.page}#theme`, label: names },
    });
  }
  const cycles: CataloguePart[] = cycleFiles.map((file) => ({
    file,
    title: everywhere('openData.ld.cycleTitle', { year: file.key }),
    description: everywhere('openData.ld.cycleDescription', { year: file.key }),
    keywords: nationalKeywords(),
    themes: ['REGI', 'GOVE'],
    alternates: [
      { path: paths.openJson(Number(file.key)), mediaType: 'application/json', title: `${file.title} (JSON)` },
    ],
  }));
  return [
    {
      kind: 'profile',
      page: '/urbanisation-profile',
      title: everywhere('openData.ld.profileTitle'),
      description: everywhere('openData.ld.profileDescription'),
      keywords: profileKeywords(),
      themes: ['REGI', 'SOCI'],
      parts: themes,
    },
    {
      kind: 'national',
      page: '/national-reports',
      title: everywhere('openData.ld.nationalTitle'),
      description: everywhere('openData.ld.nationalDescription'),
      keywords: nationalKeywords(),
      themes: ['REGI', 'GOVE'],
      parts: cycles,
    },
  ];
}

/** The catalogue's own title and description. */
export const catalogueWords = () => ({
  title: everywhere('openData.ld.catalogueTitle', { name: SITE_NAME }),
  description: everywhere('openData.ld.catalogueDescription'),
});

/** The schema.org Dataset of a theme's page, in the page's language. */
export async function themeDatasetLd(category: ProfileCategoryData, locale: Locale, pagePath: string, site: URL) {
  const file = (await profileOpenFiles()).find((f) => f.key === category.slug);
  const shown = await translatedCategory(category, locale);
  return datasetLd(
    {
      url: pagePath,
      identifier: file?.name ?? `urbanisation-profile-${category.slug}`,
      name: t(locale, 'openData.ld.themeTitle', { name: shown.name }),
      description: t(locale, 'openData.ld.themeDescription', { description: shown.description }),
      inLanguage: LOCALE_INFO[locale].tag,
      keywords: [shown.name, ...profileKeywords().map((k) => k[locale] ?? k.en)],
      variables: shown.indicators
        .filter((i) => i.values.length > 0)
        .map((i) => ({ name: i.name, unit: i.unit, code: i.code })),
      files: file ? [file] : [],
      region: t(locale, 'openData.ld.region'),
      filler: t(locale, 'openData.ld.profileDescription'),
    },
    site,
  );
}

/** The open-data page's schema.org data: the profile and the national reports, each with its files and SDMX. */
export async function openDataPageLd(locale: Locale, pagePath: string, site: URL) {
  const sdmx = (flow: string) => [
    {
      path: `/open-data/sdmx/${flow}.json`,
      encodingFormat: 'application/vnd.sdmx.data+json',
      name: `${flow} (SDMX-JSON)`,
    },
    {
      path: `/open-data/sdmx/${flow}.csv`,
      encodingFormat: 'application/vnd.sdmx.data+csv',
      name: `${flow} (SDMX-CSV)`,
    },
  ];
  const tag = LOCALE_INFO[locale].tag;
  const categories = await profileCategories();
  const themeFiles = await profileOpenFiles();
  const cycleFiles = await nationalOpenFiles();
  const profile = datasetLd(
    {
      url: pagePath,
      identifier: `APUA:${SDMX_FLOWS.profile}`,
      name: t(locale, 'openData.ld.profileTitle'),
      description: t(locale, 'openData.ld.profileDescription'),
      inLanguage: tag,
      keywords: profileKeywords().map((k) => k[locale] ?? k.en),
      variables: categories.flatMap((c) =>
        c.indicators.filter((i) => i.values.length > 0).map((i) => ({ name: i.name, unit: i.unit, code: i.code })),
      ),
      files: themeFiles,
      downloads: sdmx(SDMX_FLOWS.profile),
      region: t(locale, 'openData.ld.region'),
      filler: t(locale, 'openData.ld.catalogueDescription'),
    },
    site,
  );
  const national = datasetLd(
    {
      url: `${pagePath}#files`,
      identifier: `APUA:${SDMX_FLOWS.national}`,
      name: t(locale, 'openData.ld.nationalTitle'),
      description: t(locale, 'openData.ld.nationalDescription'),
      inLanguage: tag,
      keywords: nationalKeywords().map((k) => k[locale] ?? k.en),
      // The questions answered, as the latest cycle asks them (cycles come newest first: the last set wins).
      variables: [
        ...new Map(
          (await cycleBundles())
            .flatMap((b) => b.answers)
            .reverse()
            .map((a) => [a.question_code, { name: a.question, code: a.question_code, unit: a.unit }] as const),
        ).values(),
      ].sort((a, b) => a.code.localeCompare(b.code, 'en')),
      files: cycleFiles,
      downloads: [
        ...cycleFiles.map((f) => ({
          path: paths.openJson(Number(f.key)),
          encodingFormat: 'application/json',
          name: `${f.title} (JSON)`,
        })),
        ...sdmx(SDMX_FLOWS.national),
      ],
      region: t(locale, 'openData.ld.region'),
      filler: t(locale, 'openData.ld.catalogueDescription'),
    },
    site,
  );
  const { '@context': context, ...first } = profile;
  const { '@context': _c, ...second } = national;
  return { '@context': context, '@graph': [first, second] };
}
