import { and, asc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import {
  countries,
  profileCategories,
  profileDatasets,
  profileFigures,
  profileIndicators,
  users,
  type ProfileOrigin,
  type StoredProfileValue,
} from '../db/schema.ts';
import { copyKeptAt, keptCopy, publicCondition } from '../site/publication-copies.server.ts';
import { ESTIMATE_MARK, median } from './rows.ts';
import type {
  Category,
  Dataset,
  DatasetValue,
  Grid,
  Indicator,
  IndicatorProgress,
  PublicCategoryResponse,
  PublicCountryResponse,
  PublicValue,
} from './schema.ts';
import { DatasetStatusSchema, ProgressDirectionSchema } from './schema.ts';

type CategoryRow = typeof profileCategories.$inferSelect;
type IndicatorRow = typeof profileIndicators.$inferSelect;
/**
 * A dataset's figures as the API shows them (`DatasetValue[]`, in the theme's order of
 * indicators), from `profile_figures`, the one table of every figure (decision 066): a country's
 * are the engine's answers (decision 046; a figure removed keeps its row with no value), the open
 * data's carry their licence.
 */
export const DATASET_VALUES = sql<StoredProfileValue[]>`(
  select coalesce(jsonb_agg(jsonb_build_object('indicator', i.code, 'value', f.value, 'data_year', f.data_year,
    'source', f.source, 'is_estimate', f.estimate is not null, 'note', f.note)
    || case when "profile_datasets"."origin" = 'open_data' then jsonb_build_object('licence', f.licence)
      else '{}'::jsonb end
    order by i.sort, i.code), '[]'::jsonb)
  from ${profileFigures} f join ${profileIndicators} i on i.id = f.indicator_id
  where f.dataset_id = "profile_datasets"."id" and jsonb_typeof(f.value) = 'number')`;

/**
 * The rows of `profile_figures` that store a dataset's values (what `DATASET_VALUES` reads back),
 * `ids` giving each indicator code's id (decision 066).
 */
export function figureRows(datasetId: number, values: readonly DatasetValue[], ids: ReadonlyMap<string, number>) {
  return values.map((v) => ({
    datasetId,
    indicatorId: ids.get(v.indicator)!,
    value: v.value,
    estimate: v.is_estimate ? ESTIMATE_MARK : null,
    dataYear: v.data_year,
    source: v.source,
    note: v.note,
    licence: v.licence ?? null,
  }));
}

/** Every column of a dataset, its figures included (`DATASET_VALUES`). */
export const datasetColumns = { ...getTableColumns(profileDatasets), values: DATASET_VALUES };
export type DatasetRow = typeof profileDatasets.$inferSelect & { values: StoredProfileValue[] };

/**
 * The copy a country's published dataset keeps while it is changed (decisions 033, 066): its
 * figures and narrative as published. The public theme page, its chart, its CSV and JSON files
 * and the country pages show it until the dataset is published again or withdrawn.
 */
type DatasetCopy = NonNullable<DatasetRow['publishedSnapshot']>;
export const datasetCopyOf = (row: DatasetRow): DatasetCopy => ({ values: row.values, narrative: row.narrative });
const keptDatasetCopy = (row: Pick<DatasetRow, 'status' | 'publishedSnapshot'>) => keptCopy(row) as DatasetCopy | null;

export function toCategory(row: CategoryRow): Category {
  return {
    slug: row.slug,
    name: row.name,
    description: row.description,
    icon: row.icon,
    sort: row.sort,
    umf_domain: row.umfDomain,
    published: row.published,
    body: row.body,
    key_facts: row.keyFacts,
    hero_image: row.hero ?? null,
    hero_alt: row.heroAlt,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The stored direction and target as one setting; the table's checks keep the columns together. */
function progressOf(row: IndicatorRow): IndicatorProgress {
  if (row.progressDirection === null || row.progressTargetKind === null) return null;
  const direction = ProgressDirectionSchema.parse(row.progressDirection);
  if (row.progressTargetKind === 'fixed')
    return { direction, target: { kind: 'fixed', value: row.progressTargetValue! } };
  return { direction, target: { kind: 'champion' } };
}

export function toIndicator(row: IndicatorRow): Indicator {
  return {
    code: row.code,
    category: row.categorySlug,
    name: row.name,
    unit: row.unit,
    answer_type: row.answerType as Indicator['answer_type'],
    decimals: row.decimals,
    min: row.min,
    max: row.max,
    expected_min: row.expectedMin,
    expected_max: row.expectedMax,
    source: row.source,
    source_series: row.sourceSeries,
    licence: row.licence,
    sdg_ref: row.sdgRef,
    progress: progressOf(row),
    sort: row.sort,
    retired_at: row.retiredAt?.toISOString() ?? null,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** An indicator without its editing details, for the public API. */
export function toPublicIndicator({ retired_at: _r, version: _v, updated_at: _u, ...rest }: Indicator) {
  return rest;
}

export function toDataset(row: DatasetRow, countryName: string, updatedBy: string | null): Dataset {
  return {
    category: row.categorySlug,
    country_code: row.countryCode,
    country_name: countryName,
    year: row.year,
    values: row.values,
    narrative: row.narrative,
    status: DatasetStatusSchema.parse(row.status),
    demo: row.demo,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
    updated_by: updatedBy === null ? null : { name: updatedBy },
    public_copy_kept_at: copyKeptAt(row, row.updatedAt),
  };
}

/** Public: published, or changed since it was published and its published version kept. */
const PUBLIC_DATASET = publicCondition(profileDatasets);

export async function listCategories(db: DbOrTx, publishedOnly = false): Promise<Category[]> {
  const rows = await db
    .select()
    .from(profileCategories)
    .where(publishedOnly ? eq(profileCategories.published, true) : undefined)
    .orderBy(asc(profileCategories.sort), asc(profileCategories.slug));
  return rows.map(toCategory);
}

export async function loadCategoryRow(db: DbOrTx, slug: string, forUpdate = false): Promise<CategoryRow | null> {
  const query = db.select().from(profileCategories).where(eq(profileCategories.slug, slug));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * The indicators of one category (or all), in their order. Retired ones only when asked: they
 * have left the forms and the public pages, but the back-office lists them to restore them.
 */
export async function listIndicators(
  db: DbOrTx,
  slug?: string,
  options: { includeRetired?: boolean } = {},
): Promise<Indicator[]> {
  const rows = await db
    .select()
    .from(profileIndicators)
    .where(
      and(
        slug === undefined ? undefined : eq(profileIndicators.categorySlug, slug),
        options.includeRetired ? undefined : isNull(profileIndicators.retiredAt),
      ),
    )
    .orderBy(asc(profileIndicators.categorySlug), asc(profileIndicators.sort), asc(profileIndicators.code));
  return rows.map(toIndicator);
}

export async function loadIndicatorRow(db: DbOrTx, code: string, forUpdate = false): Promise<IndicatorRow | null> {
  const query = db.select().from(profileIndicators).where(eq(profileIndicators.code, code));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** A category with its indicators (the retired ones too with `includeRetired`). */
export async function loadCategory(db: DbOrTx, slug: string, options: { includeRetired?: boolean } = {}) {
  const row = await loadCategoryRow(db, slug);
  if (!row) return null;
  return { ...toCategory(row), indicators: await listIndicators(db, slug, options) };
}

export async function countryNames(db: DbOrTx): Promise<Map<string, string>> {
  const rows = await db
    .select({ code: countries.code, name: countries.name })
    .from(countries)
    .orderBy(asc(countries.name));
  return new Map(rows.map((r) => [r.code, r.name]));
}

export async function loadDatasetRow(
  db: DbOrTx,
  key: { slug: string; countryCode: string; year: number },
  forUpdate = false,
): Promise<DatasetRow | null> {
  const query = db.select(datasetColumns).from(profileDatasets).where(datasetWhere(key, 'country'));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function datasetView(db: DbOrTx, row: DatasetRow): Promise<Dataset> {
  const [extra] = await db
    .select({ country: countries.name, user: users.name })
    .from(countries)
    .leftJoin(users, row.updatedBy === null ? sql`false` : eq(users.id, row.updatedBy))
    .where(eq(countries.code, row.countryCode));
  return toDataset(row, extra?.country ?? row.countryCode, extra?.user ?? null);
}

/** The country's own datasets (forms, CSV import), not the open data. */
const COUNTRY_ORIGIN = eq(profileDatasets.origin, 'country');

/** The dataset of one theme, country and year from `origin`: the country's own (forms, CSV import) or the open data. */
export function datasetWhere(key: { slug: string; countryCode: string; year: number }, origin: ProfileOrigin) {
  return and(
    eq(profileDatasets.categorySlug, key.slug),
    eq(profileDatasets.countryCode, key.countryCode),
    eq(profileDatasets.year, key.year),
    eq(profileDatasets.origin, origin),
  );
}

/** The open-data figures of one theme, country and year (shown beside the country's own). */
export async function openDataValues(db: DbOrTx, key: { slug: string; countryCode: string; year: number }) {
  const [row] = await db.select({ values: DATASET_VALUES }).from(profileDatasets).where(datasetWhere(key, 'open_data'));
  return row?.values ?? [];
}

/** The country × year grid of a category: which datasets exist, and whether published. */
export async function loadGrid(db: DbOrTx, slug: string, scopeCountry: string | null): Promise<Grid | null> {
  const category = await loadCategory(db, slug);
  if (!category) return null;
  const all = await db
    .select(datasetColumns)
    .from(profileDatasets)
    .where(
      and(
        eq(profileDatasets.categorySlug, slug),
        scopeCountry ? eq(profileDatasets.countryCode, scopeCountry) : undefined,
      ),
    )
    .orderBy(asc(profileDatasets.countryCode), asc(profileDatasets.year));
  const rows = all.filter((r) => r.origin === 'country');
  const names = await countryNames(db);
  const codes = scopeCountry ? [scopeCountry].filter((c) => names.has(c)) : [...names.keys()];
  const latest = new Date().getUTCFullYear();
  const years = [...new Set([...all.map((r) => r.year), latest - 1, latest])].sort((a, b) => a - b);
  const active = new Set(category.indicators.map((i) => i.code));
  const filledOf = (r: DatasetRow) => r.values.filter((v) => active.has(v.indicator)).length;
  return {
    category,
    countries: codes.map((code) => ({ code, name: names.get(code)! })),
    years,
    cells: rows.map((r) => ({
      country_code: r.countryCode,
      year: r.year,
      status: DatasetStatusSchema.parse(r.status),
      filled: filledOf(r),
      version: r.version,
      public_copy: keptDatasetCopy(r) !== null,
    })),
    open_data_cells: all
      .filter((r) => r.origin === 'open_data')
      .map((r) => ({ country_code: r.countryCode, year: r.year, filled: filledOf(r) })),
  };
}

/** Every dataset a country entered in the given themes, for the CSV import. */
export async function datasetsOf(db: DbOrTx, slugs: string[]): Promise<DatasetRow[]> {
  if (slugs.length === 0) return [];
  return db
    .select(datasetColumns)
    .from(profileDatasets)
    .where(and(inArray(profileDatasets.categorySlug, slugs), COUNTRY_ORIGIN));
}

/**
 * The figures of the back-office export (drafts and open data too): the person's scope, and one theme or one indicator
 * when asked.
 */
export async function exportRows(
  db: DbOrTx,
  scopeCountry: string | null,
  only: { category?: string; indicator?: string } = {},
) {
  const rows = await db
    .select(datasetColumns)
    .from(profileDatasets)
    .where(
      and(
        scopeCountry ? eq(profileDatasets.countryCode, scopeCountry) : undefined,
        only.category ? eq(profileDatasets.categorySlug, only.category) : undefined,
      ),
    )
    .orderBy(
      asc(profileDatasets.categorySlug),
      asc(profileDatasets.countryCode),
      asc(profileDatasets.year),
      asc(profileDatasets.origin),
    );
  return rows.flatMap((r) =>
    r.values
      .filter((v) => !only.indicator || v.indicator === only.indicator)
      .map((v) => ({
        ...v,
        licence: v.licence ?? null,
        category: r.categorySlug,
        country_code: r.countryCode,
        year: r.year,
        status: r.status,
        origin: r.origin,
      })),
  );
}

// ---- public ----

async function publishedValues(db: DbOrTx, where: { slug?: string; countryCode?: string }) {
  const rows = await db
    .select({ dataset: datasetColumns, countryName: countries.name })
    .from(profileDatasets)
    .innerJoin(countries, eq(countries.code, profileDatasets.countryCode))
    .innerJoin(profileCategories, eq(profileCategories.slug, profileDatasets.categorySlug))
    .where(
      and(
        PUBLIC_DATASET,
        eq(profileCategories.published, true),
        where.slug ? eq(profileDatasets.categorySlug, where.slug) : undefined,
        where.countryCode ? eq(profileDatasets.countryCode, where.countryCode) : undefined,
      ),
    )
    .orderBy(asc(countries.name), asc(profileDatasets.year));
  // Per indicator, one figure per country and year: the country's own wins over the open data.
  const figures = new Map<string, Map<string, PublicValue>>();
  const openData = new Set<string>();
  const narratives: { country_code: string; year: number; narrative: string }[] = [];
  for (const { dataset: row, countryName } of rows) {
    // A dataset changed since it was published shows its published version (decision 033).
    const dataset = { ...row, ...keptDatasetCopy(row) };
    if (dataset.narrative)
      narratives.push({ country_code: dataset.countryCode, year: dataset.year, narrative: dataset.narrative });
    for (const v of dataset.values) {
      const list = figures.get(v.indicator) ?? new Map<string, PublicValue>();
      const key = `${dataset.countryCode}|${dataset.year}`;
      if (dataset.origin === 'open_data') openData.add(v.indicator);
      if (list.get(key)?.origin === 'country') continue;
      list.set(key, {
        country_code: dataset.countryCode,
        country_name: countryName,
        year: dataset.year,
        value: v.value,
        data_year: v.data_year,
        source: v.source,
        is_estimate: v.is_estimate,
        note: v.note,
        demo: dataset.demo,
        origin: dataset.origin,
        licence: v.licence ?? null,
      });
      figures.set(v.indicator, list);
    }
  }
  const byIndicator = new Map([...figures].map(([code, list]) => [code, [...list.values()]]));
  return { byIndicator, narratives, openData };
}

export async function publicCategory(db: DbOrTx, slug: string): Promise<PublicCategoryResponse['data'] | null> {
  const row = await loadCategoryRow(db, slug);
  if (!row || !row.published) return null;
  const { published: _p, version: _v, ...category } = toCategory(row);
  const indicators = await listIndicators(db, slug);
  const { byIndicator, narratives, openData } = await publishedValues(db, { slug });
  return {
    ...category,
    indicators: indicators.map((i) => ({
      ...toPublicIndicator(i),
      open_data: openData.has(i.code),
      values: byIndicator.get(i.code) ?? [],
    })),
    narratives,
  };
}

/** Every published figure, per indicator (what each country's public profile is drawn from). */
export async function allPublishedValues(db: DbOrTx): Promise<ReadonlyMap<string, readonly PublicValue[]>> {
  return (await publishedValues(db, {})).byIndicator;
}

/**
 * One country's public profile. `values` gives every published figure (allPublishedValues): the
 * public route passes one it shares between the 58 countries' answers, computed once until the
 * profile changes, rather than reading every figure again for each country.
 */
export async function publicCountry(
  db: DbOrTx,
  countryCode: string,
  values: () => Promise<ReadonlyMap<string, readonly PublicValue[]>> = () => allPublishedValues(db),
): Promise<PublicCountryResponse['data'] | null> {
  const [country] = await db.select().from(countries).where(eq(countries.code, countryCode));
  if (!country) return null;
  const categories = await listCategories(db, true);
  const indicators = await listIndicators(db);
  const byIndicator = await values();
  return {
    country_code: country.code,
    country_name: country.name,
    categories: categories.map((c) => ({
      slug: c.slug,
      name: c.name,
      indicators: indicators
        .filter((i) => i.category === c.slug)
        .map((i) => {
          const values = byIndicator.get(i.code) ?? [];
          const mine = values.filter((v) => v.country_code === countryCode).sort((a, b) => b.year - a.year);
          const latest = mine[0] ?? null;
          const sameYear = latest ? values.filter((v) => v.year === latest.year) : [];
          return {
            ...toPublicIndicator(i),
            latest,
            regional_median: latest ? median(sameYear.map((v) => v.value)) : null,
            countries_reporting: sameYear.length,
          };
        }),
    })),
  };
}

/** Countries with no published figure for the latest year that has any (the dashboard card). */
export async function missingLatest(db: DbOrTx) {
  const [latest] = await db
    .select({ year: sql<number | null>`max(${profileDatasets.year})` })
    .from(profileDatasets)
    .where(and(PUBLIC_DATASET, COUNTRY_ORIGIN));
  const year = latest?.year === null || latest?.year === undefined ? null : Number(latest.year);
  if (year === null) return { year: null, missing: [] as { code: string; name: string }[] };
  const having = await db
    .select({ code: profileDatasets.countryCode })
    .from(profileDatasets)
    .where(and(eq(profileDatasets.year, year), PUBLIC_DATASET, COUNTRY_ORIGIN));
  const have = new Set(having.map((h) => h.code));
  const names = await countryNames(db);
  return { year, missing: [...names].filter(([code]) => !have.has(code)).map(([code, name]) => ({ code, name })) };
}
