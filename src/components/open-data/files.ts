/**
 * The open-data CSV files the site offers, each with the exact text it serves, its checksum and
 * what its metadata says (issue 36): one theme file per published profile theme, one file per
 * reporting cycle of the national reports. The data package, the CSVW metadata, the catalogue
 * and the pages' schema.org data are all made from these, so none can describe another file.
 */
import { createHash } from 'node:crypto';
import type { CycleBundle } from '../../lib/public-api/national-reports.ts';
import type { ColumnMeta } from '../../lib/open-data/table-schema.ts';
import { OPEN_DATA_SERIES } from '../../lib/urbanisation-profile/open-data-series.ts';
import { PROFILE_CSV_COLUMNS, PROFILE_CSV_KEY, publicCategoryCsv } from '../../lib/urbanisation-profile/public-csv.ts';
import type { ProfileCategoryData } from '../profile/data.ts';
import { nationalReportsCsv, OPEN_DATA_COLUMNS, OPEN_DATA_KEY } from '../national/open-data.ts';
import { licenceOf, REUSE_TERMS, type Licence } from './licences.ts';

/** One entry of data/manifest.json, as far as the metadata uses it. */
export interface ManifestEntry {
  series_id: string;
  source: string;
  licence: string;
  licence_url: string;
  repository: string;
  path: string;
  commit: string;
  taken: string;
}

/** Where the figures of a file come from (a Data Package `source`). */
export interface Source {
  title: string;
  /** The upstream file, at the snapshot read. */
  path?: string;
  /** The snapshot (commit) read. */
  version?: string;
}

export type FileKind = 'profile' | 'national';

export interface OpenDataFile {
  kind: FileKind;
  /** The resource's name in the data package: lower case, digits and hyphens. */
  name: string;
  /** The theme's slug or the cycle's year. */
  key: string;
  /** The file's path on the site (`/urbanisation-profile/housing.csv`). */
  path: string;
  /** The English page that shows the same figures. */
  page: string;
  title: string;
  description: string;
  /** The exact text the site serves. */
  csv: string;
  bytes: number;
  sha256: string;
  rows: number;
  columns: readonly ColumnMeta[];
  primaryKey: readonly string[];
  licences: readonly Licence[];
  sources: readonly Source[];
  /** The first and last year of the rows (null: no rows). */
  years: readonly [number, number] | null;
  /** The countries and territories with a row, by code. */
  countries: readonly { code: string; name: string }[];
  /** The SDG indicators the rows measure. */
  sdgs: readonly string[];
}

/** A file with the date its bytes last changed (changes.ts). */
export type DatedFile = OpenDataFile & { changed: string };

const metaOf = (columns: readonly ColumnMeta[]): ColumnMeta[] =>
  columns.map(({ name, type, description, required, enum: values }) => ({
    name,
    type,
    description,
    ...(required ? { required } : {}),
    ...(values ? { enum: values } : {}),
  }));

/** The parts every file has: its text, size, checksum, and its key checked unique. */
function fileOf(
  csv: string,
  rowKeys: readonly string[],
  rest: Omit<OpenDataFile, 'csv' | 'bytes' | 'sha256' | 'rows'>,
): OpenDataFile {
  // A key that repeats would make the package's primaryKey a lie: fail the build rather than publish it.
  const seen = new Set<string>();
  for (const key of rowKeys) {
    if (seen.has(key)) throw new Error(`${rest.path}: the key ${rest.primaryKey.join(', ')} repeats (${key})`);
    seen.add(key);
  }
  return {
    ...rest,
    csv,
    bytes: Buffer.byteLength(csv, 'utf8'),
    sha256: createHash('sha256').update(csv, 'utf8').digest('hex'),
    rows: rowKeys.length,
  };
}

const span = (years: readonly number[]): readonly [number, number] | null =>
  years.length === 0 ? null : [Math.min(...years), Math.max(...years)];

const countriesOf = (rows: readonly { code: string; name: string }[]) =>
  [...new Map(rows.map((r) => [r.code, r])).values()].sort((a, b) => a.code.localeCompare(b.code, 'en'));

/** The file of one profile theme: `/urbanisation-profile/{slug}.csv`. */
export function profileFile(category: ProfileCategoryData, manifest: readonly ManifestEntry[]): OpenDataFile {
  const values = category.indicators.flatMap((i) => i.values.map((v) => ({ indicator: i, value: v })));
  const openIndicators = new Set(values.filter((r) => r.value.origin === 'open_data').map((r) => r.indicator.code));
  const upstream = manifest.filter((e) => openIndicators.has(OPEN_DATA_SERIES[e.series_id]?.indicator ?? ''));
  const sources: Source[] = upstream.map((e) => ({
    title: `${e.source} (taken ${e.taken} from ${e.repository})`,
    path: `https://github.com/${e.repository}/blob/${e.commit}/${e.path}`,
    version: e.commit,
  }));
  if (values.some((r) => r.value.origin === 'country'))
    sources.push({ title: 'Figures reported by the countries and territories (each row names its source)' });
  // The licences the file's licence column names (PROFILE_CSV_COLUMNS), and the portal's terms for countries' figures.
  const licenceNames = [...new Set(values.map((r) => r.value.licence ?? r.indicator.licence))];
  const licences = uniqueLicences([
    ...licenceNames.map((name) => (name ? licenceOf(name, manifest) : REUSE_TERMS)),
    ...(values.some((r) => r.value.origin === 'country') ? [REUSE_TERMS] : []),
  ]);
  const countries = countriesOf(values.map((r) => ({ code: r.value.country_code, name: r.value.country_name })));
  const years = span(values.map((r) => r.value.year));
  const withData = category.indicators.filter((i) => i.values.length > 0).length;
  return fileOf(
    publicCategoryCsv(category),
    values.map((r) => `${r.indicator.code}|${r.value.country_code}|${r.value.year}`),
    {
      kind: 'profile',
      name: `urbanisation-profile-${category.slug}`,
      key: category.slug,
      path: `/urbanisation-profile/${category.slug}.csv`,
      page: `/urbanisation-profile/${category.slug}`,
      title: `Urbanisation profile: ${category.name}`,
      description:
        `${category.description.trim()} Every published figure of the theme's ${withData} indicators with data` +
        ` for ${countries.length} countries and territories of Asia and the Pacific` +
        (years ? `, ${years[0]}–${years[1]}` : '') +
        ', one row per indicator, country and year, with its unit, source and licence.',
      columns: metaOf(PROFILE_CSV_COLUMNS),
      primaryKey: PROFILE_CSV_KEY,
      licences,
      sources,
      years,
      countries,
      sdgs: [...new Set(category.indicators.flatMap((i) => (i.values.length > 0 && i.sdg_ref ? [i.sdg_ref] : [])))],
    },
  );
}

/** The file of one reporting cycle: `/open-data/national-reports-{year}.csv`. */
export function nationalFile(bundle: CycleBundle): OpenDataFile {
  const year = bundle.cycle.year;
  const answers = bundle.answers;
  const countries = countriesOf(answers.map((a) => ({ code: a.country_code, name: a.country })));
  const dataYears = answers.flatMap((a) => (a.data_year === null ? [] : [a.data_year]));
  return fileOf(
    nationalReportsCsv(answers),
    answers.map((a) => `${a.year}|${a.country_code}|${a.question_code}`),
    {
      kind: 'national',
      name: `national-reports-${year}`,
      key: String(year),
      // As src/pages/open-data/national-reports-[year].csv.ts serves it (paths.openCsv, which the pages import with
      // the collections: this module stays free of them so that tests can load it).
      path: `/open-data/national-reports-${year}.csv`,
      page: `/national-reports/${year}`,
      title: `National reports ${year}: published answers`,
      description:
        `Every answer of the ${year} national reports on the New Urban Agenda published on the Asia-Pacific Urban ` +
        `Agenda portal: ${answers.length} answers of ${countries.length} countries and territories, one row per ` +
        'country and question, with the unit, the year each figure refers to and the source the country gives.',
      columns: metaOf(OPEN_DATA_COLUMNS),
      primaryKey: OPEN_DATA_KEY,
      licences: [REUSE_TERMS],
      sources: [{ title: `National reports of the ${year} cycle, as the governments submitted them` }],
      // The figures' own years where given, else the cycle's.
      years: span([year, ...dataYears]),
      countries,
      sdgs: [...new Set(answers.flatMap((a) => a.sdg_refs))].sort((a, b) => a.localeCompare(b, 'en')),
    },
  );
}

function uniqueLicences(licences: readonly Licence[]): Licence[] {
  return [...new Map(licences.map((l) => [l.path, l])).values()];
}
